import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claims the test provider releases for one account. */
export interface PeerAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface OidcPeerOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1 for tests. Its login and consent interactions finish at
 * once, signing in `nextAccount` and granting what the client asked for, so a test drives the whole
 * authorization code flow with plain HTTP requests. `down = true` makes it answer 503 to everything.
 */
export class OidcPeer {
  nextAccount: PeerAccount | null = null;
  down = false;

  private constructor(
    readonly issuer: string,
    private readonly server: Server,
    private readonly provider: any,
    readonly accounts: Map<string, PeerAccount>,
  ) {}

  static async start(options: OidcPeerOptions): Promise<OidcPeer> {
    let peer: OidcPeer | null = null;
    const server = createServer((req, res) => void peer?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const accounts = new Map<string, PeerAccount>();
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          // openid-client's default client authentication.
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      cookies: { keys: ['oidc-peer-test-cookie-key-0123456789'] },
      features: { devInteractions: { enabled: false } },
      findAccount: async (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
    });
    provider.on('server_error', (_ctx: unknown, err: Error) => console.error('oidc-provider server_error', err));
    peer = new OidcPeer(issuer, server, provider, accounts);
    return peer;
  }

  /** Registers an account and makes it the one the next sign-in at this provider uses. */
  signInAs(account: PeerAccount): void {
    this.accounts.set(account.sub, account);
    this.nextAccount = account;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.down) {
      res.writeHead(503).end('down');
      return;
    }
    if (!req.url?.startsWith('/interaction/')) {
      this.provider.callback()(req, res);
      return;
    }
    try {
      const details = await this.provider.interactionDetails(req, res);
      const { prompt, grantId, session, params } = details;
      if (prompt.name === 'login') {
        if (!this.nextAccount) throw new Error('OidcPeer: no account to sign in (call signInAs first)');
        await this.provider.interactionFinished(req, res, { login: { accountId: this.nextAccount.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = grantId ? await this.provider.Grant.find(grantId) : new this.provider.Grant({ accountId: session.accountId, clientId: params.client_id });
      if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
      if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
      await this.provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  }

  /**
   * Plays the browser at the provider: follows its redirects from the authorization URL (with a fresh cookie
   * jar) until it sends the browser back to `redirectPrefix`, and returns that URL.
   */
  async authorize(authorizationUrl: string, redirectPrefix: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 12; hop++) {
      if (url.startsWith(redirectPrefix)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {} });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1);
        if (value && !/expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value);
        else jar.delete(name);
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`OidcPeer: ${url} answered ${res.status} without a redirect: ${(await res.text()).slice(0, 500)}`);
      url = new URL(location, url).href;
    }
    throw new Error('OidcPeer: too many redirects');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

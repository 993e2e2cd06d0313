import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { splitName } from './auth.service.js';
import { AccountCommands } from '../accounts/account-commands.js';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { safeReturnTo } from '@tzapi/shared/return-to';

/** How long a started sign-in may take at the provider before its state cookie is worthless. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;
export const OIDC_SCOPE = 'openid email profile';

/** What the browser carries between /api/login and /api/login/callback, sealed in a cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  expiresAt: number;
}

/** Why a sign-in was refused; the controller maps it to /login?error=<reason>. */
export class OidcSignInError extends Error {
  constructor(
    readonly reason: 'oidc' | 'blocked',
    message: string,
  ) {
    super(message);
  }
}

// The one returnTo check, shared with the browser's sign-in page.
export { safeReturnTo } from '@tzapi/shared/return-to';

export interface OidcClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Sign-in through an external OpenID Connect provider (authorization code flow with PKCE, state and nonce),
 * with openid-client doing the protocol checks (ID token signature, issuer, audience, nonce, expiry).
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OIDC');
  private discovery: Promise<oidc.Configuration> | null = null;
  private readonly sealKey: Buffer;

  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts?: AccountCommands,
  ) {
    this.sealKey = createHash('sha256').update(`oidc-state:${config.secret}`).digest();
  }

  get enabled(): boolean {
    return this.config.oidcEnabled;
  }

  get redirectUri(): string {
    return `${this.config.appUrl}/api/login/callback`;
  }

  get cookieName(): string {
    return this.config.secureCookies ? '__Secure-tzapi_oidc' : 'tzapi_oidc';
  }

  /** The provider's metadata, discovered once per process; a failed discovery is tried again next time. */
  private providerConfig(): Promise<oidc.Configuration> {
    if (!this.discovery) {
      const issuer = new URL(this.config.OIDC_ISSUER!);
      const insecure = issuer.protocol === 'http:';
      if (insecure && this.config.isProduction) this.logger.warn(`OIDC_ISSUER ${issuer.href} is plain http`);
      this.discovery = oidc
        .discovery(issuer, this.config.OIDC_CLIENT_ID!, this.config.OIDC_CLIENT_SECRET, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((err: unknown) => {
          this.discovery = null;
          throw err;
        });
    }
    return this.discovery;
  }

  /** Builds the provider's authorization URL and the pending sign-in the browser must bring back. */
  async begin(returnTo: unknown): Promise<{ url: string; pending: PendingSignIn }> {
    const config = await this.providerConfig();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      returnTo: safeReturnTo(returnTo),
      expiresAt: Date.now() + OIDC_STATE_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /**
   * Checks the provider's answer against the pending sign-in (state, PKCE, nonce, ID token) and returns the
   * account it signs in: found by subject, else linked by a provider-verified e-mail, else created.
   */
  async complete(query: string, pending: PendingSignIn | null): Promise<User> {
    if (!pending) throw new OidcSignInError('oidc', 'no pending sign-in (state cookie missing, tampered or expired)');
    const config = await this.providerConfig();
    const currentUrl = new URL(`${this.redirectUri}${query ? `?${query}` : ''}`);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true },
      { redirect_uri: this.redirectUri },
    );
    const idClaims = tokens.claims();
    if (!idClaims) throw new OidcSignInError('oidc', 'the token response carried no ID token');
    let claims: OidcClaims = { ...idClaims };
    // Many providers put the profile claims only in UserInfo when an access token is issued.
    if (claims.email === undefined && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified ?? claims.email_verified };
    }
    return this.findOrCreateUser(claims);
  }

  /** The account for these (already validated) claims; refuses blocked accounts. */
  async findOrCreateUser(claims: OidcClaims, attempt = 0): Promise<User> {
    const users = this.users.fork();
    const subject = claims.sub;
    const email = str(claims.email).toLowerCase();
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';

    let user = await users.findByOidcSubject(subject);
    let proven = false;
    if (!user && email) {
      const byEmail = await users.findByEmail(email);
      if (byEmail) {
        if (byEmail.oidcSubject) throw new OidcSignInError('oidc', `e-mail ${email} is linked to another provider subject`);
        if (!emailVerified) throw new OidcSignInError('oidc', `e-mail ${email} has an account and the provider does not say it is verified`);
        if (byEmail.isBlocked) throw new OidcSignInError('blocked', `account ${byEmail.id} is blocked`);
        byEmail.oidcSubject = subject;
        if (!byEmail.emailVerified) {
          // A password set by someone who never proved the address must not survive the owner's sign-in.
          byEmail.passwordHash = null;
          proven = true;
        }
        user = byEmail;
        this.logger.log(`Linked account ${user.id} to its OpenID Connect subject`);
      }
    }
    if (user) {
      if (user.isBlocked) throw new OidcSignInError('blocked', `account ${user.id} is blocked`);
      await users.flush();
      if (!proven) return user;
      // The provider vouches for the address: accounts records the verification.
      await this.accounts!.markVerified(user.id, { by: 'identity provider' });
      return users.reload(user.id);
    }

    if (!email || email.length > 320 || !email.includes('@')) throw new OidcSignInError('oidc', 'the provider gave no usable e-mail address');
    const names =
      str(claims.given_name) || str(claims.family_name)
        ? { firstName: str(claims.given_name).slice(0, 100), lastName: str(claims.family_name).slice(0, 100) }
        : splitName(str(claims.name));
    const created = users.create({ email, ...names, oidcSubject: subject, emailVerified, passwordHash: null, role: 'user', plan: 'free' });
    try {
      await users.flush();
    } catch (err) {
      // A parallel callback for the same person won the race: use what it stored.
      if (err instanceof UniqueConstraintViolationException && attempt === 0) return this.findOrCreateUser(claims, 1);
      throw err;
    }
    this.logger.log(`Created account ${created.id} from an OpenID Connect sign-in`);
    return created;
  }

  /** AES-256-GCM under a key derived from APP_SECRET: the browser can neither read nor alter the value. */
  seal(pending: PendingSignIn): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  /** The pending sign-in from the cookie, or null when absent, altered, malformed or expired. */
  unseal(value: string | undefined): PendingSignIn | null {
    if (!value || value.length > 8192) return null;
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    try {
      const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
      if (iv.length !== 12 || tag.length !== 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, iv);
      decipher.setAuthTag(tag);
      const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      const pending = JSON.parse(json) as PendingSignIn;
      if (typeof pending.state !== 'string' || typeof pending.nonce !== 'string' || typeof pending.codeVerifier !== 'string') return null;
      if (typeof pending.expiresAt !== 'number' || pending.expiresAt <= Date.now()) return null;
      return { ...pending, returnTo: safeReturnTo(pending.returnTo) };
    } catch {
      return null;
    }
  }
}

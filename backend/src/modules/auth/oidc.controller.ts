import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { ApiAnonymous } from '../../common/openapi/swagger.js';
import { ApiFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SessionsService } from './sessions.service.js';
import { OIDC_STATE_TTL_MS, OidcService, OidcSignInError, safeReturnTo } from './oidc.service.js';

/** GET /api/login and its callback: sign-in through an external OpenID Connect provider when one is configured. */
@ApiTags('Account')
@Controller('login')
export class OidcController {
  private readonly logger = new Logger('OIDC');

  constructor(
    private readonly oidc: OidcService,
    private readonly sessions: SessionsService,
  ) {}

  private cookieOptions(maxAgeSeconds: number) {
    return { path: '/api/login', httpOnly: true, secure: this.oidc.cookieName.startsWith('__Secure-'), sameSite: 'lax' as const, maxAge: maxAgeSeconds };
  }

  private redirect(reply: FastifyReply, url: string): FastifyReply {
    return reply.header('Cache-Control', 'no-store').redirect(url, 302);
  }

  @Get()
  @ApiExcludeEndpoint() // A browser navigation (sign-in redirect), not an API operation.
  @ApiAnonymous()
  @ApiOperation({
    summary: 'Start signing in',
    description:
      'With an OpenID Connect provider configured: redirects to it (authorization code flow with PKCE, state and nonce). ' +
      'Otherwise redirects to the sign-in page /login, keeping returnTo.',
  })
  @ApiQuery({ name: 'returnTo', required: false, description: 'A same-site path to land on after signing in, e.g. /dashboard/usage' })
  @ApiFoundResponse({ description: "Redirect to the provider's authorization endpoint, or to /login (/login?error=oidc when the provider can't be reached)" })
  async start(@Query('returnTo') returnTo: unknown, @Res() reply: FastifyReply): Promise<void> {
    const target = safeReturnTo(returnTo);
    if (!this.oidc.enabled) {
      this.redirect(reply, target ? `/login?returnTo=${encodeURIComponent(target)}` : '/login');
      return;
    }
    try {
      const { url, pending } = await this.oidc.begin(target);
      reply.setCookie(this.oidc.cookieName, this.oidc.seal(pending), this.cookieOptions(OIDC_STATE_TTL_MS / 1000));
      this.redirect(reply, url);
    } catch (err) {
      this.logger.warn(`OpenID Connect sign-in could not start: ${describe(err)}`);
      this.redirect(reply, '/login?error=oidc');
    }
  }

  @Get('callback')
  @ApiExcludeEndpoint() // A browser navigation (sign-in redirect), not an API operation.
  @ApiAnonymous()
  @ApiOperation({
    summary: 'OpenID Connect redirect URI',
    description:
      'The provider sends the browser back here. Checks state, exchanges the code (PKCE), validates the ID token, finds, links or creates ' +
      'the account, starts a session and redirects to returnTo (or /dashboard, /admin for a super admin). ' +
      'Failures redirect to /login?error=oidc, a blocked account to /login?error=blocked.',
  })
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'state', required: false })
  @ApiFoundResponse({ description: 'Redirect into the site, or to /login?error=oidc|blocked' })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const pending = this.oidc.unseal(request.cookies?.[this.oidc.cookieName]);
    // The state cookie is single use, whatever happens next.
    reply.clearCookie(this.oidc.cookieName, this.cookieOptions(0));
    if (!this.oidc.enabled) {
      this.redirect(reply, '/login');
      return;
    }
    const queryIndex = request.url.indexOf('?');
    const query = queryIndex === -1 ? '' : request.url.slice(queryIndex + 1);
    try {
      const user = await this.oidc.complete(query, pending);
      await this.sessions.start(user, request, reply);
      this.redirect(reply, pending?.returnTo ?? (user.role === 'super_admin' ? '/admin' : '/dashboard'));
    } catch (err) {
      const reason = err instanceof OidcSignInError ? err.reason : 'oidc';
      this.logger.warn(`OpenID Connect sign-in refused: ${describe(err)}`);
      this.redirect(reply, `/login?error=${reason}`);
    }
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const providerError = (err as { error?: unknown }).error;
  return [err.name, typeof code === 'string' ? code : null, typeof providerError === 'string' ? providerError : null, err.message].filter(Boolean).join(': ');
}

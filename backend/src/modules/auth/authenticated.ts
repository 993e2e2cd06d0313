import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SECURITY } from '../../common/openapi/swagger.js';
import type { FastifyRequest } from 'fastify';
import { Problems } from '../../common/problems/problem.js';
import { AuthErrors } from './auth.errors.js';
import { SessionsService } from './sessions.service.js';
import type { Session } from './session.entity.js';
import type { Role, User } from '../accounts/user.entity.js';

const ROLES_KEY = 'auth:roles';

export interface AuthenticatedRequest extends FastifyRequest {
  user: User;
  session: Session;
}

/**
 * Checks the session cookie (never an API key) and the role; 401 without a session, 403 for a wrong role. Super-admin
 * routes also need two-factor sign-in turned on (403 `totp_enrollment_required` until it is), however the admin
 * signed in (password or OpenID Connect).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { session, ended } = await this.sessions.check(request);
    if (ended === 'blocked') throw AuthErrors.accountBlocked();
    if (ended === 'expired') throw AuthErrors.sessionExpired();
    if (!session) throw Problems.unauthenticated();
    request.user = session.user;
    request.session = session;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles && !roles.includes(session.user.role)) {
      throw Problems.forbidden(roles.includes('super_admin') ? 'Super admin access required' : 'Your role does not allow this.');
    }
    if (roles?.includes('super_admin') && session.user.role === 'super_admin' && !session.user.totpSecret) throw AuthErrors.totpEnrollmentRequired();
    return true;
  }
}

/** One decorator that both guards a route with the session and documents it in Swagger. */
export function Authenticated(options: { roles?: Role[] } = {}) {
  const blocked = 'the session’s account is blocked (code `account_blocked`)';
  let forbidden = `Problem+json: ${blocked}`;
  if (options.roles) {
    const enrolment = options.roles.includes('super_admin') ? '; a super admin without two-factor sign-in gets code `totp_enrollment_required`' : '';
    forbidden = `Requires role ${options.roles.join(' or ')} (problem+json, code \`forbidden\`${enrolment}); or ${blocked}`;
  }
  return applyDecorators(
    SetMetadata(ROLES_KEY, options.roles),
    UseGuards(SessionGuard),
    ApiSecurity(SECURITY.session),
    ApiUnauthorizedResponse({ description: 'No valid session (problem+json, code `unauthenticated`, or `session_expired` when it ran out)' }),
    ApiForbiddenResponse({ description: forbidden }),
  );
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().user;
});

export const CurrentSession = createParamDecorator((_data: unknown, ctx: ExecutionContext): Session => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().session;
});

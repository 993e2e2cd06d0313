import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension, ApiForbiddenResponse, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { can, PERMISSIONS } from '@tzapi/shared/org-roles';
import type { OrgRole, Permission } from '@tzapi/shared/org-roles';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { SECURITY } from '../../common/openapi/swagger.js';
import type { FastifyRequest } from 'fastify';
import { Problems } from '../../common/problems/problem.js';
import { AuthErrors } from './auth.errors.js';
import { SessionsService } from './sessions.service.js';
import type { Session } from './session.entity.js';
import type { Role, User } from '../accounts/user.entity.js';

const ROLES_KEY = 'auth:roles';
const PERMISSION_KEY = 'auth:permission';

/** The organisation a request of the account area acts on, and the signed-in person's role in it (issue 51). */
export interface OrgContext {
  /** The organisation's account: the person's own for their personal organisation. */
  account: User;
  role: OrgRole;
  personal: boolean;
}

export interface AuthenticatedRequest extends FastifyRequest {
  user: User;
  session: Session;
  org: OrgContext;
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
    private readonly memberships: MembershipsRepository,
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
    request.org = await this.organisation(session);
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(PERMISSION_KEY, [context.getHandler(), context.getClass()]);
    if (permission && !can(request.org.role, permission)) throw AuthErrors.orgPermission(request.org.role, permission);
    return true;
  }

  /**
   * The session's organisation, read afresh on every request: a member removed a moment ago, on any instance, is back
   * in their personal organisation at their next request, and the session forgets the organisation.
   */
  private async organisation(session: Session): Promise<OrgContext> {
    const personal: OrgContext = { account: session.user, role: 'owner', personal: true };
    if (!session.orgId || session.orgId === session.user.id) return personal;
    const access = await this.memberships.fork().access(session.orgId, session.user.id);
    if (access) return { account: access.org, role: access.role, personal: false };
    await this.sessions.switchOrg(session, null);
    return personal;
  }
}

/**
 * What an account-area route needs of the member's role in the current organisation (the table in
 * `packages/shared/src/org-roles.ts`): 403 `org_permission` otherwise. The OpenAPI document names it in
 * `x-permission`, which the role-matrix spec reads.
 */
export function Permits(permission: Permission) {
  const roles = PERMISSIONS[permission].join(', ');
  return applyDecorators(
    SetMetadata(PERMISSION_KEY, permission),
    ApiExtension('x-permission', permission),
    ApiForbiddenResponse({
      description: `Needs the \`${permission}\` permission in the current organisation (roles: ${roles}); otherwise problem+json, code \`org_permission\``,
    }),
  );
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

/** The account the account area acts on: the current organisation's (the person's own in their personal one). */
export const CurrentAccount = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().org.account;
});

/** The current organisation and the signed-in person's role in it. */
export const CurrentOrg = createParamDecorator((_data: unknown, ctx: ExecutionContext): OrgContext => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().org;
});

export const CurrentSession = createParamDecorator((_data: unknown, ctx: ExecutionContext): Session => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().session;
});

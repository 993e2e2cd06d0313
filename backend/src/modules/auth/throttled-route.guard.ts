/** @AuthThrottled(): the route decorator and guard that throttle account routes through @nestjs/throttler, over the shared RateLimiter, with the budgets of attempt-limits.ts. */
import { applyDecorators, ExecutionContext, Inject, Injectable, SetMetadata, Type, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { DynamicModule } from '@nestjs/common';
import type { ThrottlerLimitDetail, ThrottlerModuleOptions, ThrottlerRequest, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { createValidationPipe } from '../../common/http/validation.js';
import { AUTH_LIMITS, LOGIN_LIMITS } from './attempt-limits.js';
import type { ThrottledAction } from './attempt-limits.js';
import { AuthErrors } from './auth.errors.js';
import { TrustedDevices } from './trusted-devices.js';
import type { User } from '../accounts/user.entity.js';

// @nestjs/throttler is the one CommonJS package of the Nest family here, and it require()s the ES module @nestjs/common:
// loaded once this file's static imports have run (Jest's ESM loader refuses a require(esm) made while linking).
const { getOptionsToken, getStorageToken, SkipThrottle, Throttle, ThrottlerGuard, ThrottlerModule } = await import('@nestjs/throttler');

/**
 * The counters behind @nestjs/throttler: our RateLimiter (an atomic sliding log, one Lua script on Redis when REDIS_URL
 * is set, in-process otherwise), so the auth budgets are shared by every instance and keep the keys they had before.
 */
export class RateLimiterThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly limiter: RateLimiter) {}

  async increment(key: string, ttl: number, limit: number): ReturnType<ThrottlerStorage['increment']> {
    const result = await this.limiter.hit(key, limit, ttl);
    const seconds = Math.ceil(result.resetMs / 1000);
    return {
      totalHits: result.allowed ? limit - result.remaining : limit + 1,
      timeToExpire: seconds,
      isBlocked: !result.allowed,
      timeToBlockExpire: result.allowed ? 0 : seconds,
    };
  }
}

/** The named throttlers: one budget per IP, per (e-mail, IP) for sign-in, and per e-mail or account. */
export const THROTTLER_NAMES = ['ip', 'subject-ip', 'subject'] as const;
type ThrottlerName = (typeof THROTTLER_NAMES)[number];

/** Module options: the per-route limits come from @AuthThrottled; these defaults never count (every route sets or skips each). */
export function authThrottlerOptions(limiter: RateLimiter): ThrottlerModuleOptions {
  return {
    throttlers: THROTTLER_NAMES.map((name) => ({ name, limit: 1, ttl: 60_000 })),
    storage: new RateLimiterThrottlerStorage(limiter),
    // Today's answers: a 429 problem with Retry-After, no X-RateLimit-* headers on account routes.
    setHeaders: false,
  };
}

/** The module AccountGuardsModule imports: @nestjs/throttler over the shared RateLimiter. */
export function authThrottlerModule(): DynamicModule {
  return ThrottlerModule.forRootAsync({ inject: [RateLimiter], useFactory: authThrottlerOptions });
}

const AUTH_THROTTLE = 'tzapi:auth-throttle';

interface AuthThrottleSpec {
  action: Exclude<ThrottledAction, 'totp'>;
  /** What the per-subject budget counts: the body's e-mail, the signed-in account, or nothing (per IP only). */
  subject: 'email' | 'user' | 'none';
  /** The body is validated before anything is counted, so a malformed request is a 400 and uses no budget. */
  body?: Type<unknown>;
  /** Counts only when this holds (after validation), e.g. a profile update that changes the e-mail. */
  when?: (request: ThrottledRequest) => boolean;
}

type ThrottledRequest = FastifyRequest & { user?: User };

/**
 * Throttles an account route per IP address and per e-mail (or account), with the limits of AUTH_LIMITS or, for
 * sign-in, LOGIN_LIMITS. On routes that need a session, put it above @Authenticated(): guards run in the order
 * they are declared from the bottom up, and the account is known only once the session guard has run.
 */
export function AuthThrottled(action: AuthThrottleSpec['action'], options: Omit<AuthThrottleSpec, 'action'>) {
  const spec: AuthThrottleSpec = { action, ...options };
  const limits =
    action === 'login'
      ? { ip: LOGIN_LIMITS.perIp, 'subject-ip': LOGIN_LIMITS.perEmailIp, subject: LOGIN_LIMITS.perEmail, ttl: LOGIN_LIMITS.windowMs }
      : { ip: AUTH_LIMITS[action].perIp, 'subject-ip': 0, subject: AUTH_LIMITS[action].perEmail, ttl: AUTH_LIMITS[action].windowMs };
  const used: Record<ThrottlerName, boolean> = { ip: true, 'subject-ip': action === 'login', subject: spec.subject !== 'none' };
  const throttles = Object.fromEntries(THROTTLER_NAMES.filter((n) => used[n]).map((n) => [n, { limit: limits[n], ttl: limits.ttl }]));
  const skipped = Object.fromEntries(THROTTLER_NAMES.filter((n) => !used[n]).map((n) => [n, true]));
  return applyDecorators(SetMetadata(AUTH_THROTTLE, spec), Throttle(throttles), SkipThrottle(skipped), UseGuards(AuthThrottlerGuard));
}

const validation = createValidationPipe();

/** ThrottlerGuard with today's keys, trackers and answer (429 problem `too_many_attempts` with Retry-After). */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  constructor(
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly devices: TrustedDevices,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const spec = this.spec(context);
    const request = context.switchToHttp().getRequest<ThrottledRequest>();
    if (spec.body) request.body = await validation.transform(request.body ?? {}, { type: 'body', metatype: spec.body });
    if (spec.when && !spec.when(request)) return true;
    return super.canActivate(context);
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const tracker = await this.tracker(
      props.throttler.name as ThrottlerName,
      this.spec(props.context),
      props.context.switchToHttp().getRequest<ThrottledRequest>(),
    );
    if (tracker === null) return true;
    return super.handleRequest({ ...props, getTracker: () => tracker });
  }

  /** The key each budget had before @nestjs/throttler: auth:<action>:<ip|subject-ip|subject>:<tracker>. */
  protected override generateKey(context: ExecutionContext, tracker: string, name: string): string {
    return `auth:${this.spec(context).action}:${name}:${tracker}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw AuthErrors.tooManyAttempts(detail.timeToBlockExpire || 1);
  }

  /** Who a budget counts; null skips it (no subject on this request, or a browser trusted for the address at sign-in). */
  private async tracker(name: ThrottlerName, spec: AuthThrottleSpec, request: ThrottledRequest): Promise<string | null> {
    const ip = request.ip ?? 'unknown';
    if (name === 'ip') return ip;
    const subject = this.subject(spec, request);
    if (subject === null) return null;
    if (name === 'subject-ip') return `${subject}|${ip}`;
    if (spec.action === 'login' && (await this.devices.isTrustedFor(request, subject))) return null;
    return subject;
  }

  private subject(spec: AuthThrottleSpec, request: ThrottledRequest): string | null {
    if (spec.subject === 'user') {
      if (!request.user) throw new Error(`@AuthThrottled('${spec.action}') runs before the session guard: put it above @Authenticated()`);
      return request.user.id.toLowerCase();
    }
    if (spec.subject === 'email') {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' && email ? email.trim().toLowerCase() : null;
    }
    return null;
  }

  private spec(context: ExecutionContext): AuthThrottleSpec {
    const spec = this.reflector.get<AuthThrottleSpec | undefined>(AUTH_THROTTLE, context.getHandler());
    if (!spec) throw new Error('AuthThrottlerGuard needs @AuthThrottled() on the route');
    return spec;
  }
}

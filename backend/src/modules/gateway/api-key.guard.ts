import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashApiKey, isWellFormedApiKey } from '../keys/key-codec.js';
import { KeyDirectory } from '../keys/key-directory.js';
import type { ResolvedKey } from '../keys/key-directory.js';
import { hostAllowed, ipAllowed, requestHost } from '../keys/key-restrictions.js';
import { KeyProblems } from '../keys/keys.errors.js';
import { QuotaAlerts } from '../usage/quota-alerts.js';
import { meter } from './meter.js';
import type { Meter } from './meter.js';
import { scopeRefusal } from './key-scopes.js';
import { PlanLimits } from './plan-limits.js';
import type { LimitDecision } from './plan-limits.js';
import { readApiKey } from './read-api-key.js';
import { BATCH_WEIGHT_UNIT, soldRouteOf, type WeightUnit } from './sold-route.js';

const QUERY_KEY_NAMES = ['api_key', 'apikey', 'apiKey', 'key', 'access_token'];
/** Keys whose hash is remembered (a SHA-256 per request was the guard's largest cost); cleared when full. */
const HASH_MEMO_LIMIT = 10_000;

/** A request the guard let through: its resolved key and owner, for the controller and the hooks after it. */
export interface PublicApiRequest extends FastifyRequest {
  apiKey?: ResolvedKey;
}

/** A wait in the units a person reads: '45 s', '59 min 55 s', '1 h 5 min' (Retry-After keeps the seconds). */
export function waitInWords(seconds: number | string): string {
  const total = Math.max(0, Math.ceil(Number(seconds)));
  if (total < 60) return `${total} s`;
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return s > 0 ? `${m} min ${s} s` : `${m} min`;
}

/** The 429 of a plan limit, worded for the window that refused (the hour or the burst guard), and for limits set for this account. */
export function rateLimitProblem(decision: LimitDecision, customLimits = false) {
  const wait = waitInWords(decision.headers['retry-after']);
  const detail =
    decision.window.name === 'hour'
      ? customLimits
        ? `Your account allows ${decision.limit} requests per hour across all your keys (a limit set for this account). Try again in ${wait}.`
        : `The free plan allows ${decision.limit} requests per hour across all your keys. Try again in ${wait}, or upgrade for unlimited requests.`
      : customLimits
        ? `Your account allows ${decision.limit} requests per second (a limit set for this account). Slow down and retry.`
        : `Fair-use limit of ${decision.limit} requests per second reached. Slow down and retry.`;
  return KeyProblems.rateLimited(detail, { 'Retry-After': decision.headers['retry-after'] });
}

/** The 429 of a key's own limit (set by its owner, at or below the plan's). */
export function keyLimitProblem(decision: LimitDecision) {
  const per = decision.window.name === 'hour' ? 'hour' : 'second';
  const detail = `This key allows ${decision.limit} requests per ${per} (its own limit, set in your dashboard). Try again in ${waitInWords(decision.headers['retry-after'])}.`;
  return KeyProblems.rateLimited(detail, { 'Retry-After': decision.headers['retry-after'] });
}

/** The 429 of a batch call that counts more requests than the window has left (or than it holds at all). */
export function weightedRefusal(decision: LimitDecision, weight: number, unit: WeightUnit = BATCH_WEIGHT_UNIT) {
  if (decision.window.name === 'burst') return weightedBurstRefusal(decision, weight, unit);
  const rule = `one per ${unit.perRequest} ${unit.each}`;
  const detail =
    weight > decision.limit
      ? `This call counts as ${weight} requests (${rule}), more than the ${decision.limit} your account allows per hour. Split it into calls of at most ${decision.limit * unit.perRequest} ${unit.each}, or upgrade.`
      : `This call counts as ${weight} requests (${rule}) and ${decision.remaining} are left in this hour. Try again in ${waitInWords(decision.headers['retry-after'])}, send fewer ${unit.each === BATCH_WEIGHT_UNIT.each ? 'items' : unit.each}, or upgrade.`;
  return KeyProblems.rateLimited(detail, { 'Retry-After': decision.headers['retry-after'] });
}

/** The 429 of a batch call that the per-second fair-use limit cannot take now. */
function weightedBurstRefusal(decision: LimitDecision, weight: number, unit: WeightUnit) {
  const wait = waitInWords(decision.headers['retry-after']);
  const rule = `one per ${unit.perRequest} ${unit.each}`;
  const detail =
    weight > decision.limit
      ? `This call counts as ${weight} requests (${rule}), more than the fair-use limit of ${decision.limit} per second: it runs only when none of your calls is in the last second, and then counts for ${Math.ceil((weight / decision.limit) * 10) / 10} s. Try again in ${wait}, or send fewer items.`
      : `This call counts as ${weight} requests (${rule}) and ${decision.remaining} of the fair-use limit of ${decision.limit} per second are left. Try again in ${wait}, or send fewer items.`;
  return KeyProblems.rateLimited(detail, { 'Retry-After': decision.headers['retry-after'] });
}

/**
 * The gate of every @PublicApi() route (run by the lane): key, owner, restrictions, plan limit, in that order. The
 * owner goes into the request's meter (meter.ts), so every request whose owner is known becomes a usage record,
 * refused or not; rate-limit headers go on every answer once the key is known.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  /** Hashes of keys found in the key cache: only real keys, so a caller sending random keys cannot fill it. */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly directory: KeyDirectory,
    private readonly limits: PlanLimits,
    @Optional() private readonly alerts?: QuotaAlerts,
  ) {}

  /** Synchronous when the key is cached and the plan's limit is counted in-process (the paid plans' hot path). */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<PublicApiRequest>();
    const reply = http.getResponse<FastifyReply>();
    const identified = this.identify(request, reply, meter(request));
    if (identified instanceof Promise) return identified.then((resolved) => this.limit(resolved, request, reply));
    return this.limit(identified, request, reply);
  }

  /**
   * Key, owner and restrictions, without counting the plan's limit: the request's own key (X-API-Key or Bearer),
   * resolved, its owner written into `meter`, refused with the key problems (401/403) when it may not call. The MCP
   * endpoint uses it per HTTP request and counts the limit per tool call.
   */
  identify(request: FastifyRequest, reply: FastifyReply, meter: Meter): ResolvedKey | Promise<ResolvedKey> {
    const key = readApiKey(request);
    if (!key) {
      const query = (request.query ?? {}) as Record<string, unknown>;
      throw KeyProblems.missing(QUERY_KEY_NAMES.some((name) => query[name] !== undefined));
    }
    const known = this.hashes.get(key);
    const hash = known ?? hashApiKey(key);
    const cached = this.directory.cached(hash);
    // Only well-formed keys are ever cached: the shape and checksum are checked on a miss.
    if (cached) {
      if (known === undefined) {
        if (this.hashes.size >= HASH_MEMO_LIMIT) this.hashes.clear();
        this.hashes.set(key, hash);
      }
      return this.admit(cached, request, reply, meter);
    }
    if (!isWellFormedApiKey(key)) throw KeyProblems.malformed();
    return this.directory.resolve(hash).then((resolved) => {
      if (!resolved) throw KeyProblems.unknown();
      return this.admit(resolved, request, reply, meter);
    });
  }

  /** Counts one request against the owner's plan, then lets it through with its resolved key on the request. */
  private limit(resolved: ResolvedKey, request: PublicApiRequest, reply: FastifyReply): boolean | Promise<boolean> {
    const route = soldRouteOf(request);
    const counted = this.count(resolved, reply, route?.weight?.(request) ?? 1, route?.weightUnit);
    if (counted instanceof Promise) return counted.then((decision) => this.admitted(resolved, request, decision));
    return this.admitted(resolved, request, counted);
  }

  private admitted(resolved: ResolvedKey, request: PublicApiRequest, decision: LimitDecision): boolean {
    meter(request).counted = decision;
    request.apiKey = resolved;
    return true;
  }

  /**
   * One request (or one MCP tool call) counted against the owner's plan: rate-limit headers on the reply, 429
   * `rate_limited` thrown when over, the quota alert told where the free hour stands. Synchronous when the limit is
   * counted in-process (the paid plans' burst guard).
   */
  count(resolved: ResolvedKey, reply: FastifyReply, weight = 1, unit = BATCH_WEIGHT_UNIT): LimitDecision | Promise<LimitDecision> {
    // The key's own limit first: a request it refuses does not use the account's quota.
    if (resolved.keyLimit) {
      const own = this.limits.consumeKey(resolved.keyLimit, resolved.keyId, weight);
      const next = (d: LimitDecision) => (d.allowed ? this.countPlan(resolved, reply, weight, unit) : this.apply(d, resolved, reply, weight, unit));
      return own instanceof Promise ? own.then(next) : next(own);
    }
    return this.countPlan(resolved, reply, weight, unit);
  }

  private countPlan(resolved: ResolvedKey, reply: FastifyReply, weight: number, unit: WeightUnit): LimitDecision | Promise<LimitDecision> {
    const decision = this.limits.consume(resolved.limits, resolved.userId, weight);
    if (decision instanceof Promise) return decision.then((d) => this.apply(d, resolved, reply, weight, unit));
    return this.apply(decision, resolved, reply, weight, unit);
  }

  /** Gives back what `count` counted for an answer the server then failed to give (a 5xx is never charged). */
  refund(decision: LimitDecision): void {
    this.limits.refund(decision);
  }

  private admit(resolved: ResolvedKey, request: FastifyRequest, reply: FastifyReply, meter: Meter): ResolvedKey | Promise<never> {
    meter.keyId = resolved.keyId;
    meter.userId = resolved.userId;
    meter.plan = resolved.plan;
    const refusal = this.refusal(resolved, request);
    if (refusal) {
      // Refused requests do not use the quota (a stolen key from a foreign IP cannot drain it), but say where it stands.
      return this.limits.peek(resolved.limits, resolved.userId).then((window) => {
        reply.headers(window.headers);
        throw refusal;
      });
    }
    return resolved;
  }

  private apply(decision: LimitDecision, resolved: ResolvedKey, reply: FastifyReply, weight: number, unit: WeightUnit): LimitDecision {
    reply.headers(decision.headers);
    if (!decision.allowed && decision.window.perKey) throw keyLimitProblem(decision);
    if (!decision.allowed) throw weight > 1 ? weightedRefusal(decision, weight, unit) : rateLimitProblem(decision, resolved.limits.custom);
    // The free quota's 80% and 100% points: the alert is prepared after the answer, never on this path.
    if (decision.window.name === 'hour')
      this.alerts?.observe(resolved.userId, decision.limit - decision.remaining, decision.limit, decision.window.windowMs, decision.resetMs);
    return decision;
  }

  private refusal(resolved: ResolvedKey, request: FastifyRequest) {
    // Read on every request against the clock, so an expiry needs no invalidation to take effect on any instance.
    if (resolved.expiresAtMs !== null && resolved.expiresAtMs <= Date.now()) return KeyProblems.expired();
    if (!resolved.isActive) return KeyProblems.inactive();
    if (resolved.blocked) return KeyProblems.blocked();
    if (!ipAllowed(resolved.rules, request.ip)) return KeyProblems.ipNotAllowed(request.ip);
    if (resolved.rules.hasDomain) {
      const host = requestHost(request.headers.origin, request.headers.referer);
      if (!hostAllowed(resolved.rules, host)) return KeyProblems.domainNotAllowed(host);
    }
    return scopeRefusal(resolved, request);
  }
}

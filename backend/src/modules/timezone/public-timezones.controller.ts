import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ProblemException } from '../../common/problems/problem.js';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { CheckedQuery } from '../gateway/checked-input.js';
import { Clock } from './clock.js';
import { TimezoneQuery } from './dto/timezone.dto.js';
import { TimeEngine, type ZoneListItem } from './engine/time-engine.js';
import { CurrentTimeView, ZoneListView } from './dto/timezone.responses.js';
import { AnswerLocale } from './cldr/answer-locale.js';
import { DEFAULT_LOCALE } from './cldr/cldr-data.js';
import { localizeAnswer } from './cldr/localize.js';
import { ApiEndpoint } from './timezone.docs.js';
import { timezoneProblem } from './timezone.errors.js';
import { EXAMPLES } from './timezone.examples.js';
import { DEMO_ZONES } from '@tzapi/shared/site';

/** Offsets only change at transitions; a minute of staleness is what the Cache-Control header promises anyway. */
const CACHE_SECONDS = 60;

/** Per IP address: enough for a visitor trying every zone a few times, too little to use as a free API. */
export const DEMO_LIMIT = { requests: 30, windowMs: 60_000 };

/**
 * Counts one keyless demo call of this address against DEMO_LIMIT, in the counter `scope` names (the live demo's and
 * the world clock's sun times count apart), at most `requests` a minute; past it, 429 `rate_limited` with Retry-After,
 * naming `what` was asked.
 */
export async function admitDemoCall(limiter: RateLimiter, scope: string, ip: string, what: string, requests = DEMO_LIMIT.requests): Promise<void> {
  const hit = await limiter.hit(`${scope}:ip:${ip}`, requests, DEMO_LIMIT.windowMs);
  if (hit.allowed) return;
  const retryAfter = Math.max(1, Math.ceil(hit.resetMs / 1000));
  throw new ProblemException({
    status: 429,
    code: 'rate_limited',
    title: 'Too Many Requests',
    detail: `${what} allows ${requests} requests a minute. Please wait ${retryAfter} s, or create a free API key.`,
    headers: { 'Retry-After': String(retryAfter) },
  });
}

@ApiTags('TimeZone')
@Controller('public')
export class PublicTimezonesController {
  private cached: { until: number; release: object; answer: { timezones: ZoneListItem[]; total: number } } | null = null;

  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('timezones')
  @PublicUnmetered()
  @Header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
  @ApiEndpoint({
    summary: 'Zone directory (no key)',
    description:
      'The same items as GET /api/timezone/list (zone names in English), without an API key and not metered, for the public zone directory. Cacheable for a minute.',
    response: ZoneListView,
    example: EXAMPLES.list,
    csvRows: 'timezones',
    errors: [],
  })
  directory() {
    const now = this.clock.now();
    // A switch of the tz release (TzdbService) shows at once, not after the minute.
    if (!this.cached || now >= this.cached.until || this.cached.release !== this.engine.release) {
      // With the zones' English names, as /api/timezone/list answers without lang.
      this.cached = {
        until: now + CACHE_SECONDS * 1000,
        release: this.engine.release,
        answer: localizeAnswer(this.engine, this.engine.list(now), DEFAULT_LOCALE, now),
      };
    }
    return this.cached.answer;
  }

  @Get('demo/current')
  @PublicUnmetered()
  @Header('Cache-Control', 'no-store')
  @ApiEndpoint({
    summary: 'Live demo: current time (no key)',
    description:
      `The landing page's live demo: the same answer as GET /api/time/current, without an API key and not metered, for the ten demo zones only (${DEMO_ZONES.join(', ')}). ` +
      `Limited to ${DEMO_LIMIT.requests} requests a minute per IP address; use GET /api/time/current with a key for any zone.`,
    response: CurrentTimeView,
    example: EXAMPLES.current,
    errors: ['invalid_timezone'],
  })
  @ApiTooManyRequestsResponse({
    description: `More than ${DEMO_LIMIT.requests} demo requests a minute from this IP address (problem+json, code \`rate_limited\`, with Retry-After)`,
  })
  async demoCurrent(@CheckedQuery(TimezoneQuery) query: TimezoneQuery, @Req() request: FastifyRequest, @AnswerLocale() locale: string) {
    const zone = DEMO_ZONES.find((z) => z.toLowerCase() === query.timezone.trim().toLowerCase());
    if (!zone) {
      throw timezoneProblem(
        'invalid_timezone',
        `The demo answers for ${DEMO_ZONES.join(', ')} only; GET /api/time/current with an API key answers for every zone.`,
        'timezone',
      );
    }
    await admitDemoCall(this.limiter, 'demo', request.ip, 'The live demo');
    const now = this.clock.now();
    return localizeAnswer(this.engine, this.engine.currentTime(zone, now), locale, now);
  }
}

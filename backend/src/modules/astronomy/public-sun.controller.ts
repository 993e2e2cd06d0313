import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { RateLimiter } from '../../common/redis/rate-limiter.js';
import { CheckedQuery } from '../gateway/checked-input.js';
import { PublicUnmetered } from '../gateway/sold-route.js';
import { Clock } from '../timezone/clock.js';
import { TimeEngine } from '../timezone/engine/time-engine.js';
import { IpLocator } from '../timezone/ip/ip-locator.js';
import { DEMO_ZONES, WORLD_CLOCK_CITIES } from '@tzapi/shared/site';
import { admitDemoCall, DEMO_LIMIT } from '../timezone/public-timezones.controller.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import type { AstronomyAnswer } from './astronomy-answer.js';
import { AstronomyProblems } from './astronomy.errors.js';
import { skyAnswer } from './astronomy.service.js';
import { DemoSunQuery } from './dto/demo-sun.query.js';
import { AstronomyView } from './dto/astronomy.responses.js';
import { ASTRONOMY_EXAMPLE } from './astronomy.example.js';
import { resolvePlace } from './place.js';

/** Today's sky changes once a day; ten minutes keeps the cards' requests few without showing yesterday for long. */
const CACHE_SECONDS = 600;
/** A page view asks once per world clock card: the live demo's allowance in page views, so a reload or two stays answered. */
const WORLD_CLOCK_LIMIT = DEMO_LIMIT.requests * WORLD_CLOCK_CITIES.length;

@ApiTags('Astronomy')
@Controller('public/demo')
export class PublicSunController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly locator: IpLocator,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('sun')
  @PublicUnmetered()
  @Header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
  @ApiEndpoint({
    summary: "World clock: today's sun and moon (no key)",
    description:
      `The landing page's world clock cards: the answer of GET /api/astronomy for today at a city, without an API key and not metered, for cities in the live demo's zones only (${DEMO_ZONES.join(', ')}). ` +
      `Limited to ${WORLD_CLOCK_LIMIT} requests a minute per IP address (${DEMO_LIMIT.requests} views of the page's ${WORLD_CLOCK_CITIES.length} cards); use GET /api/astronomy with a key for any place and date.`,
    response: AstronomyView,
    example: ASTRONOMY_EXAMPLE,
    csvRows: 'days',
    errors: [],
  })
  @ApiTooManyRequestsResponse({
    description: `More than ${WORLD_CLOCK_LIMIT} requests a minute from this IP address (problem+json, code \`rate_limited\`, with Retry-After)`,
  })
  async today(@CheckedQuery(DemoSunQuery) query: DemoSunQuery, @Req() request: FastifyRequest): Promise<AstronomyAnswer> {
    const now = this.clock.now();
    const place = resolvePlace(this.engine, this.locator, { city: query.city }, now);
    if (!(DEMO_ZONES as readonly string[]).includes(place.timezone)) throw AstronomyProblems.notADemoCity(query.city, DEMO_ZONES);
    await admitDemoCall(this.limiter, 'demo-sun', request.ip, 'The world clock', WORLD_CLOCK_LIMIT);
    return skyAnswer(this.engine, place, {}, now);
  }
}

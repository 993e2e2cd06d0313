import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicUnmetered } from '../../common/public-api.decorator.js';
import { Clock } from './clock.js';
import { TimeEngine, type ZoneListItem } from './engine/time-engine.js';
import { ZoneListView } from './dto/timezone.responses.js';
import { ApiEndpoint } from './timezone.docs.js';
import { EXAMPLES } from './timezone.examples.js';

/** Offsets only change at transitions; a minute of staleness is what the Cache-Control header promises anyway. */
const CACHE_SECONDS = 60;

@ApiTags('TimeZone')
@Controller('public')
export class PublicTimezonesController {
  private cached: { until: number; release: object; answer: { timezones: ZoneListItem[]; total: number } } | null = null;

  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
  ) {}

  @Get('timezones')
  @PublicUnmetered()
  @Header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
  @ApiEndpoint({
    summary: 'Zone directory (no key)',
    description:
      'The same items as GET /api/timezone/list, without an API key and not metered, for the public zone directory. Cacheable for a minute.',
    response: ZoneListView,
    example: EXAMPLES.list,
    csvRows: 'timezones',
    errors: [],
    metered: false,
  })
  directory() {
    const now = this.clock.now();
    // A switch of the tz release (TzdbService) shows at once, not after the minute.
    if (!this.cached || now >= this.cached.until || this.cached.release !== this.engine.release) {
      this.cached = { until: now + CACHE_SECONDS * 1000, release: this.engine.release, answer: this.engine.list(now) };
    }
    return this.cached.answer;
  }
}

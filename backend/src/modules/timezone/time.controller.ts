import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedQuery } from '../gateway/checked-input.js';
import { Clock } from './clock.js';
import { parseCoordinate } from './coordinates.js';
import { CoordinatesQuery, TimezoneQuery } from './dto/timezone.dto.js';
import { TimeEngine } from './engine/time-engine.js';
import { CurrentTimeAtView, CurrentTimeView, UtcTimeView } from './dto/timezone.responses.js';
import { AnswerLocale } from './cldr/answer-locale.js';
import { localizeAnswer } from './cldr/localize.js';
import { ApiEndpoint } from './timezone.docs.js';
import { EXAMPLES } from './timezone.examples.js';

@ApiTags('Time')
@Controller('time')
export class TimeController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
  ) {}

  @Get('current')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Current time in a zone',
    description:
      'Current local time in an IANA zone with its UTC offset, DST flag, abbreviation and location. Zone names are matched case-insensitively and answered in canonical spelling; ' +
      'a legacy link (Asia/Calcutta) is answered as the current zone (Asia/Kolkata) with `requested_timezone`; a link to another listed zone adds `canonical_timezone`. Abbreviations (EST, BST, IST) are refused because they are ambiguous.',
    response: CurrentTimeView,
    example: EXAMPLES.current,
    errors: ['invalid_timezone'],
  })
  current(@CheckedQuery(TimezoneQuery) query: TimezoneQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return localizeAnswer(this.engine, this.engine.currentTime(query.timezone, now, 'timezone', query.territory), locale, now);
  }

  @Get('current/coordinate')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Current time at a point',
    description:
      "Current time in the zone at a latitude/longitude (timezone-boundary-builder's full release with oceans, as /api/health `boundaryDataVersion` names it; at sea the nautical Etc/GMT±N zone; at the poles and on the date line at sea the nautical zone of the longitude). The country is the zone's own, the city the nearest of that country; `zones_at_point` lists every zone the data holds there, the chosen first, and `zone_choice` says why.",
    response: CurrentTimeAtView,
    example: EXAMPLES.currentAt,
    errors: ['invalid_coordinates'],
  })
  currentAt(@CheckedQuery(CoordinatesQuery) query: CoordinatesQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return localizeAnswer(
      this.engine,
      this.engine.currentTimeAt(parseCoordinate(query.latitude, 'latitude'), parseCoordinate(query.longitude, 'longitude'), now),
      locale,
      now,
    );
  }

  @Get('utc')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Current UTC time',
    description: 'UTC time as ISO 8601, Unix seconds and milliseconds, day of year and ISO 8601 week number.',
    response: UtcTimeView,
    example: EXAMPLES.utc,
    errors: [],
  })
  utc() {
    return this.engine.utc(this.clock.now());
  }
}

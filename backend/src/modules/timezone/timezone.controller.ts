import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedQuery } from '../gateway/checked-input.js';
import { AnswerMemo } from './answer-memo.js';
import { Clock } from './clock.js';
import { parseCoordinate } from './coordinates.js';
import { CitySearchQuery, CoordinatesQuery, LookupQuery, TransitionsQuery, ZoneInfoQuery } from './dto/timezone.dto.js';
import { defaultTransitionRange, TimeEngine } from './engine/time-engine.js';
import { CitySearchView, LookupView, TransitionsView, ZoneAtPointView, ZoneInfoView, ZoneListView } from './dto/timezone.responses.js';
import { AnswerLocale } from './cldr/answer-locale.js';
import { localizeAnswer } from './cldr/localize.js';
import { ApiEndpoint } from './timezone.docs.js';
import { EXAMPLES } from './timezone.examples.js';

@ApiTags('TimeZone')
@Controller('timezone')
export class TimezoneController {
  constructor(
    private readonly engine: TimeEngine,
    private readonly clock: Clock,
    private readonly memo: AnswerMemo,
  ) {}

  @Get('list')
  @PublicApi()
  @ApiEndpoint({
    summary: 'List all time zones',
    description:
      "Every zone of the server's tz database (current spelling), with country, region, main city, current UTC offset and abbreviation, whether DST is in force now and whether the zone observes DST this year. " +
      '`canonical_timezone` names the tzdb zone a listed name links to.',
    response: ZoneListView,
    example: EXAMPLES.list,
    csvRows: 'timezones',
    errors: [],
  })
  list(@AnswerLocale() locale: string) {
    const now = this.clock.now();
    return localizeAnswer(this.engine, this.engine.list(now), locale, now);
  }

  @Get('search')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Search cities',
    description:
      "Cities whose name starts with the query (accent- and case-insensitive): a city's own name exactly first, then an alternate name exactly (Parys, ZA is also called Paris), then own names and alternate names starting so; by population within each. " +
      'A zone name (any IANA name or link, and UTC, GMT or Z) answers its zone first, with null coordinates and population. Each item has its zone, country and coordinates; up to 20 items, `matches` counts all.',
    response: CitySearchView,
    example: EXAMPLES.search,
    csvRows: 'timezones',
    errors: [],
  })
  search(@CheckedQuery(CitySearchQuery) query: CitySearchQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return this.memo.answer('search', query.city, locale, now, () => localizeAnswer(this.engine, this.engine.search(query.city, now), locale, now));
  }

  @Get('info')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Zone details and DST window',
    description:
      'The current-time fields for a zone on a date (noon local; default now), plus the raw (standard) offset, the DST offset, and `dst_start`/`dst_end`: the DST period in force on that date, or the next one beginning within a year; null for both (and `observes_dst` false) when there is neither, never a period years away.',
    response: ZoneInfoView,
    example: EXAMPLES.info,
    errors: ['invalid_timezone', 'invalid_date'],
  })
  info(@CheckedQuery(ZoneInfoQuery) query: ZoneInfoQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return localizeAnswer(this.engine, this.engine.info(query.timezone, query.date, now, query.territory), locale, now);
  }

  @Get('coordinate')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Zone at a point',
    description:
      'The zone at a latitude/longitude with its current offset, from timezone-boundary-builder\'s full release with oceans (every tzdb zone: Africa/Nairobi in Nairobi, not a zone merged by "same clocks since 1970"). Oceans, the poles and the date line at sea answer the nautical Etc/GMT±N zone of the longitude. The country is the zone\'s own, the city the nearest of that country; `zones_at_point` lists every zone the data holds there (overlaps and disputed areas), the chosen first, and `zone_choice` says why.',
    response: ZoneAtPointView,
    example: EXAMPLES.coordinate,
    errors: ['invalid_coordinates'],
  })
  coordinate(@CheckedQuery(CoordinatesQuery) query: CoordinatesQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return this.memo.answer('coordinate', `${query.latitude}\u0000${query.longitude}`, locale, now, () =>
      localizeAnswer(
        this.engine,
        this.engine.zoneAt(parseCoordinate(query.latitude, 'latitude'), parseCoordinate(query.longitude, 'longitude'), now),
        locale,
        now,
      ),
    );
  }

  @Get('lookup')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Zone from free-text location',
    description:
      'Resolves "Paris", "Paris, France", "Springfield, US" or "Tokyo JP" (a country code, country or province after the city) to ranked candidates with zone, city, province (GeoNames first-level division), country and coordinates: ' +
      'cities of that name first, then cities that have it as an alternate name, most populous first within each. A zone name (any IANA name or link, and UTC, GMT or Z) answers its zone first. ' +
      'A zone abbreviation such as EST answers no candidates and a `hint` with the zones that use it.',
    response: LookupView,
    example: EXAMPLES.lookup,
    csvRows: 'candidates',
    errors: [],
  })
  lookup(@CheckedQuery(LookupQuery) query: LookupQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    return this.memo.answer('lookup', query.location, locale, now, () => localizeAnswer(this.engine, this.engine.lookup(query.location, now), locale, now));
  }

  @Get('transitions')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Offset changes of a zone',
    description:
      'Every UTC offset change of a zone in [from, to): the instant, the wall clock just before and after, offsets, abbreviations and whether DST starts. History back to 1970; default range is the current year.',
    response: TransitionsView,
    example: EXAMPLES.transitions,
    csvRows: 'transitions',
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_range'],
  })
  transitions(@CheckedQuery(TransitionsQuery) query: TransitionsQuery, @AnswerLocale() locale: string) {
    const now = this.clock.now();
    const { timezone, from, to, territory } = query;
    return this.memo.answer(
      'transitions',
      `${timezone}\u0000${from ?? ''}\u0000${to ?? ''}\u0000${territory ?? ''}`,
      locale,
      now,
      () => localizeAnswer(this.engine, this.engine.transitions(timezone, from, to, now, territory), locale, now),
      // Each change is named at its own instant: only a range left to its default (this year) moves with the clock.
      () => (from !== undefined && to !== undefined ? [-Infinity, Infinity] : defaultTransitionRange(now)),
    );
  }
}

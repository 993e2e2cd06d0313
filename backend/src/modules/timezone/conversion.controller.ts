import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedBody, CheckedQuery } from '../gateway/checked-input.js';
import { ConversionQuery, ConversionRequest, MultiConversionRequest } from './dto/timezone.dto.js';
import { QUERY_FIELDS, TimeEngine } from './engine/time-engine.js';
import { ConversionView, MultiConversionView } from './dto/timezone.responses.js';
import { AnswerLocale } from './cldr/answer-locale.js';
import { localizeAnswer } from './cldr/localize.js';
import { ApiEndpoint } from './timezone.docs.js';
import { EXAMPLES } from './timezone.examples.js';

const CONVERSION_DESCRIPTION =
  'Converts a date-time from one zone to another. A date-time with an offset is taken as that instant (inputOffsetUsed: true). ' +
  'A wall-clock time skipped by a DST change is 400 `invalid_local_time` naming the gap and the first valid time, unless dstAmbiguity says how to read it; ' +
  'a repeated one answers the earlier instant with `ambiguous: true` and both `options`.';

@ApiTags('Conversion')
@Controller('conversion')
export class ConversionController {
  constructor(private readonly engine: TimeEngine) {}

  @Post('timezone')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Convert between zones',
    description: CONVERSION_DESCRIPTION,
    response: ConversionView,
    example: EXAMPLES.conversion,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'datetime_out_of_range'],
    body: {
      type: ConversionRequest,
      example: { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' },
      examples: {
        simple: { summary: 'New York to London', value: { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' } },
        ambiguous: {
          summary: 'Repeated time, later instant',
          value: { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-10-27T01:30:00', dstAmbiguity: 'later' },
        },
      },
    },
  })
  convert(@CheckedBody(ConversionRequest) body: ConversionRequest, @AnswerLocale() locale: string) {
    return localizeAnswer(this.engine, this.engine.convert(body.fromTimeZone, body.toTimeZone, body.dateTime, body.dstAmbiguity), locale, 0);
  }

  @Get('timezone')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Convert between zones (query form)',
    description: `${CONVERSION_DESCRIPTION} Same as the POST form with from, to and datetime in the query string, so answers can be cached.`,
    response: ConversionView,
    example: EXAMPLES.conversion,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'datetime_out_of_range'],
  })
  convertByQuery(@CheckedQuery(ConversionQuery) query: ConversionQuery, @AnswerLocale() locale: string) {
    return localizeAnswer(this.engine, this.engine.convert(query.from, query.to, query.datetime, query.dstAmbiguity, QUERY_FIELDS), locale, 0);
  }

  @Post('multi')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Convert to many zones',
    description:
      'Converts one date-time to up to 100 zones in one call; DST rules as for a single conversion: a repeated wall-clock time answers the earlier instant with `ambiguous: true`, and each conversion lists both readings in `options`.',
    response: MultiConversionView,
    example: EXAMPLES.multi,
    csvRows: 'conversions',
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'datetime_out_of_range'],
    body: {
      type: MultiConversionRequest,
      example: { dateTime: '2024-07-01T09:00:00', fromTimeZone: 'America/New_York', toTimeZones: ['Europe/London', 'Asia/Tokyo', 'Asia/Kathmandu'] },
    },
  })
  convertMany(@CheckedBody(MultiConversionRequest) body: MultiConversionRequest, @AnswerLocale() locale: string) {
    return localizeAnswer(this.engine, this.engine.convertMany(body.fromTimeZone, body.toTimeZones, body.dateTime, body.dstAmbiguity), locale, 0);
  }
}

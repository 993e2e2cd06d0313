import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedBody, CheckedQuery } from '../gateway/checked-input.js';
import { DayOfWeekQuery, DifferenceRequest, TimeSpanRequest } from './dto/timezone.dto.js';
import { TimeEngine } from './engine/time-engine.js';
import { CalculationView, DayOfWeekView, DifferenceView } from './dto/timezone.responses.js';
import { ApiEndpoint } from './timezone.docs.js';
import { EXAMPLES } from './timezone.examples.js';

const ARITHMETIC =
  'timeSpan is .NET style `[-][d.]hh:mm:ss[.fff]` or an ISO 8601 duration. With timeZone the arithmetic is calendar arithmetic for the date part ' +
  '(years, months, days keep the wall-clock time across DST; a day that does not exist resolves forward) and exact for the time part ' +
  '(1.00:00:00 adds a calendar day, PT24H adds 24 exact hours). Without timeZone all of it is exact. `arithmetic` in the answer says which was used.';

@ApiTags('Calculation')
@Controller('calculation')
export class CalculationController {
  constructor(private readonly engine: TimeEngine) {}

  @Post('add')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Add a time span',
    description: ARITHMETIC,
    response: CalculationView,
    example: EXAMPLES.add,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'invalid_timespan', 'datetime_out_of_range'],
    body: { type: TimeSpanRequest, example: { baseDateTime: '2024-03-30T12:00:00', timeSpan: '1.12:30:00', timeZone: 'Europe/London' } },
  })
  add(@CheckedBody(TimeSpanRequest) body: TimeSpanRequest) {
    return this.engine.add(body.baseDateTime, body.timeSpan, body.timeZone);
  }

  @Post('subtract')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Subtract a time span',
    description: ARITHMETIC,
    response: CalculationView,
    example: EXAMPLES.subtract,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'invalid_timespan', 'datetime_out_of_range'],
    body: { type: TimeSpanRequest, example: { baseDateTime: '2024-03-31T12:00:00', timeSpan: 'P1D', timeZone: 'Europe/London' } },
  })
  subtract(@CheckedBody(TimeSpanRequest) body: TimeSpanRequest) {
    return this.engine.add(body.baseDateTime, body.timeSpan, body.timeZone, true);
  }

  @Post('difference')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Difference between two date-times',
    description:
      'Exact totals in seconds, minutes, hours and days (negative when end is before start) and a breakdown. With timeZone, breakdown.days counts calendar days in that zone (a 23-hour DST day is one day) and the rest is exact.',
    response: DifferenceView,
    example: EXAMPLES.difference,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'datetime_out_of_range'],
    body: { type: DifferenceRequest, example: { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' } },
  })
  difference(@CheckedBody(DifferenceRequest) body: DifferenceRequest) {
    return this.engine.difference(body.startDateTime, body.endDateTime, body.timeZone);
  }

  @Get('dayofweek')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Day of week',
    description: 'Weekday name, ISO number (Monday 1 … Sunday 7), weekend flag, ISO 8601 week number and day of year of a date.',
    response: DayOfWeekView,
    example: EXAMPLES.dayOfWeek,
    errors: ['invalid_date'],
  })
  dayOfWeek(@CheckedQuery(DayOfWeekQuery) query: DayOfWeekQuery) {
    return this.engine.dayOfWeek(query.date);
  }
}

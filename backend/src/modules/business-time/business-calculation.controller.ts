import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedBody, CheckedQuery } from '../gateway/checked-input.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { BusinessDaysRequest, BusinessDurationRequest, BusinessHoursRequest, OpenQuery } from './dto/business-time.dto.js';
import { BusinessDaysView, BusinessDurationView, BusinessHoursView, OpenView } from './dto/business-time.responses.js';
import { BUSINESS_EXAMPLES, BUSINESS_PROBLEMS, REQUESTS } from './business-time.examples.js';
import { BusinessTimeService } from './business-time.service.js';

const CALENDAR =
  " The calendar: the country's weekend (Unicode CLDR weekData: Friday and Saturday in Israel) or `weekend`, its holidays of `types` (default public; " +
  "with `subdivision`, the subdivision's too; date-holidays data, named in `holidaysData`), and `extraClosures`. A holiday closes a day when it covers all of it.";

@ApiTags('Business time')
@Controller('calculation')
export class BusinessCalculationController {
  constructor(private readonly business: BusinessTimeService) {}

  @Post('business-days')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Add or subtract business days',
    description:
      'Moves a number of business days from startDate. The start is never counted: +N answers the N-th business day after startDate and -N the N-th before it, ' +
      'whether or not startDate is itself a business day (a Saturday +1 is Monday). 0 answers startDate when it is a business day, else the next one. ' +
      '`skipped` lists the days passed over and why.' +
      CALENDAR,
    response: BusinessDaysView,
    example: BUSINESS_EXAMPLES.businessDays,
    errors: ['invalid_date'],
    moreErrors: {
      unknown_country: BUSINESS_PROBLEMS.unknown_country,
      unknown_subdivision: BUSINESS_PROBLEMS.unknown_subdivision,
      days_out_of_range: BUSINESS_PROBLEMS.days_out_of_range,
      invalid_weekend: BUSINESS_PROBLEMS.invalid_weekend,
    },
    body: { type: BusinessDaysRequest, example: REQUESTS.businessDays },
  })
  businessDays(@CheckedBody(BusinessDaysRequest) body: BusinessDaysRequest) {
    return this.business.businessDays(body);
  }

  @Post('business-duration')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Business days between two dates',
    description:
      'Counts the days from startDate up to endDate (endDate only with includeEnd): business days, weekend days, holidays (listed) and your closures; each day is counted once, a holiday on a weekend as a holiday.' +
      CALENDAR,
    response: BusinessDurationView,
    example: BUSINESS_EXAMPLES.businessDuration,
    errors: ['invalid_date', 'invalid_range'],
    moreErrors: { unknown_country: BUSINESS_PROBLEMS.unknown_country, year_out_of_range: BUSINESS_PROBLEMS.year_out_of_range },
    body: { type: BusinessDurationRequest, example: REQUESTS.businessDuration },
  })
  businessDuration(@CheckedBody(BusinessDurationRequest) body: BusinessDurationRequest) {
    return this.business.businessDuration(body);
  }

  @Post('business-hours')
  @HttpCode(200)
  @PublicApi()
  @ApiEndpoint({
    summary: 'Working-hours deadline',
    description:
      'The instant a number of working hours (or minutes) after start runs out, in opening hours kept in timeZone: Friday 16:00 + 4 h of 09:00-17:00 is Monday 12:00. ' +
      'Working time is real elapsed time: a window that holds a DST change counts the hours that actually pass (00:00-04:00 on a spring-forward day is 3 hours). ' +
      'A deadline that ends exactly at closing time is closing time. The walk covers at most one year of days.' +
      CALENDAR,
    response: BusinessHoursView,
    example: BUSINESS_EXAMPLES.businessHours,
    errors: ['invalid_timezone', 'invalid_datetime', 'invalid_local_time', 'invalid_timespan'],
    moreErrors: {
      unknown_country: BUSINESS_PROBLEMS.unknown_country,
      working_time_out_of_range: BUSINESS_PROBLEMS.working_time_out_of_range,
      invalid_opening_hours: BUSINESS_PROBLEMS.invalid_opening_hours,
    },
    body: { type: BusinessHoursRequest, example: REQUESTS.businessHours },
  })
  businessHours(@CheckedBody(BusinessHoursRequest) body: BusinessHoursRequest) {
    return this.business.businessHours(body);
  }

  @Get('business-hours/open')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Open now?',
    description: 'Whether working hours are running at `at` (default now) in timeZone, when this working stretch closes, and the next opening.' + CALENDAR,
    response: OpenView,
    example: BUSINESS_EXAMPLES.open,
    errors: ['invalid_timezone', 'invalid_datetime'],
    moreErrors: { unknown_country: BUSINESS_PROBLEMS.unknown_country, invalid_opening_hours: BUSINESS_PROBLEMS.invalid_opening_hours },
  })
  open(@CheckedQuery(OpenQuery) query: OpenQuery) {
    return this.business.openAt(query, Date.now());
  }
}

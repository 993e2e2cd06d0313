import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../gateway/sold-route.js';
import { CheckedQuery } from '../gateway/checked-input.js';
import { ApiEndpoint } from '../timezone/timezone.docs.js';
import { CountriesQuery, HolidayCheckQuery, HolidaysQuery } from './dto/business-time.dto.js';
import { CountriesView, HolidayCheckView, HolidaysView } from './dto/business-time.responses.js';
import { BUSINESS_EXAMPLES, BUSINESS_PROBLEMS } from './business-time.examples.js';
import { HolidaysService } from './holidays.service.js';

const DATA_NOTE = ' Holiday data: the date-holidays package (data CC BY-SA 3.0), named in `holidaysData`; weekends: Unicode CLDR weekData.';

@ApiTags('Business time')
@Controller('holidays')
export class HolidaysController {
  constructor(private readonly holidays: HolidaysService) {}

  @Get()
  @PublicApi()
  @ApiEndpoint({
    summary: 'Public holidays of a country',
    description:
      "A year's holidays of a country or one of its subdivisions, with names in `lang` and in the country's language, substitute (observed) days flagged, " +
      'start and end as instants with the offset in force (our tz engine), and the subdivisions each applies to.' +
      DATA_NOTE,
    response: HolidaysView,
    example: BUSINESS_EXAMPLES.holidays,
    csvRows: 'holidays',
    errors: ['invalid_timezone'],
    moreErrors: {
      unknown_country: BUSINESS_PROBLEMS.unknown_country,
      unknown_subdivision: BUSINESS_PROBLEMS.unknown_subdivision,
      year_out_of_range: BUSINESS_PROBLEMS.year_out_of_range,
    },
  })
  list(@CheckedQuery(HolidaysQuery) query: HolidaysQuery) {
    return this.holidays.holidays(query);
  }

  @Get('countries')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Countries with holiday data',
    description: 'Every country the holiday data covers, with its subdivisions, its weekend days (CLDR weekData), languages and zones.' + DATA_NOTE,
    response: CountriesView,
    example: BUSINESS_EXAMPLES.countries,
    csvRows: 'countries',
    errors: [],
  })
  countries(@CheckedQuery(CountriesQuery) query: CountriesQuery) {
    return this.holidays.countries(query);
  }

  @Get('check')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Is a date a holiday or a business day',
    description: 'Whether a date is a holiday (of the chosen types), a weekend day and a business day in a country, with the holidays named.' + DATA_NOTE,
    response: HolidayCheckView,
    example: BUSINESS_EXAMPLES.check,
    errors: ['invalid_date'],
    moreErrors: { unknown_country: BUSINESS_PROBLEMS.unknown_country, year_out_of_range: BUSINESS_PROBLEMS.year_out_of_range },
  })
  check(@CheckedQuery(HolidayCheckQuery) query: HolidayCheckQuery) {
    return this.holidays.check(query);
  }
}

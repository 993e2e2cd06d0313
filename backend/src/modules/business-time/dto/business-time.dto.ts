import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const TYPES_DOC = 'Holiday types that count, of public, bank, school, optional, observance; default public.';
const SUBDIVISION_DOC = 'Subdivision code as GET /api/holidays/countries lists it (CA, BY); with it, its own holidays count too. Optional.';

/** The query fields every holidays route shares. */
export class CountryQuery {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code; GET /api/holidays/countries lists those covered.', example: 'US' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  country!: string;

  @ApiPropertyOptional({ description: SUBDIVISION_DOC, example: 'CA' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  subdivision?: string;

  @ApiPropertyOptional({ description: `${TYPES_DOC} Comma-separated.`, example: 'public,bank' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  types?: string;
}

export class HolidaysQuery extends CountryQuery {
  @ApiProperty({ description: 'Year, 1970 to 2100.', example: '2027' })
  @IsString()
  @IsNotEmpty()
  @Matches(/^-?\d{1,9}$/, { message: 'year must be a whole number' })
  year!: string;

  @ApiPropertyOptional({
    description: 'Language of `name` (the data has names in a few languages per country; others fall back to its own). Default en.',
    example: 'es',
  })
  @IsOptional()
  @Matches(LANG, { message: 'lang must be a language code such as en or de' })
  lang?: string;

  @ApiPropertyOptional({
    description:
      "Zone the holidays' start and end instants are given in; default the holiday data's zone for the country (its first, for a country with several).",
    example: 'America/Los_Angeles',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class CountriesQuery {
  @ApiPropertyOptional({ description: 'Language of the country names; default en.', example: 'de' })
  @IsOptional()
  @Matches(LANG, { message: 'lang must be a language code such as en or de' })
  lang?: string;
}

export class HolidayCheckQuery extends CountryQuery {
  @ApiProperty({ description: 'Calendar date, YYYY-MM-DD (1970 to 2100).', example: '2027-07-05' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  date!: string;

  @ApiPropertyOptional({ description: 'Language of the holiday names; default en.', example: 'en' })
  @IsOptional()
  @Matches(LANG, { message: 'lang must be a language code such as en or de' })
  lang?: string;
}

/** The working calendar of a body: country, subdivision, weekend, own closures and holiday types. */
export class CalendarBody {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code: its holidays and its weekend (CLDR weekData).', example: 'US' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  country!: string;

  @ApiPropertyOptional({ description: SUBDIVISION_DOC, example: 'NY' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  subdivision?: string;

  @ApiPropertyOptional({
    description: 'Weekend days instead of the country\'s (CLDR weekData), e.g. ["friday", "saturday"]; [] for none. At least one day must stay.',
    type: [String],
    example: ['saturday', 'sunday'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsString({ each: true })
  weekend?: string[];

  @ApiPropertyOptional({ description: 'Your own closed dates (YYYY-MM-DD) besides the holidays, at most 366.', type: [String], example: ['2027-12-24'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(366)
  @IsString({ each: true })
  extraClosures?: string[];

  @ApiPropertyOptional({ description: TYPES_DOC, type: [String], example: ['public'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsString({ each: true })
  types?: string[];
}

export class BusinessDaysRequest extends CalendarBody {
  @ApiProperty({ description: 'Calendar date, YYYY-MM-DD. It is never counted itself: see the description.', example: '2027-07-02' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  startDate!: string;

  @ApiProperty({ description: 'Business days to move, -10000 to 10000 (negative goes back).', example: 3 })
  @IsInt()
  days!: number;
}

export class BusinessDurationRequest extends CalendarBody {
  @ApiProperty({ description: 'First day counted, YYYY-MM-DD.', example: '2027-07-01' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  startDate!: string;

  @ApiProperty({ description: 'Day the count stops at, YYYY-MM-DD, not before startDate; excluded unless includeEnd.', example: '2027-07-31' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  endDate!: string;

  @ApiPropertyOptional({ description: 'Count endDate too; default false.', example: true })
  @IsOptional()
  @IsBoolean()
  includeEnd?: boolean;
}

const OPENING_HOURS_DOC =
  'Working hours per weekday (monday … sunday), each a list of "HH:MM-HH:MM" ranges in order, not overlapping, 24:00 allowed as an end; a weekday left out is closed. ' +
  'Default: 09:00-17:00 on every day the calendar keeps open.';

export class BusinessHoursRequest extends CalendarBody {
  @ApiProperty({
    description:
      'The start: an ISO 8601 date-time. With an offset it is that instant; without, a wall-clock time in timeZone (a time in a DST gap is 400 invalid_local_time unless dstAmbiguity says how to read it).',
    example: '2027-07-02T16:00:00',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(40)
  start!: string;

  @ApiPropertyOptional({ description: 'Working hours to add (negative goes back); decimals allowed. Send hours or minutes.', example: 4 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  hours?: number;

  @ApiPropertyOptional({ description: 'Working minutes to add (negative goes back), instead of hours.', example: 240 })
  @IsOptional()
  @IsInt()
  minutes?: number;

  @ApiProperty({ description: 'IANA zone the opening hours are kept in.', example: 'America/New_York' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  timeZone!: string;

  @ApiPropertyOptional({
    description: OPENING_HOURS_DOC,
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', example: '09:00-17:00' } },
    example: { monday: ['09:00-17:00'], tuesday: ['09:00-17:00'], wednesday: ['09:00-17:00'], thursday: ['09:00-17:00'], friday: ['09:00-17:00'] },
  })
  @IsOptional()
  @IsObject()
  openingHours?: Record<string, string[]>;

  @ApiPropertyOptional({
    description: 'How to read a start without offset that a DST change skips or repeats (as conversions): earlier, later, compatible, reject.',
    example: 'compatible',
  })
  @IsOptional()
  @Matches(/^(earlier|later|compatible|reject)$/, { message: 'dstAmbiguity must be one of earlier, later, compatible, reject' })
  dstAmbiguity?: 'earlier' | 'later' | 'compatible' | 'reject';
}

export class OpenQuery extends CountryQuery {
  @ApiProperty({ description: 'IANA zone the opening hours are kept in.', example: 'America/New_York' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  timeZone!: string;

  @ApiPropertyOptional({
    description: 'The instant to ask about (ISO 8601; without offset, read in timeZone); default now.',
    example: '2027-07-02T16:00:00-04:00',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  at?: string;

  @ApiPropertyOptional({
    description: 'Working hours on every business day, comma-separated "HH:MM-HH:MM" ranges; default 09:00-17:00.',
    example: '09:00-12:00,13:00-17:00',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  hours?: string;

  @ApiPropertyOptional({ description: "Weekend days instead of the country's, comma-separated (friday,saturday).", example: 'saturday,sunday' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  weekend?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class RecurrenceRequest {
  @ApiProperty({
    description:
      'An iCalendar (RFC 5545) rule set, lines separated by \\n: DTSTART (with TZID, an IANA zone or a Windows ID as Outlook writes it; or Z for UTC), RRULE lines, optional RDATE and EXDATE lines. ' +
      "A pasted VEVENT's other properties are read past. SECONDLY rules are expanded too; COUNT may be at most 1000.",
    example: 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20_000)
  rule!: string;

  @ApiPropertyOptional({
    description:
      "First instant to answer (inclusive): ISO 8601 with an offset, or a date or date-time without one, read in the rule set's zone. Default DTSTART.",
    example: '2027-03-01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({
    description: 'Last instant to answer (inclusive; a date means the end of that day). Needed when the rule has no COUNT or UNTIL.',
    example: '2027-04-30',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;

  @ApiPropertyOptional({ description: 'The zone of a floating DTSTART (one with neither TZID nor Z).', example: 'Europe/Berlin' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

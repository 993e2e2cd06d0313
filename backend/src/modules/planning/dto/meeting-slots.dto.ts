import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsNumber, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class WorkingHoursBody {
  @ApiPropertyOptional({ description: 'Start of the working day, HH:MM; default 09:00.', example: '09:00' })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  start?: string;

  @ApiPropertyOptional({ description: 'End of the working day, HH:MM (24:00 for midnight); default 17:00.', example: '17:00' })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  end?: string;

  @ApiPropertyOptional({
    type: [String],
    description: "Working days (monday … sunday); default Monday to Friday, or the days outside the country's weekend (Unicode CLDR) when `country` is given.",
    example: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  days?: string[];

  @ApiPropertyOptional({
    description: 'Hours per weekday instead of start/end/days: weekday → "HH:MM-HH:MM"; a weekday left out is a day off.',
    example: { monday: '08:00-16:00', friday: '08:00-12:00' },
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsObject()
  byWeekday?: Record<string, string>;
}

export class ParticipantBody {
  @ApiProperty({ description: 'Who this is, as the answer names them.', example: 'Ana (New York)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(80)
  label!: string;

  @ApiPropertyOptional({ description: 'IANA zone name or Windows ID. Give one of timezone, city, or latitude and longitude.', example: 'America/New_York' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  @ApiPropertyOptional({ description: 'A city as GET /api/timezone/lookup reads it ("London", "Paris, France").', example: 'London' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  city?: string;

  @ApiPropertyOptional({ description: 'Latitude in decimal degrees (with longitude).', example: 35.68 })
  @IsOptional()
  @IsNumber()
  latitude?: number;

  @ApiPropertyOptional({ description: 'Longitude in decimal degrees (with latitude).', example: 139.69 })
  @IsOptional()
  @IsNumber()
  longitude?: number;

  @ApiPropertyOptional({ type: WorkingHoursBody, description: 'Default 09:00-17:00, Monday to Friday.' })
  @IsOptional()
  @IsObject()
  workingHours?: WorkingHoursBody;

  @ApiPropertyOptional({
    description: 'ISO 3166-1 alpha-2 country: its public holidays are days off (as the business-time routes count them) and its weekend the default days off.',
    example: 'US',
  })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  country?: string;

  @ApiPropertyOptional({ description: 'Subdivision of `country` (GET /api/holidays/countries lists them): its holidays are days off too.', example: 'NY' })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  subdivision?: string;
}

export class MeetingSlotsRequest {
  @ApiProperty({
    type: [ParticipantBody],
    description: "2 to 20 participants, each checked on its own; the first one's local dates are the range and the day offsets.",
  })
  @IsArray()
  @ArrayMaxSize(100)
  participants!: ParticipantBody[];

  @ApiProperty({ description: 'Length of the meeting in minutes, 15 to 480.', example: 60 })
  @IsInt()
  @Min(15)
  @Max(480)
  durationMinutes!: number;

  @ApiProperty({ description: 'First local date of the first participant, YYYY-MM-DD.', example: '2027-03-08' })
  @IsString()
  @MaxLength(40)
  from!: string;

  @ApiProperty({ description: 'Last local date (inclusive), at most 31 days after from.', example: '2027-03-19' })
  @IsString()
  @MaxLength(40)
  to!: string;

  @ApiPropertyOptional({ description: 'Candidate slots start every 15, 30 or 60 minutes from midnight of the first participant; default 30.', example: 60 })
  @IsOptional()
  @IsInt()
  stepMinutes?: number;

  @ApiPropertyOptional({ description: 'How many slots to answer, 1 to 100; default 10.', example: 5 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The place (one of coordinates, city or ip) and the local days to answer for. */
export class AstronomyQuery {
  @ApiPropertyOptional({ description: 'Latitude in decimal degrees, -90 to 90 (with longitude).', example: 52.52, type: 'number' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  latitude?: string;

  @ApiPropertyOptional({ description: 'Longitude in decimal degrees, -180 to 180 (with latitude).', example: 13.405, type: 'number' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  longitude?: string;

  @ApiPropertyOptional({
    description:
      'A city as GET /api/timezone/lookup reads it ("Paris", "Paris, France", "Berlin, DE"): its first candidate with coordinates is the place. Instead of latitude/longitude.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  city?: string;

  @ApiPropertyOptional({
    description:
      'A public IPv4 or IPv6 address (such as 81.2.69.142), located as GET /api/time/current/ip locates it (its coordinates and zone). Instead of latitude/longitude.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ip?: string;

  @ApiPropertyOptional({ description: 'Height of the observer above sea level in metres (such as 34), -500 to 9000; default 0.', type: 'number' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  elevation?: string;

  @ApiPropertyOptional({
    description: "The place's local date (YYYY-MM-DD), 1900-01-01 to 2100-12-31; default today at the place. Not with from/to.",
    example: '2027-03-28',
  })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  date?: string;

  @ApiPropertyOptional({ description: 'First local date of a range (YYYY-MM-DD, such as 2027-03-27), with to; at most 31 days in all. Not with date.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({ description: 'Last local date of the range (YYYY-MM-DD, inclusive, such as 2027-04-02), with from.' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  to?: string;
}

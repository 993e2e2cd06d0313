import { ApiProperty } from '@nestjs/swagger';
import { CurrentTimeAtView } from '../dto/timezone.responses.js';
import type { AirportFacts } from './airport-answer.js';

export class AirportView implements AirportFacts {
  @ApiProperty({ type: String, nullable: true, description: 'IATA code.', example: 'LHR' })
  iata!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ICAO code.', example: 'EGLL' })
  icao!: string | null;
  @ApiProperty({ description: 'The airport’s name (OurAirports).', example: 'London Heathrow Airport' })
  name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The city it serves (OurAirports’ municipality).', example: 'London' })
  city!: string | null;
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code.', example: 'GB' })
  country_code!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Country name (tzdb’s iso3166.tab).', example: 'Britain (UK)' })
  country!: string | null;
  @ApiProperty({ description: 'Latitude of the airport, decimal degrees.', example: 51.4706 })
  latitude!: number;
  @ApiProperty({ description: 'Longitude of the airport, decimal degrees.', example: -0.461941 })
  longitude!: number;
}

export class AirportTimeView extends CurrentTimeAtView {
  @ApiProperty({ type: AirportView, description: 'The airport (OurAirports data, public domain); the zone is our boundary data’s at its coordinates.' })
  airport!: AirportView;
}

export class AirportBatchView {
  @ApiProperty({ type: [AirportTimeView], description: 'One answer per known code, in the order asked.' })
  airports!: AirportTimeView[];
  @ApiProperty({ type: [String], description: 'Codes the airport data does not hold, as sent.', example: [] })
  unknown_codes!: string[];
  @ApiProperty({ description: 'Number of airports answered.', example: 3 })
  total!: number;
}

import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';

/** Codes in one batch call (decisions §10: up to 100, one request per 100 against the quota). */
export const AIRPORT_BATCH_MAX = 100;

export class AirportQuery {
  @ApiProperty({ description: 'IATA (3 letters) or ICAO (4 letters) airport code, any case.', example: 'LHR' })
  @IsString()
  @MaxLength(8)
  code!: string;
}

export class AirportBatchRequest {
  @ApiProperty({
    type: [String],
    description: `IATA or ICAO codes, 1 to ${AIRPORT_BATCH_MAX}. A code the data does not hold is listed in \`unknown_codes\`.`,
    example: ['LHR', 'KJFK', 'NRT'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(AIRPORT_BATCH_MAX)
  @IsString({ each: true })
  @MaxLength(8, { each: true })
  codes!: string[];
}

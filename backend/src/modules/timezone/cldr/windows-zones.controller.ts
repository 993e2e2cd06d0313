import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublicApi } from '../../gateway/sold-route.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { TimeEngine } from '../engine/time-engine.js';
import { ApiEndpoint } from '../timezone.docs.js';
import { CLDR_VERSION } from './cldr-data.js';
import { windowsZones } from './windows-zones.js';
import { WindowsZonesView, type WindowsZoneMappingView } from './windows-zones.responses.js';

/** CLDR's rows with the zone this API answers for each (its first zone, as the active release spells it). */
function mappingList(engine: TimeEngine): WindowsZonesView {
  const mappings: WindowsZoneMappingView[] = windowsZones().mappings.map((m) => ({
    windows_zone: m.windows_zone,
    territory: m.territory,
    timezone: engine.zone(m.windows_zone, 'timezone', m.territory).canonical,
    timezones: m.timezones,
  }));
  return { cldr_version: CLDR_VERSION, mappings, total: mappings.length };
}

const example = (() => {
  const all = mappingList(sharedTimeEngine());
  const shown = all.mappings.filter((m) => m.windows_zone === 'Pacific Standard Time');
  return { ...all, mappings: shown, total: all.total };
})();

@ApiTags('TimeZone')
@Controller('timezone')
export class WindowsZonesController {
  /** Per release: the list is the same until another tz release goes live. */
  private cached: { release: object; answer: WindowsZonesView } | null = null;

  constructor(private readonly engine: TimeEngine) {}

  @Get('windows')
  @PublicApi()
  @ApiEndpoint({
    summary: 'Windows time zone IDs',
    description:
      "Unicode CLDR's windowsZones mapping: every Microsoft Windows time zone ID with each territory's IANA zones, and the zone this API answers for the ID there. " +
      'Every endpoint that takes an IANA zone name also takes a Windows ID (`timezone=Pacific Standard Time`, with `territory=CA` America/Vancouver), and zone answers carry `windows_zone`.',
    response: WindowsZonesView,
    example,
    csvRows: 'mappings',
    errors: [],
  })
  list(): WindowsZonesView {
    const release = this.engine.release;
    if (this.cached?.release !== release) this.cached = { release, answer: mappingList(this.engine) };
    return this.cached.answer;
  }
}

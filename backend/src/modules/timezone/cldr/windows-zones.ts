import { readCldrJson } from './cldr-data.js';

interface WindowsZonesFile {
  supplemental: { windowsZones: { mapTimezones: { mapZone: { _other: string; _type: string; _territory: string } }[] } };
}

/** CLDR's "world" territory: the zone a Windows ID stands for when no territory is given. */
export const WORLD_TERRITORY = '001';

/** One row of CLDR's windowsZones: a Windows ID in a territory and the IANA zones it covers there (the first is that territory's). */
export interface WindowsZoneMapping {
  windows_zone: string;
  territory: string;
  timezones: string[];
}

/**
 * Microsoft Windows time zone IDs ("Pacific Standard Time") and the IANA zones CLDR maps them to
 * (cldr-core supplemental/windowsZones.json), in CLDR's own zone spellings (Asia/Calcutta). Windows IDs are
 * matched case-insensitively; a territory without a row of its own falls back to 001, as ICU does.
 */
export class WindowsZones {
  readonly mappings: readonly WindowsZoneMapping[];
  private readonly idByLower = new Map<string, string>();
  private readonly zonesByIdAndTerritory = new Map<string, string[]>();

  constructor(file = readCldrJson<WindowsZonesFile>('cldr-core/supplemental/windowsZones.json')) {
    this.mappings = file.supplemental.windowsZones.mapTimezones.map(({ mapZone }) => ({
      windows_zone: mapZone._other,
      territory: mapZone._territory,
      timezones: mapZone._type.split(' ').filter(Boolean),
    }));
    for (const m of this.mappings) {
      this.idByLower.set(m.windows_zone.toLowerCase(), m.windows_zone);
      this.zonesByIdAndTerritory.set(`${m.windows_zone}|${m.territory}`, m.timezones);
    }
  }

  /** Every Windows ID CLDR knows, sorted. */
  get ids(): string[] {
    return [...new Set(this.idByLower.values())].sort();
  }

  /** The Windows ID in CLDR's spelling for any letter case, or undefined. */
  id(input: string): string | undefined {
    return this.idByLower.get(input.trim().toLowerCase());
  }

  /** The IANA zone (CLDR spelling) a Windows ID stands for in a territory (ISO 3166 alpha-2, or 001), or undefined for an unknown ID. */
  zoneFor(windowsId: string, territory: string = WORLD_TERRITORY): string | undefined {
    const id = this.id(windowsId);
    if (!id) return undefined;
    const zones = this.zonesByIdAndTerritory.get(`${id}|${territory.toUpperCase()}`) ?? this.zonesByIdAndTerritory.get(`${id}|${WORLD_TERRITORY}`);
    return zones?.[0];
  }
}

let shared: WindowsZones | undefined;

/** One parsed copy per process: the file is the installed cldr-core's and does not change while running. */
export function windowsZones(): WindowsZones {
  return (shared ??= new WindowsZones());
}

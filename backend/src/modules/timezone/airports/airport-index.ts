import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Written by `npm run airports` (src/bin/build-airport-data.ts) from OurAirports' data. */
const AIRPORT_DATA = fileURLToPath(new URL('../../../../data/airports/airports.tsv', import.meta.url));

/** An airport as the data has it; its zone is not here: it comes from the boundary data at its coordinates. */
export interface Airport {
  iata: string | null;
  icao: string | null;
  name: string;
  city: string | null;
  countryCode: string;
  latitude: number;
  longitude: number;
}

/** The airports by IATA (3 letters) and ICAO (4 letters) code, read once from the shipped file. */
export class AirportIndex {
  private readonly byCode = new Map<string, Airport>();
  /** The data's own line: its source and package version. */
  readonly source: string;

  constructor(text: string) {
    const lines = text.split('\n');
    this.source = lines[0]?.startsWith('#') ? lines[0].slice(1).split(':')[0].trim() : 'OurAirports';
    for (const line of lines) {
      if (line === '' || line.startsWith('#')) continue;
      const [iata, icao, name, city, countryCode, latitude, longitude] = line.split('\t');
      const airport: Airport = {
        iata: iata || null,
        icao: icao || null,
        name,
        city: city || null,
        countryCode,
        latitude: Number(latitude),
        longitude: Number(longitude),
      };
      if (airport.iata) this.byCode.set(airport.iata, airport);
      if (airport.icao) this.byCode.set(airport.icao, airport);
    }
  }

  /** How many codes the index answers. */
  get size(): number {
    return this.byCode.size;
  }

  /** Every airport once. */
  all(): Airport[] {
    return [...new Set(this.byCode.values())];
  }

  /** The airport with this IATA or ICAO code (case and surrounding spaces ignored), or undefined. */
  find(code: string): Airport | undefined {
    const key = code.trim().toUpperCase();
    return /^[A-Z0-9]{3,4}$/.test(key) ? this.byCode.get(key) : undefined;
  }
}

let shared: AirportIndex | null = null;

/** One index per process, read on first use. */
export function airportIndex(): AirportIndex {
  shared ??= new AirportIndex(readFileSync(AIRPORT_DATA, 'utf8'));
  return shared;
}

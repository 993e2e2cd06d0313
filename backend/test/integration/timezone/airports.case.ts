import { jest } from '@jest/globals';
import { airportIndex } from '../../../src/modules/timezone/airports/airport-index.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

/** 2026-07-01 12:00 UTC: London on BST. */
const NOW = Date.parse('2026-07-01T12:00:00Z');

describe('airports by IATA or ICAO code (GET /api/timezone/airport, POST /api/timezone/airport/batch, airport:XXX)', () => {
  let t: TestApp;
  let key = '';

  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'free' }))).key;
  });
  afterAll(() => t?.close());
  beforeEach(() => freezeClock(NOW));
  afterEach(() => jest.useRealTimers());

  const remaining = (res: { headers: Headers }) => Number(res.headers.get('ratelimit-remaining'));
  const get = (path: string) => t.client().get(path, { 'x-api-key': key });
  const post = (path: string, body: unknown) => t.client().post(path, body, { 'x-api-key': key });

  it('answers the airport, the zone at its coordinates and the time there, metered as one request', async () => {
    const before = remaining(await get('/api/time/utc'));
    const res = await get('/api/timezone/airport?code=egll');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tzdb-version')).toMatch(/^\d{4}[a-z]$/);
    expect(remaining(res)).toBe(before - 1);
    expect(res.body as Json).toMatchObject({
      airport: { iata: 'LHR', icao: 'EGLL', name: 'London Heathrow Airport', city: 'London', country_code: 'GB' },
      timezone: 'Europe/London',
      current_time: '2026-07-01T13:00:00+01:00',
      coordinates: { latitude: 51.4706, longitude: -0.461941 },
    });
  });

  it('an unknown code is a 404 problem naming it; a missing one a 400', async () => {
    const res = await get('/api/timezone/airport?code=ZZZ');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body as Json).toMatchObject({ code: 'unknown_airport', field: 'code', airportCode: 'ZZZ' });
    expect((await get('/api/timezone/airport')).status).toBe(400);
  });

  it('a batch of 100 codes answers in one call, counted as one request; unknown codes are listed', async () => {
    const codes = airportIndex()
      .all()
      .filter((a) => a.iata)
      .slice(0, 99)
      .map((a) => a.iata!);
    codes.push('ZZZ');
    const before = remaining(await get('/api/time/utc'));
    const res = await post('/api/timezone/airport/batch', { codes });
    expect(res.status).toBe(200);
    expect(remaining(res)).toBe(before - 1);
    const body = res.body as Json;
    expect({ total: body.total, unknown: body.unknown_codes }).toEqual({ total: 99, unknown: ['ZZZ'] });
    expect(body.airports.map((a: Json) => a.airport.iata)).toEqual(codes.slice(0, 99));
  });

  it('more than 100 codes is a 400 naming the field', async () => {
    const res = await post('/api/timezone/airport/batch', { codes: Array.from({ length: 101 }, () => 'LHR') });
    expect(res.status).toBe(400);
    expect((res.body as Json).errors?.[0]?.field).toBe('codes');
  });

  it('time/current and conversion take airport:LHR wherever they take a zone', async () => {
    const current = await get('/api/time/current?timezone=airport:LHR');
    expect(current.status).toBe(200);
    expect((current.body as Json).timezone).toBe('Europe/London');
    const conversion = await post('/api/conversion/timezone', { fromTimeZone: 'airport:JFK', toTimeZone: 'airport:RJAA', dateTime: '2026-07-01T09:00:00' });
    expect(conversion.status).toBe(200);
    expect(conversion.body as Json).toMatchObject({ convertedDateTime: '2026-07-01T22:00:00+09:00' });
    const unknown = await get('/api/time/current?timezone=airport:ZZZ');
    expect(unknown.status).toBe(400);
    expect((unknown.body as Json).code).toBe('invalid_timezone');
  });
});

/**
 * GET /api/astronomy over HTTP: what only HTTP shows (formats, problem documents, the quota weight, metering, the
 * OpenAPI document). The sky itself is checked in src/modules/astronomy/*.spec.ts and against PyEphem in test/oracle.
 */
import { XMLParser } from 'fast-xml-parser';
import { RateLimiter } from '../../../src/common/redis/rate-limiter.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { DEMO_LIMIT } from '../../../src/modules/timezone/public-timezones.controller.js';
import { WORLD_CLOCK_CITIES } from '@tzapi/shared/site';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

const BERLIN = 'latitude=52.52&longitude=13.405';

describe('GET /api/astronomy', () => {
  let t: TestApp;
  let key = '';
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(() => t?.close());

  const get = (path: string, apiKey = key, headers: Record<string, string> = {}) => t.client().get(path, { 'x-api-key': apiKey, ...headers });

  it("answers Berlin's 28 March 2027 in JSON, naming the zone and the release the offsets come from", async () => {
    const res = await get(`/api/astronomy?${BERLIN}&date=2027-03-28`);
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.timezone).toBe('Europe/Berlin');
    expect(body.tzdb_version).toBe(res.headers.get('x-tzdb-version'));
    expect(body.place).toEqual({ source: 'coordinates', latitude: 52.52, longitude: 13.405, elevation: 0, city: null, country_code: null, ip: null });
    expect(body.days).toHaveLength(1);
    const day = body.days[0];
    expect(day).toMatchObject({ date: '2027-03-28', sun_status: 'normal', sun_status_reason: null });
    expect(day.moonrise[0].time).toMatch(/^2027-03-28T01:\d\d:\d\d\+01:00$/);
    expect(day.sunrise.time).toMatch(/^2027-03-28T06:\d\d:\d\d\+02:00$/);
    expect(day.sunset.utc).toMatch(/^2027-03-28T17:\d\d:\d\dZ$/);
  });

  it('answers polar night in Tromsø with null times and the reason', async () => {
    const res = await get('/api/astronomy?latitude=69.6492&longitude=18.9553&date=2027-12-21');
    expect(res.status).toBe(200);
    expect((res.body as Json).days[0]).toMatchObject({
      sun_status: 'sun_always_down',
      sunrise: null,
      sunset: null,
      sun_status_reason: expect.stringMatching(/^Polar night/),
    });
  });

  it('answers by city and by IP address, in the zone each resolves to', async () => {
    const city = await get('/api/astronomy?city=Kathmandu&date=2027-06-01');
    expect([city.status, (city.body as Json).timezone, (city.body as Json).place.source]).toEqual([200, 'Asia/Kathmandu', 'city']);
    expect((city.body as Json).days[0].sunrise.time).toMatch(/\+05:45$/);
    const ip = await get('/api/astronomy?ip=81.2.69.142&date=2027-06-01');
    expect([ip.status, (ip.body as Json).timezone, (ip.body as Json).place.ip]).toEqual([200, 'Europe/London', '81.2.69.142']);
  });

  it('answers XML, and CSV with one line per local date and a moon list joined by |', async () => {
    const xml = await get(`/api/astronomy?${BERLIN}&date=2027-03-28&format=xml`);
    expect([xml.status, xml.headers.get('content-type')]).toEqual([200, expect.stringContaining('application/xml')]);
    const parsed = new XMLParser().parse(xml.text) as Json;
    expect(JSON.stringify(parsed)).toContain('Europe/Berlin');
    const csv = await get(`/api/astronomy?${BERLIN}&from=2027-03-27&to=2027-03-29`, key, { accept: 'text/csv' });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/csv')]);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(4);
    const header = lines[0].split(',').map((h) => h.replace(/"/g, ''));
    for (const column of ['timezone', 'tzdb_version', 'date', 'sunrise.time', 'sunrise.utc', 'civil_twilight.begin.time', 'moonrise.time', 'moon_phase.name'])
      expect(header).toContain(column);
    expect(lines[1]).toContain('2027-03-27');
  });

  it.each([
    ['latitude=91&longitude=0', 400, 'invalid_coordinates'],
    ['latitude=52.5', 400, 'invalid_coordinates'],
    ['date=2027-01-01', 400, 'invalid_place'],
    ['city=Berlin&ip=81.2.69.142', 400, 'invalid_place'],
    ['city=Qzxqzxqzx', 404, 'unknown_city'],
    ['ip=10.1.2.3', 422, 'ip_not_public'],
    ['ip=1.2.3.4.5', 400, 'invalid_ip'],
    [`${BERLIN}&from=2027-01-01&to=2027-02-01`, 400, 'range_too_long'],
    [`${BERLIN}&date=1899-12-31`, 400, 'date_out_of_range'],
    [`${BERLIN}&date=2027-13-01`, 400, 'invalid_date'],
    [`${BERLIN}&elevation=20000`, 400, 'invalid_elevation'],
    [`${BERLIN}&date=2027-01-01&format=yaml`, 406, 'not_acceptable'],
  ])('%s is %i %s, a problem document', async (query, status, code) => {
    const res = await get(`/api/astronomy?${query}`);
    expect([res.status, (res.body as Json).code]).toEqual([status, code]);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('counts one request per 7 days asked, and every answer is a usage row of /api/astronomy', async () => {
    const user = await createUser(t, { plan: 'free' });
    const { key: free } = await createApiKey(t, user);
    const remaining = (res: { headers: Headers }) => Number(res.headers.get('ratelimit-remaining'));
    const one = await get(`/api/astronomy?${BERLIN}&date=2027-06-01`, free);
    expect([one.status, remaining(one)]).toEqual([200, 99]);
    const month = await get(`/api/astronomy?${BERLIN}&from=2027-06-01&to=2027-07-01`, free);
    expect([month.status, (month.body as Json).days.length, remaining(month)]).toEqual([200, 31, 94]);
    const week = await get(`/api/astronomy?${BERLIN}&from=2027-06-01&to=2027-06-07`, free);
    expect(remaining(week)).toBe(93);
    await t.app.get(UsageRecorder).flush();
    const summary = await (await signedInClient(t, user)).get('/api/usage/summary');
    expect((summary.body as Json).topEndpoints).toEqual([{ endpoint: '/api/astronomy', count: 3 }]);
  });

  it('is in the OpenAPI document as a sold route with its formats and problems', async () => {
    const spec = (await t.client().get('/openapi/openapi.json')).body as Json;
    const op = spec.paths['/api/astronomy'].get;
    expect(op.tags).toEqual(['Astronomy']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '406', '422', '429']));
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/json', 'application/xml', 'text/csv']);
    expect(Object.keys(op.responses['400'].content['application/problem+json'].examples)).toEqual(
      expect.arrayContaining(['invalid_coordinates', 'invalid_place', 'range_too_long', 'date_out_of_range', 'invalid_elevation']),
    );
    expect(op.parameters.map((p: Json) => p.name)).toEqual(expect.arrayContaining(['latitude', 'longitude', 'city', 'ip', 'elevation', 'date', 'from', 'to']));
  });

  it("answers the world clock cards without a key, today's sky for a demo city, and refuses other places", async () => {
    const london = await t.client().get('/api/public/demo/sun?city=London');
    expect([london.status, (london.body as Json).timezone, (london.body as Json).days.length]).toEqual([200, 'Europe/London', 1]);
    expect(london.headers.get('cache-control')).toBe('public, max-age=600');
    const kathmandu = await t.client().get('/api/public/demo/sun?city=Kathmandu');
    expect([kathmandu.status, (kathmandu.body as Json).code]).toEqual([400, 'invalid_place']);
  });

  it(`the world clock's sun allows ${DEMO_LIMIT.requests} views a minute of its ${WORLD_CLOCK_CITIES.length} cards per IP address, then 429`, async () => {
    // The test client always comes from 127.0.0.1: its window starts empty here, whatever the tests above used.
    await t.app.get(RateLimiter).reset('demo-sun:ip:127.0.0.1');
    const client = t.client();
    for (let view = 0; view < DEMO_LIMIT.requests; view++) {
      const answers = await Promise.all(WORLD_CLOCK_CITIES.map(({ city }) => client.get(`/api/public/demo/sun?city=${encodeURIComponent(city)}`)));
      expect(answers.map((a) => a.status)).toEqual(WORLD_CLOCK_CITIES.map(() => 200));
    }
    const refused = await client.get('/api/public/demo/sun?city=London');
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(refused.body.detail).toContain(`allows ${DEMO_LIMIT.requests * WORLD_CLOCK_CITIES.length} requests a minute`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

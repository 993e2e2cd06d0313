/**
 * What HTTP shows of the business-time routes: status codes, problem documents, the three formats carrying the same
 * fields, the data named in every answer and in /api/health, metering, and the routes in the OpenAPI document. The
 * arithmetic itself is checked in the module's unit specs.
 */
import { createRequire } from 'node:module';
import { XMLParser } from 'fast-xml-parser';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { freezeClock } from '../../support/clock.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import { jest } from '@jest/globals';

const HOURS = { start: '2026-11-13T16:00:00', hours: 4, timeZone: 'America/New_York', country: 'US' };

describe('business-time routes over HTTP', () => {
  let app: TestApp;
  let key: string;
  let userId: string;
  let dataName: string;

  beforeAll(async () => {
    app = await createTestApp();
    const user = await createUser(app, { plan: 'enterprise' });
    userId = user.id;
    key = (await createApiKey(app, user)).key;
    dataName = `date-holidays ${(createRequire(import.meta.url)('date-holidays/package.json') as { version: string }).version}`;
  });
  afterAll(() => app.close());
  afterEach(() => jest.useRealTimers());

  const get = (path: string, headers: Record<string, string> = {}) => app.client().get(path, { 'x-api-key': key, ...headers });
  const post = (path: string, body: unknown, query = '') => app.client().post(`${path}${query}`, body, { 'x-api-key': key });

  it('answers a holiday list with instants in the zone, and the data it came from', async () => {
    const res = await get('/api/holidays?country=US&subdivision=CA&year=2027&types=public');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country: 'US', subdivision: 'CA', year: 2027, timeZone: 'America/Los_Angeles', holidaysData: dataName });
    expect(res.body.holidays).toContainEqual(
      expect.objectContaining({
        date: '2027-07-05',
        name: 'Independence Day (substitute day)',
        substitute: true,
        start: '2027-07-05T00:00:00-07:00',
        end: '2027-07-06T00:00:00-07:00',
        types: ['public'],
      }),
    );
  });

  it('the countries list and a date check answer 200 with the CLDR weekend', async () => {
    const countries = await get('/api/holidays/countries');
    expect(countries.status).toBe(200);
    expect(countries.body.countries.find((c: { code: string }) => c.code === 'IL')).toMatchObject({ weekend: ['friday', 'saturday'] });
    const check = await get('/api/holidays/check?country=IL&date=2027-01-10');
    expect(check.body).toMatchObject({ dayOfWeek: 'sunday', isWeekend: false, isBusinessDay: true, holidaysData: dataName });
  });

  it('the four calculations answer 200 with their documented fields', async () => {
    const days = await post('/api/calculation/business-days', { startDate: '2027-07-02', days: 1, country: 'US' });
    expect(days.status).toBe(200);
    expect(days.body).toMatchObject({ resultDate: '2027-07-06', calendarDays: 4, holidaysData: dataName });
    const duration = await post('/api/calculation/business-duration', { startDate: '2027-07-01', endDate: '2027-07-31', country: 'US', includeEnd: true });
    // July 2027: nine weekend days, one of them Independence Day (Sunday 4th), observed on Monday 5th.
    expect(duration.body).toMatchObject({ businessDays: 21, calendarDays: 31, weekendDays: 8, holidays: [{ date: '2027-07-04' }, { date: '2027-07-05' }] });
    const hours = await post('/api/calculation/business-hours', HOURS);
    expect(hours.body).toMatchObject({ deadline: '2026-11-16T12:00:00-05:00', workingMinutes: 240 });
    freezeClock(Date.parse('2026-11-13T21:30:00Z'));
    const open = await get('/api/calculation/business-hours/open?timeZone=America/New_York&country=US');
    expect(open.body).toMatchObject({
      at: '2026-11-13T16:30:00-05:00',
      open: true,
      closesAt: '2026-11-13T17:00:00-05:00',
      nextOpening: '2026-11-16T09:00:00-05:00',
    });
  });

  it('XML and CSV carry the same fields as JSON', async () => {
    const json = await post('/api/calculation/business-hours', HOURS);
    const xml = await post('/api/calculation/business-hours', HOURS, '?format=xml');
    expect(xml.headers.get('content-type')).toContain('application/xml');
    const parsed = new XMLParser().parse(xml.text) as Record<string, Record<string, unknown>>;
    const root = Object.values(parsed).find((v) => typeof v === 'object')!;
    for (const field of Object.keys(json.body)) expect(root).toHaveProperty(field);
    expect(root.deadline).toBe(json.body.deadline);

    const list = await get('/api/holidays?country=DE&year=2027&format=csv');
    expect(list.headers.get('content-type')).toContain('text/csv');
    const [header, ...rows] = list.text.trim().split('\n');
    const jsonList = await get('/api/holidays?country=DE&year=2027');
    expect(header.split(',').map((h) => JSON.parse(h))).toEqual(
      expect.arrayContaining(['date', 'name', 'localName', 'types', 'substitute', 'start', 'end', 'subdivisions', 'holidaysData']),
    );
    expect(rows).toHaveLength(jsonList.body.holidays.length);
    expect(rows[0]).toContain('"2027-01-01"');
  });

  it('bad input answers 400 problems with stable codes, never a 500', async () => {
    const cases: [Promise<{ status: number; body: { code: string } }>, string][] = [
      [get('/api/holidays?country=XX&year=2027'), 'unknown_country'],
      [get('/api/holidays?country=US&subdivision=ZZ&year=2027'), 'unknown_subdivision'],
      [get('/api/holidays?country=US&year=1969'), 'year_out_of_range'],
      [get('/api/holidays/check?country=US&date=2027-02-30'), 'invalid_date'],
      [post('/api/calculation/business-days', { startDate: '2027-07-02', days: 10_001, country: 'US' }), 'days_out_of_range'],
      [post('/api/calculation/business-hours', { ...HOURS, hours: 5000 }), 'working_time_out_of_range'],
      [post('/api/calculation/business-hours', { ...HOURS, openingHours: { monday: ['09:00-12:00', '11:00-13:00'] } }), 'invalid_opening_hours'],
      [post('/api/calculation/business-hours', { ...HOURS, openingHours: {} }), 'invalid_opening_hours'],
      [post('/api/calculation/business-hours', { ...HOURS, start: '2027-03-14T02:30:00' }), 'invalid_local_time'],
      [post('/api/calculation/business-days', { startDate: '2027-07-02', days: 'many', country: 'US' }), 'validation_failed'],
    ];
    for (const [pending, code] of cases) {
      const res = await pending;
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code });
    }
  });

  it('every answer, good or bad, is metered as a usage row of its route', async () => {
    await get('/api/holidays/countries');
    await post('/api/calculation/business-days', { startDate: 'nope', days: 1, country: 'US' });
    await app.app.get(UsageRecorder).flush();
    const today = new Date().toISOString().slice(0, 10);
    const rows = await app.app.get(UsageRepository).summary(userId, today, today);
    const endpoints = rows.filter((r) => r.endpoint !== null && r.statusCode === null).map((r) => r.endpoint);
    expect(endpoints).toEqual(expect.arrayContaining(['/api/holidays/countries', '/api/calculation/business-days', '/api/calculation/business-hours']));
    expect(rows.find((r) => r.endpoint === null && r.statusCode === 400)?.count).toBeGreaterThan(0);
  });

  it('needs a key, and the routes are in the OpenAPI document with answer schemas', async () => {
    expect((await app.client().get('/api/holidays?country=US&year=2027')).status).toBe(401);
    const doc = (await app.client().get('/openapi/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>>;
    };
    for (const [path, method] of [
      ['/api/holidays', 'get'],
      ['/api/holidays/countries', 'get'],
      ['/api/holidays/check', 'get'],
      ['/api/calculation/business-days', 'post'],
      ['/api/calculation/business-duration', 'post'],
      ['/api/calculation/business-hours', 'post'],
      ['/api/calculation/business-hours/open', 'get'],
    ]) {
      expect(doc.paths[path]?.[method]?.responses['200'].content['application/json'].schema).toEqual({ $ref: expect.stringMatching(/View$/) });
    }
  });

  it('/api/health names the holiday data', async () => {
    const health = await app.client().get('/api/health');
    expect(health.body).toMatchObject({ holidaysDataVersion: dataName });
  });
});

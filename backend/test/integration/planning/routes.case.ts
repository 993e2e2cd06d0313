/**
 * Planning over HTTP: what only HTTP shows (formats, problem documents, the quota weight, the keyless planner path,
 * the OpenAPI document). The slot search and the expansion are checked in src/modules/planning and
 * src/modules/timezone/recurrence specs, and against python's zoneinfo and dateutil in test/oracle.
 */
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

const SLOTS = {
  participants: [
    { label: 'Ana', timezone: 'America/New_York' },
    { label: 'Ben', city: 'London' },
  ],
  durationMinutes: 60,
  from: '2027-03-15',
  to: '2027-03-15',
  stepMinutes: 60,
};
const WEEKLY = 'DTSTART;TZID=America/New_York:20270301T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3';

describe('planning routes', () => {
  let t: TestApp;
  let key = '';
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown, apiKey = key, headers: Record<string, string> = {}) =>
    t.client().post(path, body, { 'x-api-key': apiKey, ...headers });
  const remaining = (res: { headers: Headers }) => Number(res.headers.get('ratelimit-remaining'));

  it('answers meeting slots for New York and London (by city) on a day the US is on summer time and London not', async () => {
    const res = await post('/api/planning/meeting-slots', SLOTS);
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.fullOverlap).toBe(true);
    expect(body.people.map((p: Json) => p.timezone)).toEqual(['America/New_York', 'Europe/London']);
    expect(body.days).toEqual([{ date: '2027-03-15', overlaps: [{ start: '2027-03-15T13:00:00Z', end: '2027-03-15T17:00:00Z', minutes: 240 }] }]);
    expect(body.slots[0].participants[0].start).toMatch(/-04:00$/);
  });

  it('answers the slots as CSV, one line per slot', async () => {
    const csv = await post('/api/planning/meeting-slots?format=csv', { ...SLOTS, limit: 3 });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/csv')]);
    expect(csv.text.trim().split('\n')).toHaveLength(4);
  });

  it('expands a weekly rule with its offsets, as JSON and XML', async () => {
    const res = await post('/api/calculation/recurrence', { rule: WEEKLY });
    expect(res.status).toBe(200);
    expect((res.body as Json).occurrences.map((o: Json) => o.localDateTime)).toEqual([
      '2027-03-01T09:30:00-05:00',
      '2027-03-08T09:30:00-05:00',
      '2027-03-15T09:30:00-04:00',
    ]);
    const xml = await post('/api/calculation/recurrence?format=xml', { rule: WEEKLY });
    expect([xml.status, xml.text]).toEqual([200, expect.stringContaining('2027-03-15T13:30:00Z')]);
  });

  it('answers who is at 09:00, grouped by offset', async () => {
    const res = await t.client().get('/api/timezone/at-local-time?time=09:00&at=2027-03-10T14:00:00Z', { 'x-api-key': key });
    expect(res.status).toBe(200);
    const body = res.body as Json;
    expect(body.groups.map((g: Json) => g.utc_offset)).toEqual(['-05:00']);
    expect(body.groups[0].zones.map((z: Json) => z.timezone)).toContain('America/New_York');
  });

  it.each([
    ['/api/planning/meeting-slots', { ...SLOTS, participants: [SLOTS.participants[0]] }, 400, 'invalid_participants'],
    ['/api/planning/meeting-slots', { ...SLOTS, participants: [...SLOTS.participants, { label: 'X' }] }, 400, 'invalid_participant'],
    ['/api/planning/meeting-slots', { ...SLOTS, participants: [...SLOTS.participants, { label: 'X', city: 'Qzxqzxqzx' }] }, 404, 'unknown_city'],
    ['/api/planning/meeting-slots', { ...SLOTS, to: '2027-05-01' }, 400, 'range_too_long'],
    ['/api/planning/meeting-slots', { ...SLOTS, stepMinutes: 45 }, 400, 'invalid_step'],
    ['/api/calculation/recurrence', { rule: 'DTSTART:20270301T093000Z\nRRULE:FREQ=SOMETIMES' }, 400, 'invalid_recurrence'],
    ['/api/calculation/recurrence', { rule: 'DTSTART:20270301T093000Z\nRRULE:FREQ=DAILY' }, 400, 'too_many_occurrences'],
    ['/api/calculation/recurrence', { rule: 'DTSTART:20270301T093000Z\nRRULE:FREQ=DAILY;COUNT=1001' }, 400, 'recurrence_count_too_large'],
    ['/api/calculation/recurrence', { rule: 'DTSTART;TZID=Mars/Olympus:20270301T093000\nRRULE:FREQ=DAILY;COUNT=2' }, 400, 'invalid_timezone'],
  ])('%s refuses a bad body with a problem (%#)', async (path, body, status, code) => {
    const res = await post(path, body);
    expect([res.status, (res.body as Json).code]).toEqual([status, code]);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('counts one request per 100 occurrences, or per 100 participant-slots', async () => {
    const { key: free } = await createApiKey(t, await createUser(t, { plan: 'free' }));
    const few = await post('/api/calculation/recurrence', { rule: WEEKLY }, free);
    expect([few.status, remaining(few)]).toEqual([200, 99]);
    const many = await post('/api/calculation/recurrence', { rule: 'DTSTART:20270301T093000Z\nRRULE:FREQ=DAILY;COUNT=250' }, free);
    expect([many.status, remaining(many)]).toEqual([200, 96]);
    // One day at 60-minute steps is 24 candidates, for two participants 48 participant-slots: one request.
    const slots = await post('/api/planning/meeting-slots', SLOTS, free);
    expect([slots.status, remaining(slots)]).toEqual([200, 95]);
  });

  it("answers the site's planner without a key, for at most a fortnight", async () => {
    const res = await t.client().post('/api/public/planner/meeting-slots', SLOTS);
    expect([res.status, (res.body as Json).fullOverlap]).toEqual([200, true]);
    const long = await t.client().post('/api/public/planner/meeting-slots', { ...SLOTS, to: '2027-04-05' });
    expect([long.status, (long.body as Json).code]).toEqual([400, 'range_too_long']);
  });

  it('is in the OpenAPI document with its formats and problems', async () => {
    const spec = (await t.client().get('/openapi/openapi.json')).body as Json;
    const slots = spec.paths['/api/planning/meeting-slots'].post;
    expect(slots.tags).toEqual(['Planning']);
    expect(Object.keys(slots.responses['400'].content['application/problem+json'].examples)).toEqual(
      expect.arrayContaining(['invalid_participants', 'invalid_participant', 'invalid_step', 'range_too_long']),
    );
    const recurrence = spec.paths['/api/calculation/recurrence'].post;
    expect(Object.keys(recurrence.responses['400'].content['application/problem+json'].examples)).toEqual(
      expect.arrayContaining(['invalid_recurrence', 'recurrence_count_too_large', 'too_many_occurrences']),
    );
    expect(spec.paths['/api/timezone/at-local-time'].get).toBeDefined();
  });
});

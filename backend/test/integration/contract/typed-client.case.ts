import { jest } from '@jest/globals';
import { createTzApiClient, TzApiError, type Schema } from '../../../../packages/client/src/index.js';
import { createUser, signedInClient } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** The TypeScript client of packages/client against the running product, with a key made the way a customer makes one. */
describe('the typed client (@tzapi/client)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits counted in this process (no Redis), so the frozen clock is the one the hour window reads.
    t = await createTestApp({ REDIS_URL: undefined });
  });
  afterEach(() => jest.useRealTimers());
  afterAll(() => t?.close());

  async function newKey(): Promise<{ key: string; userId: string }> {
    const user = await createUser(t);
    const created = await (await signedInClient(t, user)).post('/api/api-keys', { name: 'Client', ipRestrictions: [], urlRestrictions: [] });
    expect(created.status).toBe(201);
    return { key: created.body.key as string, userId: user.id };
  }

  it('calls five endpoints with a real key in X-API-Key and answers their typed models', async () => {
    const { key } = await newKey();
    const sent: Request[] = [];
    const tz = createTzApiClient({ apiKey: key, baseUrl: t.url, fetch: (request) => (sent.push(request.clone()), fetch(request)) });

    const now: Schema<'CurrentTimeView'> = await tz.get('/api/time/current', { params: { query: { timezone: 'europe/paris' } } });
    expect(now).toMatchObject({ timezone: 'Europe/Paris', location: { country_code: 'FR' } });
    expect(now.utc_offset).toMatch(/^\+0[12]:00$/);

    const utc: Schema<'UtcTimeView'> = await tz.get('/api/time/utc');
    expect(Number.isInteger(utc.unix_timestamp)).toBe(true);

    const info: Schema<'ZoneInfoView'> = await tz.get('/api/timezone/info', { params: { query: { timezone: 'America/Los_Angeles', date: '2024-01-15' } } });
    expect(info).toMatchObject({ timezone: 'America/Los_Angeles', raw_offset: expect.anything(), observes_dst: true });

    const converted: Schema<'ConversionView'> = await tz.post('/api/conversion/timezone', {
      body: { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' },
    });
    expect(converted.convertedDateTime).toBe('2024-07-01T14:00:00+01:00');

    const day: Schema<'DayOfWeekView'> = await tz.get('/api/calculation/dayofweek', { params: { query: { date: '2024-07-01' } } });
    expect(day).toMatchObject({ dayOfWeek: 'Monday', isWeekend: false });

    expect(sent).toHaveLength(5);
    for (const request of sent) expect(request.headers.get('x-api-key')).toBe(key);
  });

  it("a refused call throws a TzApiError carrying the problem's status, code and detail", async () => {
    const { key } = await newKey();
    const tz = createTzApiClient({ apiKey: key, baseUrl: t.url });
    const refused = await tz.get('/api/time/current', { params: { query: { timezone: 'Mars/Olympus_Mons' } } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TzApiError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_timezone', problem: { code: 'invalid_timezone', status: 400 } });
    expect((refused as TzApiError).detail).toContain('Mars/Olympus_Mons');
    expect((refused as TzApiError).requestId).toBeTruthy();

    const wrongKey = createTzApiClient({ apiKey: 'tzk_live_000000000000000000000000000000', baseUrl: t.url });
    await expect(wrongKey.get('/api/time/utc')).rejects.toMatchObject({ status: 401, code: expect.stringMatching(/_api_key$/) });
  });

  it('on 429 waits the Retry-After the server sent and tries again; a longer wait than allowed is answered at once', async () => {
    const { key, userId } = await newKey();
    const admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    expect((await admin.put(`/api/admin/users/${userId}/limits`, { hourlyQuota: 1 })).status).toBe(200);
    freezeClock();

    const answers: { status: number; retryAfter: string | null }[] = [];
    const waits: number[] = [];
    const recordingFetch = async (request: Request) => {
      const response = await fetch(request);
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
      return response;
    };
    // The wait moves the frozen clock instead of sleeping: the hour passes for the server, not for the test.
    const sleep = async (ms: number) => {
      waits.push(ms);
      advanceClock(ms);
    };

    const impatient = createTzApiClient({ apiKey: key, baseUrl: t.url, fetch: recordingFetch, retry: { maxDelayMs: 60_000, sleep } });
    expect((await impatient.get('/api/time/utc')).utc_time).toBeTruthy();
    await expect(impatient.get('/api/time/utc')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(waits).toEqual([]);
    const noRetry = createTzApiClient({ apiKey: key, baseUrl: t.url, fetch: recordingFetch, retry: false });
    await expect(noRetry.get('/api/time/utc')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });

    answers.length = 0;
    const patient = createTzApiClient({ apiKey: key, baseUrl: t.url, fetch: recordingFetch, retry: { retries: 2, maxDelayMs: 3_600_000, sleep } });
    const utc = await patient.get('/api/time/utc');
    expect(utc.utc_time).toBeTruthy();
    expect(answers.map((a) => a.status)).toEqual([429, 200]);
    expect(Number(answers[0].retryAfter)).toBeGreaterThan(60);
    expect(waits).toEqual([Number(answers[0].retryAfter) * 1000]);
  });
});

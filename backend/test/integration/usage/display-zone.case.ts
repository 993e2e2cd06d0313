import { randomUUID } from 'node:crypto';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';
import type { UsageRow } from '../../../src/modules/usage/usage-record.js';

const HOUR = 3_600_000;

/** Issue 48 over HTTP: the Usage page and the request log agree on a window in the viewer's zone, and an id is found whenever it was made. */
describe('usage in the display zone (Usage and Requests agree)', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  const oldRequestId = randomUUID();
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'premium' });
    userId = user.id;
    const key = await createApiKey(t, user, { name: 'Zones' });
    client = await signedInClient(t, user);
    // Three days of rows every 11 minutes, written with their own times, and one two days old with a known id.
    const rows: UsageRow[] = [];
    for (let ts = now - 72 * HOUR, i = 0; ts < now - 60_000; ts += 660_000, i++) {
      rows.push({
        timestamp: ts,
        userId,
        keyId: key.id,
        endpoint: '/api/time/current',
        method: 'GET',
        statusCode: i % 9 ? 200 : 404,
        responseMs: 1.5,
        ipAddress: null,
      });
    }
    rows.push({
      timestamp: now - 49 * HOUR,
      userId,
      keyId: key.id,
      endpoint: '/api/time/utc',
      method: 'GET',
      statusCode: 200,
      responseMs: 0.49,
      ipAddress: null,
      requestId: oldRequestId,
    });
    await t.app.get(UsageRepository).write(rows);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['Asia/Kolkata', 'UTC'])('in %s: the last 24 hours and the last 2 local days read the same total on both pages', async (tz) => {
    const to = new Date(now).toISOString();
    const windows = [new Date(now - 24 * HOUR).toISOString()];
    // The two local days ending today: from the first one's midnight, as Usage's day bars start.
    const days = await client.get<{ perDay: { start: string }[] }>(
      `/api/usage/summary?startDate=${new Date(now - 24 * HOUR).toISOString()}&endDate=${to}&tz=${tz}`,
    );
    expect(days.status).toBe(200);
    windows.push(days.body.perDay[0].start);
    for (const from of windows) {
      const usage = await client.get<{ totalRequests: number; timeZone: string }>(
        `/api/usage/summary?startDate=${from}&endDate=${to}&tz=${encodeURIComponent(tz)}&exact=true`,
      );
      const stats = await client.get<{ total: number; timeZone: string }>(
        `/api/usage/requests/stats?from=${from}&to=${new Date(now + 1).toISOString()}&tz=${encodeURIComponent(tz)}`,
      );
      expect(usage.status).toBe(200);
      expect(stats.status).toBe(200);
      expect(usage.body.timeZone).toBe(tz);
      expect(stats.body.timeZone).toBe(tz);
      expect(usage.body.totalRequests).toBeGreaterThan(100);
      expect(usage.body.totalRequests).toBe(stats.body.total);
    }
  });

  it("Kolkata's days start at 18:30 UTC, UTC's at midnight", async () => {
    for (const [tz, start] of [
      ['Asia/Kolkata', '18:30'],
      ['UTC', '00:00'],
    ]) {
      const res = await client.get<{ perDay: { date: string; start: string }[] }>(`/api/usage/summary?tz=${encodeURIComponent(tz)}`);
      expect(res.body.perDay).toHaveLength(7);
      expect(res.body.perDay.map((d) => d.start.slice(11, 16))).toEqual(res.body.perDay.map(() => start));
    }
  });

  it('a two-day-old request is found by its id from the last 24 hours, and opens in detail', async () => {
    const from = new Date(now - 24 * HOUR).toISOString();
    const res = await client.get<{ items: { id: string; requestId: string; responseTime: number }[] }>(
      `/api/usage/requests?from=${from}&status=4xx&requestId=${oldRequestId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ requestId: oldRequestId, responseTime: 0.49 });
    const detail = await client.get<{ requestId: string }>(`/api/usage/requests/${encodeURIComponent(res.body.items[0].id)}`);
    expect(detail.body.requestId).toBe(oldRequestId);
  });

  it('refuses a zone that is not one, and keeps the display zone on the account', async () => {
    const bad = await client.get<{ code: string; field: string }>('/api/usage/summary?tz=Nowhere/Special');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_timezone', field: 'tz' });
    expect((await client.get('/api/dashboard/stats?tz=Nowhere/Special')).status).toBe(400);

    const set = await client.put<{ displayZone: string | null }>('/api/profile/display-zone', { displayZone: 'Asia/Calcutta' });
    expect(set.status).toBe(200);
    expect(set.body.displayZone).toBe('Asia/Kolkata');
    expect((await client.get<{ displayZone: string | null }>('/api/me')).body.displayZone).toBe('Asia/Kolkata');
    const refused = await client.put<{ code: string }>('/api/profile/display-zone', { displayZone: 'Mars/Olympus' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_timezone');
    expect((await client.put<{ displayZone: string | null }>('/api/profile/display-zone', { displayZone: null })).body.displayZone).toBeNull();
  });
});

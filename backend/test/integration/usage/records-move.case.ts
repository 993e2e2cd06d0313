import pg from 'pg';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { countUsageEvents } from '../../support/usage-events.js';
import { insertLegacyRows } from '../../support/usage-log.js';
import { JobQueue } from '../../../src/modules/jobs/job-queue.js';
import { UsageBatchRepository } from '../../../src/modules/usage/usage-batch.repository.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';

describe('usage rows written before batches, moved by a scheduled job', () => {
  let t: TestApp;
  let db: pg.Client;
  let own: Awaited<ReturnType<typeof isolatedDatabase>>;
  // A database of its own: the job moves every account's rows, and the run's other specs read theirs meanwhile.
  beforeAll(async () => {
    own = await isolatedDatabase();
    t = await createTestApp({ DATABASE_URL: own.url });
    db = new pg.Client({ connectionString: own.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
    await own?.drop();
  });

  it('the job empties usage_records into batches, and Usage, its hours and the first request read the same before and after', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const key = await createApiKey(t, user);
    const now = Date.now();
    // Five rows of the last hour as the writer of before batches left them, then three answers written as batches.
    const legacy: [number, number, string][] = [
      [50, 200, '/api/time/utc'],
      [41, 404, '/api/time/current'],
      [30, 200, '/api/time/utc'],
      [17, 500, '/api/time/current'],
      [5, 200, '/api/time/utc'],
    ];
    await insertLegacyRows(
      db,
      legacy.map(([minutesAgo, statusCode, endpoint]) => ({
        timestamp: now - minutesAgo * 60_000,
        userId: user.id,
        keyId: key.id,
        endpoint,
        method: 'GET',
        statusCode,
        responseMs: 2,
        ipAddress: '203.0.113.1',
      })),
    );
    for (let i = 0; i < 3; i++) expect((await t.client().get('/api/time/utc', { 'x-api-key': key.key })).status).toBe(200);
    await t.app.get(UsageRecorder).flush();

    const client = await signedInClient(t, user);
    const read = async () => {
      const summary = await client.get(`/api/usage/summary?from=${new Date(now - 3_600_000).toISOString()}&to=${new Date().toISOString()}&exact=true`);
      expect(summary.status).toBe(200);
      const { totalRequests, statusCodes, topEndpoints, perHour, averageResponseTime } = summary.body;
      return { totalRequests, statusCodes, topEndpoints, perHour, averageResponseTime, first: (await client.get('/api/dashboard/stats')).body.firstRequestAt };
    };
    const before = await read();
    expect(before.totalRequests).toBe(8);
    expect(before.statusCodes).toEqual([
      { statusCode: 200, count: 6 },
      { statusCode: 404, count: 1 },
      { statusCode: 500, count: 1 },
    ]);
    expect(before.first).toBe(new Date(now - 50 * 60_000).toISOString());

    const jobs = t.app.get(JobQueue);
    const id = await jobs.send('usage-records-move', {});
    expect(await jobs.finished('usage-records-move', id!)).toBe('completed');
    const left = await db.query<{ n: string }>(`select count(*) as n from usage_records where user_id = $1`, [user.id]);
    expect(Number(left.rows[0].n)).toBe(0);
    expect(await countUsageEvents(db, user.id)).toBe(8);
    expect(await read()).toEqual(before);
  });

  it("merges a quiet account's small batches of a closed hour, and the request log's links still open their requests", async () => {
    const user = await createUser(t, { plan: 'premium' });
    const key = await createApiKey(t, user);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000;
    // Twelve flushes of one or two requests, as a quiet account's answers are written.
    for (let f = 0; f < 12; f++) {
      await t.app.get(UsageBatchRepository).write(
        Array.from({ length: 1 + (f % 2) }, (_, i) => ({
          timestamp: hour + f * 240_000 + i,
          userId: user.id,
          keyId: key.id,
          endpoint: '/api/time/current',
          method: 'GET',
          statusCode: f === 5 ? 404 : 200,
          responseMs: 1.5,
          ipAddress: '203.0.113.9',
          requestId: `quiet-${f}-${i}`,
          query: `timezone=Europe/Oslo&n=${f}`,
          rowId: 7_000_000_000 + f * 10 + i,
        })),
      );
    }
    const client = await signedInClient(t, user);
    const from = new Date(hour).toISOString();
    const before = (await client.get<{ items: { id: string; requestId: string }[] }>(`/api/usage/requests?from=${from}&limit=100`)).body.items;
    expect(before).toHaveLength(18);
    const batches = async () => Number((await db.query<{ n: string }>(`select count(*) as n from usage_batches where user_id = $1`, [user.id])).rows[0].n);
    expect(await batches()).toBe(12);

    const jobs = t.app.get(JobQueue);
    expect(await jobs.finished('usage-records-move', (await jobs.send('usage-records-move', {}))!)).toBe('completed');
    expect(await batches()).toBe(1);
    const after = (await client.get<{ items: { id: string; requestId: string }[] }>(`/api/usage/requests?from=${from}&limit=100`)).body.items;
    expect(after.map((i) => i.requestId)).toEqual(before.map((i) => i.requestId));
    // A link copied before the merge (a support ticket, a bookmark) opens the same request after it.
    for (const item of before) {
      const res = await client.get<{ requestId: string; parameters: Record<string, string> }>(`/api/usage/requests/${item.id}`);
      expect(res.status).toBe(200);
      expect(res.body.requestId).toBe(item.requestId);
      expect(res.body.parameters.timezone).toBe('Europe/Oslo');
    }
  });
});

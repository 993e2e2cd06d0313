import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { UsageBatchCounts } from '../../src/modules/usage/usage-batch-counts.repository.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import { UsageRecordsMove } from '../../src/modules/usage/usage-records-move.repository.js';
import { UsageRepository } from '../../src/modules/usage/usage.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { usageEventsByStatus } from '../support/usage-events.js';
import { insertLegacyRows } from '../support/usage-log.js';
import { insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

/** One answered GET /api/time/current as the recorder hands it to the writer. */
const timeCall = (userId: string, keyId: string, statusCode: number, timestamp: number): UsageRow => ({
  timestamp,
  userId,
  keyId,
  endpoint: '/api/time/current',
  method: 'GET',
  statusCode,
  responseMs: 1,
  ipAddress: null,
});

describe('usage: what the quota counts, on the real database', () => {
  let m: Medium;
  let store: UsageRepository;

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageBatchCounts, UsageRepository, UsageRecordsMove] });
    store = m.get(UsageRepository);
  });

  afterAll(async () => {
    await store?.close();
    await m?.close();
  });

  it('a 5xx row is kept for the request log but never counts toward the quota or its per-key totals', async () => {
    const user = await insertUser(m.em);
    const keyId = randomUUID();
    const now = Date.now();
    const row = (statusCode: number, ago: number): UsageRow => ({ ...timeCall(user.id, keyId, statusCode, now - ago), requestId: randomUUID() });
    await store.write([row(200, 5000), row(500, 4000), row(503, 3000), row(404, 2000), row(502, 1000), row(429, 500)]);
    const since = new Date(now - 60_000);
    expect(await store.quotaHits(user.id, since, 100)).toEqual([now - 5000, now - 2000]);
    expect(await store.usageByKey(user.id, since)).toEqual(new Map([[keyId, 2]]));
    expect([...(await usageEventsByStatus(m.module.get<UsagePool>(USAGE_POOL), user.id)).keys()]).toEqual([200, 404, 429, 500, 502, 503]);
  });

  it('rows written before batches count with the batches until moved, and the same once moved', async () => {
    const user = await insertUser(m.em);
    const [keyA, keyB] = [randomUUID(), randomUUID()];
    const now = Date.now();
    const pool = m.module.get<UsagePool>(USAGE_POOL);
    const row = (statusCode: number, ago: number, keyId: string): UsageRow => timeCall(user.id, keyId, statusCode, now - ago);
    // Legacy rows (with their daily roll-ups, as the writer before batches left them), the oldest first request among
    // them, then events in batches.
    await insertLegacyRows(pool, [
      { ...row(200, 9000, keyA), rowId: now - 9000 },
      { ...row(404, 8000, keyB), rowId: now - 8000 },
      { ...row(500, 7000, keyA), rowId: now - 7000 },
    ]);
    await store.write([row(200, 3000, keyA), row(201, 2000, keyB), row(503, 1000, keyB)]);
    const since = new Date(now - 60_000);
    const answers = async () => ({
      hits: await store.quotaHits(user.id, since, 100),
      newest: await store.quotaHits(user.id, since, 2),
      byKey: await store.usageByKey(user.id, since),
      first: (await store.firstRequestAt(user.id))?.getTime(),
    });
    const before = await answers();
    expect(before).toEqual({
      hits: [now - 9000, now - 8000, now - 3000, now - 2000],
      newest: [now - 3000, now - 2000],
      byKey: new Map([
        [keyA, 2],
        [keyB, 2],
      ]),
      first: now - 9000,
    });
    // A replayed write-ahead segment holding a row already written as a legacy row adds nothing.
    expect(await store.write([{ ...row(200, 9000, keyA), rowId: now - 9000 }], true)).toBe(0);
    while (await m.get(UsageRecordsMove).moveRecords(2, [user.id])) {
      expect(await answers()).toEqual(before);
    }
    expect(await answers()).toEqual(before);
  });
});

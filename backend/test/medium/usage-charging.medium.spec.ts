import { randomUUID } from 'node:crypto';
import { UsageRepository } from '../../src/modules/usage/usage.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

describe('usage: what the quota counts, on the real database', () => {
  let m: Medium;
  let store: UsageRepository;

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, UsageRepository] });
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
    const row = (statusCode: number, ago: number): UsageRow => ({
      timestamp: now - ago,
      userId: user.id,
      keyId,
      endpoint: '/api/time/current',
      method: 'GET',
      statusCode,
      responseMs: 1,
      ipAddress: null,
      requestId: randomUUID(),
    });
    await store.write([row(200, 5000), row(500, 4000), row(503, 3000), row(404, 2000), row(502, 1000), row(429, 500)]);
    const since = new Date(now - 60_000);
    expect(await store.quotaHits(user.id, since, 100)).toEqual([now - 5000, now - 2000]);
    expect(await store.usageByKey(user.id, since)).toEqual(new Map([[keyId, 2]]));
    const kept = await store.records({ userId: user.id, start: since, end: new Date(now + 1000), limit: 10 });
    expect(kept.map((r) => r.statusCode).sort()).toEqual([200, 404, 429, 500, 502, 503]);
  });
});

import { jest } from '@jest/globals';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { freezeClock } from '../../support/clock.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { UsageRepository } from '../../../src/modules/usage/usage.repository.js';

describe('the dashboard reads, kept a few seconds per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ USAGE_READ_CACHE_MS: '60000' });
  });
  afterAll(() => t.close());
  // A frozen clock: the cached numbers cannot expire during a test, so what a read shows is the cache's doing.
  beforeEach(() => freezeClock());
  afterEach(() => {
    jest.useRealTimers();
  });

  it('show a written batch at once: the writer drops the account’s cached numbers', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const { key } = await createApiKey(t, user);
    const client = await signedInClient(t, user);
    const call = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await t.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
      await t.app.get(UsageRecorder).flush();
    };
    await call(3);
    const first = await client.get<{ totalRequests: number }>('/api/usage/summary');
    expect(first.body.totalRequests).toBe(3);
    expect((await client.get<{ todayRequests: number }>('/api/dashboard/stats')).body.todayRequests).toBe(3);
    await call(2);
    // The cache does not expire (the clock stands still), yet the new rows show on the next read.
    expect((await client.get<{ totalRequests: number }>('/api/usage/summary')).body).toMatchObject({ totalRequests: 5 });
    expect((await client.get<{ todayRequests: number }>('/api/dashboard/stats')).body.todayRequests).toBe(5);
  });

  it('serve repeated reads from memory, and parallel ones with one query', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const client = await signedInClient(t, user);
    const store = t.app.get(UsageRepository);
    const original = store.summary.bind(store);
    let queries = 0;
    store.summary = (...args: Parameters<typeof store.summary>) => {
      queries++;
      return original(...args);
    };
    try {
      // What one cold read costs (a summary may read more than one stretch of roll-ups: whole local days, the edges).
      const other = await signedInClient(t, await createUser(t, { plan: 'premium' }));
      expect((await other.get('/api/usage/summary')).status).toBe(200);
      const perRead = queries;
      expect(perRead).toBeGreaterThan(0);
      queries = 0;
      const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/api/usage/summary')));
      for (const a of answers) expect(a.status).toBe(200);
      await client.get('/api/usage/summary');
      expect(queries).toBe(perRead);
    } finally {
      store.summary = original;
    }
  });
});

import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { jest } from '@jest/globals';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { ownedPostgres, queryOne, tcpRelay, waitFor } from '../../support/processes.js';
import type { OwnedPostgres, TcpRelay } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { KeyDirectory } from '../../../src/modules/keys/key-directory.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

describe('a PostgreSQL outage', () => {
  let pg: OwnedPostgres;
  let t: TestApp;
  beforeAll(async () => {
    pg = await ownedPostgres('outage');
    t = await createTestApp({ DATABASE_URL: pg.url, REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-outage:` });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pg?.destroy();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers 503 with Retry-After instead of 500, keeps serving known keys and metering, and recovers when the database is back', async () => {
    const user = await createUser(t);
    const known = await createApiKey(t, user, { name: 'known' });
    const unknown = await createApiKey(t, user, { name: 'never used' });
    const client = await signedInClient(t, user);
    const directory = t.app.get(KeyDirectory);
    // A short cache life, and a frozen clock the test moves past it: every round below reads the key again.
    directory.cacheTtlMs = 200;
    expect((await t.client().get('/api/time/utc', { 'x-api-key': known.key })).status).toBe(200);
    await t.app.get(UsageRecorder).flush();
    freezeClock();

    await pg.stop();
    const seen: Record<string, number[]> = { known: [], unknown: [], me: [], login: [], health: [], ready: [] };
    const ROUNDS = 5;
    let meteredDuringOutage = 0;
    let servedStale = 0;
    let slowest = 0;
    const timed = async (name: string, call: () => Promise<{ status: number; headers: Headers; body: any }>) => {
      const t0 = performance.now();
      const res = await call();
      slowest = Math.max(slowest, performance.now() - t0);
      seen[name].push(res.status);
      if (res.status === 503 && name !== 'health' && name !== 'ready') {
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(res.body.code).toBe('service_unavailable');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      return res;
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Past the cache's life (200 ms) and the outage retry (2 s): the known key is looked up in the database again.
      advanceClock(2500);
      const misses = directory.cacheMisses;
      const res = await timed('known', () => t.client().get('/api/time/current?timezone=Asia/Tokyo', { 'x-api-key': known.key }));
      if (res.status === 200) meteredDuringOutage++;
      if (directory.cacheMisses > misses) servedStale++;
      await timed('unknown', () => t.client().get('/api/time/utc', { 'x-api-key': unknown.key }));
      await timed('me', () => client.get('/api/me'));
      // A few sign-ins only: more would meet the sign-in throttle (429), which is not what this test looks at.
      if (seen.login.length < 3) await timed('login', () => t.client().post('/api/auth/login', { email: user.email, password: user.password }));
      await timed('health', () => t.client().get('/api/health'));
      await timed('ready', () => t.client().get('/api/health/ready'));
    }
    const summary = Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...new Set(v)].join('/')]));
    console.log(`status codes during the outage: ${JSON.stringify(summary)}; slowest answer ${Math.round(slowest)} ms`);
    expect(
      Object.values(seen)
        .flat()
        .filter((s) => s >= 500 && s !== 503),
    ).toEqual([]);
    expect(new Set(seen.known)).toEqual(new Set([200]));
    expect(servedStale).toBe(ROUNDS);
    expect(new Set(seen.unknown)).toEqual(new Set([503]));
    expect(new Set(seen.me)).toEqual(new Set([503]));
    expect(new Set(seen.login)).toEqual(new Set([503]));
    expect(new Set(seen.health)).toEqual(new Set([503]));
    expect(new Set(seen.ready)).toEqual(new Set([503]));
    expect(slowest).toBeLessThan(5000);
    expect(t.app.get(UsageRecorder).pending).toBeGreaterThanOrEqual(meteredDuringOutage);

    const restarted = performance.now();
    await pg.start();
    await waitFor('the account pages to answer again', async () => (await client.get('/api/me')).status === 200, 60_000, 100);
    await waitFor('health to say ok', async () => (await t.client().get('/api/health')).status === 200, 60_000, 100);
    const recoverMs = Math.round(performance.now() - restarted);
    console.log(`recovered ${recoverMs} ms after PostgreSQL accepted connections again`);
    expect((await t.client().get('/api/time/utc', { 'x-api-key': unknown.key })).status).toBe(200);

    // Everything metered during the outage is written once the database is back.
    await waitFor(
      'the buffered usage to be written',
      async () => {
        await t.app.get(UsageRecorder).flush();
        return t.app.get(UsageRecorder).pending === 0;
      },
      30_000,
      200,
    );
    const rows = Number((await queryOne<{ n: string }>(pg.url, `select count(*) as n from ${USAGE_EVENTS} where key_id = $1`, [known.id])).n);
    expect(rows).toBe(1 + meteredDuringOutage);
  }, 120_000);

  describe('when PostgreSQL hangs (connections stay open, nothing answers)', () => {
    let relay: TcpRelay;
    let hung: TestApp;
    beforeAll(async () => {
      await pg.start();
      relay = await tcpRelay(pg.port);
      const url = new URL(pg.url);
      url.port = String(relay.port);
      hung = await createTestApp({ DATABASE_URL: url.toString(), REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-hang:` });
    }, 120_000);
    afterAll(async () => {
      relay?.blackhole(false);
      await hung?.close();
      await relay?.close();
    });

    it('nothing waits longer than 5 s: health says 503 within 2 s, the rest 503 or, for known keys, 200', async () => {
      const user = await createUser(hung);
      const known = await createApiKey(hung, user, { name: 'known' });
      const unknown = await createApiKey(hung, user, { name: 'never used' });
      const client = await signedInClient(hung, user);
      expect((await hung.client().get('/api/time/utc', { 'x-api-key': known.key })).status).toBe(200);
      hung.app.get(KeyDirectory).cacheTtlMs = 200;

      relay.blackhole(true);
      const timings: Record<string, { status: number; ms: number }[]> = {};
      const call = async (name: string, run: () => Promise<{ status: number }>) => {
        const t0 = performance.now();
        const res = await run();
        (timings[name] ??= []).push({ status: res.status, ms: Math.round(performance.now() - t0) });
      };
      for (let round = 0; round < 2; round++) {
        await Promise.all([
          call('health', () => hung.client().get('/api/health')),
          call('ready', () => hung.client().get('/api/health/ready')),
          call('known', () => hung.client().get('/api/time/utc', { 'x-api-key': known.key })),
          call('unknown', () => hung.client().get('/api/time/utc', { 'x-api-key': unknown.key })),
          call('me', () => client.get('/api/me')),
          call('login', () => hung.client().post('/api/auth/login', { email: user.email, password: user.password })),
        ]);
      }
      console.log(`a hung PostgreSQL: ${JSON.stringify(timings)}`);
      for (const [name, results] of Object.entries(timings)) {
        for (const { status, ms } of results) {
          expect(status).toBe(name === 'known' ? 200 : 503);
          // 5 s of query or 3 s of connect timeout, plus scheduling slack on a busy machine.
          expect(ms).toBeLessThan(name === 'health' || name === 'ready' ? 2500 : 6500);
        }
      }

      relay.blackhole(false);
      await waitFor('the account pages to answer again', async () => (await client.get('/api/me')).status === 200, 60_000, 200);
    }, 120_000);
  });
});

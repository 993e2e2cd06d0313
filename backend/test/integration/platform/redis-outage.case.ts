import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createApiKey, createUser } from '../../factories/index.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { freePort } from '../../../src/database/embedded-postgres.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';

describe('the free quota when Redis goes away', () => {
  let redis: ChildProcess | undefined;
  let apps: TestApp[] = [];
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await Promise.all(apps.map((a) => a.close()));
    apps = [];
  });

  it('an exhausted free account stays refused on every instance, with the real wait', async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const redisUrl = `redis://127.0.0.1:${port}`;
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-redis-outage:` };
    const health = (t: TestApp) =>
      t
        .client()
        .get('/api/health')
        .then((r) => r.body?.services?.cache);
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    apps = [a, b];
    await waitFor('Redis to be up on both instances', async () => (await health(a)) === 'up' && (await health(b)) === 'up', 30_000);

    const user = await createUser(a);
    const { key } = await createApiKey(a, user);
    for (let i = 0; i < 100; i++) expect((await (i % 2 ? a : b).client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
    expect((await a.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(429);
    // Both instances' rows written: an instance cannot see another's buffer, so a count started on a after the outage
    // must find b's rows in PostgreSQL (b's timer writes them within USAGE_FLUSH_MS; a busy machine may be slower).
    await Promise.all([a, b].map((t) => t.app.get(UsageRecorder).flush()));

    redis.kill('SIGKILL');
    await waitFor('both instances to notice', async () => (await health(a)) === 'degraded' && (await health(b)) === 'degraded', 30_000);

    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).client().get('/api/time/utc', { 'x-api-key': key })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(new Set(statuses)).toEqual(new Set([429]));
    for (const res of answers) {
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(3600);
    }

    // A new account is not affected: the in-process count still lets it use its own quota.
    const other = await createUser(a);
    const otherKey = await createApiKey(a, other);
    expect((await b.client().get('/api/time/utc', { 'x-api-key': otherKey.key })).status).toBe(200);
  }, 120_000);
});

import { createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import type { TestClient } from '../../support/http.js';
import { q } from '../../support/list-query.js';

/**
 * The admin lists at scale: 100,000 users and 1,000,000 API keys seeded with generate_series, then each console
 * query timed over HTTP (median of 5). Prints the numbers; asserts only correctness (no timing assertions).
 * Slow to seed (about a minute), so it runs only with ADMIN_BENCH=1:
 *   ADMIN_BENCH=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres TEST_CASES=admin/scale npm test -w backend -- test/integration/lanes/accounts-and-billing
 */
const run = process.env.ADMIN_BENCH === '1' ? describe : describe.skip;

run('admin lists at 100k users / 1M keys', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInClient(t, await createUser(t, { role: 'super_admin' }));
    const started = Date.now();
    const conn = t.orm.em.getConnection();
    await conn.execute(`insert into users (id, email, first_name, last_name, plan, role, is_blocked, email_verified, created_at, updated_at)
      select gen_random_uuid(), 'bench' || g || '@load.example', 'First' || g, 'Last' || (g % 1000),
             (array['free','premium','enterprise'])[1 + g % 3], case when g % 1000 = 0 then 'admin' else 'user' end,
             g % 50 = 0, g % 7 <> 0, now() - make_interval(mins => g), now()
      from generate_series(1, 100000) g`);
    await conn.execute(`insert into api_keys (id, user_id, name, prefix, last_four, hash, encrypted, is_active, created_at, updated_at, last_used_at)
      select gen_random_uuid(), u.id, 'Key ' || k || ' of ' || u.first_name, 'tzk_live_' || substr(md5(u.id::text || k), 1, 4), 'abcd',
             md5(u.id::text || k) || md5(k::text || u.id::text), 'x', k % 5 <> 0, u.created_at + make_interval(secs => k), now(),
             case when k % 3 = 0 then null else now() - make_interval(hours => k) end
      from users u cross join generate_series(1, 10) k where u.email like 'bench%'`);
    await conn.execute('vacuum analyze users');
    await conn.execute('vacuum analyze api_keys');
    console.log(`seeded 100,000 users and 1,000,000 keys in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 600_000);

  afterAll(async () => {
    const conn = t?.orm.em.getConnection();
    await conn?.execute(`delete from users where email like 'bench%@load.example'`);
    await t?.close();
  }, 600_000);

  async function time(label: string, path: string): Promise<{ status: number; range: string | null; rows: number }> {
    const samples: number[] = [];
    let last = { status: 0, range: null as string | null, rows: 0 };
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await admin.get(path);
      samples.push(performance.now() - started);
      last = { status: res.status, range: res.headers.get('content-range'), rows: Array.isArray(res.body) ? res.body.length : 1 };
    }
    samples.sort((a, b) => a - b);
    console.log(`${label.padEnd(48)} median ${samples[2].toFixed(1).padStart(7)} ms  max ${samples[4].toFixed(1).padStart(7)} ms  ${last.range ?? ''}`);
    return last;
  }

  it('answers every console query from indexes with server-side paging', async () => {
    const results = [
      await time('stats', '/api/admin/stats'),
      await time('users: first page, newest first', `/api/admin/users${q({ range: [0, 24], sort: ['createdAt', 'DESC'] })}`),
      await time('users: page at offset 50,000', `/api/admin/users${q({ range: [50000, 50024], sort: ['createdAt', 'DESC'] })}`),
      await time('users: sorted by e-mail', `/api/admin/users${q({ range: [0, 24], sort: ['email', 'ASC'] })}`),
      await time('users: search e-mail "bench4242@"', `/api/admin/users${q({ range: [0, 24], filter: { q: 'bench4242@' } })}`),
      await time('users: search name "first7777"', `/api/admin/users${q({ range: [0, 24], filter: { q: 'first7777' } })}`),
      await time('users: plan=premium', `/api/admin/users${q({ range: [0, 24], filter: { plan: 'premium' } })}`),
      await time('users: blocked', `/api/admin/users${q({ range: [0, 24], filter: { isBlocked: true } })}`),
      await time('users: role=admin, blocked', `/api/admin/users${q({ range: [0, 24], filter: { role: 'admin', isBlocked: true } })}`),
      await time('keys: first page, newest first', `/api/admin/api-keys${q({ range: [0, 24], sort: ['createdAt', 'DESC'] })}`),
      await time('keys: last used first', `/api/admin/api-keys${q({ range: [0, 24], sort: ['lastUsedAt', 'DESC'] })}`),
      await time('keys: page at offset 500,000', `/api/admin/api-keys${q({ range: [500000, 500024], sort: ['createdAt', 'DESC'] })}`),
      await time('keys: search "of First4242"', `/api/admin/api-keys${q({ range: [0, 24], filter: { q: 'of First4242' } })}`),
      await time('keys: inactive', `/api/admin/api-keys${q({ range: [0, 24], filter: { isActive: false } })}`),
    ];
    for (const r of results) expect(r.status).toBe(200);
    expect(results[1].range).toMatch(/^users 0-24\/\d+$/);
    expect(Number(results[1].range!.split('/')[1])).toBeGreaterThan(10_000);
    expect(results[4].range).toBe('users 0-0/1');
    expect(results[9].range).toMatch(/^api-keys 0-24\/\d+$/);
  }, 600_000);
});

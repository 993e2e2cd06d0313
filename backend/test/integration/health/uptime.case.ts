import { HealthService } from '../../../src/modules/health/health.service.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

/** The status page's uptime: one row per minute in health_checks, written by every instance, counted since the first. */
describe('service uptime from recorded health checks', () => {
  let t: TestApp;
  let health: HealthService;
  const sql = (query: string, params: unknown[] = []) => t.orm.em.getConnection().execute(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    health = t.app.get(HealthService);
  });
  afterAll(async () => {
    await sql(`delete from health_checks where minute < '2021-01-01'`);
    await t?.close();
  });

  it('records the current minute once, however many instances check at once', async () => {
    const now = new Date();
    await Promise.all([health.recordCheck(now), health.recordCheck(now), health.recordCheck(new Date(now.getTime() + 1))]);
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const rows = await sql(`select status from health_checks where minute = ?`, [minute]);
    expect(rows).toEqual([{ status: 'ok' }]);
  });

  it('/api/health reports the uptime percentage and since when it was recorded', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(typeof res.body.uptime_percent).toBe('number');
    expect(res.body.uptime_percent).toBeGreaterThan(0);
    expect(res.body.uptime_percent).toBeLessThanOrEqual(100);
    expect(new Date(res.body.uptime_since).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('counts minutes recorded up over all minutes since the first record: a down minute and a missing minute are downtime', async () => {
    const base = Date.parse('2020-01-01T00:00:00Z');
    const at = (minute: number, second = 0) => new Date(base + minute * 60_000 + second * 1000);
    // Ten minutes, 00:00 to 00:09: minute 3 recorded down, minute 6 not recorded at all (the service was away).
    for (const minute of [0, 1, 2, 3, 4, 5, 7, 8, 9]) {
      await sql(`insert into health_checks (minute, status, checked_at) values (?, ?, ?)`, [at(minute), minute === 3 ? 'down' : 'ok', at(minute, 10)]);
    }
    const record = await health.uptimeRecord(at(9, 30));
    expect(record).toEqual({ percent: 80, since: '2020-01-01T00:00:00.000Z' });
  });
});

import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { ActiveReleaseModule } from '../../src/modules/tzdb/active-release.js';
import { HOUR_WINDOW } from '../../src/modules/usage/hour-window.port.js';
import { RequestLogService } from '../../src/modules/usage/request-log.service.js';
import { RequestLogRepository } from '../../src/modules/usage/request-log.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { UsageReadCache } from '../../src/modules/usage/usage-read-cache.js';
import { UsageService } from '../../src/modules/usage/usage.service.js';
import { UsageBatchCounts } from '../../src/modules/usage/usage-batch-counts.repository.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import { UsageRepository } from '../../src/modules/usage/usage.repository.js';
import { UsageWindowRepository } from '../../src/modules/usage/usage-window.repository.js';
import { WindowCounter } from '../../src/modules/usage/window-counter.js';
import { usageEvents } from '../support/usage-events.js';
import { insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

const HOUR = 3_600_000;
const ENDPOINTS = ['/api/time/current', '/api/timezone/list', '/api/conversion/timezone'];
const STATUSES = [200, 200, 200, 404, 400, 429, 500];

/**
 * The Usage page and the request log count the same rows for the same window, in the days of the display zone
 * (issue 48): Usage from the daily roll-ups and the events at its edges and local midnights, the log's analytics
 * from the events alone. The oracle is PostgreSQL's own zone arithmetic over the events (test/support/usage-events.ts).
 */
describe("usage's days in a display zone, on the real database", () => {
  let m: Medium;
  let store: UsageRepository;
  let usage: UsageService;
  let log: RequestLogService;
  let userId: string;
  // Four days ending at the last whole UTC hour: rows every 7 minutes and 13 seconds, so every quarter-hour has some.
  const end = Math.floor(Date.now() / HOUR) * HOUR;
  const start = end - 4 * 24 * HOUR;

  beforeAll(async () => {
    m = await mediumModule({
      imports: [ActiveReleaseModule],
      providers: [
        ...USAGE_POOL_PROVIDERS,
        UsageBatchRepository,
        UsageBatchCounts,
        UsageRepository,
        UsageWindowRepository,
        WindowCounter,
        UsageReadCache,
        UsageService,
        RequestLogRepository,
        RequestLogService,
        { provide: HOUR_WINDOW, useValue: {} },
      ],
    });
    store = m.get(UsageRepository);
    usage = m.get(UsageService);
    log = m.get(RequestLogService);
    userId = (await insertUser(m.em, { plan: 'premium' })).id;
    const keyId = randomUUID();
    const rows: UsageRow[] = [];
    for (let t = start, i = 0; t < end; t += 433_000, i++) {
      const row = { userId, keyId, method: 'GET', ipAddress: '203.0.113.7', requestId: randomUUID() };
      rows.push({ ...row, timestamp: t, endpoint: ENDPOINTS[i % 3], statusCode: STATUSES[i % 7], responseMs: 1 + (i % 5) });
    }
    await store.write(rows);
  });

  afterAll(async () => {
    await store?.close();
    await m?.close();
  });

  /**
   * Rows per local date of the zone in [from, to), by PostgreSQL's zone arithmetic: every local date the window
   * touches, with 0 for a date that has none (a window may end a few minutes into a new local day).
   */
  const oracleDays = async (zone: string, from: number, to: number) => {
    const { rows } = await m.module.get<UsagePool>(USAGE_POOL).query<{ day: string; n: number }>(
      `with days as (
         select generate_series(($2::timestamptz at time zone $4)::date, (($3::timestamptz - interval '1 millisecond') at time zone $4)::date, interval '1 day')::date as day
       )
       select to_char(d.day, 'YYYY-MM-DD') as day, count(r.user_id)::int as n from days d
       left join ${usageEvents('r')}
         on r.user_id = $1 and r."timestamp" >= $2 and r."timestamp" < $3 and (r."timestamp" at time zone $4)::date = d.day
       group by d.day order by d.day`,
      [userId, new Date(from), new Date(to), zone],
    );
    return rows.map((r) => ({ date: r.day, count: r.n }));
  };

  it.each(['Asia/Kolkata', 'UTC', 'Asia/Kathmandu'])(
    'in %s, Usage and the request log count the same window alike, day by day, each day from its local midnight',
    async (tz) => {
      // A 3-day window from an odd minute: two raw edges, roll-up days between, cut at the zone's midnight.
      const from = start + 5 * HOUR + 17 * 60_000;
      const to = from + 3 * 24 * HOUR;
      const summary = await usage.summary(userId, { startDate: new Date(from).toISOString(), endDate: new Date(to - 1).toISOString(), tz, exact: true });
      const stats = await log.stats(userId, 'premium', { from: new Date(from).toISOString(), to: new Date(to).toISOString(), tz });
      const oracle = await oracleDays(tz, from, to);
      const total = oracle.reduce((sum, d) => sum + d.count, 0);
      expect(summary.totalRequests).toBe(total);
      expect(stats.total).toBe(total);
      expect(summary.perDay.map((d) => ({ date: d.date, count: d.count }))).toEqual(oracle);
      expect(stats.buckets.map((b) => b.total)).toEqual(oracle.map((d) => d.count));
      // Every day after the first starts at the zone's midnight, where the log's day buckets start too.
      const midnight = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
      expect(summary.perDay.slice(1).map((d) => midnight(d.start))).toEqual(summary.perDay.slice(1).map(() => '00:00'));
      expect(stats.buckets.slice(1).map((b) => b.start)).toEqual(summary.perDay.slice(1).map((d) => d.start));
      const byStatus = summary.statusCodes.reduce((sum, s) => sum + s.count, 0);
      expect(byStatus).toBe(total);
      expect(summary.statusCodes.find((s) => s.statusCode === 500)!.count).toBe(stats.buckets.reduce((sum, b) => sum + b.status5xx, 0));
    },
  );

  it('whole local days by default: the range widens to the days its ends fall on, in the zone of tz', async () => {
    const at = start + 30 * HOUR;
    const summary = await usage.summary(userId, { startDate: new Date(at).toISOString(), endDate: new Date(at + 24 * HOUR).toISOString(), tz: 'Asia/Kolkata' });
    expect(summary.perDay).toHaveLength(2);
    const from = Date.parse(summary.perDay[0].start);
    const to = Date.parse(summary.range.end) + 1;
    expect(new Date(from).getUTCHours() * 60 + new Date(from).getUTCMinutes()).toBe(18 * 60 + 30);
    expect(to - from).toBe(48 * HOUR);
    expect(summary.totalRequests).toBe((await oracleDays('Asia/Kolkata', from, to)).reduce((sum, d) => sum + d.count, 0));
  });

  it("the Last Day's hours are the zone's hours (:30 UTC in Kolkata) and hold every row of the exact range", async () => {
    const from = end - 24 * HOUR;
    const summary = await usage.summary(userId, {
      startDate: new Date(from).toISOString(),
      endDate: new Date(end - 1).toISOString(),
      tz: 'Asia/Kolkata',
      exact: true,
    });
    expect(summary.perHour.every((h) => h.hour.slice(14, 16) === '30')).toBe(true);
    expect(summary.perHour.reduce((sum, h) => sum + h.count, 0)).toBe(summary.totalRequests);
  });

  it.each(['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns'])(
    "the console's days of an account in %s: each from its local midnight, with their 4xx and 5xx, as PostgreSQL counts them",
    async (tz) => {
      const now = end - 1;
      const got = await usage.dailyByClass(userId, 3, tz, now);
      expect(got.days).toHaveLength(3);
      const { rows } = await m.module.get<UsagePool>(USAGE_POOL).query<{ day: string; n: number; c4: number; c5: number }>(
        `select to_char((r."timestamp" at time zone $4)::date, 'YYYY-MM-DD') as day, count(*)::int as n,
                (count(*) filter (where r.status_code between 400 and 499))::int as c4, (count(*) filter (where r.status_code >= 500))::int as c5
         from ${usageEvents('r')} where r.user_id = $1 and r."timestamp" >= $2 and r."timestamp" < $3 group by 1 order by 1`,
        [userId, new Date(got.from), new Date(got.to), tz],
      );
      const oracle = new Map(rows.map((r) => [r.day, { requests: r.n, clientErrors: r.c4, serverErrors: r.c5 }]));
      // The window is the three local dates up to the one `now` falls on, from the first one's local midnight.
      const dateIn = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(ms));
      expect(got.days[2].date).toBe(dateIn(now));
      expect(dateIn(Date.parse(got.from))).toBe(got.days[0].date);
      expect(dateIn(Date.parse(got.from) - 1)).not.toBe(got.days[0].date);
      expect(got.days.map(({ date, ...counts }) => [date, counts])).toEqual(
        got.days.map((d) => [d.date, oracle.get(d.date) ?? { requests: 0, clientErrors: 0, serverErrors: 0 }]),
      );
      expect(got.days.reduce((sum, d) => sum + d.serverErrors, 0)).toBeGreaterThan(0);
    },
  );

  it('refuses a zone our tz data does not list', async () => {
    await expect(usage.summary(userId, { tz: 'Mars/Olympus' })).rejects.toMatchObject({ problem: { code: 'invalid_timezone', field: 'tz' } });
  });
});

import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Customer, customerOn } from '../../factories/customers.js';
import { buildBackend, freshDatabase, startServer, waitFor } from '../../support/processes.js';
import type { ServerProcess } from '../../support/processes.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const SECRET = 'usage-crash-test-secret-0123456789abcdef0123456789';
const FREE_QUOTA = 100;
const UNCOUNTED = [401, 403, 406, 415, 429, 503];

/** What the load generator saw for one key: answers by status, and requests that got no answer (under way at the kill). */
interface Seen {
  statuses: Map<number, number>;
  answers: number;
  unanswered: number;
}

/** Usage events of the account on the UTC day that holds `at` (the dashboard's "today" is that day's roll-up). */
async function rowsOnUtcDay(url: string, userId: string, at: number): Promise<number> {
  const start = new Date(at);
  start.setUTCHours(0, 0, 0, 0);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${USAGE_EVENTS} where user_id = $1 and "timestamp" >= $2 and "timestamp" < $2::timestamptz + interval '1 day'`,
      [userId, start],
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function rowsByStatus(
  url: string,
  userId: string,
): Promise<{ rows: Map<number, number>; daily: Map<number, number>; distinctIds: number; total: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const raw = await client.query<{ status_code: number; n: string }>(`select status_code, count(*) as n from ${USAGE_EVENTS} where user_id = $1 group by 1`, [
      userId,
    ]);
    const daily = await client.query<{ status_code: number; n: string }>('select status_code, sum(count) as n from usage_daily where user_id = $1 group by 1', [
      userId,
    ]);
    const ids = await client.query<{ total: string; ids: string }>(
      `select count(*) as total, count(distinct row_id) as ids from ${USAGE_EVENTS} where user_id = $1`,
      [userId],
    );
    return {
      rows: new Map(raw.rows.map((r) => [r.status_code, Number(r.n)])),
      daily: new Map(daily.rows.map((r) => [r.status_code, Number(r.n)])),
      distinctIds: Number(ids.rows[0].ids),
      total: Number(ids.rows[0].total),
    };
  } finally {
    await client.end();
  }
}

/**
 * Statements of other sessions still running in the database: a stopped server's commit may still be landing. (A
 * transaction it left open waits for it, idle, and is rolled back when it dies.)
 */
async function runningStatements(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'",
    );
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

async function signIn(url: string, who: Customer): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('metering across a SIGKILL of the server process', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let server: ServerProcess | undefined;
  beforeAll(() => buildBackend(), 180_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('every answer a client saw under load is a usage row after the restart, once, and the dashboard and the free quota agree', async () => {
    db = await freshDatabase('usage_crash');
    const free = await customerOn(db.url, SECRET, 'free');
    const enterprise = await customerOn(db.url, SECRET, 'enterprise');
    // An AI agent's key on the MCP endpoint: one usage row per tool call, written before its answer leaves.
    const agent = await customerOn(db.url, SECRET, 'enterprise');
    const dataDir = join(process.env.TEST_DATA_ROOT!, `usage-crash-${process.pid}-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    // No Redis: the hourly quota is counted in-process, so after the restart it can only start from the usage rows.
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: undefined,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      USAGE_FLUSH_MS: '200',
      SUPER_ADMIN_EMAIL: 'root@example.com',
      SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
    };
    server = await startServer(env);
    const url = server.url;

    const seen = new Map<string, Seen>([
      [free.key, { statuses: new Map(), answers: 0, unanswered: 0 }],
      [enterprise.key, { statuses: new Map(), answers: 0, unanswered: 0 }],
      [agent.key, { statuses: new Map(), answers: 0, unanswered: 0 }],
    ]);
    let stop = false;
    // 200s, 400s (an unknown zone), and 429s: the free key's hourly quota, the enterprise key's 200 per second.
    const paths = ['/api/time/current?timezone=Europe/Paris', '/api/time/utc', '/api/time/current?timezone=Mars/Olympus'];
    const worker = async (key: string, n: number) => {
      const mine = seen.get(key)!;
      for (let i = n; !stop; i++) {
        let status: number;
        try {
          const res = await fetch(url + paths[i % paths.length], { headers: { 'x-api-key': key } });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          // Under way when the process died: the client never learnt its answer.
          mine.unanswered++;
          return;
        }
        mine.statuses.set(status, (mine.statuses.get(status) ?? 0) + 1);
        mine.answers++;
      }
    };
    const mcpWorker = async () => {
      const mine = seen.get(agent.key)!;
      for (let id = 1; !stop; id++) {
        try {
          const res = await fetch(`${url}/mcp`, {
            method: 'POST',
            headers: { 'x-api-key': agent.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'Asia/Tokyo' } } }),
          });
          await res.arrayBuffer();
          mine.statuses.set(res.status, (mine.statuses.get(res.status) ?? 0) + 1);
          mine.answers++;
        } catch {
          mine.unanswered++;
          return;
        }
      }
    };
    const workers = [
      ...Array.from({ length: 4 }, (_, n) => worker(free.key, n)),
      ...Array.from({ length: 12 }, (_, n) => worker(enterprise.key, n)),
      ...Array.from({ length: 3 }, () => mcpWorker()),
    ];
    await waitFor(
      'load with every kind of answer',
      async () => {
        const f = seen.get(free.key)!.statuses;
        const e = seen.get(enterprise.key)!.statuses;
        return (
          (f.get(429) ?? 0) > 200 &&
          (e.get(429) ?? 0) > 0 &&
          (e.get(400) ?? 0) > 0 &&
          seen.get(enterprise.key)!.answers > 3000 &&
          seen.get(agent.key)!.answers > 300
        );
      },
      120_000,
      20,
    );
    const deadPid = server.child.pid!;
    // Kill only while rows the clients have seen are still unwritten (in the write-ahead file only), so the restart has
    // something to replay: stop the process (it can neither flush nor answer), wait until none of its statements is
    // still running in PostgreSQL (a commit sent just before the stop lands), then compare. A flush that had just
    // written everything, with the next answers waiting on the quota's read, left nothing to replay once in CI.
    await waitFor(
      'a moment when the server has rows its clients saw and the database does not',
      async () => {
        process.kill(deadPid, 'SIGSTOP');
        let unwritten = false;
        try {
          await waitFor("the stopped server's statements to end", async () => (await runningStatements(db.url)) === 0, 10_000, 5);
          const written = (await rowsByStatus(db.url, free.userId)).total + (await rowsByStatus(db.url, enterprise.userId)).total;
          unwritten = written < seen.get(free.key)!.answers + seen.get(enterprise.key)!.answers;
        } finally {
          if (!unwritten) process.kill(deadPid, 'SIGCONT');
        }
        if (unwritten) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return false;
      },
      60_000,
      0,
    );
    server.child.kill('SIGKILL');
    const exit = await server.exited;
    stop = true;
    await Promise.all(workers);
    expect(exit.signal).toBe('SIGKILL');
    const unwritten = readdirSync(join(dataDir, 'usage-wal')).filter((f) => f.includes(`~${deadPid}~`));
    const before = { free: await rowsByStatus(db.url, free.userId), enterprise: await rowsByStatus(db.url, enterprise.userId) };

    server = await startServer(env);
    const after = { free: await rowsByStatus(db.url, free.userId), enterprise: await rowsByStatus(db.url, enterprise.userId) };
    for (const [name, who] of [
      ['free', free],
      ['enterprise', enterprise],
    ] as const) {
      const mine = seen.get(who.key)!;
      const got = after[name];
      console.log(
        `crash under load, ${name} key: answers seen ${mine.answers} ${JSON.stringify(Object.fromEntries(mine.statuses))}, ${mine.unanswered} unanswered at the kill; ` +
          `rows before the restart ${before[name].total}, after ${got.total} ${JSON.stringify(Object.fromEntries(got.rows))} (${unwritten.length} segments left by the killed process)`,
      );
      // Every answer seen is a row. A request whose row was logged the instant before the kill, with its answer not
      // yet written, has a row its client never saw: at most the requests left without an answer.
      for (const [status, n] of mine.statuses) expect(got.rows.get(status) ?? 0).toBeGreaterThanOrEqual(n);
      expect(got.total - mine.answers).toBeGreaterThanOrEqual(0);
      expect(got.total - mine.answers).toBeLessThanOrEqual(mine.unanswered);
      // None counted twice: one row per id, and the daily roll-ups equal the rows.
      expect(got.distinctIds).toBe(got.total);
      expect(got.daily).toEqual(got.rows);
    }
    // Each MCP answer seen (one tool call each) is a row, once: a call counted the instant before the kill may have a row
    // its client never saw, at most one per request left without an answer.
    const calls = seen.get(agent.key)!;
    const agentRows = await rowsByStatus(db.url, agent.userId);
    console.log(
      `crash under load, MCP key: answers seen ${calls.answers}, ${calls.unanswered} unanswered at the kill; rows after the restart ${agentRows.total}`,
    );
    expect(calls.statuses.get(200)).toBe(calls.answers);
    expect(agentRows.total - calls.answers).toBeGreaterThanOrEqual(0);
    expect(agentRows.total - calls.answers).toBeLessThanOrEqual(calls.unanswered);
    expect(agentRows.distinctIds).toBe(agentRows.total);
    // The kill did leave rows unwritten: the restart wrote them.
    expect(after.enterprise.total + after.free.total).toBeGreaterThan(before.enterprise.total + before.free.total);
    expect(server.output()).toMatch(/Replayed \d+ usage rows left by a process that stopped before writing them/);

    // The dashboard (its totals come from the roll-ups) says the same, and the free account's quota starts from the rows.
    for (const [name, who] of [
      ['free', free],
      ['enterprise', enterprise],
    ] as const) {
      const cookie = await signIn(server.url, who);
      const askedAt = Date.now();
      const stats = await (await fetch(`${server.url}/api/dashboard/stats`, { headers: { cookie, origin: server.url } })).json();
      // "Today" is the UTC day: a run that crosses midnight (CI once did) has rows on two days.
      const today = new Set([await rowsOnUtcDay(db.url, who.userId, askedAt), await rowsOnUtcDay(db.url, who.userId, Date.now())]);
      const summary = await (await fetch(`${server.url}/api/usage/summary`, { headers: { cookie, origin: server.url } })).json();
      expect(stats.totalRequests).toBe(after[name].total);
      expect([...today]).toContain(stats.todayRequests);
      expect(summary.totalRequests).toBe(after[name].total);
      expect(new Map(summary.statusCodes.map((s: { statusCode: number; count: number }) => [s.statusCode, s.count]))).toEqual(after[name].rows);
      if (name === 'free') {
        const counted = [...after.free.rows].filter(([status]) => !UNCOUNTED.includes(status)).reduce((n, [, c]) => n + c, 0);
        expect(counted).toBe(FREE_QUOTA);
        expect(stats.hourlyLimit).toBe(FREE_QUOTA);
        expect(stats.hourlyRemaining).toBe(0);
        const next = await fetch(`${server.url}/api/time/utc`, { headers: { 'x-api-key': free.key } });
        expect(next.status).toBe(429);
      }
    }
    expect(sum(after.free.rows)).toBe(after.free.total);
    // The killed process's segments were replayed and deleted.
    expect(readdirSync(join(dataDir, 'usage-wal')).filter((f) => f.includes(`~${deadPid}~`))).toEqual([]);
  }, 300_000);
});

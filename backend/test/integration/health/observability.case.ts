/** What an operator sees of a real server process: JSON logs with request ids, an access line per answer, /metrics. */
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { customerOn } from '../../factories/customers.js';
import { buildBackend, freshDatabase, queryOne, startServer, waitFor, type ServerProcess } from '../../support/processes.js';
import { createTestApp } from '../../support/test-app.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const SECRET = 'observability-test-secret-0123456789abcdef012345';
const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample of the Prometheus text, 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((w) => inside.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('a real server process, as an operator sees it', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let server: ServerProcess;
  let key: string;
  let keyId: string;
  let userId: string;

  beforeAll(async () => {
    buildBackend();
    db = await freshDatabase('observability');
    ({ key, keyId, userId } = await customerOn(db.url, SECRET, 'enterprise'));
    const dataDir = join(process.env.TEST_DATA_ROOT!, `observability-${process.pid}`);
    mkdirSync(dataDir, { recursive: true });
    server = await startServer({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      SUPER_ADMIN_EMAIL: 'root@example.com',
      SUPER_ADMIN_PASSWORD: 'correct horse battery staple',
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      TRUST_PROXY: 'true',
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const lines = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('logs JSON lines, and one access line per request carrying the id it answers in X-Request-Id, never the key', async () => {
    const sent = Date.now();
    const res = await fetch(`${server.url}/api/time/current?timezone=Europe/Paris`, { headers: { 'X-API-Key': key } });
    const answered = Date.now();
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    // A UUID version 7: the time it was made in its first 48 bits, so ids sort (and are indexed) in the order of requests.
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const made = parseInt(id!.replace('-', '').slice(0, 12), 16);
    expect(made >= sent && made <= answered).toBe(true);
    const access = await waitForLine((l) => l.requestId === id && l.msg === 'request');
    expect(access).toMatchObject({ level: 30, method: 'GET', route: '/api/time/current', status: 200, accountId: userId, keyId });
    expect(typeof access.ms).toBe('number');
    expect(server.output()).not.toContain(key);
    expect(server.output()).not.toContain(key.slice(9, 30));
  });

  it('takes the id from a trusted proxy, and answers it back', async () => {
    const res = await fetch(`${server.url}/api/health/live`, { headers: { 'X-Request-Id': 'lb-7f3a-0001' } });
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a-0001');
    await waitForLine((l) => l.requestId === 'lb-7f3a-0001' && l.msg === 'request');
  });

  it('/metrics counts exactly the requests sent, and only for the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token-000000' } })).status).toBe(401);
    const scrape = async () => (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const labels = { method: 'GET', route: '/api/time/current', status: '200' };
    const before = sample(await scrape(), 'tzapi_http_requests_total', labels);
    for (let i = 0; i < 7; i++) expect((await fetch(`${server.url}/api/time/current?timezone=Asia/Tokyo`, { headers: { 'X-API-Key': key } })).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'tzapi_http_requests_total', labels)).toBe(before + 7);
    expect(sample(text, 'tzapi_http_request_duration_seconds_count', labels)).toBe(before + 7);
    expect(sample(text, 'tzapi_tzdb_release_info', { version: '2026f' })).toBe(1);
    expect(sample(text, 'tzapi_redis_state', { state: 'memory' })).toBe(1);
    expect(text).toMatch(/tzapi_key_cache_hit_ratio \d/);
    expect(text).toMatch(/tzapi_db_pool_connections\{state="in_use"\} \d/);
    expect(text).toMatch(/tzapi_usage_buffered_rows \d/);
    expect(text).toMatch(/tzapi_process_resident_memory_bytes \d/);
  });

  it('an answer whose client hung up before reading it still has its access line and is counted, as its usage row is', async () => {
    const scrape = async () => (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const labels = { method: 'GET', route: '/api/time/current', status: '200' };
    const { port } = new URL(server.url);
    // Twenty pipelined requests in one write; the connection is reset as soon as the first answer arrives, so the
    // answers still being written then go into a closed connection. How many that is depends on the machine (all
    // twenty can be out before the reset lands): each round must hold, and rounds go on until one has hung-up answers.
    let hungUp = 0;
    for (let round = 0; round < 10 && hungUp === 0; round++) {
      const before = sample(await scrape(), 'tzapi_http_requests_total', labels);
      const ids = Array.from({ length: 20 }, (_, i) => `hangup-${process.pid}-${round}-${i}`);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            ids.map((id) => `GET /api/time/current?timezone=Europe/Oslo HTTP/1.1\r\nHost: x\r\nX-API-Key: ${key}\r\nX-Request-Id: ${id}\r\n\r\n`).join(''),
          );
        });
        socket.once('data', () => {
          socket.resetAndDestroy();
          resolve();
        });
        socket.once('error', reject);
      });
      const rows = await waitFor(
        'the usage rows of the twenty',
        async () => {
          const { n } = await queryOne<{ n: number }>(db.url, `select count(*)::int as n from ${USAGE_EVENTS} where request_id = any($1)`, [ids]);
          return n === ids.length && n;
        },
        30_000,
      );
      expect(rows).toBe(20);
      // Every answer of the round has its one access line and its count, whether its client read it or not.
      for (const id of ids) await waitForLine((l) => l.requestId === id && l.msg === 'request' && l.status === 200);
      expect(lines().filter((l) => ids.includes(l.requestId as string))).toHaveLength(20);
      expect(sample(await scrape(), 'tzapi_http_requests_total', labels)).toBe(before + 20);
      hungUp = lines().filter((l) => ids.includes(l.requestId as string) && l.aborted === true).length;
    }
    expect(hungUp).toBeGreaterThan(0);
  });

  async function waitForLine(match: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return waitFor('the log line', async () => lines().find(match), 30_000, 50).catch(() => {
      throw new Error(`no such log line in:\n${server.output().slice(-3000)}`);
    });
  }
});

describe('without METRICS_TOKEN', () => {
  it('serves no /metrics page', async () => {
    const t = await createTestApp();
    try {
      const res = await fetch(`${t.url}/metrics`);
      expect(res.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/**
 * The IANA feed end to end on real processes: two servers share PostgreSQL and Redis and check a local feed every
 * two seconds. A newer signed release published there goes live on both without anyone acting, once, and the feed is
 * checked once per interval across both processes.
 */
import { customerOn } from '../../factories/customers.js';
import { buildBackend, freshDatabase, queryOne, startServer, waitFor } from '../../support/processes.js';
import type { ServerProcess } from '../../support/processes.js';
import { describeWithRedis, SHARED_REDIS_URL } from '../../support/redis.js';
import { FeedServer, makeRelease, makeSigner, nextMonth, type Signer } from '../../support/tz-feed.js';

const SECRET = 'feed-test-secret-0123456789abcdef0123456789';
const ARCHIVE = '/time-zones/tzdata-latest.tar.gz';
const INTERVAL_MS = 2000;

describeWithRedis('tzdb-feed-processes.spec')('the IANA feed on two server processes', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let feed: FeedServer;
  let iana: Signer;
  const servers: ServerProcess[] = [];
  let key: string;

  beforeAll(async () => {
    buildBackend();
    db = await freshDatabase('tzdb_feed');
    ({ key } = await customerOn(db.url, SECRET, 'enterprise'));
    feed = await FeedServer.start();
    iana = await makeSigner('Test Time Zone Coordinator');
    // What IANA serves before the news: the release answering now (checked, unchanged).
    const current = makeRelease('2026f', { kolkata: false });
    feed.publish(ARCHIVE, current);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(current));
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: db.url,
          REDIS_URL: SHARED_REDIS_URL,
          REDIS_PREFIX: `tzapi-test-${process.env.TEST_RUN_ID}-feed:`,
          APP_SECRET: SECRET,
          LOG_LEVEL: 'warn',
          TZDB_FEED_URL: feed.url(ARCHIVE),
          TZDB_FEED_KEYS: iana.publicKey,
          TZDB_FEED_INTERVAL_MS: String(INTERVAL_MS),
          JOBS_POLL_MS: '500',
        }),
      );
    }
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await feed?.close();
    iana?.close();
    await db?.drop();
  });

  async function kolkata(server: ServerProcess) {
    const { day15 } = nextMonth();
    const day = new Date(Date.parse(`${day15}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 19);
    const res = await fetch(`${server.url}/api/conversion/timezone?from=UTC&to=Asia/Kolkata&datetime=${day}`, { headers: { 'X-API-Key': key } });
    const body = (await res.json()) as { utcOffset: string };
    return { utcOffset: body.utcOffset, version: res.headers.get('x-tzdb-version') };
  }

  it('is checked once per interval across both processes, not once per process', async () => {
    // Measured over whole windows, after both processes run.
    const windowOf = (t: number) => Math.floor(t / INTERVAL_MS);
    await waitFor('a window boundary', async () => Date.now() % INTERVAL_MS < 200, 10_000, 20);
    const startWindow = windowOf(Date.now());
    const before = feed.count(ARCHIVE);
    await waitFor('five windows', async () => windowOf(Date.now()) >= startWindow + 5, 30_000, 50);
    const windows = windowOf(Date.now()) - startWindow;
    const checks = feed.count(ARCHIVE) - before;
    console.log(`feed: ${checks} checks in ${windows} windows of ${INTERVAL_MS} ms across 2 processes`);
    expect(checks).toBeGreaterThanOrEqual(windows - 1);
    expect(checks).toBeLessThanOrEqual(windows + 1);
    for (const server of servers) expect(await kolkata(server)).toEqual({ utcOffset: '+05:30', version: '2026f' });
  }, 60_000);

  it('a newer signed release goes live on both processes without anyone acting, activated once', async () => {
    const archive = makeRelease('2026g');
    feed.publish(ARCHIVE, archive);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(archive));
    const published = performance.now();
    for (const server of servers) {
      await waitFor(`${server.url} to answer from 2026g`, async () => (await kolkata(server)).version === '2026g', 60_000, 100);
      expect(await kolkata(server)).toEqual({ utcOffset: '+06:00', version: '2026g' });
    }
    console.log(`feed: 2026g answered by both processes ${Math.round(performance.now() - published)} ms after it was published`);
    const activations = await queryOne<{ n: string }>(
      db.url,
      "select count(*) as n from audit_log where action = 'tzdb.feed_activate' and target_id = '2026g'",
    );
    expect(Number(activations.n)).toBe(1);
    // A few windows later, still one activation: the other process's checks found it stored.
    const checks = feed.count(ARCHIVE);
    await waitFor('two more checks', async () => feed.count(ARCHIVE) >= checks + 2, 30_000, 100);
    expect(Number((await queryOne<{ n: string }>(db.url, "select count(*) as n from audit_log where action = 'tzdb.feed_activate'")).n)).toBe(1);
  }, 120_000);
});

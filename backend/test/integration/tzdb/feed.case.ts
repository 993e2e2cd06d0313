/**
 * The IANA release feed as an operator runs it: a local HTTP server in IANA's place serves a release archive and its
 * detached signature, made with a key the test generates (GnuPG when installed) and trusts through TZDB_FEED_KEYS.
 */
import { readFileSync } from 'node:fs';
import { parseFeed } from '@rowanmanning/feed-parser';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { SmtpPeer } from '../../support/smtp.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { FeedServer, makeRelease, makeSigner, nextMonth, type Signer } from '../../support/tz-feed.js';
import { ReleaseFeed } from '../../../src/modules/tzdb/release-feed.js';

const ARCHIVE = '/time-zones/tzdata-latest.tar.gz';
const ZI_2026B = readFileSync(new URL('../../fixtures/tzdata-2026b.zi', import.meta.url));

/** Kolkata the day after next month's 15th, at noon UTC: +05:30 IST today, +06:00 in the test's 2026g. */
async function kolkata(app: TestApp, key: string) {
  const { day15 } = nextMonth();
  const day = new Date(Date.parse(`${day15}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 19);
  const res = await app.client().get(`/api/conversion/timezone?from=UTC&to=Asia/Kolkata&datetime=${day}`, { 'x-api-key': key });
  expect(res.status).toBe(200);
  return { utcOffset: res.body.utcOffset as string, version: res.headers.get('x-tzdb-version') };
}

/** The check every instance seeds at start (the feed empty: recorded as an error); a check the test runs comes after it. */
async function firstCheckDone(app: TestApp): Promise<void> {
  await waitFor('the first scheduled check', async () => (await app.app.get(ReleaseFeed).status()).lastCheckedAt, 30_000);
}

async function withDatabase<T>(run: () => Promise<T>): Promise<T> {
  const db = await isolatedDatabase();
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = db.url;
  try {
    return await run();
  } finally {
    process.env.TEST_DATABASE_URL = previous;
    await db.drop();
  }
}

describe('the IANA release feed, trusted key configured', () => {
  let feed: FeedServer;
  let iana: Signer;
  let stranger: Signer;
  let app: TestApp;
  let admin: TestClient;
  let key: string;
  let drop: () => Promise<void>;
  let smtp: SmtpPeer;
  let adminEmail: string;

  beforeAll(async () => {
    feed = await FeedServer.start();
    [iana, stranger] = await Promise.all([makeSigner('Test Time Zone Coordinator'), makeSigner('Someone Else')]);
    const db = await isolatedDatabase();
    drop = db.drop;
    const previous = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    smtp = await SmtpPeer.start();
    app = await createTestApp({
      TZDB_FEED_URL: feed.url(ARCHIVE),
      TZDB_FEED_KEYS: iana.publicKey,
      TZDB_FEED_INTERVAL_MS: '3600000',
      JOBS_POLL_MS: '500',
      SMTP_URL: smtp.smtpUrl,
    });
    process.env.TEST_DATABASE_URL = previous;
    const superAdmin = await createUser(app, { role: 'super_admin' });
    adminEmail = superAdmin.email;
    admin = await signedInClient(app, superAdmin);
    key = (await createApiKey(app, await createUser(app, { plan: 'enterprise' }))).key;
    // The check every instance seeds at start (nothing published yet: the feed answers 404, recorded as an error).
    await waitFor('the first scheduled check', async () => (await admin.get('/api/admin/tzdb')).body.feed.lastCheckedAt, 30_000);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await feed?.close();
    await smtp?.close();
    iana?.close();
    stranger?.close();
  });

  const check = () => app.app.get(ReleaseFeed).check();

  it('the console shows the feed, its trusted key and the failed first check', async () => {
    const { feed: status } = (await admin.get('/api/admin/tzdb')).body;
    expect(status).toMatchObject({ enabled: true, url: feed.url(ARCHIVE), autoActivate: true, state: 'error' });
    expect(status.trustedKeys).toHaveLength(1);
    expect(status.lastError).toContain('HTTP 404');
  });

  it('a tampered archive (one byte changed) is refused, recorded with the reason, and the answers stay', async () => {
    const archive = makeRelease('2026g');
    const signature = await iana.sign(archive);
    const tampered = Buffer.from(archive);
    tampered[tampered.length >> 1] ^= 0x01;
    feed.publish(ARCHIVE, tampered);
    feed.publish(`${ARCHIVE}.asc`, signature);
    const result = await check();
    expect(result).toMatchObject({ outcome: 'refused' });
    expect(result.reason).toMatch(/signature does not verify/);
    expect(await kolkata(app, key)).toEqual({ utcOffset: '+05:30', version: '2026f' });
    // The super admins are told, once per refusal, without the text the feed served.
    const alert = await smtp.waitFor({ to: adminEmail, subject: /tz release feed refused/ });
    expect(alert.text).toContain(`${app.config.appUrl}/admin/tzdb`);
    expect(alert.text).not.toMatch(/digest|signature does not verify/i);
    expect(await check()).toMatchObject({ outcome: 'refused' });
    await waitFor(
      'the outbox to settle',
      async () =>
        (
          await app.orm.em
            .fork()
            .execute(`select count(*)::int as n from ${app.config.JOBS_SCHEMA}.job where name = 'mail' and state in ('created', 'retry', 'active')`)
        )[0].n === 0,
      30_000,
    );
    expect(smtp.to(adminEmail).filter((m) => /tz release feed refused/.test(m.subject))).toHaveLength(1);
  });

  it('a release signed by another key is refused', async () => {
    const archive = makeRelease('2026g');
    feed.publish(ARCHIVE, archive);
    feed.publish(`${ARCHIVE}.asc`, await stranger.sign(archive));
    const result = await check();
    expect(result.outcome).toBe('refused');
    expect(result.reason).toMatch(/signature does not verify/);
    expect(await kolkata(app, key)).toEqual({ utcOffset: '+05:30', version: '2026f' });
  });

  it('a release without its signature is refused', async () => {
    feed.publish(ARCHIVE, makeRelease('2026g'));
    feed.remove(`${ARCHIVE}.asc`);
    const result = await check();
    expect(result.outcome).toBe('refused');
    expect(result.reason).toMatch(/\.asc answered HTTP 404/);
  });

  it('an older release, correctly signed, is refused', async () => {
    feed.publish(ARCHIVE, ZI_2026B);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(ZI_2026B));
    const result = await check();
    expect(result).toMatchObject({ outcome: 'refused', version: '2026b' });
    expect(result.reason).toMatch(/older than the active release 2026f/);
    expect(await kolkata(app, key)).toEqual({ utcOffset: '+05:30', version: '2026f' });
  });

  it('a release that does not compile, correctly signed, is refused naming what is wrong', async () => {
    const broken = makeRelease('2026g', { zi: '# version 2026g\nZ Europe/Nowhere nonsense - LMT\n' });
    feed.publish(ARCHIVE, broken);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(broken));
    const result = await check();
    expect(result.outcome).toBe('refused');
    expect(result.reason).toMatch(/damaged or does not compile/);
    const garbage = Buffer.from('\x1f\x8b this is not gzip at all');
    feed.publish(ARCHIVE, garbage);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(garbage));
    expect((await check()).reason).toMatch(/damaged or does not compile/);
    expect(await kolkata(app, key)).toEqual({ utcOffset: '+05:30', version: '2026f' });
  });

  it('every refusal is in the audit log with its reason, and the feed state says refused', async () => {
    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetType: 'tz_release' }))}`);
    const refusals = audit.body.filter((e: { action: string }) => e.action === 'tzdb.feed_refuse');
    expect(refusals.length).toBeGreaterThanOrEqual(6);
    const reasons = refusals.map((e: { after: { reason: string } }) => e.after.reason).join('\n');
    for (const reason of [/signature does not verify/, /\.asc answered HTTP 404/, /older than the active release/, /damaged or does not compile/])
      expect(reasons).toMatch(reason);
    expect((await admin.get('/api/admin/tzdb')).body.feed.state).toBe('refused');
  });

  it('a verified, newer release goes live with no one acting; the next check is one conditional request answered 304', async () => {
    const archive = makeRelease('2026g');
    feed.publish(ARCHIVE, archive);
    feed.publish(`${ARCHIVE}.asc`, await iana.sign(archive));
    const result = await check();
    expect(result).toMatchObject({ outcome: 'activated', version: '2026g' });
    expect(result.changes!.zones.map((z) => z.zone)).toContain('Asia/Kolkata');
    expect(await kolkata(app, key)).toEqual({ utcOffset: '+06:00', version: '2026g' });

    const before = feed.count(ARCHIVE);
    const conditionalBefore = feed.conditional.length;
    expect(await check()).toMatchObject({ outcome: 'unchanged' });
    expect(feed.count(ARCHIVE)).toBe(before + 1);
    expect(feed.conditional.length).toBe(conditionalBefore + 1);

    const status = (await admin.get('/api/admin/tzdb')).body;
    expect(status).toMatchObject({ version: '2026g' });
    expect(status.feed).toMatchObject({ state: 'unchanged', newestVersion: '2026g', lastError: null });
    expect(status.history.find((h: { version: string }) => h.version === '2026g')).toMatchObject({
      origin: 'feed',
      signature: 'verified',
      waiting: false,
      active: true,
    });
    const health = (await app.client().get('/api/health')).body;
    expect(health.tzdbVersion).toBe('2026g');
    expect(Date.parse(health.tzdbCheckedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetType: 'tz_release' }))}`);
    expect(audit.body.filter((e: { action: string }) => e.action === 'tzdb.feed_activate')).toHaveLength(1);
    expect(audit.body.some((e: { action: string }) => e.action === 'tzdb.feed_download')).toBe(true);
  });

  it('the public record and its Atom feed say when each release went live and how it came', async () => {
    const list = (await app.client().get('/api/timezone/releases')).body.releases;
    expect(list[0]).toMatchObject({ version: '2026g', origin: 'feed', active: true });
    expect(list.find((r: { version: string }) => r.version === '2026f')).toMatchObject({ origin: 'bundled', active: false });
    const res = await app.client().get('/api/timezone/releases.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const atom = parseFeed(res.text);
    expect(atom.meta.type).toBe('atom');
    expect(atom.title).toContain('tz database releases');
    expect(atom.items.map((i) => i.title)).toEqual(['tz release 2026g is live (answering now)', 'tz release 2026f is live']);
    expect(atom.items[0].description).toContain('from the signed IANA feed');
    expect(atom.items[0].content).toContain('Asia/Kolkata');
    expect(atom.items[0].published?.toISOString()).toBe(list[0].wentLiveAt);
  });
});

describe('the IANA release feed, waiting for a super admin', () => {
  it('with TZDB_AUTO_ACTIVATE=false a verified release waits, unlisted, until a super admin activates it', async () => {
    const feed = await FeedServer.start();
    const iana = await makeSigner('Test Time Zone Coordinator');
    try {
      await withDatabase(async () => {
        const app = await createTestApp({
          TZDB_FEED_URL: feed.url(ARCHIVE),
          TZDB_FEED_KEYS: iana.publicKey,
          TZDB_AUTO_ACTIVATE: 'false',
          TZDB_FEED_INTERVAL_MS: '3600000',
        });
        try {
          const admin = await signedInClient(app, await createUser(app, { role: 'super_admin' }));
          const key = (await createApiKey(app, await createUser(app, { plan: 'enterprise' }))).key;
          await firstCheckDone(app);
          const archive = makeRelease('2026g');
          feed.publish(ARCHIVE, archive);
          feed.publish(`${ARCHIVE}.asc`, await iana.sign(archive));
          const result = await app.app.get(ReleaseFeed).check();
          expect(result).toMatchObject({ outcome: 'waiting', version: '2026g', reason: 'verified, waiting' });
          expect(await kolkata(app, key)).toEqual({ utcOffset: '+05:30', version: '2026f' });
          const waiting = (await admin.get('/api/admin/tzdb')).body.history.find((h: { version: string }) => h.version === '2026g');
          expect(waiting).toMatchObject({ origin: 'feed', signature: 'verified', waiting: true, active: false, wentLiveAt: null });
          expect(waiting.changedZones).toBeGreaterThan(0);
          expect((await app.client().get('/api/timezone/releases')).body.releases.map((r: { version: string }) => r.version)).not.toContain('2026g');

          const activated = await admin.post('/api/admin/tzdb/activate', { version: '2026g' });
          expect(activated.status).toBe(200);
          expect(await kolkata(app, key)).toEqual({ utcOffset: '+06:00', version: '2026g' });
          const live = (await admin.get('/api/admin/tzdb')).body.history.find((h: { version: string }) => h.version === '2026g');
          expect(live).toMatchObject({ waiting: false, active: true });
          expect((await app.client().get('/api/timezone/releases')).body.releases[0]).toMatchObject({ version: '2026g', origin: 'feed' });
        } finally {
          await app.close();
        }
      });
    } finally {
      await feed.close();
      iana.close();
    }
  });

  it('without TZDB_FEED_KEYS a release waits as unsigned', async () => {
    const feed = await FeedServer.start();
    try {
      await withDatabase(async () => {
        const app = await createTestApp({ TZDB_FEED_URL: feed.url(ARCHIVE), TZDB_FEED_INTERVAL_MS: '3600000' });
        try {
          await firstCheckDone(app);
          feed.publish(ARCHIVE, makeRelease('2026g'));
          const result = await app.app.get(ReleaseFeed).check();
          expect(result).toMatchObject({ outcome: 'waiting', version: '2026g', reason: 'unsigned, waiting' });
          expect(feed.count(`${ARCHIVE}.asc`)).toBe(0);
          expect((await app.client().get('/api/health')).body.tzdbVersion).toBe('2026f');
        } finally {
          await app.close();
        }
      });
    } finally {
      await feed.close();
    }
  });

  it('without TZDB_FEED_URL there is no feed: nothing is fetched and the console says off', async () => {
    const app = await createTestApp({ TZDB_FEED_URL: undefined });
    try {
      const admin = await signedInClient(app, await createUser(app, { role: 'super_admin' }));
      expect((await admin.get('/api/admin/tzdb')).body.feed).toMatchObject({ enabled: false, state: 'off' });
      expect((await admin.post('/api/admin/tzdb/feed/check', {})).status).toBe(404);
      expect((await app.client().get('/api/health')).body.tzdbCheckedAt).toBeNull();
    } finally {
      await app.close();
    }
  });
});

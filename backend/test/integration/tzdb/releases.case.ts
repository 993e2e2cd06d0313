import { readFileSync } from 'node:fs';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { waitFor } from '../../support/processes.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { SHARED_REDIS_URL, describeWithRedis } from '../../support/redis.js';

const REDIS_URL = SHARED_REDIS_URL;

const ZI_2026B = readFileSync(new URL('../../fixtures/tzdata-2026b.zi', import.meta.url));
const ZI_2026F = readFileSync(new URL('../../../data/tzdb/2026f/tzdata.zi', import.meta.url));
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** 2026b with one Zone continuation line made nonsense: the line the compiler must name. */
function broken(): { text: string; line: number } {
  const lines = ZI_2026B.toString('utf8').split('\n');
  const line = lines.findIndex((l) => l.startsWith('Z America/Edmonton')) + 2;
  lines[line - 1] = '-7 Ed M%sT nineteen-eighty-seven';
  return { text: lines.join('\n'), line };
}

/** Polls until `read` answers `expected`; the deadline only guards against a hang. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  return waitFor(`${String(expected)} to be answered`, async () => ((await read()) === expected ? expected : undefined), 30_000, 50);
}

const versionOf = async (app: TestApp) => (await app.client().get('/api/health')).body.tzdbVersion as string;

/** Noon UTC on 2026-12-15 in Edmonton: 05:00 (MST, -07:00) under 2026b, 06:00 (CST, -06:00) under 2026f. */
async function edmontonInDecember(app: TestApp, key: string) {
  const res = await app.client().get('/api/conversion/timezone?from=UTC&to=America/Edmonton&datetime=2026-12-15T12:00:00', { 'x-api-key': key });
  expect(res.status).toBe(200);
  return { utcOffset: res.body.utcOffset as string, abbreviation: res.body.abbreviation as string, header: res.headers.get('x-tzdb-version') };
}

describe('tz releases loaded at run time', () => {
  let db: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let admin: TestClient;
  let key: string;
  const prefix = `tzapi-test-tzdb-${process.pid}-${Date.now()}:`;

  beforeAll(async () => {
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    key = (await createApiKey(a, await createUser(a, { plan: 'premium' }))).key;
  });
  afterAll(async () => {
    await a?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
  });

  it('starts on the bundled release and names it in health, headers and the admin API', async () => {
    const health = await a.client().get('/api/health');
    expect(health.body.tzdbVersion).toBe('2026f');
    expect(health.headers.get('x-tzdb-version')).toBe('2026f');
    expect(health.body.services.timezone_data).toBe('up');
    const status = await admin.get('/api/admin/tzdb');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ version: '2026f', source: 'bundled' });
    expect(status.body.zones).toBeGreaterThan(300);
    expect(status.body.links).toBeGreaterThan(100);
    expect(status.body.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(status.body.history).toHaveLength(1);
  });

  it('a customer gets 403 from the admin API', async () => {
    const customer = await signedInClient(a, await createUser(a));
    expect((await customer.get('/api/admin/tzdb')).status).toBe(403);
    const post = await customer.post('/api/admin/tzdb', { release: base64(ZI_2026B), force: true });
    expect(post.status).toBe(403);
    expect(await versionOf(a)).toBe('2026f');
  });

  it('an older release is refused with 409 without force', async () => {
    const res = await admin.post('/api/admin/tzdb', { release: base64(ZI_2026B) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'older_release', version: '2026b', activeVersion: '2026f' });
    expect(await versionOf(a)).toBe('2026f');
  });

  it('an older release is loaded with force (a rollback), and the answers and X-Tzdb-Version follow it', async () => {
    const before = await edmontonInDecember(a, key);
    expect(before).toEqual({ utcOffset: '-06:00', abbreviation: 'CST', header: '2026f' });
    const res = await admin.post('/api/admin/tzdb', { release: base64(ZI_2026B), force: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alreadyActive: false, version: '2026b', previousVersion: '2026f' });
    const edmonton = res.body.changes.zones.find((z: { zone: string }) => z.zone === 'America/Edmonton');
    expect(edmonton.changes[0]).toMatchObject({
      before: { utcOffset: '-06:00', abbreviation: 'CST', dst: false },
      after: { utcOffset: '-07:00', abbreviation: 'MST', dst: false },
    });
    expect(res.body.changes.zones.map((z: { zone: string }) => z.zone)).toContain('Canada/Mountain');
    expect(await edmontonInDecember(a, key)).toEqual({ utcOffset: '-07:00', abbreviation: 'MST', header: '2026b' });
    expect(await versionOf(a)).toBe('2026b');
  });

  it('a release that does not compile is refused with 400 invalid_release naming the line, and the active one stays', async () => {
    const { text, line } = broken();
    const res = await admin.post('/api/admin/tzdb', { release: base64(text), force: true });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ code: 'invalid_release', file: 'tzdata.zi', line });
    expect(res.body.detail).toContain(`line ${line}`);
    const garbage = await admin.post('/api/admin/tzdb', { release: 'not base64 at all!' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('invalid_release');
    expect(await versionOf(a)).toBe('2026b');
  });

  it('a body over 2 MB is 413', async () => {
    const res = await admin.post('/api/admin/tzdb', { release: 'A'.repeat(2 * 1024 * 1024 + 16) });
    expect(res.status).toBe(413);
  });

  describeWithRedis('tzdb.spec')('with a second instance on the same PostgreSQL and Redis', () => {
    let b: TestApp;
    beforeAll(async () => {
      // b polls once an hour: whatever it follows within a test came through Redis.
      b = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix, TZDB_POLL_MS: '3600000' });
    });
    afterAll(async () => {
      await b?.close();
    });

    it('a new instance starts on the stored active release, not the newer bundle', async () => {
      expect(await versionOf(b)).toBe('2026b');
    });

    it('a newer release posted to one instance is answered by the other through Redis, not its poll', async () => {
      const res = await admin.post('/api/admin/tzdb', { release: base64(ZI_2026F) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ alreadyActive: false, version: '2026f', previousVersion: '2026b' });
      expect(await versionOf(a)).toBe('2026f');
      await eventually(() => versionOf(b), '2026f');
      expect(await edmontonInDecember(b, key)).toEqual({ utcOffset: '-06:00', abbreviation: 'CST', header: '2026f' });
    });

    it('posting the active release again answers that it is already active', async () => {
      const res = await admin.post('/api/admin/tzdb', { release: base64(ZI_2026F) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ alreadyActive: true, version: '2026f' });
    });

    it('a stored release is re-activated (older needs force) and every instance follows', async () => {
      const refused = await admin.post('/api/admin/tzdb/activate', { version: '2026b' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('older_release');
      const missing = await admin.post('/api/admin/tzdb/activate', { version: '2019a', force: true });
      expect(missing.status).toBe(404);
      const res = await admin.post('/api/admin/tzdb/activate', { version: '2026b', force: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ version: '2026b', previousVersion: '2026f' });
      await eventually(() => versionOf(b), '2026b');
      expect(await edmontonInDecember(b, key)).toEqual({ utcOffset: '-07:00', abbreviation: 'MST', header: '2026b' });
      const back = await admin.post('/api/admin/tzdb/activate', { version: '2026f' });
      expect(back.status).toBe(200);
      await eventually(() => versionOf(b), '2026f');
    });
  });

  it('GET /api/timezone/releases lists the loaded releases newest first with the zones each changed, without a key', async () => {
    const res = await a.client().get('/api/timezone/releases');
    expect(res.status).toBe(200);
    expect(res.body.releases.map((r: { version: string }) => r.version)).toEqual(['2026f', '2026b']);
    const active = res.body.releases.filter((r: { active: boolean }) => r.active);
    expect(active).toHaveLength(1);
    expect(active[0].version).toBe(await versionOf(a));
    const older = res.body.releases.find((r: { version: string }) => r.version === '2026b');
    expect(older.changedZones.map((z: { zone: string }) => z.zone)).toContain('America/Edmonton');
    expect(res.headers.get('x-tzdb-version')).toBe(active[0].version);
    const csv = await a.client().get('/api/timezone/releases?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('2026b');
  });

  it('each load and activation is in the audit log, and the admin history lists both releases', async () => {
    const audit = await admin.get(`/api/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ targetType: 'tz_release' }))}`);
    expect(audit.status).toBe(200);
    const actions = audit.body.map((e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`);
    expect(actions).toContain('tzdb.load 2026b');
    // 2026f's tzdata.zi uploaded: done above when the two-instance part ran (then "already active"), else here.
    expect((await admin.post('/api/admin/tzdb', { release: base64(ZI_2026F) })).status).toBe(200);
    const status = await admin.get('/api/admin/tzdb');
    // 2026f twice: the bundled folder and the uploaded tzdata.zi are different sources (digests) of one version.
    expect(status.body.history.map((h: { version: string }) => h.version).sort()).toEqual(['2026b', '2026f', '2026f']);
    expect(status.body.history.map((h: { source: string }) => h.source)).toEqual(expect.arrayContaining(['bundled', 'upload (tzdata.zi)']));
    expect(status.body.history.filter((h: { active: boolean }) => h.active)).toHaveLength(1);
  });
});

describe('tz releases without Redis', () => {
  let db: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    a = await createTestApp({ REDIS_URL: undefined });
    b = await createTestApp({ REDIS_URL: undefined });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
  });

  it('the other instance follows a load at its next poll of PostgreSQL (every 3 s by default: within 5 seconds)', async () => {
    expect(b.config.TZDB_POLL_MS).toBeLessThanOrEqual(5000);
    expect(await versionOf(b)).toBe('2026f');
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const res = await admin.post('/api/admin/tzdb', { release: base64(ZI_2026B), force: true });
    expect(res.status).toBe(200);
    await eventually(() => versionOf(b), '2026b');
    const key = (await createApiKey(b, await createUser(b, { plan: 'premium' }))).key;
    expect(await edmontonInDecember(b, key)).toEqual({ utcOffset: '-07:00', abbreviation: 'MST', header: '2026b' });
  });

  it('TZDB_RELEASE chooses the release at start (and records it)', async () => {
    const c = await createTestApp({ REDIS_URL: undefined, TZDB_RELEASE: new URL('../../../data/tzdb/2026f', import.meta.url).pathname });
    try {
      expect(await versionOf(c)).toBe('2026f');
      await eventually(() => versionOf(a), '2026f');
    } finally {
      await c.close();
    }
  });
});

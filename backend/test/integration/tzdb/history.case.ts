/**
 * What HTTP shows of history=backzone|main (the builds themselves: src/modules/tzdb/release-builds.spec.ts, their
 * offsets against zoneinfo and Intl: test/oracle/history-oracle.spec.ts): the X-Tzdb-Build header beside
 * X-Tzdb-Version, and the 4xx problems of a bad value or a build a release was not loaded with.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { fuzz, fuzzRuns } from '../../support/fuzz.js';
import type { TestClient } from '../../support/http.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

const ZI_2026B = readFileSync(new URL('../../fixtures/tzdata-2026b.zi', import.meta.url));
/** Noon UTC on 1960-07-01 in Oslo: Norwegian summer time (+02:00) in backzone, Berlin's standard time (+01:00) in main. */
const OSLO_1960 = '/api/conversion/timezone?from=UTC&to=Europe/Oslo&datetime=1960-07-01T12:00:00';

describe('history=backzone|main over HTTP', () => {
  let db: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let key: string;

  const get = (path: string) => a.client().get(path, { 'x-api-key': key });

  beforeAll(async () => {
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    a = await createTestApp();
    key = (await createApiKey(a, await createUser(a, { plan: 'premium' }))).key;
  });
  afterAll(async () => {
    await a?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
  });

  it('answers from the backzone build by default and names the build in X-Tzdb-Build beside X-Tzdb-Version', async () => {
    for (const query of ['', '&history=backzone']) {
      const res = await get(OSLO_1960 + query);
      expect(res.status).toBe(200);
      expect(res.body.utcOffset).toBe('+02:00');
      expect(res.headers.get('x-tzdb-build')).toBe('backzone');
      expect(res.headers.get('x-tzdb-version')).toBe('2026f');
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Tzdb-Build');
    }
  });

  it('history=main answers IANA’s default build, as a browser does', async () => {
    const res = await get(`${OSLO_1960}&history=main`);
    expect(res.status).toBe(200);
    expect(res.body.utcOffset).toBe('+01:00');
    expect(res.headers.get('x-tzdb-build')).toBe('main');
    expect(res.headers.get('x-tzdb-version')).toBe('2026f');
    // The same zone name in both builds, and the same answer from 1970 on.
    const info = await get('/api/timezone/info?timezone=Europe/Oslo&date=2026-07-01&history=main');
    expect(info.body).toMatchObject({ timezone: 'Europe/Oslo', utc_offset: '+02:00', backzone_history: true });
    expect(info.headers.get('x-tzdb-build')).toBe('main');
  });

  it('zone lists and info say which zones have their own history before 1970', async () => {
    const list = await get('/api/timezone/list');
    const byName = new Map((list.body.timezones as { timezone: string; backzone_history: boolean }[]).map((z) => [z.timezone, z.backzone_history]));
    expect(byName.get('Europe/Oslo')).toBe(true);
    expect(byName.get('Africa/Asmara')).toBe(true);
    expect(byName.get('Europe/Berlin')).toBe(false);
    expect((await get('/api/timezone/info?timezone=Africa/Nairobi')).body.backzone_history).toBe(false);
  });

  it('a value other than backzone or main is 400 invalid_history, on every sold route, before any work', async () => {
    const failures: string[] = [];
    const bad = fc.string({ unit: 'binary', maxLength: 24 }).filter((s) => s !== 'backzone' && s !== 'main');
    await fuzz(
      fc.asyncProperty(bad, fc.constantFrom(OSLO_1960, '/api/timezone/list?x=1', '/api/time/current?timezone=UTC'), async (value, path) => {
        const res = await get(`${path}&history=${encodeURIComponent(value)}`);
        const ok = res.status === 400 && res.body.code === 'invalid_history' && res.body.field === 'history';
        if (!ok) failures.push(`${JSON.stringify(value)} on ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return ok;
      }),
      failures,
      fuzzRuns(),
    );
    expect(failures).toEqual([]);
    for (const value of ['MAIN', 'Backzone', 'both', '', 'main ']) {
      const res = await get(`${OSLO_1960}&history=${encodeURIComponent(value)}`);
      expect({ value, status: res.status, code: res.body.code }).toEqual({ value, status: 400, code: 'invalid_history' });
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('the downloads take history too', async () => {
    const berlin = await a.client().get('/api/timezone/releases/2026f/tzif/Europe/Berlin?history=main');
    const oslo = await a.client().get('/api/timezone/releases/2026f/tzif/Europe/Oslo?history=main');
    const osloBackzone = await a.client().get('/api/timezone/releases/2026f/tzif/Europe/Oslo');
    expect([berlin.status, oslo.status, osloBackzone.status]).toEqual([200, 200, 200]);
    expect(oslo.headers.get('etag')).toBe(berlin.headers.get('etag'));
    expect(osloBackzone.headers.get('etag')).not.toBe(oslo.headers.get('etag'));
    const zi = await a.client().get('/api/timezone/releases/2026f/tzdata.zi?history=main');
    expect(zi.status).toBe(200);
    expect(zi.text).not.toMatch(/^Z Europe\/Oslo /m);
    expect(zi.headers.get('content-disposition')).toContain('tzdata2026f-main.zi');
    const refused = await a.client().get('/api/timezone/releases/2026f/tzdata.zi?history=neither');
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_history']);
  });

  it('a release loaded as a bare tzdata.zi has one build: the other is 404 build_unavailable', async () => {
    const admin: TestClient = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    expect((await admin.post('/api/admin/tzdb', { release: ZI_2026B.toString('base64'), force: true })).status).toBe(200);
    expect((await admin.post('/api/admin/tzdb/activate', { version: '2026f' })).status).toBe(200);
    const pinned = await get(`${OSLO_1960}&tzdb=2026b`);
    expect([pinned.status, pinned.headers.get('x-tzdb-version'), pinned.headers.get('x-tzdb-build')]).toEqual([200, '2026b', 'backzone']);
    const res = await get(`${OSLO_1960}&tzdb=2026b&history=main`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'build_unavailable', version: '2026b', availableBuilds: ['backzone'] });
  });
});

/**
 * Answers customers can pin: every sold route answers from the stored release that ?tzdb=, the Tzdb-Version header or
 * the key's pin names (X-Tzdb-Version says which), and each stored release's exact data is downloadable (TZif, tzdata.zi).
 */
import { readFileSync } from 'node:fs';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import type { TestClient } from '../../support/http.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { ReleaseCache } from '../../../src/modules/tzdb/release-cache.js';

const ZI_2026B = readFileSync(new URL('../../fixtures/tzdata-2026b.zi', import.meta.url));
const ZI_2026F = readFileSync(new URL('../../../data/tzdb/2026f/tzdata.zi', import.meta.url));
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/** Noon UTC on 2026-12-15 in Edmonton: 05:00 (MST, -07:00) under 2026b, 06:00 (CST, -06:00) under 2026f. */
const EDMONTON = '/api/conversion/timezone?from=UTC&to=America/Edmonton&datetime=2026-12-15T12:00:00';

describe('pinning a tz release, and its exact data to download', () => {
  let db: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let admin: TestClient;
  let owner: TestClient;
  let key: { key: string; id: string };

  const edmonton = async (headers: Record<string, string> = {}, query = '') => {
    const res = await a.client().get(EDMONTON + query, { 'x-api-key': key.key, ...headers });
    return {
      status: res.status,
      offset: res.body.utcOffset as string,
      abbreviation: res.body.abbreviation as string,
      version: res.headers.get('x-tzdb-version'),
      body: res.body,
    };
  };

  beforeAll(async () => {
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    a = await createTestApp({ TZDB_RELEASE_CACHE_SIZE: '1' });
    admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const user = await createUser(a, { plan: 'premium' });
    owner = await signedInClient(a, user);
    key = await createApiKey(a, user);
    // Two stored releases that differ for Edmonton: 2026b stored (a rollback), then 2026f active again.
    expect((await admin.post('/api/admin/tzdb', { release: base64(ZI_2026B), force: true })).status).toBe(200);
    expect((await admin.post('/api/admin/tzdb/activate', { version: '2026f' })).status).toBe(200);
  });
  afterAll(async () => {
    await a?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
  });

  it('tzdb= answers each stored release for the same instant, and X-Tzdb-Version names it', async () => {
    expect(await edmonton()).toMatchObject({ status: 200, offset: '-06:00', abbreviation: 'CST', version: '2026f' });
    expect(await edmonton({}, '&tzdb=2026b')).toMatchObject({ status: 200, offset: '-07:00', abbreviation: 'MST', version: '2026b' });
    expect(await edmonton({}, '&tzdb=2026f')).toMatchObject({ status: 200, offset: '-06:00', abbreviation: 'CST', version: '2026f' });
    // The header does the same; the query parameter wins when both are sent.
    expect(await edmonton({ 'tzdb-version': '2026b' })).toMatchObject({ offset: '-07:00', version: '2026b' });
    expect(await edmonton({ 'tzdb-version': '2026b' }, '&tzdb=2026f')).toMatchObject({ offset: '-06:00', version: '2026f' });
  });

  it('every sold route takes it: current time, transitions and XML answers', async () => {
    const at = '/api/timezone/transitions?timezone=America/Edmonton&from=2026-06-01&to=2027-06-01';
    const now = await a.client().get(`${at}&tzdb=2026b`, { 'x-api-key': key.key });
    const then = await a.client().get(at, { 'x-api-key': key.key });
    expect(now.status).toBe(200);
    expect(now.headers.get('x-tzdb-version')).toBe('2026b');
    expect(then.headers.get('x-tzdb-version')).toBe('2026f');
    expect(now.body).not.toEqual(then.body);
    const xml = await a.client().get(`${EDMONTON}&tzdb=2026b&format=xml`, { 'x-api-key': key.key });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<utcOffset>-07:00</utcOffset>');
    expect(xml.headers.get('x-tzdb-version')).toBe('2026b');
  });

  it('an unknown release is 404 unknown_release, listing the stored ones', async () => {
    for (const version of ['2019a', 'not-a-version']) {
      const res = await edmonton({}, `&tzdb=${version}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'unknown_release', status: 404, storedVersions: ['2026f', '2026b'] });
    }
    expect((await edmonton({ 'tzdb-version': '1999z' })).body).toMatchObject({ code: 'unknown_release' });
  });

  it('releases are compiled on first use and kept in a bounded cache', async () => {
    const cache = a.app.get(ReleaseCache);
    expect(cache.capacity).toBe(1);
    expect(cache.cachedVersions).toEqual(['2026b']);
    expect(await cache.storedVersions()).toEqual(['2026f', '2026b']);
  });

  it('a key pinned to a release keeps answering from it after another is activated, until its owner moves the pin', async () => {
    const keys = await owner.get('/api/api-keys');
    expect(keys.body.find((k: { id: string }) => k.id === key.id).tzdbVersion).toBeNull();
    const refused = await owner.put(`/api/api-keys/${key.id}`, { tzdbVersion: '2011z' });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('unknown_release');

    const pinned = await owner.put(`/api/api-keys/${key.id}`, { tzdbVersion: '2026f' });
    expect(pinned.status).toBe(200);
    expect(pinned.body.tzdbVersion).toBe('2026f');
    // A rollback makes 2026b the active release: the pinned key still answers 2026f, an unpinned one follows.
    expect((await admin.post('/api/admin/tzdb/activate', { version: '2026b', force: true })).status).toBe(200);
    const other = await createApiKey(a, await createUser(a, { plan: 'premium' }));
    expect(await edmonton()).toMatchObject({ offset: '-06:00', version: '2026f' });
    const unpinned = await a.client().get(EDMONTON, { 'x-api-key': other.key });
    expect(unpinned.body.utcOffset).toBe('-07:00');
    expect(unpinned.headers.get('x-tzdb-version')).toBe('2026b');
    // MCP tools answer from the pin too (and from a Tzdb-Version header), naming it in X-Tzdb-Version.
    const mcp = async (apiKey: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${a.url}/mcp`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey, 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'convert_time', arguments: { fromTimeZone: 'UTC', toTimeZone: 'America/Edmonton', dateTime: '2026-12-15T12:00:00' } },
        }),
      });
      const body = (await res.json()) as { result: { structuredContent: { utcOffset: string } } };
      return { offset: body.result.structuredContent.utcOffset, version: res.headers.get('x-tzdb-version') };
    };
    expect(await mcp(key.key)).toEqual({ offset: '-06:00', version: '2026f' });
    expect(await mcp(other.key)).toEqual({ offset: '-07:00', version: '2026b' });
    expect(await mcp(other.key, { 'tzdb-version': '2026f' })).toEqual({ offset: '-06:00', version: '2026f' });
    // tzdb= still wins over the pin; "latest" is the active release.
    expect(await edmonton({}, '&tzdb=latest')).toMatchObject({ offset: '-07:00', version: '2026b' });
    // Moving the pin to "latest" follows the active release from the next request on.
    expect((await owner.put(`/api/api-keys/${key.id}`, { tzdbVersion: 'latest' })).body.tzdbVersion).toBeNull();
    expect(await edmonton()).toMatchObject({ offset: '-07:00', version: '2026b' });
    expect((await admin.post('/api/admin/tzdb/activate', { version: '2026f' })).status).toBe(200);
    expect(await edmonton()).toMatchObject({ offset: '-06:00', version: '2026f' });
  });

  it('serves the tzdata.zi each release was compiled from, public and unmetered, with a strong ETag', async () => {
    const b = await a.client().get('/api/timezone/releases/2026b/tzdata.zi');
    expect(b.status).toBe(200);
    expect(b.text).toBe(ZI_2026B.toString('utf8'));
    expect(b.headers.get('content-type')).toContain('text/plain');
    const etag = b.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await a.client().get('/api/timezone/releases/2026b/tzdata.zi', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const f = await a.client().get('/api/timezone/releases/2026f/tzdata.zi');
    expect(f.text).toBe(ZI_2026F.toString('utf8'));
    expect(f.headers.get('etag')).not.toBe(etag);
    expect(f.headers.get('ratelimit-limit')).toBeNull();
    const unknown = await a.client().get('/api/timezone/releases/2001a/tzdata.zi');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'unknown_release', storedVersions: ['2026f', '2026b'] });
  });

  it("serves each release's TZif file of a zone (links too), with a strong ETag", async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${a.url}${path}`, { headers });
    const b = await get('/api/timezone/releases/2026b/tzif/America/Edmonton');
    const f = await get('/api/timezone/releases/2026f/tzif/America/Edmonton');
    expect(b.status).toBe(200);
    expect(b.headers.get('content-type')).toBe('application/octet-stream');
    const bBytes = Buffer.from(await b.arrayBuffer());
    const fBytes = Buffer.from(await f.arrayBuffer());
    expect(bBytes.subarray(0, 5).toString('latin1')).toMatch(/^TZif[23]$/);
    // 2026f's Edmonton stays on -06 (CST) from November 2026: its footer says so; 2026b's keeps MST/MDT.
    expect(fBytes.toString('latin1').trimEnd().split('\n').pop()).toBe('CST6');
    expect(bBytes.toString('latin1').trimEnd().split('\n').pop()).toBe('MST7MDT,M3.2.0,M11.1.0');
    const etag = f.headers.get('etag')!;
    expect(etag).not.toBe(b.headers.get('etag'));
    expect((await get('/api/timezone/releases/2026f/tzif/America/Edmonton', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    // The docs explorer encodes the zone as one path segment (America%2FEdmonton): the same file.
    const encoded = await get('/api/timezone/releases/2026f/tzif/America%2FEdmonton');
    expect(Buffer.from(await encoded.arrayBuffer())).toEqual(fBytes);
    const link = await get('/api/timezone/releases/2026f/tzif/Asia/Calcutta');
    const zone = await get('/api/timezone/releases/2026f/tzif/Asia/Kolkata');
    expect(Buffer.from(await link.arrayBuffer())).toEqual(Buffer.from(await zone.arrayBuffer()));
    const missing = await a.client().get('/api/timezone/releases/2026f/tzif/Mars/Olympus_Mons');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    expect((await a.client().get('/api/timezone/releases/1990a/tzif/UTC')).body.code).toBe('unknown_release');
  });
});

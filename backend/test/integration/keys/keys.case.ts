import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { newTestTotpSecret } from '../../support/totp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { checksumOf, isWellFormedApiKey } from '../../../src/modules/keys/key-codec.js';
import { KeyDirectory } from '../../../src/modules/keys/key-directory.js';

const PUBLIC_ROUTE = '/api/time/utc';

describe('API keys (account API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a key, answers the full key once and lists it masked', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const created = await client.post('/api/api-keys', { name: '  Production  ', ipRestrictions: ['203.0.113.7', '', '  '], urlRestrictions: [] });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Production');
    expect(isWellFormedApiKey(created.body.key)).toBe(true);
    expect(created.body.key).toMatch(/^tzk_live_[0-9A-Za-z]{30}$/);
    expect(created.body.keyPrefix).toBe(created.body.key.slice(0, 13));
    expect(created.body.maskedKey).toBe(`${created.body.keyPrefix}…${created.body.key.slice(-4)}`);
    expect(created.body.ipRestrictions).toEqual(['203.0.113.7']);
    expect(created.body.lastUsedAt).toBeNull();

    const list = await client.get('/api/api-keys');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('key');
    expect(list.text).not.toContain(created.body.key);
    expect(list.text).not.toContain('hash');

    const revealed = await client.post(`/api/api-keys/${created.body.id}/reveal`, { password: user.password });
    expect(revealed.status).toBe(200);
    expect(revealed.body.key).toBe(created.body.key);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
  });

  it('a burst of requests with a key not yet cached reads it from the database once', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const { key } = (await client.post('/api/api-keys', { name: 'Burst' })).body;
    const directory = t.app.get(KeyDirectory);
    const before = directory.cacheMisses;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${t.url}/api/time/current?timezone=UTC`, { headers: { 'X-API-Key': key } }).then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(directory.cacheMisses - before).toBe(1);
  });

  it('revealing a key again asks for the password (and the code when two-factor sign-in is on); the old GET is gone', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const { id, key } = (await client.post('/api/api-keys', { name: 'Prod' })).body;
    for (const body of [{}, { password: 'not the password' }]) {
      const refused = await client.post(`/api/api-keys/${id}/reveal`, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'wrong_password', field: 'password' });
      expect(refused.text).not.toContain(key);
    }
    expect((await client.get(`/api/api-keys/${id}/reveal`)).status).toBe(405);

    const guarded = await createUser(t, { totpSecret: newTestTotpSecret() });
    const guardedClient = await signedInClient(t, guarded);
    const second = (await guardedClient.post('/api/api-keys', { name: 'Prod' })).body;
    const noCode = await guardedClient.post(`/api/api-keys/${second.id}/reveal`, { password: guarded.password });
    expect([noCode.status, noCode.body.code]).toEqual([400, 'totp_required']);
  });

  it('a double-clicked Create Key (two requests with one Idempotency-Key, at once) makes one key, answered to both', async () => {
    const client = await signedInClient(t, await createUser(t));
    const submission = { headers: { 'idempotency-key': crypto.randomUUID() }, body: { name: 'Checkout service' } };
    const [first, second] = await Promise.all([client.request('POST', '/api/api-keys', submission), client.request('POST', '/api/api-keys', submission)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.key).toBe(first.body.key);
    expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')].sort()).toEqual(['true', null].sort());
    // A retry later answers it again; another submission makes another key.
    expect((await client.request('POST', '/api/api-keys', submission)).body.id).toBe(first.body.id);
    await client.request('POST', '/api/api-keys', { headers: { 'idempotency-key': crypto.randomUUID() }, body: { name: 'Second' } });
    expect((await client.get('/api/api-keys')).body.map((k: { name: string }) => k.name).sort()).toEqual(['Checkout service', 'Second']);
    const bad = await client.request('POST', '/api/api-keys', { headers: { 'idempotency-key': 'x' }, body: { name: 'Short' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it("another account's Idempotency-Key is its own: the same value makes each account its own key", async () => {
    const same = { headers: { 'idempotency-key': 'shared-submission-0001' }, body: { name: 'Mine' } };
    const a = await (await signedInClient(t, await createUser(t))).request('POST', '/api/api-keys', same);
    const b = await (await signedInClient(t, await createUser(t))).request('POST', '/api/api-keys', same);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.key).not.toBe(a.body.key);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('requires a name after trimming', async () => {
    const client = await signedInClient(t, await createUser(t));
    for (const body of [{ name: '   ' }, {}]) {
      const res = await client.post('/api/api-keys', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field: 'name', message: 'Name required' }]));
    }
  });

  it('names the bad restriction line', async () => {
    const client = await signedInClient(t, await createUser(t));
    const res = await client.post('/api/api-keys', {
      name: 'k',
      ipRestrictions: ['10.0.0.1', '2001:db8::/32', '10.0.0.300', '10.0.0.0/33', '192.168.1.0/24'],
      urlRestrictions: ['example.com', '*.example.com', 'http://bad.example/x', '*.com'],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([
      { field: 'ipRestrictions[2]', message: 'Line 3: "10.0.0.300" is not an IP address or CIDR range' },
      { field: 'ipRestrictions[3]', message: 'Line 4: "10.0.0.0/33" is not an IP address or CIDR range' },
      { field: 'urlRestrictions[2]', message: 'Line 3: "http://bad.example/x" is not a domain name or a wildcard such as *.example.com' },
      { field: 'urlRestrictions[3]', message: 'Line 4: "*.com" is not a domain name or a wildcard such as *.example.com' },
    ]);
  });

  it('edits name, restrictions and the active switch', async () => {
    const user = await createUser(t);
    const client = await signedInClient(t, user);
    const { id } = await createApiKey(t, user);
    const res = await client.put(`/api/api-keys/${id}`, {
      name: 'Renamed',
      ipRestrictions: ['10.0.0.0/8'],
      urlRestrictions: ['*.Example.com'],
      isActive: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', ipRestrictions: ['10.0.0.0/8'], urlRestrictions: ['*.example.com'], isActive: false });
    const bad = await client.put(`/api/api-keys/${id}`, { name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'name', message: 'Name required' }]);
    // A toggle alone keeps the rest.
    const toggled = await client.put(`/api/api-keys/${id}`, { isActive: true });
    expect(toggled.body).toMatchObject({ name: 'Renamed', ipRestrictions: ['10.0.0.0/8'], urlRestrictions: ['*.example.com'], isActive: true });
  });

  it('rotate answers a new key; the old key fails on the very next request', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const client = await signedInClient(t, user);
    const { key, id } = await createApiKey(t, user);
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
    const rotated = await client.put(`/api/api-keys/${id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(key);
    expect(rotated.body.id).toBe(id);
    const old = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('invalid_api_key');
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': rotated.body.key })).status).toBe(200);
  });

  it('delete stops the key at once', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const client = await signedInClient(t, user);
    const { key, id } = await createApiKey(t, user);
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
    expect((await client.delete(`/api/api-keys/${id}`)).status).toBe(204);
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).body.code).toBe('invalid_api_key');
    expect((await client.get('/api/api-keys')).body).toEqual([]);
  });

  it("user A gets 404 for every call on B's key ids", async () => {
    const aUser = await createUser(t);
    const a = await signedInClient(t, aUser);
    const b = await createUser(t);
    const { id, key } = await createApiKey(t, b);
    const calls = [
      a.put(`/api/api-keys/${id}`, { name: 'mine now' }),
      a.put(`/api/api-keys/${id}/rotate`),
      a.delete(`/api/api-keys/${id}`),
      a.post(`/api/api-keys/${id}/reveal`, { password: aUser.password }),
      a.put('/api/api-keys/not-a-uuid', { name: 'x' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await a.get('/api/api-keys')).body).toEqual([]);
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
  });

  it('the account API takes only a session, never an API key', async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    const res = await t.client().get('/api/api-keys', { 'x-api-key': key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });
});

describe('the public API key guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function keyFor(options: Parameters<typeof createApiKey>[2] = {}, userOptions: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, { plan: 'premium', ...userOptions });
    return { user, ...(await createApiKey(t, user, options)) };
  }

  it('accepts the key in X-API-Key or Authorization: Bearer', async () => {
    const { key } = await keyFor();
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
    expect((await t.client().get(PUBLIC_ROUTE, { authorization: `Bearer ${key}` })).status).toBe(200);
  });

  it('missing key: 401 missing_api_key; a key in the query string is ignored with a hint', async () => {
    const { key } = await keyFor();
    const missing = await t.client().get(PUBLIC_ROUTE);
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('missing_api_key');
    const query = await t.client().get(`${PUBLIC_ROUTE}?api_key=${key}`);
    expect(query.status).toBe(401);
    expect(query.body.code).toBe('missing_api_key');
    expect(query.body.detail).toMatch(/query string/);
    expect(query.body.detail).toMatch(/X-API-Key/);
  });

  it('malformed key (bad shape or checksum): 401 malformed_api_key', async () => {
    const { key } = await keyFor();
    const typo = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21);
    for (const bad of ['nope', `${key}x`, typo, key.replace('tzk_live_', 'tzk_test_')]) {
      const res = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': bad });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('malformed_api_key');
    }
  });

  it('well-formed but unknown key: 401 invalid_api_key', async () => {
    const random = 'A'.repeat(24);
    const key = `tzk_live_${random}${checksumOf(`tzk_live_${random}`)}`;
    const res = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_api_key');
  });

  it('inactive key: 403 inactive_api_key, and active again at once', async () => {
    const { user, key, id } = await keyFor({ isActive: false });
    const res = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('inactive_api_key');
    expect(res.headers.get('ratelimit-limit')).toBe('50');
    const client = await signedInClient(t, user);
    await client.put(`/api/api-keys/${id}`, { name: 'again', isActive: true });
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
  });

  it('blocked owner: 403 account_blocked, applied on the next request after the block', async () => {
    const { user, key } = await keyFor();
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key })).status).toBe(200);
    const em = t.orm.em.fork();
    const { User } = await import('../../../src/modules/accounts/user.entity.js');
    const entity = await em.findOneOrFail(User, { id: user.id });
    entity.isBlocked = true;
    await em.flush();
    const res = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_blocked');
  });

  it('IPv4 address and CIDR restrictions allow and refuse', async () => {
    const exact = await keyFor({ ipRestrictions: ['127.0.0.1'] });
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': exact.key })).status).toBe(200);
    const range = await keyFor({ ipRestrictions: ['127.0.0.0/8'] });
    expect((await t.client().get(PUBLIC_ROUTE, { 'x-api-key': range.key })).status).toBe(200);
    const other = await keyFor({ ipRestrictions: ['203.0.113.0/24', '2001:db8::1'] });
    const refused = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': other.key });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ip_not_allowed');
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const { key } = await keyFor({ ipRestrictions: ['203.0.113.7'] });
    const res = await t.client().get(PUBLIC_ROUTE, { 'x-api-key': key, 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ip_not_allowed');
  });

  it('domain restrictions match Origin or Referer; *.domain matches subdomains only', async () => {
    const { key } = await keyFor({ urlRestrictions: ['app.example.org', '*.example.com'] });
    const call = (headers: Record<string, string>) => t.client().get(PUBLIC_ROUTE, { 'x-api-key': key, ...headers });
    expect((await call({ origin: 'https://app.example.org' })).status).toBe(200);
    expect((await call({ origin: 'https://shop.example.com' })).status).toBe(200);
    expect((await call({ origin: 'https://a.b.example.com:8443' })).status).toBe(200);
    expect((await call({ origin: 'null', referer: 'https://docs.example.com/page?q=1' })).status).toBe(200);
    for (const origin of ['https://example.com', 'https://evil.org', 'https://notexample.com', 'https://example.com.evil.org']) {
      const res = await call({ origin });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('domain_not_allowed');
    }
    const none = await t
      .client()
      .withHeaders({})
      .request('GET', PUBLIC_ROUTE, { headers: { 'x-api-key': key, origin: '' } });
    expect(none.status).toBe(403);
  });
});

describe('the public API key guard behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('with TRUST_PROXY the client address comes from X-Forwarded-For (IPv4, IPv6 and CIDR)', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const { key } = await createApiKey(t, user, { ipRestrictions: ['203.0.113.7', '2001:db8::/32'] });
    const call = (xff: string) => t.client().get(PUBLIC_ROUTE, { 'x-api-key': key, 'x-forwarded-for': xff });
    expect((await call('203.0.113.7')).status).toBe(200);
    expect((await call('2001:db8:1:2::99')).status).toBe(200);
    expect((await call('::ffff:203.0.113.7')).status).toBe(200);
    const v4 = await call('198.51.100.1');
    expect(v4.status).toBe(403);
    expect(v4.body.code).toBe('ip_not_allowed');
    expect((await call('2001:db9::1')).body.code).toBe('ip_not_allowed');
  });
});

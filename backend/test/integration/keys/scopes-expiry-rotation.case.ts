import { jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { KeyExpiryNotices } from '../../../src/modules/keys/key-expiry-notices.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { createUser, signedInClient } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { twoInstancesWithMail } from '../../support/fixtures.js';
import { waitFor } from '../../support/processes.js';
import type { TwoInstancesWithMail } from '../../support/fixtures.js';
import type { SmtpPeer } from '../../support/smtp.js';
import type { TestApp } from '../../support/test-app.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

const TIME = '/api/time/utc';
const CONVERSION = '/api/conversion/timezone?from=Europe/Berlin&to=Asia/Tokyo&datetime=2026-03-01T12:00:00';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Issue 51's keys: scopes, expiry, the per-key limit and rotation with overlap, on two instances sharing Redis. */
describe('key scopes, expiry, own limit and rotation overlap', () => {
  let pair: TwoInstancesWithMail;
  let a: TestApp;
  let b: TestApp;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    pair = await twoInstancesWithMail();
    ({ a, b, smtp } = pair);
  });
  afterAll(() => pair?.close());
  afterEach(() => jest.useRealTimers());

  const call = (app: TestApp, path: string, key: string) => app.client().get(path, { 'x-api-key': key });
  /** The other instance drops a cached key when Redis delivers the invalidation: await that state, within 5 s. */
  const onOtherInstance = (what: string, probe: () => Promise<boolean>) => waitFor(what, probe, 5000, 20);

  it('a scoped key calls its groups and gets 403 key_scope, naming the scope, elsewhere; no scopes calls everything', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const scoped = (await client.post('/api/api-keys', { name: 'Clock only', scopes: ['time', 'time'] })).body;
    expect(scoped.scopes).toEqual(['time']);
    expect(scoped.createdBy).toEqual({ id: user.id, email: user.email });
    expect((await call(a, TIME, scoped.key)).status).toBe(200);
    const refused = await call(b, CONVERSION, scoped.key);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect([refused.body.code, refused.body.scope]).toEqual(['key_scope', 'conversion']);
    expect(refused.body.detail).toContain('"conversion" scope');

    const open = (await client.post('/api/api-keys', { name: 'Everything' })).body;
    expect(open.scopes).toEqual([]);
    expect((await call(a, CONVERSION, open.key)).status).toBe(200);

    // A scope change reaches the other instance (the key was cached there by the refusal above) without waiting out the cache.
    expect((await client.put(`/api/api-keys/${scoped.id}`, { scopes: ['time', 'conversion'] })).status).toBe(200);
    expect((await call(a, CONVERSION, scoped.key)).status).toBe(200);
    await onOtherInstance('the new scope on b', async () => (await call(b, CONVERSION, scoped.key)).status === 200);

    const bad = await client.post('/api/api-keys', { name: 'Bad', scopes: ['everything'] });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('MCP needs the mcp scope, and only it: an mcp key calls a time tool, a time key cannot reach /mcp', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const mcpKey = (await client.post('/api/api-keys', { name: 'Assistant', scopes: ['mcp'] })).body.key;
    const timeKey = (await client.post('/api/api-keys', { name: 'Clock', scopes: ['time'] })).body.key;

    const transport = new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), { requestInit: { headers: { 'X-API-Key': mcpKey } } });
    const mcp = new Client({ name: 'scope-spec', version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const result = (await mcp.callTool({ name: 'get_current_time', arguments: { timezone: 'UTC' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
    // The same key on REST: refused, it has only mcp.
    expect((await call(a, TIME, mcpKey)).body.code).toBe('key_scope');

    const res = await fetch(`${a.url}/mcp`, {
      method: 'POST',
      headers: { 'X-API-Key': timeKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'UTC' } } }),
    });
    expect(res.status).toBe(403);
    const problem = (await res.json()) as { code: string; scope: string };
    expect([problem.code, problem.scope]).toEqual(['key_scope', 'mcp']);
  });

  it('an expired key answers 401 key_expired once the frozen clock passes its expiry; an expiry in the past is refused', async () => {
    freezeClock();
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const expiresAt = new Date(Date.now() + DAY).toISOString();
    const made = (await client.post('/api/api-keys', { name: 'Short lived', expiresAt })).body;
    expect(made.expiresAt).toBe(expiresAt);
    expect((await call(a, TIME, made.key)).status).toBe(200);
    expect((await call(b, TIME, made.key)).status).toBe(200);
    const past = await client.put(`/api/api-keys/${made.id}`, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect([past.status, past.body.errors?.[0]?.field]).toEqual([400, 'expiresAt']);
    advanceClock(DAY + 1000);
    for (const app of [a, b]) {
      const res = await call(app, TIME, made.key);
      expect([res.status, res.body.code]).toEqual([401, 'key_expired']);
    }
    // No expiry any more brings it back, on every instance (a new sign-in: a day has passed).
    const later = await signedInClient(a, user);
    const cleared = await later.put(`/api/api-keys/${made.id}`, { expiresAt: '' });
    expect([cleared.status, cleared.body.expiresAt]).toEqual([200, null]);
    expect((await call(a, TIME, made.key)).status).toBe(200);
    await onOtherInstance('the key back on b', async () => (await call(b, TIME, made.key)).status === 200);
  });

  it('rotation with 1 h overlap: both keys answer, usage goes to the key used, the old one expires after the hour', async () => {
    freezeClock();
    const user = await createUser(a, { plan: 'premium' });
    const client = await signedInClient(a, user);
    const old = (await client.post('/api/api-keys', { name: 'Deploy', scopes: ['time'] })).body;
    expect((await call(b, TIME, old.key)).status).toBe(200); // cached on b before the rotation

    const rotated = await client.put(`/api/api-keys/${old.id}/rotate`, { overlap: '1h' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).not.toBe(old.id);
    expect(rotated.body.scopes).toEqual(['time']);
    const list = (await client.get('/api/api-keys')).body as { id: string; replacedById: string | null; expiresAt: string | null }[];
    const oldView = list.find((k) => k.id === old.id)!;
    expect(oldView.replacedById).toBe(rotated.body.id);
    expect(oldView.expiresAt).toBe(new Date(Date.now() + HOUR).toISOString());

    for (const app of [a, b]) {
      expect((await call(app, TIME, old.key)).status).toBe(200);
      expect((await call(app, TIME, rotated.body.key)).status).toBe(200);
    }
    expect((await call(a, TIME, rotated.body.key)).status).toBe(200);

    advanceClock(HOUR + 1000);
    for (const app of [a, b]) {
      const res = await call(app, TIME, old.key);
      expect([res.status, res.body.code]).toEqual([401, 'key_expired']);
      expect((await call(app, TIME, rotated.body.key)).status).toBe(200);
    }

    await a.app.get(UsageRecorder).flush();
    await b.app.get(UsageRecorder).flush();
    const rows = await a.orm.em
      .fork()
      .getConnection()
      .execute<{ key_id: string; status_code: number; n: string }[]>(
        `select key_id, status_code, count(*) as n from ${USAGE_EVENTS} where user_id = ? group by 1, 2 order by 1, 2`,
        [user.id],
      );
    const count = (keyId: string, status: number) => Number(rows.find((r) => r.key_id === keyId && r.status_code === status)?.n ?? 0);
    expect(count(old.id, 200)).toBe(3);
    expect(count(old.id, 401)).toBe(2);
    expect(count(rotated.body.id, 200)).toBe(5);
  });

  it('the old key of an overlap can be revoked early; overlap none keeps the id and stops the old secret at once', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const first = (await client.post('/api/api-keys', { name: 'A' })).body;
    const next = (await client.put(`/api/api-keys/${first.id}/rotate`, { overlap: '7d' })).body;
    expect((await call(b, TIME, first.key)).status).toBe(200);
    expect((await client.delete(`/api/api-keys/${first.id}`)).status).toBe(204);
    // At once on the instance that deleted it; the other hears it through Redis, a message later.
    expect((await call(a, TIME, first.key)).body.code).toBe('invalid_api_key');
    await onOtherInstance('the deleted key refused', async () => (await call(b, TIME, first.key)).body.code === 'invalid_api_key');
    expect((await call(b, TIME, next.key)).status).toBe(200);

    const inPlace = (await client.put(`/api/api-keys/${next.id}/rotate`, { overlap: 'none' })).body;
    expect(inPlace.id).toBe(next.id);
    expect((await call(a, TIME, next.key)).status).toBe(401);
    await onOtherInstance('the replaced secret refused', async () => (await call(b, TIME, next.key)).status === 401);
    expect((await call(b, TIME, inPlace.key)).status).toBe(200);
    const bad = await client.put(`/api/api-keys/${next.id}/rotate`, { overlap: '2h' });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it("a key's own limit: at most the plan's (per hour on free, per second on paid), and counted per key", async () => {
    const free = await createUser(a);
    const client = await signedInClient(a, free);
    const above = await client.post('/api/api-keys', { name: 'Too much', rateLimit: 101 });
    expect([above.status, above.body.code, above.body.maxRateLimit, above.body.rateLimitWindow]).toEqual([400, 'key_limit_above_plan', 100, 'hour']);
    const limited = (await client.post('/api/api-keys', { name: 'Two an hour', rateLimit: 2 })).body;
    expect([limited.rateLimit, limited.rateLimitWindow]).toEqual([2, 'hour']);
    const other = (await client.post('/api/api-keys', { name: 'Other' })).body;
    expect((await call(a, TIME, limited.key)).status).toBe(200);
    expect((await call(b, TIME, limited.key)).status).toBe(200);
    const third = await call(a, TIME, limited.key);
    expect([third.status, third.body.code]).toEqual([429, 'rate_limited']);
    expect(third.body.detail).toContain('This key allows 2 requests per hour');
    expect((await call(a, TIME, other.key)).status).toBe(200);

    const paid = await createUser(a, { plan: 'premium' });
    const paidClient = await signedInClient(a, paid);
    const key = (await paidClient.post('/api/api-keys', { name: 'Paid' })).body;
    const tooFast = await paidClient.put(`/api/api-keys/${key.id}`, { rateLimit: 51 });
    expect([tooFast.status, tooFast.body.code, tooFast.body.rateLimitWindow]).toEqual([400, 'key_limit_above_plan', 'second']);
    const ok = await paidClient.put(`/api/api-keys/${key.id}`, { rateLimit: 10 });
    expect([ok.body.rateLimit, ok.body.rateLimitWindow]).toEqual([10, 'second']);
    const none = await paidClient.put(`/api/api-keys/${key.id}`, { rateLimit: 0 });
    expect([none.body.rateLimit, none.body.rateLimitWindow]).toEqual([null, null]);
  });

  it('the owner is mailed once, 7 days before expiry, with no text typed into the key', async () => {
    const user = await createUser(a);
    const client = await signedInClient(a, user);
    const soon = (await client.post('/api/api-keys', { name: 'Visit https://evil.example now', expiresAt: new Date(Date.now() + 6 * DAY).toISOString() })).body;
    const later = (await client.post('/api/api-keys', { name: 'Later', expiresAt: new Date(Date.now() + 30 * DAY).toISOString() })).body;

    // Two instances scanning at once, then again: the key is claimed once.
    const told = (await Promise.all([a.app.get(KeyExpiryNotices).run(), b.app.get(KeyExpiryNotices).run()])).flat();
    expect(told.filter((id) => id === soon.id)).toHaveLength(1);
    expect(told).not.toContain(later.id);
    expect(await a.app.get(KeyExpiryNotices).run()).not.toContain(soon.id);
    const mail = await smtp.waitFor({ to: user.email, subject: /expires in 7 days/ });
    expect(mail.text).toContain(`Your API key ${soon.maskedKey} expires on`);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.links).toContain(`${a.config.appUrl}/dashboard/api-keys`);
    expect(smtp.to(user.email)).toHaveLength(1);
  });
});

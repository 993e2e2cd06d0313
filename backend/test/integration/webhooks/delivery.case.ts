import { jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { waitFor } from '../../support/processes.js';
import type { TestApp } from '../../support/test-app.js';
import { webhookWorld, type Receiver } from './world.js';
import type { SmtpPeer } from '../../support/smtp.js';

describe('webhook endpoints and deliveries', () => {
  const world = webhookWorld();
  const { enterprise, delivered, verified } = world;
  let a: TestApp;
  let strict: TestApp;
  let smtp: SmtpPeer;
  let receiver: Receiver;
  beforeAll(() => {
    ({ a, strict, smtp, receiver } = world);
  });

  it('a free or premium account is refused with webhooks_plan_required', async () => {
    for (const plan of ['free', 'premium'] as const) {
      const client = await signedInClient(a, await createUser(a, { plan }));
      const list = await client.get('/api/webhooks');
      const create = await client.post('/api/webhooks', { url: `${receiver.url}/free`, events: ['key.created'] });
      expect([list.status, list.body.code, create.status, create.body.code]).toEqual([403, 'webhooks_plan_required', 403, 'webhooks_plan_required']);
    }
  });

  it('an Enterprise endpoint gets a signed test event and a key.created event; the log lists them and a resend keeps the webhook-id', async () => {
    const { client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/ok`, events: ['key.created', 'tzdb.zones_changed'], description: 'Prod' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const { id, secret } = created.body;
    // The secret is shown once.
    expect((await client.get('/api/webhooks')).body).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);

    expect((await client.post(`/api/webhooks/${id}/test`)).status).toBe(202);
    const [test] = await delivered('/ok', 'webhook.test');
    expect(verified(secret, test).type).toBe('webhook.test');

    const key = await client.post('/api/api-keys', { name: 'Billing sync' });
    expect(key.status).toBe(201);
    const [event] = await delivered('/ok', 'key.created');
    const payload = verified(secret, event);
    expect(payload.data).toEqual({ keyId: key.body.id, name: 'Billing sync', prefix: expect.any(String), lastFour: expect.any(String) });
    expect(event.body).not.toContain(key.body.key);

    // A signature made with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(event.body, event.headers as Record<string, string>)).toThrow();

    const log = await waitFor('both delivered in the log', async () => {
      const res = await client.get(`/api/webhooks/${id}/deliveries`);
      return res.body.data.length === 2 && res.body.data.every((d: { status: string }) => d.status === 'delivered') ? res.body.data : undefined;
    });
    expect(log.map((d: { eventType: string }) => d.eventType).sort()).toEqual(['key.created', 'webhook.test']);
    expect(log[0].lastAttempt).toEqual(expect.objectContaining({ statusCode: 200, responseBody: '{"ok":true}', durationMs: expect.any(Number) }));

    const resent = await client.post(`/api/webhooks/deliveries/${log[0].id}/resend`);
    expect(resent.status).toBe(202);
    const again = await delivered('/ok', log[0].eventType, 2);
    expect(again[1].headers['webhook-id']).toBe(again[0].headers['webhook-id']);

    // Paused: events stop (a key deleted while paused is not delivered); someone else's endpoint is 404.
    expect((await client.request('PATCH', `/api/webhooks/${id}`, { body: { enabled: false } })).body.enabled).toBe(false);
    const other = await enterprise();
    expect((await other.client.post(`/api/webhooks/${id}/test`)).body.code).toBe('webhook_not_found');
    expect((await client.delete(`/api/webhooks/${id}`)).status).toBe(204);
  });

  it('a receiver that fails twice gets the event on the third attempt, with the same webhook-id each time', async () => {
    const { client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/flaky-2`, events: ['key.created'] });
    // A test asked to be retried is retried like any event.
    expect((await client.post(`/api/webhooks/${created.body.id}/test`, { retry: true })).status).toBe(202);
    const attempts = await delivered('/flaky-2', 'webhook.test', 3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of attempts) expect(verified(created.body.secret, r).type).toBe('webhook.test');
    const [delivery] = await waitFor('the delivery marked delivered', async () => {
      const res = await client.get(`/api/webhooks/${created.body.id}/deliveries`);
      return res.body.data[0]?.status === 'delivered' ? res.body.data : undefined;
    });
    expect(delivery.attempts).toBe(3);
    const log = (await client.get(`/api/webhooks/deliveries/${delivery.id}/attempts`)).body;
    expect([log.data.map((x: { statusCode: number }) => x.statusCode), log.nextCursor]).toEqual([[200, 500, 500], null]);
    expect(log.data[2].responseBody).toBe('receiver down for now');
    expect(log.data[2].requestHeaders['webhook-id']).toBe(attempts[0].headers['webhook-id']);
  });

  it('an endpoint that keeps failing for 3 days is paused and its owner mailed; the event is not sent after that', async () => {
    const { user, client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/flaky-1000`, events: ['key.created'] });
    freezeClock();
    try {
      await client.post('/api/api-keys', { name: 'Worker' });
      const log = async () => (await client.get(`/api/webhooks/${created.body.id}/deliveries`)).body.data[0];
      await waitFor('the first failed attempt', async () => ((await log())?.attempts >= 1 ? true : undefined));
      const listed = await client.get('/api/webhooks');
      expect([listed.status, listed.body]).toEqual([
        200,
        [expect.objectContaining({ enabled: true, pausedReason: null, health: expect.objectContaining({ state: 'failing', lastStatusCode: 500 }) })],
      ]);

      // 72 hours later by the app's clock, the next failed retry pauses the endpoint.
      advanceClock(72 * 3600_000 + 1000);
      const mail = await smtp.waitFor({ to: user.email, subject: /webhook endpoint was paused/ });
      expect(mail.text).toContain(`${receiver.url}/flaky-1000`);
      // (Read from the database: the session signed in 72 hours ago has expired.)
      const em = a.orm.em.fork();
      const [endpoint] = await em.execute<{ enabled: boolean; paused_reason: string }[]>('select enabled, paused_reason from webhook_endpoints where id = ?', [
        created.body.id,
      ]);
      expect(endpoint).toEqual({ enabled: false, paused_reason: 'failing' });
      // The retry after the pause is not sent: the delivery is skipped.
      const skipped = await waitFor('the delivery skipped', async () => {
        const [d] = await em
          .fork()
          .execute<{ status: string; attempts: number }[]>('select status, attempts from webhook_deliveries where endpoint_id = ?', [created.body.id]);
        return d?.status === 'skipped' ? d : undefined;
      });
      expect(receiver.at('/flaky-1000')).toHaveLength(skipped.attempts);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a test is tried once unless asked: a failing receiver leaves it failed after one attempt', async () => {
    const { client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/flaky-1000/once`, events: ['key.created'] });
    expect((await client.post(`/api/webhooks/${created.body.id}/test`)).status).toBe(202);
    const [delivery] = await waitFor('the test marked failed', async () => {
      const res = await client.get(`/api/webhooks/${created.body.id}/deliveries`);
      return res.body.data[0]?.status === 'failed' ? res.body.data : undefined;
    });
    expect([delivery.attempts, delivery.lastAttempt.statusCode, delivery.nextRetryAt]).toEqual([1, 500, null]);
    expect(receiver.at('/flaky-1000/once')).toHaveLength(1);
  });

  it('test sends and resends are throttled per endpoint and per account (429, Retry-After); the 21st endpoint is refused', async () => {
    const { client } = await enterprise();
    const endpoints: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await client.post('/api/webhooks', { url: `${receiver.url}/ok/limits-${i}`, events: ['key.created'] });
      expect(res.status).toBe(201);
      endpoints.push(res.body.id);
    }
    const refused = await client.post('/api/webhooks', { url: `${receiver.url}/ok/limits-20`, events: ['key.created'] });
    expect([refused.status, refused.headers.get('content-type'), refused.body.code, refused.body.limit]).toEqual([
      409,
      expect.stringContaining('application/problem+json'),
      'webhook_endpoint_limit',
      20,
    ]);

    // Five a minute to one endpoint; the sixth is refused with the wait.
    for (let i = 0; i < 5; i++) expect((await client.post(`/api/webhooks/${endpoints[0]}/test`)).status).toBe(202);
    const sixth = await client.post(`/api/webhooks/${endpoints[0]}/test`);
    expect([sixth.status, sixth.body.code, sixth.body.scope]).toEqual([429, 'webhook_sends_throttled', 'endpoint']);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // A resend of that endpoint's delivery counts in the same budget.
    const [first] = (await client.get(`/api/webhooks/${endpoints[0]}/deliveries`)).body.data;
    expect((await client.post(`/api/webhooks/deliveries/${first.id}/resend`)).body.code).toBe('webhook_sends_throttled');

    // Twenty a minute for the account, whichever endpoints: 5 sent above, 15 more, then the account's limit.
    for (let i = 0; i < 15; i++) expect((await client.post(`/api/webhooks/${endpoints[1 + (i % 5)]}/test`)).status).toBe(202);
    const over = await client.post(`/api/webhooks/${endpoints[10]}/test`);
    expect([over.status, over.body.code, over.body.scope, over.headers.get('retry-after') !== null]).toEqual([429, 'webhook_sends_throttled', 'account', true]);
  });

  it('an endpoint description with a line break is refused with a field error', async () => {
    const { client } = await enterprise();
    const res = await client.post('/api/webhooks', { url: `${receiver.url}/ok`, events: ['key.created'], description: 'Prod\r\nBcc: victim@example' });
    expect([res.status, res.body.code, res.body.errors]).toEqual([
      400,
      'validation_failed',
      [{ field: 'description', message: 'Description must not contain line breaks, tabs or other control characters' }],
    ]);
  });

  it('an Enterprise account with a negotiated hourly quota gets quota.threshold at 80% and at 100%', async () => {
    const { user, client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/quota`, events: ['quota.threshold'] });
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    expect((await admin.put(`/api/admin/users/${user.id}/limits`, { hourlyQuota: 5 })).status).toBe(200);
    const { key } = await createApiKey(a, user);
    for (let i = 0; i < 5; i++) expect((await a.client().get('/api/time/utc', { 'x-api-key': key })).status).toBe(200);
    const events = await delivered('/quota', 'quota.threshold', 2);
    const levels = events.map((e) => verified(created.body.secret, e).data).sort((x, y) => x.percent - y.percent);
    expect(levels).toEqual([expect.objectContaining({ percent: 80, limit: 5, used: 4 }), expect.objectContaining({ percent: 100, limit: 5, used: 5 })]);
  });

  it('plan.changed reaches an account leaving Enterprise, and nothing after that', async () => {
    const { user, client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/plan`, events: ['plan.changed', 'key.created'] });
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    expect((await admin.post(`/api/admin/users/${user.id}/plan`, { plan: 'premium' })).status).toBe(200);
    const [event] = await delivered('/plan', 'plan.changed');
    expect(verified(created.body.secret, event).data).toEqual({ from: 'enterprise', to: 'premium', granted: true });
    // No longer Enterprise: a new key records no delivery (events are enqueued with their change, or not at all).
    expect((await client.post('/api/api-keys', { name: 'After' })).status).toBe(201);
    const rows = await a.orm.em.fork().execute<{ event_type: string }[]>('select event_type from webhook_deliveries where endpoint_id = ?', [created.body.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['plan.changed']);
    expect((await client.get('/api/webhooks')).body.code).toBe('webhooks_plan_required');
  });

  it('private, loopback and link-local URLs are refused without WEBHOOK_ALLOW_PRIVATE', async () => {
    const user = await createUser(strict, { plan: 'enterprise' });
    const client = await signedInClient(strict, user);
    const refused = async (url: string) => {
      const res = await client.post('/api/webhooks', { url, events: ['key.created'] });
      return [res.status, res.body.code, res.body.reason];
    };
    expect(await refused('http://127.0.0.1:8080/hook')).toEqual([422, 'webhook_url_refused', 'insecure_url']);
    expect(await refused('https://127.0.0.1/hook')).toEqual([422, 'webhook_url_refused', 'private_address']);
    expect(await refused('https://169.254.169.254/latest/meta-data')).toEqual([422, 'webhook_url_refused', 'private_address']);
    expect(await refused('https://10.0.0.1/hook')).toEqual([422, 'webhook_url_refused', 'private_address']);
    expect(await refused('https://[::1]/hook')).toEqual([422, 'webhook_url_refused', 'private_address']);
    expect(await refused('https://localhost/hook')).toEqual([422, 'webhook_url_refused', 'private_address']);
    // IPv4 carried in IPv6 is judged as that IPv4 address: loopback, private, the cloud metadata address.
    for (const url of ['https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[::10.0.0.1]/', 'https://[::a9fe:a9fe]/', 'https://[::ffff:a9fe:a9fe]/'])
      expect([url, ...(await refused(url))]).toEqual([url, 422, 'webhook_url_refused', 'private_address']);
    expect((await client.post('/api/webhooks', { url: 'https://example.com/x', events: ['nope'] })).body.code).toBe('validation_failed');
  });
});

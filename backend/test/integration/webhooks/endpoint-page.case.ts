import { randomUUID } from 'node:crypto';
import { createUser, signedInClient } from '../../factories/index.js';
import { waitFor } from '../../support/processes.js';
import type { TestApp } from '../../support/test-app.js';
import { webhookWorld, type Receiver } from './world.js';

const EVENT_TYPES = [
  'webhook.test',
  'tzdb.zones_changed',
  'tzdb.release.activated',
  'quota.threshold',
  'key.created',
  'key.rotated',
  'key.deleted',
  'plan.changed',
  'invoice.paid',
  'invoice.payment_failed',
];

describe("a webhook endpoint's page: health, paged deliveries and attempts, edits and typed test events", () => {
  const world = webhookWorld();
  const { enterprise, delivered, verified } = world;
  let a: TestApp;
  let strict: TestApp;
  let receiver: Receiver;
  beforeAll(() => {
    ({ a, strict, receiver } = world);
  });

  it("a failing endpoint shows its health, each attempt's headers and answer, and the next retry; the console sees it by customer and event", async () => {
    const { user, client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/flaky-1000/page`, events: ['key.created'] });
    const id = created.body.id;
    expect((await client.post(`/api/webhooks/${id}/test`, { type: 'key.created', retry: true })).status).toBe(202);
    const waiting = await waitFor('a failed attempt waiting for its retry', async () => {
      const [d] = (await client.get(`/api/webhooks/${id}/deliveries`)).body.data;
      return d?.status === 'failing' && d.nextRetryAt ? d : undefined;
    });
    expect(new Date(waiting.nextRetryAt).getTime()).toBeGreaterThan(new Date(waiting.lastAttempt.at).getTime());
    expect(waiting.lastAttempt).toEqual(
      expect.objectContaining({ statusCode: 500, responseBody: 'receiver down for now', responseBytes: 21, responseTruncated: false }),
    );
    expect(waiting.lastAttempt.requestHeaders).toEqual(
      expect.objectContaining({ 'webhook-id': waiting.messageId, 'webhook-signature': expect.stringMatching(/^v1,/), 'content-type': 'application/json' }),
    );
    expect(waiting.payload).toEqual(expect.objectContaining({ type: 'key.created', data: expect.objectContaining({ name: 'Production' }) }));

    const page = (await client.get(`/api/webhooks/${id}`)).body;
    expect(page.health).toEqual(
      expect.objectContaining({ state: 'failing', successRate: 0, lastStatusCode: 500, failingSince: expect.any(String), windowHours: 24 }),
    );
    expect(page.health.failuresSinceSuccess).toBeGreaterThanOrEqual(1);
    expect(page.hours).toHaveLength(24);
    expect(page.hours.reduce((n: number, h: { failed: number }) => n + h.failed, 0)).toBe(page.health.attempts);
    // The list's card reads the same health (not a green "enabled").
    expect((await client.get('/api/webhooks')).body[0].health.state).toBe('failing');

    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const failing = (await admin.get('/api/admin/webhook-endpoints/failing')).body;
    expect(failing).toEqual(expect.arrayContaining([expect.objectContaining({ id, userId: user.id, email: user.email, customer: expect.any(String) })]));
    expect((await admin.get(`/api/admin/users/${user.id}/webhooks`)).body).toEqual([
      expect.objectContaining({ id, health: expect.objectContaining({ state: 'failing' }) }),
    ]);
    const jobs = (await admin.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ queue: 'webhook-delivery' }))}&range=[0,499]`)).body;
    expect(jobs.find((j: { summary: Record<string, string> }) => j.summary.delivery === waiting.id)?.summary).toEqual(
      expect.objectContaining({ event: 'key.created', to: new URL(receiver.url).host, customer: `${user.firstName} ${user.lastName}` }),
    );
    expect((await client.delete(`/api/webhooks/${id}`)).status).toBe(204);
  });

  it('a test event of each type carries the documented shape, is sent once and marked msg_test_', async () => {
    const { client } = await enterprise();
    const endpoints = await Promise.all(
      [0, 1].map(async (i) => (await client.post('/api/webhooks', { url: `${receiver.url}/ok/typed-${i}`, events: ['plan.changed'] })).body),
    );
    for (const [i, type] of EVENT_TYPES.entries()) {
      const res = await client.post(`/api/webhooks/${endpoints[i % 2].id}/test`, { type });
      expect([type, res.status, res.body.eventType]).toEqual([type, 202, type]);
    }
    for (const [i, type] of EVENT_TYPES.entries()) {
      const [event] = await delivered(`/ok/typed-${i % 2}`, type);
      expect(verified(endpoints[i % 2].secret, event).type).toBe(type);
      expect(event.headers['webhook-id']).toMatch(/^msg_test_/);
    }
    expect(receiver.received.filter((r) => r.path.startsWith('/ok/typed-'))).toHaveLength(EVENT_TYPES.length);
    const unknown = await client.post(`/api/webhooks/${endpoints[0].id}/test`, { type: 'nope' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'validation_failed']);
  });

  it('PATCH edits the URL, events and description under the URL guard of create; bad input is a 4xx problem', async () => {
    const { client } = await enterprise();
    const { id } = (await client.post('/api/webhooks', { url: `${receiver.url}/ok/before`, events: ['key.created'], description: 'Old' })).body;
    const edited = await client.request('PATCH', `/api/webhooks/${id}`, {
      body: { url: `${receiver.url}/ok/after`, events: ['plan.changed', 'key.deleted'], description: 'New' },
    });
    expect([edited.status, edited.body.url, edited.body.events, edited.body.description, edited.body.enabled]).toEqual([
      200,
      `${receiver.url}/ok/after`,
      ['plan.changed', 'key.deleted'],
      'New',
      true,
    ]);
    expect((await client.get(`/api/webhooks/${id}`)).body).toEqual(expect.objectContaining({ url: `${receiver.url}/ok/after`, description: 'New' }));
    await client.post(`/api/webhooks/${id}/test`);
    await delivered('/ok/after', 'webhook.test');

    const patch = async (body: Record<string, unknown>, target = id) => {
      const res = await client.request('PATCH', `/api/webhooks/${target}`, { body });
      return [res.status, res.body.code, res.body.reason ?? res.body.errors?.[0]?.field];
    };
    expect(await patch({ url: 'http://example.com/hook' })).toEqual([422, 'webhook_url_refused', 'insecure_url']);
    expect(await patch({ url: 'not a url' })).toEqual([422, 'webhook_url_refused', 'invalid_url']);
    expect(await patch({ events: [] })).toEqual([400, 'validation_failed', 'events']);
    expect(await patch({ events: ['nope'] })).toEqual([400, 'validation_failed', 'events']);
    expect(await patch({ description: 'a\nb' })).toEqual([400, 'validation_failed', 'description']);
    expect(await patch({ description: 'x' }, randomUUID())).toEqual([404, 'webhook_not_found', undefined]);

    // Deployed as it should be, an edit to a private address is refused as a new endpoint would be.
    const owner = await createUser(strict, { plan: 'enterprise' });
    const endpointId = randomUUID();
    await strict.orm.em
      .fork()
      .execute(`insert into webhook_endpoints (id, user_id, url, events, secret_enc) values (?, ?, 'https://hooks.example/x', '["key.created"]', 'x')`, [
        endpointId,
        owner.id,
      ]);
    const strictClient = await signedInClient(strict, owner);
    const refused = await strictClient.request('PATCH', `/api/webhooks/${endpointId}`, { body: { url: 'https://169.254.169.254/latest' } });
    expect([refused.status, refused.body.code, refused.body.reason]).toEqual([422, 'webhook_url_refused', 'private_address']);
  });

  it('deliveries and attempts come in pages by cursor; the answer kept is 4 KiB with its full size', async () => {
    const { client } = await enterprise();
    const { id } = (await client.post('/api/webhooks', { url: `${receiver.url}/big`, events: ['key.created'] })).body;
    for (let i = 0; i < 5; i++) expect((await client.post(`/api/webhooks/${id}/test`)).status).toBe(202);
    await waitFor('five delivered', async () => {
      const { data } = (await client.get(`/api/webhooks/${id}/deliveries?limit=100&status=delivered`)).body;
      return data.length === 5 ? data : undefined;
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const res: { body: { data: { id: string }[]; nextCursor: string | null } } = await client.get(
        `/api/webhooks/${id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      sizes.push(res.body.data.length);
      seen.push(...res.body.data.map((d) => d.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect([sizes, new Set(seen).size]).toEqual([[2, 2, 1], 5]);
    const all = (await client.get(`/api/webhooks/${id}/deliveries`)).body.data.map((d: { id: string }) => d.id);
    expect(seen).toEqual(all);

    const attempts = (await client.get(`/api/webhooks/deliveries/${seen[0]}/attempts?limit=1`)).body;
    expect(attempts.data[0]).toEqual(expect.objectContaining({ statusCode: 200, responseBytes: 10_000, responseTruncated: true }));
    expect(attempts.data[0].responseBody).toHaveLength(4096);
    expect(attempts.nextCursor).toBeNull();

    const problem = async (url: string) => {
      const res = await client.get(url);
      return [res.status, res.body.code];
    };
    expect(await problem(`/api/webhooks/${id}/deliveries?cursor=abc`)).toEqual([400, 'webhook_cursor_invalid']);
    expect(await problem(`/api/webhooks/${id}/deliveries?limit=0`)).toEqual([400, 'validation_failed']);
    expect(await problem(`/api/webhooks/${id}/deliveries?status=lost`)).toEqual([400, 'validation_failed']);
    expect(await problem(`/api/webhooks/deliveries/${seen[0]}/attempts?cursor=x1`)).toEqual([400, 'webhook_cursor_invalid']);
    expect(await problem(`/api/webhooks/deliveries/${randomUUID()}/attempts`)).toEqual([404, 'webhook_delivery_not_found']);
    expect(await problem(`/api/webhooks/${randomUUID()}`)).toEqual([404, 'webhook_not_found']);
  });
});

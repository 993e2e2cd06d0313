import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { Webhook } from 'standardwebhooks';
import { jest } from '@jest/globals';
import { ChangeNotices } from '../../../src/modules/change-notices/change-notices.js';
import { ActiveTzRelease } from '../../../src/modules/tzdb/active-release.js';
import { ReleaseCache } from '../../../src/modules/tzdb/release-cache.js';
import { compileBytes } from '../../../src/modules/tzdb/release-source.js';
import { TzdbService } from '../../../src/modules/tzdb/tzdb.service.js';
import { ZoneUsage } from '../../../src/modules/usage/zone-usage.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { isolatedDatabase } from '../../support/isolated-database.js';
import { waitFor } from '../../support/processes.js';
import { SmtpPeer } from '../../support/smtp.js';
import { createTestApp, TestApp } from '../../support/test-app.js';
import { makeRelease, nextMonth } from '../../support/tz-feed.js';
import type { TestClient } from '../../support/http.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback: records every POST; `/flaky-N` answers 500 to its first N requests. */
class Receiver {
  readonly received: Received[] = [];
  private readonly failures = new Map<string, number>();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const failFirst = Number(/^\/flaky-(\d+)/.exec(path)?.[1] ?? 0);
      const seen = (this.failures.get(path) ?? 0) + 1;
      this.failures.set(path, seen);
      if (seen <= failFirst) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down for now');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  url = '';

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The outsider's check: the Standard Webhooks library's own verifier with the secret the create answer showed. */
/** Each event's body schema, from the `webhooks` section of the OpenAPI document the app serves. */
let documentedBody: (type: string) => ValidateFunction;

/** The body of a delivery, after its signature verified; it must match the schema the docs publish for its event. */
function verified(secret: string, r: Received): { type: string; data: Record<string, any> } {
  const payload = new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; data: Record<string, any> };
  const validate = documentedBody(payload.type);
  expect([payload.type, validate(payload) ? [] : validate.errors]).toEqual([payload.type, []]);
  return payload;
}

describe('webhooks and change notices', () => {
  let db: { url: string; drop(): Promise<void> };
  let strictDb: { url: string; drop(): Promise<void> };
  let previousUrl: string | undefined;
  let a: TestApp;
  let strict: TestApp;
  let smtp: SmtpPeer;
  let receiver: Receiver;

  beforeAll(async () => {
    // Its own database: the change notice test activates a tz release, which every suite sharing a database would see.
    db = await isolatedDatabase();
    previousUrl = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = db.url;
    smtp = await SmtpPeer.start();
    receiver = await Receiver.start();
    const fast = { JOBS_POLL_MS: '500', WEBHOOK_RETRY_DELAY_SECONDS: '1', WEBHOOK_RETRY_MAX_DELAY_SECONDS: '2', SMTP_URL: smtp.smtpUrl, REDIS_URL: undefined };
    // The receiver is on loopback over http: only allowed with WEBHOOK_ALLOW_PRIVATE (local development).
    a = await createTestApp({ ...fast, WEBHOOK_ALLOW_PRIVATE: 'true' });
    // Deployed as it should be, on a database of its own (its workers must not claim the other app's deliveries).
    strictDb = await isolatedDatabase();
    strict = await createTestApp({ ...fast, WEBHOOK_ALLOW_PRIVATE: undefined, DATABASE_URL: strictDb.url });
    const document = (await (await fetch(`${a.url}/openapi/openapi.json`)).json()) as { openapi: string; webhooks: Record<string, any>; components: unknown };
    expect(document.openapi).toBe('3.1.0');
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: the document's components are the schemas' home.
    const ajv = new Ajv2020({ strict: false, validateFormats: false }).addSchema({ $id: 'https://tzapi.test/openapi.json', components: document.components });
    documentedBody = (type) => {
      const body = document.webhooks[type]?.post?.requestBody?.content?.['application/json']?.schema;
      if (!body) throw new Error(`${type} is not in the document's webhooks`);
      return ajv.compile(JSON.parse(JSON.stringify(body).replaceAll('"#/components/', '"https://tzapi.test/openapi.json#/components/')));
    };
  });
  afterAll(async () => {
    await a?.close();
    await strict?.close();
    await receiver?.close();
    await smtp?.close();
    process.env.TEST_DATABASE_URL = previousUrl;
    await db?.drop();
    await strictDb?.drop();
  });

  async function enterprise(): Promise<{ user: Awaited<ReturnType<typeof createUser>>; client: TestClient }> {
    const user = await createUser(a, { plan: 'enterprise' });
    return { user, client: await signedInClient(a, user) };
  }

  const delivered = (path: string, type: string, count = 1) =>
    waitFor(
      `${count} ${type} at ${path}`,
      async () => {
        const hits = receiver.at(path).filter((r) => JSON.parse(r.body).type === type);
        return hits.length >= count ? hits : undefined;
      },
      30_000,
    );

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
      return res.body.length === 2 && res.body.every((d: { status: string }) => d.status === 'delivered') ? res.body : undefined;
    });
    expect(log.map((d: { eventType: string }) => d.eventType).sort()).toEqual(['key.created', 'webhook.test']);
    expect(log[0].attemptLog).toEqual([expect.objectContaining({ statusCode: 200, responseBody: '{"ok":true}', durationMs: expect.any(Number) })]);

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
    await client.post(`/api/webhooks/${created.body.id}/test`);
    const attempts = await delivered('/flaky-2', 'webhook.test', 3);
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of attempts) expect(verified(created.body.secret, r).type).toBe('webhook.test');
    const [delivery] = await waitFor('the delivery marked delivered', async () => {
      const res = await client.get(`/api/webhooks/${created.body.id}/deliveries`);
      return res.body[0]?.status === 'delivered' ? res.body : undefined;
    });
    expect(delivery.attempts).toBe(3);
    expect(delivery.attemptLog.map((x: { statusCode: number }) => x.statusCode)).toEqual([500, 500, 200]);
    expect(delivery.attemptLog[0].responseBody).toBe('receiver down for now');
  });

  it('an endpoint that keeps failing for 3 days is paused and its owner mailed; the event is not sent after that', async () => {
    const { user, client } = await enterprise();
    const created = await client.post('/api/webhooks', { url: `${receiver.url}/flaky-1000`, events: ['key.created'] });
    freezeClock();
    try {
      await client.post('/api/api-keys', { name: 'Worker' });
      const log = async () => (await client.get(`/api/webhooks/${created.body.id}/deliveries`)).body[0];
      await waitFor('the first failed attempt', async () => ((await log())?.attempts >= 1 ? true : undefined));
      const listed = await client.get('/api/webhooks');
      expect([listed.status, listed.body]).toEqual([200, [expect.objectContaining({ enabled: true, pausedReason: null })]]);

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
    expect((await client.post('/api/webhooks', { url: 'https://example.com/x', events: ['nope'] })).body.code).toBe('validation_failed');
  });

  it('a release changing Asia/Kolkata tells the account that used it (mail, banner, signed event) and nobody else; the opt-out stops the mail', async () => {
    const kolkata = await enterprise();
    const hook = await kolkata.client.post('/api/webhooks', { url: `${receiver.url}/kolkata`, events: ['tzdb.zones_changed'] });
    const tokyo = await enterprise();
    await tokyo.client.post('/api/webhooks', { url: `${receiver.url}/tokyo`, events: ['tzdb.zones_changed'] });
    const quiet = await createUser(a, { plan: 'premium' });
    const quietClient = await signedInClient(a, quiet);
    expect((await quietClient.put('/api/profile/change-notices', { enabled: false })).body.changeNotices).toBe(false);

    const call = async (user: { id: string } & Parameters<typeof createApiKey>[1], zone: string) => {
      const { key } = await createApiKey(a, user);
      expect((await a.client().get(`/api/time/current?timezone=${encodeURIComponent(zone)}`, { 'x-api-key': key })).status).toBe(200);
    };
    await call(kolkata.user, 'Asia/Kolkata');
    await call(tokyo.user, 'Asia/Tokyo');
    // A legacy link is counted as the zone it answered.
    await call(quiet, 'Asia/Calcutta');
    const zones = a.app.get(ZoneUsage);
    await waitFor('the three calls counted', async () => {
      await zones.flush();
      const rows = await a.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from zone_usage');
      return Number(rows[0].n) === 3 || undefined;
    });

    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const load = await admin.post('/api/admin/tzdb', { release: makeRelease('2026g').toString('base64') });
    expect([load.status, load.body.version]).toEqual([200, '2026g']);

    const mail = await smtp.waitFor({ to: kolkata.user.email, subject: /Time zone change: Asia\/Kolkata/ });
    expect(mail.text).toContain('2026g');
    expect(mail.text).toMatch(/Asia\/Kolkata: from \S+, UTC\+05:30 \(IST\) becomes UTC\+06:00/);

    const [event] = await delivered('/kolkata', 'tzdb.zones_changed');
    const payload = verified(hook.body.secret, event);
    expect(payload.data.version).toBe('2026g');
    expect(payload.data.zones).toEqual([
      {
        zone: 'Asia/Kolkata',
        // Local midnight of the 15th in Kolkata, from +05:30 (IST) to +06:00.
        changes: [
          expect.objectContaining({
            from: new Date(Date.parse(nextMonth().day15) - 5.5 * 3600_000).toISOString(),
            before: expect.objectContaining({ utcOffset: '+05:30' }),
            after: expect.objectContaining({ utcOffset: '+06:00' }),
          }),
        ],
      },
    ]);

    const banner = await kolkata.client.get('/api/change-notices');
    expect(banner.body.notices).toEqual([expect.objectContaining({ version: '2026g', zones: [expect.objectContaining({ zone: 'Asia/Kolkata' })] })]);
    // The opted-out account sees the banner, and no mail was queued for it (mail is queued with the notice).
    const quietBanner = await waitFor('the opted-out account’s notice', async () =>
      (await quietClient.get('/api/change-notices')).body.notices.length ? true : undefined,
    );
    expect(quietBanner).toBe(true);
    const queued = await a.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from ${a.config.JOBS_SCHEMA}.job where name = 'mail' and data->>'to' = ?`, [quiet.email]);
    expect(Number(queued[0].n)).toBe(0);

    // The account that only used Asia/Tokyo gets nothing.
    expect((await tokyo.client.get('/api/change-notices')).body.notices).toEqual([]);
    expect(receiver.at('/tokyo')).toEqual([]);
    expect(smtp.to(tokyo.user.email)).toHaveLength(0);
    expect(smtp.to(kolkata.user.email)).toHaveLength(1);

    // Dismissed, the banner is gone.
    expect((await kolkata.client.post(`/api/change-notices/${banner.body.notices[0].id}/dismiss`)).status).toBe(204);
    expect((await kolkata.client.get('/api/change-notices')).body.notices).toEqual([]);
  });

  it('a key pinned to an older release is named in the notice with what moving its pin would change; an account without pins gets the notice as before', async () => {
    const owner = await enterprise();
    const hook = await owner.client.post('/api/webhooks', { url: `${receiver.url}/pinned`, events: ['tzdb.zones_changed'] });
    const plain = await enterprise();
    const plainHook = await plain.client.post('/api/webhooks', { url: `${receiver.url}/plain`, events: ['tzdb.zones_changed'] });

    // The owner keeps one key on the bundled release 2026f; another follows the active release.
    const frozen = await createApiKey(a, owner.user, { name: 'Billing (frozen)' });
    const pin = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026f' });
    expect([pin.status, pin.body.tzdbVersion]).toEqual([200, '2026f']);
    const live = await createApiKey(a, owner.user, { name: 'Live' });
    const plainKey = await createApiKey(a, plain.user);
    const kathmandu = '/api/time/current?timezone=Asia%2FKathmandu';
    for (const key of [frozen.key, live.key, plainKey.key]) expect((await a.client().get(kathmandu, { 'x-api-key': key })).status).toBe(200);
    const zones = a.app.get(ZoneUsage);
    await waitFor('both accounts’ calls counted', async () => {
      await zones.flush();
      const rows = await a.orm.em
        .fork()
        .execute<{ n: string }[]>(`select count(distinct user_id) as n from zone_usage where user_id in (?, ?)`, [owner.user.id, plain.user.id]);
      return Number(rows[0].n) === 2 || undefined;
    });

    // 2026h moves Asia/Kathmandu from +05:45 to +06:00 at local midnight of the 15th of next month.
    const { year, monthAbbr, day15 } = nextMonth();
    const release = makeRelease('2026h', { edit: (zi) => zi.replace(/^(Z Asia\/Kathmandu[\s\S]*?\n5:45 - %z)$/m, `$1 ${year} ${monthAbbr} 15\n6 - %z`) });
    const admin = await signedInClient(a, await createUser(a, { role: 'super_admin' }));
    const load = await admin.post('/api/admin/tzdb', { release: release.toString('base64') });
    expect([load.status, load.body.version]).toEqual([200, '2026h']);
    const kathmanduChange = {
      zone: 'Asia/Kathmandu',
      changes: [
        expect.objectContaining({
          from: new Date(Date.parse(day15) - 5.75 * 3600_000).toISOString(),
          before: expect.objectContaining({ utcOffset: '+05:45' }),
          after: expect.objectContaining({ utcOffset: '+06:00' }),
        }),
      ],
    };

    // The mail names the pinned key (never its secret), its release, and what moving the pin would change.
    const mail = await smtp.waitFor({ to: owner.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(mail.text).toContain('Your key "Billing (frozen)" is pinned to release 2026f and keeps answering from it until you move the pin.');
    expect(mail.text).toContain('Moving it to 2026h would change a zone you used:');
    expect(mail.text.match(/Asia\/Kathmandu: from \S+, UTC\+05:45 \(\S+\) becomes UTC\+06:00/g)).toHaveLength(2);
    expect(mail.text).not.toContain('"Live"');
    expect(mail.text).not.toContain(frozen.key);

    const [event] = await delivered('/pinned', 'tzdb.zones_changed');
    expect(event.body).not.toContain(frozen.key);
    const payload = verified(hook.body.secret, event);
    expect(payload.data.version).toBe('2026h');
    expect(payload.data.zones).toEqual([kathmanduChange]);
    expect(payload.data.pinnedKeys).toEqual([{ keyId: frozen.id, name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kathmanduChange] }]);

    const banner = await owner.client.get('/api/change-notices');
    expect(banner.body.notices).toEqual([
      expect.objectContaining({ version: '2026h', pinnedKeys: [{ keyId: frozen.id, name: 'Billing (frozen)', pinnedTo: '2026f', zones: [kathmanduChange] }] }),
    ]);
    // The keys page's pin select asks the same question before the pin moves.
    const preview = await owner.client.get('/api/change-notices/pin-preview?from=2026f&to=2026h');
    expect(preview.body).toEqual({ from: '2026f', to: '2026h', zones: [kathmanduChange] });
    const unknown = await owner.client.get('/api/change-notices/pin-preview?from=2011z&to=2026h');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_release']);
    const malformed = await owner.client.get('/api/change-notices/pin-preview?from=latest&to=2026h');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation_failed']);
    // Until its owner moves the pin, the key answers from 2026f.
    const still = await a.client().get(kathmandu, { 'x-api-key': frozen.key });
    expect([still.status, still.headers.get('x-tzdb-version')]).toEqual([200, '2026f']);

    // No pins: the mail, the event and the banner are the notice every account got before.
    const plainMail = await smtp.waitFor({ to: plain.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(plainMail.text).toContain('Our answers follow the new rules already.');
    expect(plainMail.text).not.toMatch(/pinned|pin /i);
    const [plainEvent] = await delivered('/plain', 'tzdb.zones_changed');
    const plainPayload = verified(plainHook.body.secret, plainEvent);
    expect(plainPayload.data).toEqual({ version: '2026h', zones: [kathmanduChange] });
    const plainBanner = await plain.client.get('/api/change-notices');
    expect(plainBanner.body.notices).toEqual([expect.objectContaining({ version: '2026h', zones: [kathmanduChange], pinnedKeys: [] })]);
  });

  /** Stores a release as another instance's activation leaves it (committed, this instance not switched); its row's id. */
  async function storedByAnotherInstance(version: string, bytes: Buffer): Promise<string> {
    await a.app.get(TzdbService).storeWaiting({ release: compileBytes(bytes), bytes, description: 'another instance', origin: 'upload' });
    const [row] = await a.orm.em.fork().execute<{ id: string }[]>(`update tz_releases set waiting = false where version = ? returning id`, [version]);
    return row.id;
  }

  it('the activation job names a pinned key when it runs on an instance that has not switched to the release yet', async () => {
    // Another instance activated 2026i; this one claims the job first, its list of stored releases read before the commit.
    const owner = await enterprise();
    const frozen = await createApiKey(a, owner.user, { name: 'Reports (frozen)' });
    expect((await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026f' })).status).toBe(200);
    expect((await a.client().get('/api/time/current?timezone=Asia%2FKathmandu', { 'x-api-key': frozen.key })).status).toBe(200);
    await a.app.get(ZoneUsage).flush();
    const cache = a.app.get(ReleaseCache);
    expect(await cache.storedVersions()).not.toContain('2026i');

    // 2026i moves Asia/Kathmandu to +06:30 on the 15th of next month (2026h, active here, moves it to +06:00).
    const { year, monthAbbr } = nextMonth();
    const bytes = makeRelease('2026i', { edit: (zi) => zi.replace(/^(Z Asia\/Kathmandu[\s\S]*?\n5:45 - %z)$/m, `$1 ${year} ${monthAbbr} 15\n6:30 - %z`) });
    const releaseId = await storedByAnotherInstance('2026i', bytes);
    expect(a.app.get(ActiveTzRelease).version).toBe('2026h');

    await a.app.get(ChangeNotices).onActivated({ releaseId, version: '2026i', previousVersion: '2026h' });
    const notices = await owner.client.get('/api/change-notices');
    expect(notices.body.notices).toEqual([
      expect.objectContaining({
        version: '2026i',
        pinnedKeys: [
          expect.objectContaining({
            name: 'Reports (frozen)',
            pinnedTo: '2026f',
            zones: [
              expect.objectContaining({
                zone: 'Asia/Kathmandu',
                changes: [expect.objectContaining({ after: expect.objectContaining({ utcOffset: '+06:30' }) })],
              }),
            ],
          }),
        ],
      }),
    ]);
    const mail = await smtp.waitFor({ to: owner.user.email, subject: /Time zone change: Asia\/Kathmandu/ });
    expect(mail.text).toContain('Your key "Reports (frozen)" is pinned to release 2026f and keeps answering from it until you move the pin.');

    // A key can be pinned here to a release another instance stored a moment ago, before this one re-reads its list.
    await storedByAnotherInstance('2026j', makeRelease('2026j'));
    expect(await cache.storedVersions()).not.toContain('2026j');
    const repin = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026j' });
    expect([repin.status, repin.body.tzdbVersion]).toEqual([200, '2026j']);
    const unknown = await owner.client.put(`/api/api-keys/${frozen.id}`, { tzdbVersion: '2026z' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'unknown_release']);
  });
});

import { randomUUID } from 'node:crypto';
import { OrgAuditRepository } from '../../src/modules/audit/org-audit.repository.js';
import { JobQueue } from '../../src/modules/jobs/job-queue.js';
import { WebhookLogRepository } from '../../src/modules/webhooks/webhook-log.repository.js';
import { WebhookLogService } from '../../src/modules/webhooks/webhook-log.service.js';
import { WebhooksRepository } from '../../src/modules/webhooks/webhooks.repository.js';
import type { AttemptOutcome } from '../../src/modules/webhooks/webhooks.repository.js';
import { WebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

/** The job engine as the log reads it: deliveries waiting for a retry at a known time; nothing is sent. */
const nextRun = new Date('2030-01-01T00:00:00.000Z');
const jobs = {
  nextRuns: async (_queue: string, keys: string[]) => new Map(keys.map((k) => [k, nextRun])),
  send: async () => 'job',
};

const HEADERS = { 'webhook-id': 'msg_x', 'webhook-signature': 'v1,abc' };
const answer = (statusCode: number | null, body = 'ok', bytes = body.length): AttemptOutcome => ({
  statusCode,
  body: statusCode === null ? null : body,
  bytes: statusCode === null ? null : bytes,
  error: statusCode === null ? 'connect ECONNREFUSED' : null,
  durationMs: 5,
});

describe("webhooks' repositories and log on the real database: health, pages, bounded answers and edits", () => {
  let m: Medium;
  let repository: WebhooksRepository;
  let log: WebhookLogService;
  let service: WebhooksService;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [WebhooksRepository, WebhookLogRepository, WebhookLogService, WebhooksService, OrgAuditRepository, { provide: JobQueue, useValue: jobs }],
    });
    repository = m.get(WebhooksRepository);
    log = m.get(WebhookLogService);
    service = m.get(WebhooksService);
  });

  afterAll(async () => {
    await m?.close();
  });

  async function endpoint(userId: string, url = 'https://hooks.example/a') {
    return (await repository.insertEndpoint(randomUUID(), userId, url, null, ['key.created'], 'secret', 20))!;
  }

  async function delivery(endpointId: string, outcomes: AttemptOutcome[], last = false) {
    const id = randomUUID();
    await repository.insertDelivery(id, endpointId, `msg_${id.slice(0, 8)}`, { type: 'key.created', timestamp: new Date().toISOString(), data: {} });
    for (const [i, outcome] of outcomes.entries()) {
      const ok = outcome.statusCode !== null && outcome.statusCode < 300;
      await repository.transaction((tx) => tx.recordAttempt({ id, endpointId }, ok, HEADERS, outcome, last && i === outcomes.length - 1));
    }
    return id;
  }

  it('health counts the window, the last status and the failures since the last success; the list says failing, not enabled', async () => {
    const user = await insertUser(m.em, { plan: 'enterprise' });
    const e = await endpoint(user.id);
    await delivery(e.id, [answer(500), answer(200)]);
    await delivery(e.id, [answer(503), answer(null), answer(500)]);
    await repository.transaction((tx) => tx.markFailing(e.id, new Date(), new Date(0)));
    const [view] = await log.ofAccount(user.id);
    expect(view.health).toEqual(
      expect.objectContaining({ state: 'failing', attempts: 5, succeeded: 1, successRate: 0.2, lastStatusCode: 500, failuresSinceSuccess: 3 }),
    );
    const detail = await log.detail((await repository.endpointOf(user.id, e.id))!);
    expect(detail.hours).toHaveLength(24);
    expect(detail.hours.reduce((n, h) => n + h.succeeded + h.failed, 0)).toBe(5);
    expect(detail.hours.at(-1)).toEqual(expect.objectContaining({ succeeded: 1, failed: 4 }));

    // Paused after failures reads "disabled"; a new endpoint "new".
    await repository.transaction((tx) => tx.pauseFailing(e.id));
    const fresh = await endpoint(user.id, 'https://hooks.example/b');
    const states = Object.fromEntries((await log.ofAccount(user.id)).map((v) => [v.id, v.health.state]));
    expect(states).toEqual({ [e.id]: 'disabled', [fresh.id]: 'new' });
    expect((await log.failing()).map((f) => f.id)).toContain(e.id);
  });

  it('deliveries and attempts page by cursor, newest first; a failing delivery names its next retry; answers are kept with their size', async () => {
    const user = await insertUser(m.em, { plan: 'enterprise' });
    const e = await endpoint(user.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await delivery(e.id, [answer(200, 'x'.repeat(4096), 10_000)]));
    const failing = await delivery(
      e.id,
      Array.from({ length: 12 }, () => answer(500)),
    );

    const first = await log.deliveries(user.id, e.id, { limit: 4 });
    const second = await log.deliveries(user.id, e.id, { limit: 4, cursor: first.nextCursor! });
    expect([first.data.length, second.data.length, second.nextCursor]).toEqual([4, 2, null]);
    expect([...first.data, ...second.data].map((d) => d.id)).toEqual([failing, ...ids.reverse()]);
    expect(first.data[0]).toEqual(expect.objectContaining({ status: 'failing', attempts: 12, nextRetryAt: nextRun.toISOString() }));
    expect(second.data[0].nextRetryAt).toBeNull();
    expect(second.data[0].lastAttempt).toEqual(expect.objectContaining({ responseBytes: 10_000, responseTruncated: true, requestHeaders: HEADERS }));
    expect((await log.deliveries(user.id, e.id, { status: 'failing' })).data.map((d) => d.id)).toEqual([failing]);

    const attempts: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await log.attempts(user.id, failing, { limit: 5, cursor });
      attempts.push(...page.data.map((a) => a.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect([attempts.length, new Set(attempts).size]).toEqual([12, 12]);
    expect(attempts).toEqual([...attempts].sort((a, b) => Number(b) - Number(a)));

    // Another account's endpoint and delivery are not found; a made-up cursor is refused.
    const other = await insertUser(m.em, { plan: 'enterprise' });
    await expect(log.deliveries(other.id, e.id, {})).rejects.toMatchObject({ problem: { code: 'webhook_not_found' } });
    await expect(log.attempts(other.id, failing, {})).rejects.toMatchObject({ problem: { code: 'webhook_delivery_not_found' } });
    await expect(log.deliveries(user.id, e.id, { cursor: 'nope' })).rejects.toMatchObject({ problem: { code: 'webhook_cursor_invalid' } });
  });

  it('an edit changes URL, events and description and keeps what it does not name; a bad URL is refused as on create', async () => {
    const user = await insertUser(m.em, { plan: 'enterprise' });
    const e = await endpoint(user.id);
    const edited = await service.update(user.id, e.id, { url: 'https://203.0.114.7/new', events: ['plan.changed', 'plan.changed'] });
    expect([edited.url, edited.events, edited.description, edited.enabled]).toEqual(['https://203.0.114.7/new', ['plan.changed'], null, true]);
    const described = await service.update(user.id, e.id, { description: 'Billing' });
    expect([described.url, described.description]).toEqual(['https://203.0.114.7/new', 'Billing']);
    await expect(service.update(user.id, e.id, { url: 'http://hooks.example/plain' })).rejects.toMatchObject({ problem: { code: 'webhook_url_refused' } });
    await expect(service.update(user.id, e.id, { url: 'https://10.0.0.1/x' })).rejects.toMatchObject({ problem: { code: 'webhook_url_refused' } });
    const free = await insertUser(m.em);
    await expect(service.update(free.id, e.id, { description: 'x' })).rejects.toMatchObject({ problem: { code: 'webhooks_plan_required' } });
  });

  it("a member's create, edit and delete each write the organisation's audit row with the change; a refused change writes none", async () => {
    const org = await insertUser(m.em, { plan: 'enterprise' });
    const member = await insertUser(m.em);
    const actor = { id: member.id, email: member.email };
    const made = await service.create(org.id, { url: 'https://203.0.114.7/hook', events: ['key.created'] }, actor);
    await service.update(org.id, made.id, { events: ['plan.changed'] }, actor);
    await expect(service.update(org.id, made.id, { url: 'https://10.0.0.1/x' }, actor)).rejects.toMatchObject({ problem: { code: 'webhook_url_refused' } });
    await service.update(org.id, made.id, { description: 'by the console' }); // no member: no row
    await service.remove(org.id, made.id, actor);

    const { items, total } = await m.get(OrgAuditRepository).list(org.id, { offset: 0, limit: 10 });
    expect(total).toBe(3);
    expect(items.map((row) => [row.action, row.actorEmail, row.targetId, row.after]).reverse()).toEqual([
      ['webhook.create', member.email, made.id, { url: 'https://203.0.114.7/hook', events: ['key.created'] }],
      ['webhook.update', member.email, made.id, { url: 'https://203.0.114.7/hook', events: ['plan.changed'] }],
      ['webhook.delete', member.email, made.id, null],
    ]);
  });
});

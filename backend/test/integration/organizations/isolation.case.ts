import { randomUUID } from 'node:crypto';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { createTestApp } from '../../support/test-app.js';
import type { TestApp } from '../../support/test-app.js';
import { memberOf, ownerOfNewOrganisation } from './members.js';

/**
 * Two organisations (issue 51): a member of one — of any role, the owner included — can neither read nor change the
 * other's keys, usage, request log, webhooks, invoices, audit or members, by id or by list.
 */
describe('two organisations: nothing of one reaches the other', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('every route answers 404 or an empty list for the other organisation’s ids', async () => {
    const mine = await ownerOfNewOrganisation(t, 'Mine');
    const theirs = await ownerOfNewOrganisation(t, 'Theirs');
    const theirMember = await memberOf(t, theirs.orgId, 'developer');
    const sql = (query: string, params: unknown[]) => t.orm.em.fork().execute(query, params);
    // Both on a paid plan, so webhooks and the request log answer at all.
    await sql(`update users set plan = 'enterprise', plan_granted = true where id in (?, ?)`, [mine.orgId, theirs.orgId]);

    // Theirs: a key that answered a request (so its request log has a row), a webhook endpoint, an invoice, audit rows.
    const key = (await theirs.client.post('/api/api-keys', { name: 'Their key' })).body;
    const answered = await t.client().get('/api/time/utc', { 'x-api-key': key.key });
    expect(answered.status).toBe(200);
    const requestId = answered.headers.get('x-request-id')!;
    await t.app.get(UsageRecorder).flush();
    const webhookId = randomUUID();
    await sql(`insert into webhook_endpoints (id, user_id, url, events, secret_enc) values (?, ?, 'https://hooks.example/theirs', '["key.created"]', 'x')`, [
      webhookId,
      theirs.orgId,
    ]);
    const invoiceId = randomUUID();
    await sql(
      `insert into invoices (id, user_id, provider_invoice_id, description, amount, currency, status, paid_at, created_at, plan) values (?, ?, ?, 'Premium plan (monthly)', 5, 'usd', 'paid', now(), now(), 'premium')`,
      [invoiceId, theirs.orgId, `in_${invoiceId}`],
    );
    const invitation = (await theirs.client.post('/api/organization/invitations', { email: `x-${randomUUID()}@example.com`, role: 'viewer' })).body;
    const theirRow = (await theirs.client.get('/api/usage/requests')).body.items[0];
    expect(theirRow.requestId).toBe(requestId);
    expect((await theirs.client.get(`/api/usage/requests/${theirRow.id}`)).status).toBe(200);

    const me = mine.client;
    const answers = {
      key: (await me.put(`/api/api-keys/${key.id}`, { name: 'Mine now' })).status,
      rotate: (await me.put(`/api/api-keys/${key.id}/rotate`, {})).status,
      deleteKey: (await me.delete(`/api/api-keys/${key.id}`)).status,
      request: (await me.get(`/api/usage/requests/${theirRow.id}`)).status,
      webhook: (await me.get(`/api/webhooks/${webhookId}`)).status,
      receipt: (await me.get(`/api/billing/invoices/${invoiceId}/receipt.pdf`)).status,
      member: (await me.patch(`/api/organization/members/${theirMember.user.id}`, { role: 'viewer' })).status,
      removeMember: (await me.delete(`/api/organization/members/${theirMember.user.id}`)).status,
      revokeInvitation: (await me.delete(`/api/organization/invitations/${invitation.id}`)).status,
      switchTo: (await me.post('/api/organizations/switch', { organizationId: theirs.orgId })).status,
    };
    expect(answers).toEqual({
      key: 404,
      rotate: 404,
      deleteKey: 404,
      request: 404,
      webhook: 404,
      receipt: 404,
      member: 404,
      removeMember: 404,
      revokeInvitation: 404,
      switchTo: 404,
    });

    const lists = {
      keys: (await me.get('/api/api-keys')).body.map((k: { id: string }) => k.id),
      webhooks: (await me.get('/api/webhooks')).body.length,
      requests: (await me.get('/api/usage/requests')).body.items.map((r: { requestId: string }) => r.requestId),
      invoices: (await me.get('/api/billing/invoices')).body.items.length,
      members: (await me.get('/api/organization/members')).body.items.map((m: { userId: string }) => m.userId),
      invitations: (await me.get('/api/organization/invitations')).body.items.length,
      audit: (await me.get('/api/organization/audit')).body.items.map((a: { action: string }) => a.action),
    };
    expect(lists).toEqual({ keys: [], webhooks: 0, requests: [], invoices: 0, members: [mine.user.id], invitations: 0, audit: ['org.create'] });

    // Theirs is untouched.
    expect((await theirs.client.get('/api/api-keys')).body.map((k: { name: string }) => k.name)).toEqual(['Their key']);
    expect((await theirs.client.get('/api/organization/members')).body.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'developer']);
    const theirAudit = (await theirs.client.get('/api/organization/audit')).body.items.map((a: { action: string }) => a.action);
    expect(theirAudit).toEqual(['member.invite', 'key.create', 'org.create']);
  });

  it('the personal organisation of a member of a team is their own: the team’s keys are not in it', async () => {
    const team = await ownerOfNewOrganisation(t, 'Team');
    const dev = await memberOf(t, team.orgId, 'developer');
    const made = await dev.client.post('/api/api-keys', { name: 'Team key' });
    expect(made.body.createdBy.id).toBe(dev.user.id);
    expect((await team.client.get('/api/api-keys')).body.map((k: { name: string }) => k.name)).toEqual(['Team key']);
    await dev.client.post('/api/organizations/switch', { organizationId: dev.user.id });
    expect((await dev.client.get('/api/api-keys')).body).toEqual([]);
    const orgs = (await dev.client.get('/api/organizations')).body;
    expect(orgs.current).toBe(dev.user.id);
    expect(orgs.items.map((o: { name: string; role: string; personal: boolean }) => [o.name, o.role, o.personal])).toEqual([
      ['Personal', 'owner', true],
      ['Team', 'developer', false],
    ]);
  });
});

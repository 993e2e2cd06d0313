import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { uniqueEmail, createUser, signedInClient, DEFAULT_PASSWORD } from '../../factories/index.js';
import { advanceClock, freezeClock } from '../../support/clock.js';
import { twoInstancesWithMail } from '../../support/fixtures.js';
import type { TwoInstancesWithMail } from '../../support/fixtures.js';
import type { TestApp } from '../../support/test-app.js';
import { INVITATIONS_PER_HOUR } from '../../../src/modules/organizations/invitations.service.js';
import { memberOf, ownerOfNewOrganisation } from './members.js';

/** The token of an invitation mail's link. */
function tokenOf(link: string): string {
  return new URL(link).pathname.split('/').pop()!;
}

/** Issue 51's invitations and member rules, through HTTP, on two instances sharing PostgreSQL and Redis. */
describe('invitations, roles and removal', () => {
  let pair: TwoInstancesWithMail;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    pair = await twoInstancesWithMail();
    ({ a, b } = pair);
  });
  afterAll(() => pair?.close());
  afterEach(() => jest.useRealTimers());

  const invitationMail = async (to: string) => {
    const mail = await pair.smtp.waitFor({ to, subject: /invited to an organisation/ });
    return { mail, token: tokenOf(mail.links.find((link) => link.includes('/invitations/'))!) };
  };

  it('a new person registers from the mailed link: verified, a developer, signed in and switched; the link then answers 410', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Invite Co');
    const email = uniqueEmail('grace');
    const sent = await owner.client.post('/api/organization/invitations', { email, role: 'developer' });
    expect([sent.status, sent.body.email, sent.body.role, sent.body.invitedBy]).toEqual([201, email, 'developer', owner.user.email]);
    const { mail, token } = await invitationMail(email);
    // Nothing anybody typed is mailed: not the organisation's name, not the inviter.
    expect(mail.text).not.toContain('Invite Co');
    expect(mail.text).not.toContain(owner.user.email);
    expect(mail.text).toContain('as Developer');

    const page = await b.client().get(`/api/invitations/${token}`);
    expect(page.body).toMatchObject({ organization: 'Invite Co', role: 'developer', email, invitedBy: owner.user.email });

    const wrongAddress = await b
      .client()
      .post('/api/auth/register', { name: 'Grace Hopper', email: uniqueEmail('other'), password: DEFAULT_PASSWORD, invitationToken: token });
    expect([wrongAddress.status, wrongAddress.body.code]).toEqual([400, 'invitation_email_mismatch']);

    const grace = b.client();
    const registered = await grace.post('/api/auth/register', { name: 'Grace Hopper', email, password: DEFAULT_PASSWORD, invitationToken: token });
    expect(registered.body).toEqual({ ok: true, email, needsVerification: false, signedIn: true });
    const me = (await grace.get('/api/me')).body;
    expect([me.emailVerified, me.organization.name, me.organization.role]).toEqual([true, 'Invite Co', 'developer']);
    expect(me.permissions).toContain('keys.write');
    expect(me.permissions).not.toContain('members.manage');

    const again = await a.client().get(`/api/invitations/${token}`);
    expect([again.status, again.body.code]).toEqual([410, 'invitation_used']);
    const members = (await owner.client.get('/api/organization/members')).body.items;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'developer'],
    ]);
    expect((await owner.client.get('/api/organization/invitations')).body.items).toEqual([]);
    const audit = (await owner.client.get('/api/organization/audit?action=member.join')).body.items;
    expect(audit.map((row: { actorEmail: string }) => row.actorEmail)).toEqual([email]);
  });

  it('an existing person accepts while signed in; inviting twice is one invitation whose old link stops; revoked and expired links say so', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Twice Ltd');
    const existing = await createUser(a);
    const first = await owner.client.post('/api/organization/invitations', { email: existing.email, role: 'viewer' });
    const { token: firstToken } = await invitationMail(existing.email);
    const second = await owner.client.post('/api/organization/invitations', { email: existing.email.toUpperCase(), role: 'billing' });
    expect([first.status, second.status, second.body.id, second.body.role]).toEqual([201, 200, first.body.id, 'billing']);
    await pair.smtp.waitForCount(existing.email, 2);
    const tokens = pair.smtp.to(existing.email).map((mail) => tokenOf(mail.links.find((link) => link.includes('/invitations/'))!));
    const secondToken = tokens.find((token) => token !== firstToken)!;
    expect((await owner.client.get('/api/organization/invitations')).body.items).toHaveLength(1);
    expect((await a.client().get(`/api/invitations/${firstToken}`)).status).toBe(404);

    const client = await signedInClient(b, existing);
    const accepted = await client.post(`/api/invitations/${secondToken}/accept`);
    expect(accepted.body.organization).toMatchObject({ name: 'Twice Ltd', role: 'billing' });
    expect((await client.get('/api/me')).body.organization.name).toBe('Twice Ltd');
    expect((await client.get('/api/api-keys')).body.code).toBe('org_permission');

    const revokedFor = uniqueEmail('revoked');
    const toRevoke = (await owner.client.post('/api/organization/invitations', { email: revokedFor, role: 'viewer' })).body;
    const { token: revokedToken } = await invitationMail(revokedFor);
    expect((await owner.client.delete(`/api/organization/invitations/${toRevoke.id}`)).status).toBe(204);
    const revoked = await a.client().get(`/api/invitations/${revokedToken}`);
    expect([revoked.status, revoked.body.code]).toEqual([410, 'invitation_revoked']);

    const lateFor = uniqueEmail('late');
    await owner.client.post('/api/organization/invitations', { email: lateFor, role: 'viewer' });
    const { token: lateToken } = await invitationMail(lateFor);
    freezeClock();
    advanceClock(7 * 86_400_000 + 1000);
    const expired = await a.client().get(`/api/invitations/${lateToken}`);
    expect([expired.status, expired.body.code]).toEqual([410, 'invitation_expired']);
    const late = await createUser(a, { email: lateFor });
    const lateClient = await signedInClient(a, late);
    expect((await lateClient.post(`/api/invitations/${lateToken}/accept`)).body.code).toBe('invitation_expired');
    expect((await a.client().get(`/api/invitations/${randomUUID()}`)).body.code).toBe('invitation_not_found');
  });

  it('the answer does not say whether the address has an account; a member is refused; past 20 an hour, 429', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Quiet Inc');
    const known = await createUser(a);
    const forKnown = await owner.client.post('/api/organization/invitations', { email: known.email, role: 'viewer' });
    const forUnknown = await owner.client.post('/api/organization/invitations', { email: uniqueEmail('nobody'), role: 'viewer' });
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect([forKnown.status, shape(forKnown.body)]).toEqual([forUnknown.status, shape(forUnknown.body)]);

    const self = await owner.client.post('/api/organization/invitations', { email: owner.user.email, role: 'viewer' });
    expect([self.status, self.body.code]).toEqual([409, 'already_member']);

    for (let i = 2; i < INVITATIONS_PER_HOUR; i++) await owner.client.post('/api/organization/invitations', { email: uniqueEmail(`bulk${i}`), role: 'viewer' });
    const over = await owner.client.post('/api/organization/invitations', { email: uniqueEmail('over'), role: 'viewer' });
    expect([over.status, over.body.code, over.headers.get('retry-after')]).toEqual([429, 'invitations_throttled', '3600']);
  });

  it('roles: nobody changes their own; only an owner makes owners; the last owner stays; a developer cannot invite', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Rules plc');
    const admin = await memberOf(a, owner.orgId, 'admin');
    const dev = await memberOf(a, owner.orgId, 'developer');

    const raise = await dev.client.patch(`/api/organization/members/${dev.user.id}`, { role: 'owner' });
    expect([raise.status, raise.body.code]).toEqual([403, 'org_permission']);
    const invite = await dev.client.post('/api/organization/invitations', { email: uniqueEmail('x'), role: 'viewer' });
    expect([invite.status, invite.body.code]).toEqual([403, 'org_permission']);
    const ownRole = await admin.client.patch(`/api/organization/members/${admin.user.id}`, { role: 'owner' });
    expect([ownRole.status, ownRole.body.code]).toEqual([403, 'own_role']);
    const makeOwner = await admin.client.patch(`/api/organization/members/${dev.user.id}`, { role: 'owner' });
    expect([makeOwner.status, makeOwner.body.code]).toEqual([403, 'org_permission']);
    const removeOwner = await admin.client.delete(`/api/organization/members/${owner.user.id}`);
    expect([removeOwner.status, removeOwner.body.code]).toEqual([403, 'org_permission']);
    const inviteOwner = await admin.client.post('/api/organization/invitations', { email: uniqueEmail('o'), role: 'owner' });
    expect([inviteOwner.status, inviteOwner.body.code]).toEqual([403, 'org_permission']);
    expect((await admin.client.patch(`/api/organization/members/${dev.user.id}`, { role: 'viewer' })).body.role).toBe('viewer');

    const leave = await owner.client.post('/api/organization/leave');
    expect([leave.status, leave.body.code]).toEqual([409, 'last_owner']);
    expect((await owner.client.post('/api/organization/transfer', { userId: admin.user.id })).status).toBe(200);
    const roles = (await admin.client.get('/api/organization/members')).body.items.map((m: { userId: string; role: string }) => [m.userId, m.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [admin.user.id, 'owner'],
        [owner.user.id, 'admin'],
      ]),
    );
    const demoteLast = await owner.client.patch(`/api/organization/members/${admin.user.id}`, { role: 'viewer' });
    expect([demoteLast.status, demoteLast.body.code]).toEqual([403, 'org_permission']);
    const audit = (await admin.client.get(`/api/organization/audit?actorId=${owner.user.id}`)).body.items.map((row: { action: string }) => row.action);
    expect(audit).toEqual(['org.transfer', 'org.create']);
  });

  it('the only owner of an organisation cannot close their account until it has another owner', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Kept');
    const close = () => owner.client.post('/api/me/close', { email: owner.user.email, password: owner.user.password });
    const refused = await close();
    expect([refused.status, refused.body.code]).toEqual([409, 'last_owner']);
    const admin = await memberOf(a, owner.orgId, 'admin');
    expect((await owner.client.post('/api/organization/transfer', { userId: admin.user.id })).status).toBe(200);
    expect((await close()).status).toBe(200);
    expect((await admin.client.get('/api/organization/members')).body.items.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });

  it('a removed member: their session and their keys end on both instances within a second', async () => {
    const owner = await ownerOfNewOrganisation(a, 'Leavers');
    const dev = await memberOf(a, owner.orgId, 'developer', b);
    const key = (await dev.client.post('/api/api-keys', { name: 'Dev key' })).body;
    expect((await b.client().get('/api/time/utc', { 'x-api-key': key.key })).status).toBe(200);
    expect((await a.client().get('/api/time/utc', { 'x-api-key': key.key })).status).toBe(200);
    expect((await dev.client.get('/api/api-keys')).body).toHaveLength(1);

    const removed = await owner.client.delete(`/api/organization/members/${dev.user.id}`);
    expect(removed.body).toEqual({ revokedKeys: 1 });
    const started = Date.now();
    const ended = async () =>
      (await b.client().get('/api/time/utc', { 'x-api-key': key.key })).status === 403 &&
      (await a.client().get('/api/time/utc', { 'x-api-key': key.key })).status === 403 &&
      (await dev.client.get('/api/me')).body.organization.personal === true;
    while (!(await ended()) && Date.now() - started < 1000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await ended()).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await dev.client.get('/api/api-keys')).body).toEqual([]);
    const back = await dev.client.post('/api/organizations/switch', { organizationId: owner.orgId });
    expect([back.status, back.body.code]).toEqual([404, 'organization_not_found']);
    expect((await owner.client.get('/api/organization/audit?action=member.remove')).body.items[0].after).toEqual({ revokedKeys: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import { InvitationRedemption } from '../../src/modules/accounts/invitation-redemption.js';
import { InvitationsRepository } from '../../src/modules/accounts/invitations.repository.js';
import { MembershipsRepository } from '../../src/modules/accounts/memberships.repository.js';
import { UsersRepository } from '../../src/modules/accounts/users.repository.js';
import { insertApiKey, insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

/** Issue 51's tables on the real database: memberships (the guard's read, the switcher, the member list) and invitations. */
describe('accounts: memberships and invitations on the real database', () => {
  let m: Medium;
  let memberships: MembershipsRepository;
  let invitations: InvitationsRepository;

  beforeAll(async () => {
    m = await mediumModule({});
    memberships = m.get(MembershipsRepository);
    invitations = m.get(InvitationsRepository);
  });
  afterAll(async () => {
    await m?.close();
  });

  /** A team organisation's account row, as OrganizationsService makes it. */
  const organisation = async (name: string) => {
    const users = m.get(UsersRepository).fork();
    const id = randomUUID();
    users.create({ id, email: `org-${id}@organisations.invalid`, firstName: name, kind: 'organisation', emailVerified: true });
    await users.flush();
    return id;
  };

  it('a person owns their personal organisation from the start; the switcher lists it first, then teams by name', async () => {
    const grace = await insertUser(m.em);
    const zeta = await organisation('Zeta');
    const alpha = await organisation('alpha');
    await memberships.fork().add(zeta, grace.id, 'viewer', null);
    await memberships.fork().add(alpha, grace.id, 'admin', null);
    const listed = await memberships.fork().organisationsOf(grace.id);
    expect(listed.map((o) => [o.name, o.role, o.personal, o.members])).toEqual([
      ['Personal', 'owner', true, 1],
      ['alpha', 'admin', false, 1],
      ['Zeta', 'viewer', false, 1],
    ]);
    expect(await memberships.fork().access(grace.id, grace.id)).toMatchObject({ role: 'owner' });
    expect(await memberships.fork().access(zeta, randomUUID())).toBeNull();
  });

  it('members come owners first with the keys each made there; mail addresses follow the roles asked for', async () => {
    const org = await organisation('Keys Inc');
    const [owner, dev, viewer] = [await insertUser(m.em), await insertUser(m.em), await insertUser(m.em)];
    await memberships.fork().add(org, viewer.id, 'viewer', null);
    await memberships.fork().add(org, dev.id, 'developer', owner.id);
    await memberships.fork().add(org, owner.id, 'owner', null);
    await insertApiKey(m.em, org, { createdBy: dev.id });
    await insertApiKey(m.em, org, { createdBy: dev.id });
    await insertApiKey(m.em, dev.id, { createdBy: dev.id }); // in dev's personal organisation: not counted here
    const rows = await memberships.fork().members(org);
    expect(rows.map((r) => [r.userId, r.role, r.keys])).toEqual([
      [owner.id, 'owner', 0],
      [dev.id, 'developer', 2],
      [viewer.id, 'viewer', 0],
    ]);
    expect(await memberships.fork().addresses(org, ['owner', 'developer'])).toEqual([owner.email, dev.email].sort());
    expect(await memberships.fork().soleOwnerOf(owner.id)).toEqual([org]);
    await memberships.fork().add(org, owner.id, 'owner', null); // twice: still one row
    expect((await memberships.fork().members(org)).length).toBe(3);
  });

  it('one pending invitation per address, renewed in place; a token becomes a membership once', async () => {
    const org = await organisation('Invites Ltd');
    const inviter = await insertUser(m.em);
    const email = `medium-${randomUUID().slice(0, 8)}@example.com`;
    const expiresAt = new Date(Date.now() + 86_400_000);
    const first = await invitations
      .fork()
      .upsertPending({ orgId: org, email, role: 'viewer', tokenHash: `a-${randomUUID()}`, invitedBy: inviter.id, expiresAt });
    const secondHash = `b-${randomUUID()}`;
    const second = await invitations.fork().upsertPending({ orgId: org, email, role: 'billing', tokenHash: secondHash, invitedBy: inviter.id, expiresAt });
    expect([first.created, second.created, second.id]).toEqual([true, false, first.id]);
    expect((await invitations.fork().pending(org)).map((i) => [i.email, i.role, i.invitedByEmail])).toEqual([[email, 'billing', inviter.email]]);

    const joiner = await insertUser(m.em);
    const redemption = m.get(InvitationRedemption);
    const [one, two] = await Promise.all([redemption.redeem(secondHash, joiner), redemption.redeem(secondHash, joiner)]);
    expect([one.state, two.state].sort()).toEqual(['pending', 'used']);
    expect(await memberships.fork().roleOf(org, joiner.id)).toBe('billing');
    expect((await redemption.look(secondHash)).state).toBe('used');
    expect((await redemption.look('no-such-hash')).state).toBe('not_found');
  });
});

import { AccountCommands } from '../../src/modules/accounts/account-commands.js';
import { UsersRepository } from '../../src/modules/accounts/users.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe('accounts: UsersRepository on the real database', () => {
  let m: Medium;
  let users: UsersRepository;

  beforeAll(async () => {
    m = await mediumModule({});
    users = m.get(UsersRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  it('finds an account by its address, and no other', async () => {
    const grace = await insertUser(m.em);
    await insertUser(m.em);
    expect((await users.fork().findByEmail(grace.email))?.id).toBe(grace.id);
    expect(await users.fork().findByEmail('nobody@example.com')).toBeNull();
  });

  it('a change made in a transaction that fails is not kept', async () => {
    const user = await insertUser(m.em);
    await expect(
      users.transaction(async (tx) => {
        await tx.setPasswordHash(user.id, 'hash-that-must-not-stay');
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect((await users.fork().reload(user.id)).passwordHash).toBeNull();
  });

  it('an account created and flushed in a fork can be read from another', async () => {
    const fork = users.fork();
    const created = fork.create({ email: 'medium-created@example.com', firstName: 'Ada', lastName: 'Lovelace', passwordHash: null });
    await fork.flush();
    expect((await users.fork().findById(created.id))?.email).toBe('medium-created@example.com');
  });

  it('turning two-factor sign-in off clears the secret and the last accepted step', async () => {
    const user = await insertUser(m.em);
    const fork = users.fork();
    const loaded = await fork.findByIdOrFail(user.id);
    Object.assign(loaded, { totpSecret: 'sealed', totpEnabledAt: new Date(), totpLastStep: 42 });
    await fork.flush();
    await users.fork().clearTotp(user.id);
    expect(await users.fork().reload(user.id)).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
  });

  it('a second-factor code step is accepted once: the same or an earlier step is refused', async () => {
    const user = await insertUser(m.em);
    expect(await users.claimTotpStep(user.id, 100)).toBe(true);
    expect(await users.claimTotpStep(user.id, 100)).toBe(false);
    expect(await users.claimTotpStep(user.id, 99)).toBe(false);
    expect(await users.claimTotpStep(user.id, 101)).toBe(true);
  });

  it("the Usage page's first visit is noted through accounts' command, and a later visit keeps the first time", async () => {
    const user = await insertUser(m.em);
    const accounts = m.get(AccountCommands);
    await accounts.markUsageSeen(user.id);
    const first = (await users.fork().reload(user.id)).usageSeenAt;
    expect(first).toBeInstanceOf(Date);
    await m.em.getConnection().execute(`update users set usage_seen_at = usage_seen_at - interval '1 day' where id = ?`, [user.id]);
    const dayBefore = new Date(first!.getTime() - 86_400_000);
    await accounts.markUsageSeen(user.id);
    expect((await users.fork().reload(user.id)).usageSeenAt).toEqual(dayBefore);
  });

  it('lists the open super admins by address, without closed accounts or other roles', async () => {
    const [admin, closed, customer] = [await insertUser(m.em), await insertUser(m.em), await insertUser(m.em)];
    await m.em.getConnection().execute(`update users set role = 'super_admin' where id in (?, ?)`, [admin.id, closed.id]);
    await m.em.getConnection().execute(`update users set closed_at = now() where id = ?`, [closed.id]);
    const emails = (await users.fork().openSuperAdmins()).map((u) => u.email);
    expect(emails).toContain(admin.email);
    expect(emails).not.toContain(closed.email);
    expect(emails).not.toContain(customer.email);
  });
});

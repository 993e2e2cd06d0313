import { AccountChanges } from '../../src/modules/accounts/account-changes.js';
import type { AccountChange } from '../../src/modules/accounts/account-changes.js';
import { AccountCommands } from '../../src/modules/accounts/account-commands.js';
import { User } from '../../src/modules/accounts/user.entity.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe('accounts: AccountCommands on the real database', () => {
  let m: Medium;
  let commands: AccountCommands;
  const announced: AccountChange[] = [];

  beforeAll(async () => {
    m = await mediumModule({});
    commands = m.get(AccountCommands);
    m.get(AccountChanges).listen((change) => void announced.push(change));
  });

  afterAll(async () => {
    await m?.close();
  });

  const reload = (id: string) => m.em.fork().findOneOrFail(User, { id }, { refresh: true });

  it('a grant sets the plan as granted, and free ends the grant', async () => {
    const user = await insertUser(m.em);
    const change = await commands.grantPlan(user.id, 'premium', { by: 'medium' });
    expect(change.before).toMatchObject({ plan: 'free', planGranted: false });
    expect(await reload(user.id)).toMatchObject({ plan: 'premium', planGranted: true });
    await commands.grantPlan(user.id, 'free', { by: 'medium' });
    expect(await reload(user.id)).toMatchObject({ plan: 'free', planGranted: false });
  });

  it('a bought plan replaces a grant', async () => {
    const user = await insertUser(m.em, { plan: 'premium', planGranted: true });
    await commands.changePlan(user.id, 'enterprise', { by: 'billing' });
    expect(await reload(user.id)).toMatchObject({ plan: 'enterprise', planGranted: false });
  });

  it("a change made in the caller's transaction is rolled back with it, and not announced", async () => {
    const user = await insertUser(m.em);
    const before = announced.length;
    await expect(
      m.em.fork().transactional(async (tx) => {
        await commands.setBlocked(user.id, true, { by: 'medium', em: tx });
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect((await reload(user.id)).isBlocked).toBe(false);
    expect(announced.slice(before).filter((c) => c.userId === user.id)).toEqual([]);
  });

  it('a committed change is announced after the commit', async () => {
    const user = await insertUser(m.em);
    await commands.setBlocked(user.id, true, { by: 'medium' });
    expect(announced.some((c) => c.userId === user.id && c.isBlocked)).toBe(true);
  });

  it('negotiated limits are stored; null keeps the plan default', async () => {
    const user = await insertUser(m.em);
    await commands.setLimits(user.id, { hourlyQuota: 5000, burstPerSecond: null }, { by: 'medium' });
    expect(await reload(user.id)).toMatchObject({ customHourlyQuota: 5000, customBurstPerSecond: null });
  });

  it('markVerified answers false when another account holds the new address, and changes nothing', async () => {
    const taken = await insertUser(m.em);
    const user = await insertUser(m.em);
    expect(await commands.markVerified(user.id, { by: 'medium', email: taken.email })).toBe(false);
    expect((await reload(user.id)).email).toBe(user.email);
  });

  it('an unknown or malformed id is a 404 problem', async () => {
    await expect(commands.setBlocked('not-a-uuid', true, { by: 'medium' })).rejects.toMatchObject({ problem: { status: 404, code: 'not_found' } });
    await expect(commands.setBlocked('00000000-0000-4000-8000-000000000000', true, { by: 'medium' })).rejects.toMatchObject({
      problem: { status: 404, code: 'not_found' },
    });
  });
});

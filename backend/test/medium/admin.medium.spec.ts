import { AuditLogEntry } from '../../src/modules/audit/audit-log.entity.js';
import { User } from '../../src/modules/accounts/user.entity.js';
import { AdminRepository } from '../../src/modules/admin/admin.repository.js';
import { AuditTrail } from '../../src/modules/audit/audit-trail.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("the console's repository on the real database: accounts, their lock and the audit log", () => {
  let m: Medium;
  let admin: AdminRepository;
  let trail: AuditTrail;

  beforeAll(async () => {
    m = await mediumModule({ providers: [AdminRepository] });
    admin = m.get(AdminRepository);
    trail = m.get(AuditTrail);
  });

  afterAll(async () => {
    await m?.close();
  });

  const entry = (targetId: string, actor: { id: string; email: string }) => ({
    actorId: actor.id,
    actorEmail: actor.email,
    action: 'user.block' as const,
    targetType: 'user' as const,
    targetId,
    before: { isBlocked: false },
    after: { isBlocked: true },
    ipAddress: '203.0.113.7',
  });
  const auditRows = (targetId: string) => m.em.fork().find(AuditLogEntry, { targetId });

  it('an audit row written in a console change that fails is not kept; one written on its own is', async () => {
    const [actor, user] = [await insertUser(m.em), await insertUser(m.em)];
    await expect(
      admin.transaction(async (tx) => {
        await trail.record(entry(user.id, actor), tx.unitOfWork);
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('the change was refused');
    expect(await auditRows(user.id)).toEqual([]);

    await trail.record(entry(user.id, actor));
    expect(await auditRows(user.id)).toEqual([expect.objectContaining({ actorEmail: actor.email, action: 'user.block', after: { isBlocked: true } })]);
  });

  it('an account locked by one console change makes a second one wait until the first commits, then see its result', async () => {
    const user = await insertUser(m.em);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const first = admin.transaction(async (tx) => {
      const row = await tx.lockUser(user.id);
      row!.isBlocked = true;
      locked();
      await held;
    });
    await lockTaken;
    const order: string[] = [];
    const second = admin.transaction(async (tx) => {
      const row = await tx.lockUser(user.id);
      order.push('second locked');
      return row!.isBlocked;
    });
    // Awaits the state, not the clock: the second transaction is queued on the row lock.
    const waiting = async () =>
      Number(
        (
          await m.em
            .fork()
            .execute<{ n: string }[]>("select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")
        )[0].n,
      );
    while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([]);
    order.push('first commits');
    release();
    await first;
    expect(await second).toBe(true);
    expect(order).toEqual(['first commits', 'second locked']);
  });

  it('an unknown account reads as none; a known one as it is now in the database', async () => {
    const user = await insertUser(m.em, { plan: 'premium' });
    expect(await admin.fork().user('00000000-0000-4000-8000-000000000000')).toBeNull();
    const session = admin.fork();
    expect((await session.user(user.id))?.plan).toBe('premium');
    await m.em.fork().nativeUpdate(User, { id: user.id }, { plan: 'enterprise' });
    expect((await session.freshUser(user.id)).plan).toBe('enterprise');
  });
});

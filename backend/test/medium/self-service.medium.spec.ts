import { randomUUID } from 'node:crypto';
import { User } from '../../src/modules/accounts/user.entity.js';
import { AuditLogEntry } from '../../src/modules/audit/audit-log.entity.js';
import { ApiKey } from '../../src/modules/keys/api-key.entity.js';
import { Session } from '../../src/modules/auth/session.entity.js';
import { AccountClosureRepository } from '../../src/modules/self-service/account-closure.repository.js';
import { DataExportRepository } from '../../src/modules/self-service/data-export.repository.js';
import { SupportMessage } from '../../src/modules/support/support-message.entity.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("self-service: the closure's and the export's repositories on the real database", () => {
  let m: Medium;
  let closure: AccountClosureRepository;
  let exports: DataExportRepository;

  beforeAll(async () => {
    m = await mediumModule({ providers: [AccountClosureRepository, DataExportRepository] });
    closure = m.get(AccountClosureRepository);
    exports = m.get(DataExportRepository);
  });

  afterAll(async () => {
    await m?.close();
  });

  async function withSessionAndMessage(user: User): Promise<void> {
    const em = m.em.fork();
    em.create(Session, { tokenHash: randomUUID(), user: em.getReference(User, user.id), expiresAt: new Date(Date.now() + 86_400_000) });
    em.create(SupportMessage, { name: 'Grace', email: user.email, subject: 'Hello', message: 'Hi', user: em.getReference(User, user.id) });
    await em.flush();
  }

  it("closing an account erases its sessions and messages and writes its audit row; another account's stay", async () => {
    const [closing, other] = [await insertUser(m.em), await insertUser(m.em)];
    await withSessionAndMessage(closing);
    await withSessionAndMessage(other);
    const tombstone = `closed-${closing.id}@invalid`;
    await closure.transaction(async (tx) => {
      await tx.erase(closing.id, tombstone, closing.email, new Date());
      tx.audit({ actorId: closing.id, actorEmail: tombstone, action: 'user.close', targetType: 'user', targetId: closing.id });
      await tx.flush();
    });
    const em = m.em.fork();
    expect((await em.findOneOrFail(User, { id: closing.id })).email).toBe(tombstone);
    expect(await em.count(Session, { user: closing.id })).toBe(0);
    expect(await em.count(SupportMessage, { user: closing.id })).toBe(0);
    expect(await em.count(AuditLogEntry, { targetId: closing.id, action: 'user.close' })).toBe(1);
    expect(await em.count(Session, { user: other.id })).toBe(1);
    expect(await em.count(SupportMessage, { user: other.id })).toBe(1);
  });

  it('a closure whose transaction fails leaves the account as it was', async () => {
    const user = await insertUser(m.em);
    await withSessionAndMessage(user);
    await expect(
      closure.transaction(async (tx) => {
        await tx.erase(user.id, `closed-${user.id}@invalid`, user.email, new Date());
        throw new Error('the mail outbox failed');
      }),
    ).rejects.toThrow('the mail outbox failed');
    const em = m.em.fork();
    expect((await em.findOneOrFail(User, { id: user.id })).email).toBe(user.email);
    expect(await em.count(Session, { user: user.id })).toBe(1);
  });

  it("a new export replaces the account's last one and leaves another account's", async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const [first, others] = [randomUUID(), randomUUID()];
    await exports.transaction((tx) => tx.create(first, user.id));
    await exports.transaction((tx) => tx.create(others, other.id));
    const second = randomUUID();
    await exports.transaction(async (tx) => {
      await tx.deleteOldFor(user.id);
      return tx.create(second, user.id);
    });
    expect(await exports.find(user.id, first)).toBeNull();
    expect((await exports.find(user.id, second))?.status).toBe('running');
    expect((await exports.find(other.id, others))?.status).toBe('running');
    expect(await exports.find(user.id, others)).toBeNull();
  });

  it("the export's head reads only the account's own records", async () => {
    const [user, other] = [await insertUser(m.em), await insertUser(m.em)];
    const em = m.em.fork();
    for (const [owner, name] of [
      [user, 'mine'],
      [other, 'theirs'],
    ] as const) {
      const token = randomUUID().replace(/-/g, '');
      em.create(ApiKey, { user: em.getReference(User, owner.id), name, prefix: token.slice(0, 8), lastFour: token.slice(-4), hash: token, encrypted: token });
    }
    await em.flush();
    const records = await exports.accountRecords(user.id);
    expect(records.user.id).toBe(user.id);
    expect(records.keys.map((k) => k.name)).toEqual(['mine']);
    expect([records.subscriptions, records.invoices]).toEqual([[], []]);
  });
});

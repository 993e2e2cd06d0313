import { randomUUID } from 'node:crypto';
import { User } from '../../src/modules/accounts/user.entity.js';
import { AuditLogEntry } from '../../src/modules/audit/audit-log.entity.js';
import { ApiKey } from '../../src/modules/keys/api-key.entity.js';
import { Session } from '../../src/modules/auth/session.entity.js';
import { UsersRepository } from '../../src/modules/accounts/users.repository.js';
import { AuthRepository } from '../../src/modules/auth/auth.repository.js';
import { SessionsRepository } from '../../src/modules/auth/sessions.repository.js';
import { SupportRepository } from '../../src/modules/support/support.repository.js';
import { AccountClosureRepository } from '../../src/modules/self-service/account-closure.repository.js';
import { DataExportRepository } from '../../src/modules/self-service/data-export.repository.js';
import { SupportMessage } from '../../src/modules/support/support-message.entity.js';
import { AuditTrail } from '../../src/modules/audit/audit-trail.js';
import { AccountKeys } from '../../src/modules/keys/account-keys.js';
import { AccountKeysRepository } from '../../src/modules/keys/account-keys.repository.js';
import { insertUser, mediumModule } from './medium.js';
import type { Medium } from './medium.js';

describe("self-service: the closure's and the export's repositories on the real database", () => {
  let m: Medium;
  let closure: AccountClosureRepository;
  let exports: DataExportRepository;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [AccountClosureRepository, DataExportRepository, AuthRepository, SessionsRepository, SupportRepository, AccountKeys, AccountKeysRepository],
    });
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

  it("a closure's erasure, module by module, removes the account's rows and keeps another account's", async () => {
    const [closing, other] = [await insertUser(m.em), await insertUser(m.em)];
    await withSessionAndMessage(closing);
    await withSessionAndMessage(other);
    const anonymous = m.em.fork();
    anonymous.create(SupportMessage, { name: 'Grace', email: closing.email.toUpperCase(), subject: 'Signed out', message: 'Hi' });
    await anonymous.flush();
    const tombstone = `closed-${closing.id}@invalid`;
    await closure.transaction(async (tx) => {
      const users = m.get(UsersRepository).joining(tx.unitOfWork);
      await users.lockRow(closing.id);
      expect(await m.get(AccountKeys).eraseAll(closing.id, tx.unitOfWork)).toEqual([]);
      await users.eraseProfile(closing.id, tombstone, new Date());
      await m.get(SessionsRepository).joining(tx.unitOfWork).deleteAllForUser(closing.id);
      await m.get(AuthRepository).joining(tx.unitOfWork).eraseAccount(closing.id);
      await tx.deleteExportsAndAlerts(closing.id);
      await m.get(SupportRepository).joining(tx.unitOfWork).eraseAccount(closing.id, closing.email);
      await m
        .get(AuditTrail)
        .record({ actorId: closing.id, actorEmail: tombstone, action: 'user.close', targetType: 'user', targetId: closing.id }, tx.unitOfWork);
    });
    const em = m.em.fork();
    expect(await em.findOneOrFail(User, { id: closing.id })).toMatchObject({ email: tombstone, firstName: '', closedAt: expect.any(Date) });
    expect(await em.count(Session, { user: closing.id })).toBe(0);
    expect(await em.count(SupportMessage, { $or: [{ user: closing.id }, { email: closing.email.toUpperCase() }] })).toBe(0);
    expect(await em.count(AuditLogEntry, { targetId: closing.id, action: 'user.close' })).toBe(1);
    expect(await em.count(Session, { user: other.id })).toBe(1);
    expect(await em.count(SupportMessage, { user: other.id })).toBe(1);
  });

  it('a closure whose transaction fails leaves the account as it was', async () => {
    const user = await insertUser(m.em);
    await withSessionAndMessage(user);
    await expect(
      closure.transaction(async (tx) => {
        await m.get(UsersRepository).joining(tx.unitOfWork).eraseProfile(user.id, `closed-${user.id}@invalid`, new Date());
        await m.get(SessionsRepository).joining(tx.unitOfWork).deleteAllForUser(user.id);
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

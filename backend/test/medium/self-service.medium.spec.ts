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
import { USAGE_REWRITE_LOCK } from '../../src/database/advisory-locks.js';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import { toBatches } from '../../src/modules/usage/usage-batches.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { waitFor } from '../support/processes.js';
import { insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

describe("self-service: the closure's and the export's repositories on the real database", () => {
  let m: Medium;
  let closure: AccountClosureRepository;
  let exports: DataExportRepository;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [
        ...USAGE_POOL_PROVIDERS,
        UsageBatchRepository,
        AccountClosureRepository,
        DataExportRepository,
        AuthRepository,
        SessionsRepository,
        SupportRepository,
        AccountKeys,
        AccountKeysRepository,
      ],
    });
    closure = m.get(AccountClosureRepository);
    exports = m.get(DataExportRepository);
  });

  afterAll(async () => {
    await m?.module.get<UsagePool>(USAGE_POOL).end();
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

  it('erases the IP addresses of a batch a compaction writes while the erasure waits for it, not only of the batches it merged', async () => {
    const user = (await insertUser(m.em)).id;
    const pool = m.module.get<UsagePool>(USAGE_POOL);
    const at = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
    const rows: UsageRow[] = Array.from({ length: 6 }, (_, i) => ({
      userId: user,
      keyId: randomUUID(),
      timestamp: at + i * 60_000,
      endpoint: '/api/timezone/coordinate',
      method: 'GET',
      statusCode: 200,
      responseMs: 1,
      ipAddress: `198.51.100.${i}`,
      query: `lat=59.9&lng=10.7&n=${i}`,
      rowId: 9_000_000_000 + Math.floor(Math.random() * 1e6) * 10 + i,
    }));
    const repo = m.get(UsageBatchRepository);
    for (const flush of [rows.slice(0, 3), rows.slice(3)]) await repo.write(flush);
    // A compaction in progress: it holds the rewrite lock, and has not yet replaced the two batches by their merge.
    const compaction = await pool.connect();
    try {
      await compaction.query('begin');
      await compaction.query('select pg_advisory_xact_lock($1)', [USAGE_REWRITE_LOCK]);
      const erased = closure.eraseIpAddresses(user);
      await waitFor(
        'the erasure to wait for the lock',
        async () => {
          const { rows: waiting } = await pool.query(`select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted`, [USAGE_REWRITE_LOCK]);
          return waiting.length > 0;
        },
        10_000,
      );
      await compaction.query(`delete from usage_batches where user_id = $1`, [user]);
      await repo.insertBatches(compaction, toBatches(rows));
      await compaction.query('commit');
      await erased;
    } finally {
      compaction.release();
    }
    const { rows: left } = await pool.query<{ ips: (string | null)[]; queries: (string | null)[] }>(
      `select ips, queries from usage_batches where user_id = $1`,
      [user],
    );
    expect(left).toHaveLength(1);
    expect([...left[0].ips, ...left[0].queries].every((v) => v === null)).toBe(true);
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

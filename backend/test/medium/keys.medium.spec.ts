import { randomBytes } from 'node:crypto';
import { USAGE_POOL, usageTransaction } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { KeyActivity } from '../../src/modules/keys/key-activity.js';
import { KeysRepository } from '../../src/modules/keys/keys.repository.js';
import { insertApiKey, insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

describe("keys: KeysRepository and keys' lastUsedAt command on the real database", () => {
  let m: Medium;
  let keys: KeysRepository;
  let activity: KeyActivity;
  let pool: UsagePool;

  beforeAll(async () => {
    m = await mediumModule({ providers: [...USAGE_POOL_PROVIDERS, KeysRepository] });
    keys = m.get(KeysRepository);
    activity = m.get(KeyActivity);
    pool = m.module.get<UsagePool>(USAGE_POOL);
  });

  afterAll(async () => {
    await pool?.end();
    await m?.close();
  });

  const insertKey = (userId: string, fields?: Parameters<typeof insertApiKey>[2]) => insertApiKey(m.em, userId, fields);

  const lastUsed = async (keyId: string): Promise<Date | null> => (await keys.fork().findById(keyId))!.lastUsedAt;

  it("creates a key of the account, and lists an account's keys newest first, never another account's", async () => {
    const [ada, grace] = [await insertUser(m.em), await insertUser(m.em)];
    const older = await insertKey(ada.id, { name: 'Older', createdAt: new Date(Date.now() - 60_000) });
    const fork = keys.fork();
    const newer = fork.create(ada.id, { name: 'Newer', prefix: 'tzk_live_efgh', lastFour: 'stuv', hash: randomBytes(32).toString('hex'), encrypted: 'sealed' });
    await fork.flush();
    await insertKey(grace.id);
    expect((await keys.fork().listOf(ada.id)).map((k) => k.id)).toEqual([newer.id, older.id]);
  });

  it("does not find another account's key by its id, nor by another account's idempotency key", async () => {
    const [ada, grace] = [await insertUser(m.em), await insertUser(m.em)];
    const key = await insertKey(ada.id, { idempotencyKey: 'form-1' });
    expect((await keys.fork().findOwn(ada.id, key.id))?.id).toBe(key.id);
    expect(await keys.fork().findOwn(grace.id, key.id)).toBeNull();
    expect((await keys.fork().findByIdempotencyKey(ada.id, 'form-1'))?.id).toBe(key.id);
    expect(await keys.fork().findByIdempotencyKey(grace.id, 'form-1')).toBeNull();
  });

  it('finds a key by its hash with its owner loaded', async () => {
    const ada = await insertUser(m.em, { plan: 'premium' });
    const key = await insertKey(ada.id);
    const found = await keys.fork().findByHash(key.hash);
    expect(found?.user.plan).toBe('premium');
    expect(await keys.fork().findByHash('0'.repeat(64))).toBeNull();
  });

  it('deactivating every key of an account counts only the active ones and leaves other accounts alone', async () => {
    const [ada, grace] = [await insertUser(m.em), await insertUser(m.em)];
    const [a1, a2] = [await insertKey(ada.id), await insertKey(ada.id)];
    const other = await insertKey(grace.id);
    const fork = keys.fork();
    (await fork.findById(a2.id))!.isActive = false;
    await fork.flush();
    expect(await keys.fork().deactivateAllOf(ada.id)).toBe(1);
    expect((await keys.fork().findById(a1.id))!.isActive).toBe(false);
    expect((await keys.fork().findById(other.id))!.isActive).toBe(true);
  });

  it('a key created and removed in a transaction that fails is neither created nor removed', async () => {
    const ada = await insertUser(m.em);
    const kept = await insertKey(ada.id);
    await expect(
      keys.transaction(async (tx) => {
        tx.create(ada.id, { name: 'Never', prefix: 'tzk_live_nope', lastFour: 'nope', hash: randomBytes(32).toString('hex'), encrypted: 'sealed' });
        tx.remove((await tx.findById(kept.id))!);
        await tx.flush();
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect((await keys.fork().listOf(ada.id)).map((k) => k.id)).toEqual([kept.id]);
  });

  it("notes each key's newest use in the caller's transaction, and never moves it back", async () => {
    const ada = await insertUser(m.em);
    const [a, b] = [await insertKey(ada.id), await insertKey(ada.id)];
    const t = Date.UTC(2026, 10, 20, 12);
    const uses = [
      { keyId: a.id, timestamp: t + 2000 },
      { keyId: b.id, timestamp: t },
      { keyId: a.id, timestamp: t + 5000 },
      { keyId: a.id, timestamp: t + 1000 },
    ];
    await usageTransaction(pool, (tx) => activity.noteUsed(uses, tx));
    expect((await lastUsed(a.id))?.getTime()).toBe(t + 5000);
    expect((await lastUsed(b.id))?.getTime()).toBe(t);
    // A late batch (a replayed write-ahead file) with older uses leaves the newer time.
    await usageTransaction(pool, (tx) => activity.noteUsed([{ keyId: a.id, timestamp: t - 60_000 }], tx));
    expect((await lastUsed(a.id))?.getTime()).toBe(t + 5000);
  });

  it("a use noted in a batch's transaction that fails is not kept", async () => {
    const ada = await insertUser(m.em);
    const key = await insertKey(ada.id);
    await expect(
      usageTransaction(pool, async (tx) => {
        await activity.noteUsed([{ keyId: key.id, timestamp: Date.now() }], tx);
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await lastUsed(key.id)).toBeNull();
  });

  it('lists a key with the user who created it', async () => {
    const ada = await insertUser(m.em);
    const key = await insertKey(ada.id, { createdBy: ada.id });
    const listed = (await keys.fork().listOf(ada.id)).find((k) => k.id === key.id)!;
    expect(listed.createdBy?.email).toBe(ada.email);
  });

  describe('claimExpiring: the keys whose owners are told of the expiry', () => {
    const DAY = 86_400_000;
    const claim = (now: Date) => keys.transaction((tx) => tx.claimExpiring(now, 7 * DAY, 1000));

    it('claims a key entering its last 7 days once, never one expiring later, already expired or without expiry', async () => {
      const ada = await insertUser(m.em);
      const now = new Date();
      const soon = await insertKey(ada.id, { expiresAt: new Date(now.getTime() + 6 * DAY) });
      const later = await insertKey(ada.id, { expiresAt: new Date(now.getTime() + 8 * DAY) });
      const past = await insertKey(ada.id, { expiresAt: new Date(now.getTime() - DAY) });
      const never = await insertKey(ada.id);
      const first = await claim(now);
      const mine = first.filter((k) => [soon.id, later.id, past.id, never.id].includes(k.id));
      expect(mine.map((k) => [k.id, k.email])).toEqual([[soon.id, ada.email]]);
      expect((await claim(now)).map((k) => k.id)).not.toContain(soon.id);
      // A day later the other key enters its last 7 days.
      expect((await claim(new Date(now.getTime() + 2 * DAY))).map((k) => k.id)).toContain(later.id);
    });

    it('two claims at once take each key once', async () => {
      const ada = await insertUser(m.em);
      const now = new Date();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await insertKey(ada.id, { expiresAt: new Date(now.getTime() + DAY + i) })).id);
      const [x, y] = await Promise.all([claim(now), claim(now)]);
      const taken = [...x, ...y].map((k) => k.id).filter((id) => ids.includes(id));
      expect(taken.sort()).toEqual([...ids].sort());
    });
  });
});

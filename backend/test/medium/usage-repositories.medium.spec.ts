import { randomUUID } from 'node:crypto';
import { USAGE_POOL } from '../../src/database/usage-pool.js';
import type { UsagePool } from '../../src/database/usage-pool.js';
import { KeysRepository } from '../../src/modules/keys/keys.repository.js';
import { QuotaAlertsRepository } from '../../src/modules/usage/quota-alerts.repository.js';
import type { UsageRow } from '../../src/modules/usage/usage-record.js';
import { UsageBatchCounts } from '../../src/modules/usage/usage-batch-counts.repository.js';
import { UsageBatchRepository } from '../../src/modules/usage/usage-batch.repository.js';
import { UsageRepository } from '../../src/modules/usage/usage.repository.js';
import { ZoneUsageRepository } from '../../src/modules/usage/zone-usage.repository.js';
import { insertApiKey, insertUser, mediumModule, USAGE_POOL_PROVIDERS } from './medium.js';
import type { Medium } from './medium.js';

const HOUR = 3_600_000;

describe("usage's repositories on the real database: zone counts, quota alert claims, the batch's keys", () => {
  let m: Medium;
  let zones: ZoneUsageRepository;
  let alerts: QuotaAlertsRepository;
  let usage: UsageRepository;
  let keys: KeysRepository;
  let pool: UsagePool;

  beforeAll(async () => {
    m = await mediumModule({
      providers: [...USAGE_POOL_PROVIDERS, UsageBatchRepository, UsageBatchCounts, UsageRepository, ZoneUsageRepository, QuotaAlertsRepository, KeysRepository],
    });
    zones = m.get(ZoneUsageRepository);
    alerts = m.get(QuotaAlertsRepository);
    usage = m.get(UsageRepository);
    keys = m.get(KeysRepository);
    pool = m.module.get<UsagePool>(USAGE_POOL);
  });

  afterAll(async () => {
    await usage?.close();
    await m?.close();
  });

  const insertKey = (userId: string, name: string) => insertApiKey(m.em, userId, { name });

  const daysAgo = (n: number) => new Date(Date.now() - n * 24 * HOUR).toISOString().slice(0, 10);

  it("adds each flush's zone counts to the day's row, and skips an account that no longer exists", async () => {
    const ada = await insertUser(m.em);
    const today = daysAgo(0);
    const gone = randomUUID();
    await zones.add({ users: [ada.id, ada.id], days: [today, today], zones: ['Asia/Tokyo', 'Europe/Paris'], counts: [2, 1] });
    await zones.add({ users: [ada.id, gone], days: [today, today], zones: ['Asia/Tokyo', 'Asia/Tokyo'], counts: [3, 7] });
    const { rows } = await pool.query<{ user_id: string; zone: string; count: string }>(
      `select user_id, zone, count from zone_usage where zone in ('Asia/Tokyo', 'Europe/Paris') and day = $1::date and user_id = $2 order by zone`,
      [today, ada.id],
    );
    expect(rows.map((r) => [r.zone, Number(r.count)])).toEqual([
      ['Asia/Tokyo', 5],
      ['Europe/Paris', 1],
    ]);
    expect(await zones.zonesOf(gone, today)).toEqual([]);
  });

  it('answers who used which zones since a day, and forgets the days past retention', async () => {
    const [ada, grace] = [await insertUser(m.em), await insertUser(m.em)];
    const zone = `Medium/${randomUUID().slice(0, 8)}`;
    await zones.add({
      users: [ada.id, ada.id, grace.id],
      days: [daysAgo(1), daysAgo(100), daysAgo(40)],
      zones: [zone, 'America/Edmonton', zone],
      counts: [1, 1, 1],
    });
    expect(await zones.usersOf([zone, 'America/Edmonton'], daysAgo(30))).toEqual(new Map([[ada.id, [zone]]]));
    expect(await zones.usersOf([zone], daysAgo(50))).toEqual(
      new Map([
        [ada.id, [zone]],
        [grace.id, [zone]],
      ]),
    );
    expect(await zones.zonesOf(ada.id, daysAgo(200))).toEqual(['America/Edmonton', zone].sort());
    await zones.dropOlderThan(90);
    expect(await zones.zonesOf(ada.id, daysAgo(200))).toEqual([zone]);
    expect(await zones.zonesOf(grace.id, daysAgo(200))).toEqual([zone]);
  });

  it('claims an alert level once per window: a second claim in the window is refused, one after it is granted', async () => {
    const ada = await insertUser(m.em);
    expect(await alerts.fork().claim(ada.id, 80, HOUR)).toBe(true);
    expect(await alerts.fork().claim(ada.id, 80, HOUR)).toBe(false);
    // Another level has a window of its own.
    expect(await alerts.fork().claim(ada.id, 100, HOUR)).toBe(true);
    await pool.query(`update quota_alerts set sent_at = now() - interval '2 hours' where user_id = $1 and level = 80`, [ada.id]);
    expect(await alerts.fork().claim(ada.id, 80, HOUR)).toBe(true);
  });

  it('a claim made in a transaction that fails is not kept (the mail it would queue is not either)', async () => {
    const ada = await insertUser(m.em);
    await expect(
      alerts.transaction(async (tx) => {
        expect(await tx.claim(ada.id, 80, HOUR)).toBe(true);
        throw new Error('queueing the mail failed');
      }),
    ).rejects.toThrow('queueing the mail failed');
    expect(await alerts.fork().claim(ada.id, 80, HOUR)).toBe(true);
  });

  it('names the keys an alert lists by name and prefix; a deleted key has no label', async () => {
    const ada = await insertUser(m.em);
    const key = await insertKey(ada.id, 'Checkout');
    expect(await alerts.fork().keyLabels([key.id, randomUUID()])).toEqual(new Map([[key.id, 'Checkout (tzk_live_abcd…)']]));
  });

  it("a written batch moves its keys' last use to their newest row, through keys' command", async () => {
    const ada = await insertUser(m.em);
    const [a, b] = [await insertKey(ada.id, 'A'), await insertKey(ada.id, 'B')];
    const now = Math.floor(Date.now() / 1000) * 1000;
    const row = (keyId: string, ago: number): UsageRow => ({
      timestamp: now - ago,
      userId: ada.id,
      keyId,
      endpoint: '/api/time/current',
      method: 'GET',
      statusCode: 200,
      responseMs: 1,
      ipAddress: null,
      requestId: randomUUID(),
    });
    expect(await usage.write([row(a.id, 3000), row(b.id, 9000), row(a.id, 1000), row(a.id, 2000)])).toBe(4);
    const used = async (id: string) => (await keys.fork().findById(id))!.lastUsedAt?.getTime();
    expect(await used(a.id)).toBe(now - 1000);
    expect(await used(b.id)).toBe(now - 9000);
  });
});

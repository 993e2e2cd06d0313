import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../../src/database/mikro-orm.config.js';
import { isolatedDatabase } from '../support/isolated-database.js';

const BEFORE = 'Migration20261129002100_key_scopes';
const ORGANISATIONS = 'Migration20261129003100_organisations';
const TABLES = ['users', 'api_keys', 'usage_records', 'invoices', 'webhook_endpoints', 'sessions'] as const;

/**
 * Issue 51's migration on a database seeded the old way (one account per person, everything hanging off users.id):
 * every account becomes the owner of its personal organisation, and every key, usage row, invoice, webhook endpoint
 * and session is kept, by count and by owner.
 */
describe('the organisations migration', () => {
  let database: { url: string; drop(): Promise<void> };
  let orm: Awaited<ReturnType<typeof MikroORM.init>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await isolatedDatabase();
    orm = await MikroORM.init(ormOptions(database.url, { pool: { min: 0, max: 2 } }));
    await orm.migrator.up({ to: BEFORE });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await orm?.close(true);
    await database?.drop();
  });

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of TABLES) result[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    return result;
  };
  const perOwner = async () =>
    (
      await client.query(`select u.id,
          (select count(*) from api_keys k where k.user_id = u.id) as keys,
          (select count(*) from usage_records r where r.user_id = u.id) as usage,
          (select count(*) from invoices i where i.user_id = u.id) as invoices,
          (select count(*) from webhook_endpoints w where w.user_id = u.id) as webhooks
        from users u order by u.id`)
    ).rows;

  it('makes each account the owner of its personal organisation and keeps every row', async () => {
    const people = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), i }));
    for (const { id, i } of people) {
      await client.query(
        `insert into users (id, email, first_name, last_name, plan, role, is_blocked, email_verified, plan_granted, quota_alerts, change_notices, created_at, updated_at)
        values ($1, $2, 'Old', 'Way', $3, 'user', false, true, false, true, true, now() - interval '30 days', now())`,
        [id, `old-${i}-${id.slice(0, 6)}@example.com`, i % 2 ? 'premium' : 'free'],
      );
      for (let k = 0; k <= i; k++) {
        const keyId = randomUUID();
        await client.query(
          `insert into api_keys (id, user_id, name, prefix, last_four, hash, encrypted, is_active, ip_restrictions, url_restrictions, scopes, created_at, updated_at)
          values ($1, $2, 'Key', 'tz_live_x', 'abcd', $3, 'enc', true, '{}', '{}', '{}', now(), now())`,
          [keyId, id, `hash-${keyId}`],
        );
        await client.query(
          `insert into usage_records (timestamp, user_id, key_id, endpoint, method, status_code, response_ms)
          select now() - (g || ' minutes')::interval, $1, $2, '/api/time/current', 'GET', 200, 3 from generate_series(1, $3::int) g`,
          [id, keyId, 10 * (k + 1)],
        );
      }
      if (i % 2) {
        await client.query(
          `insert into invoices (id, user_id, provider_invoice_id, description, amount, currency, status, paid_at, created_at, plan)
          values ($1, $2, $3, 'Premium plan (monthly)', 5, 'usd', 'paid', now(), now(), 'premium')`,
          [randomUUID(), id, `in_${id}`],
        );
        await client.query(
          `insert into webhook_endpoints (id, user_id, url, events, secret_enc, enabled, created_at, updated_at)
          values ($1, $2, 'https://hooks.example/old', '["key.created"]', 'x', true, now(), now())`,
          [randomUUID(), id],
        );
      }
      await client.query(
        `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values ($1, $2, $3, now(), now(), now() + interval '1 day')`,
        [randomUUID(), `token-${id}`, id],
      );
    }
    const before = await counts();
    const ownersBefore = await perOwner();
    expect(before.usage_records).toBeGreaterThan(100);

    const applied = await orm.migrator.up({ to: ORGANISATIONS });
    expect(applied.map((m) => m.name)).toEqual([ORGANISATIONS]);

    expect(await counts()).toEqual(before);
    expect(await perOwner()).toEqual(ownersBefore);
    const memberships = (await client.query(`select org_id, user_id, role from memberships order by org_id`)).rows;
    expect(memberships).toEqual(ownersBefore.map((row) => ({ org_id: row.id, user_id: row.id, role: 'owner' })));
    const kinds = (await client.query(`select distinct kind from users`)).rows.map((row) => row.kind);
    expect(kinds).toEqual(['person']);
    expect((await client.query(`select count(*) as n from sessions where org_id is not null`)).rows[0].n).toBe('0');

    // A person made after the migration owns their personal organisation too, by the database's own rule.
    const later = randomUUID();
    await client.query(
      `insert into users (id, email, first_name, last_name, plan, role, is_blocked, email_verified, plan_granted, quota_alerts, change_notices, created_at, updated_at)
      values ($1, $2, 'New', 'Way', 'free', 'user', false, true, false, true, true, now(), now())`,
      [later, `new-${later}@example.com`],
    );
    expect((await client.query(`select role from memberships where org_id = $1 and user_id = $1`, [later])).rows).toEqual([{ role: 'owner' }]);
  });
});

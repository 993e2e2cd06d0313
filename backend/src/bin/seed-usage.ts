// `npm run seed:usage -- --rows N [--users 3] [--days 90]`: fills the database with realistic usage for load tests:
// a few users (free, premium, enterprise) with two keys each, N raw rows spread over the last `days` days
// (generated inside PostgreSQL with generate_series), and the daily roll-ups rebuilt from them.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../config/config.js';
import { runMigrations } from '../database/migrate.js';
import { resolveDatabase } from '../database/resolve-database.js';
import { SecretVault } from '../common/crypto/secret-vault.js';
import { API_KEY_VAULT, displayPrefix, generateApiKey, hashApiKey, lastFour } from '../modules/keys/key-codec.js';

export interface SeedOptions {
  rows: number;
  users?: number;
  days?: number;
  secret: string;
  log?: (line: string) => void;
}

export interface SeededUser {
  id: string;
  email: string;
  plan: string;
  keys: { id: string; key: string }[];
}

/** Route patterns with their method and a relative weight, like a real client mix. */
const ENDPOINTS: [string, string, number][] = [
  ['/api/time/current', 'GET', 30],
  ['/api/time/utc', 'GET', 8],
  ['/api/time/current/coordinate', 'GET', 6],
  ['/api/conversion/timezone', 'POST', 14],
  ['/api/conversion/multi', 'POST', 4],
  ['/api/timezone/list', 'GET', 5],
  ['/api/timezone/search', 'GET', 6],
  ['/api/timezone/info', 'GET', 7],
  ['/api/timezone/coordinate', 'GET', 6],
  ['/api/timezone/lookup', 'GET', 5],
  ['/api/timezone/transitions', 'GET', 2],
  ['/api/calculation/add', 'POST', 3],
  ['/api/calculation/difference', 'POST', 2],
  ['/api/calculation/dayofweek', 'GET', 2],
];
const PLANS = ['free', 'premium', 'enterprise'];
const CHUNK = 1_000_000;

export async function seedUsage(databaseUrl: string, options: SeedOptions): Promise<SeededUser[]> {
  const log = options.log ?? (() => undefined);
  const userCount = options.users ?? 3;
  const days = options.days ?? 90;
  const vault = new SecretVault(options.secret, API_KEY_VAULT);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users: SeededUser[] = [];
    for (let i = 1; i <= userCount; i++) {
      const email = `seed-usage-${i}@example.com`;
      const plan = PLANS[(i - 1) % PLANS.length];
      const { rows } = await client.query<{ id: string }>(
        `insert into users (id, email, first_name, last_name, password_hash, plan, email_verified)
         values ($1, $2, 'Seed', $3, null, $4, true)
         on conflict (email) do update set plan = excluded.plan returning id`,
        [randomUUID(), email, `User ${i}`, plan],
      );
      const userId = rows[0].id;
      const keys: SeededUser['keys'] = [];
      for (let k = 1; k <= 2; k++) {
        const key = generateApiKey();
        const id = randomUUID();
        await client.query(`insert into api_keys (id, user_id, name, prefix, last_four, hash, encrypted) values ($1, $2, $3, $4, $5, $6, $7)`, [
          id,
          userId,
          `Seed key ${k}`,
          displayPrefix(key),
          lastFour(key),
          hashApiKey(key),
          vault.encrypt(key),
        ]);
        keys.push({ id, key });
      }
      users.push({ id: userId, email, plan, keys });
    }

    // Monthly partitions for the whole span, so nothing lands in the default partition.
    await client.query(
      `select usage_ensure_partition((date_trunc('month', now()) - make_interval(months => m))::date)
       from generate_series(-2, ceil($1::int / 28.0)::int) as m`,
      [days],
    );

    const keyIds = users.flatMap((u) => u.keys.map((k) => k.id));
    const keyUsers = users.flatMap((u) => u.keys.map(() => u.id));
    const endpointList = ENDPOINTS.flatMap(([path, , weight]) => Array(weight).fill(path) as string[]);
    const methodList = ENDPOINTS.flatMap(([, method, weight]) => Array(weight).fill(method) as string[]);
    const started = Date.now();
    for (let done = 0; done < options.rows; done += CHUNK) {
      const n = Math.min(CHUNK, options.rows - done);
      await client.query(
        `insert into usage_records ("timestamp", user_id, key_id, endpoint, method, status_code, response_ms, ip_address)
         select date_trunc('milliseconds', now() - s.age * make_interval(days => $7::int)),
                ($2::uuid[])[s.k], ($1::uuid[])[s.k], ($3::text[])[s.e], ($4::text[])[s.e],
                case when s.st < 0.92 then 200 when s.st < 0.965 then 400 when s.st < 0.98 then 404 when s.st < 0.995 then 429 else 403 end,
                round((0.4 + s.ms * s.ms * 12)::numeric, 2)::real,
                '203.0.113.' || (s.k * 7 + (s.st * 5)::int)
         from (
           select 1 + floor(random() * $5::int)::int as k, 1 + floor(random() * $6::int)::int as e,
                  random() as st, random() as ms, random() as age
           from generate_series(1, $8::int)
         ) s`,
        [keyIds, keyUsers, endpointList, methodList, keyIds.length, endpointList.length, days, n],
      );
      log(`  ${(done + n).toLocaleString('en-US')} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }

    // Roll-ups rebuilt from the raw rows of the seeded users, exactly as the live flush would have kept them.
    const userIds = users.map((u) => u.id);
    await client.query('begin');
    await client.query(`delete from usage_daily where user_id = any($1::uuid[])`, [userIds]);
    await client.query(
      `insert into usage_daily (day, user_id, key_id, endpoint, status_code, count, total_ms)
       select ("timestamp" at time zone 'utc')::date, user_id, key_id, endpoint, status_code, count(*), sum(response_ms)
       from usage_records where user_id = any($1::uuid[]) group by 1, 2, 3, 4, 5`,
      [userIds],
    );
    await client.query(
      `update api_keys k set last_used_at = v.t from (
         select key_id, max("timestamp") as t from usage_records where user_id = any($1::uuid[]) group by key_id
       ) v where k.id = v.key_id`,
      [userIds],
    );
    await client.query('commit');
    await client.query('analyze usage_records');
    await client.query('analyze usage_daily');
    log(`  roll-ups rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s total)`);
    return users;
  } finally {
    await client.end();
  }
}

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = inline ? inline.split('=')[1] : index >= 0 ? process.argv[index + 1] : undefined;
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const rows = argument('rows', 100_000);
  const db = await resolveDatabase(config, (line) => console.log(line));
  try {
    await runMigrations(db.url);
    console.log(`Seeding ${rows.toLocaleString('en-US')} usage rows...`);
    const users = await seedUsage(db.url, { rows, users: argument('users', 3), days: argument('days', 90), secret: config.secret, log: (l) => console.log(l) });
    for (const user of users) console.log(`${user.email} (${user.plan}): ${user.keys.map((k) => k.key).join(', ')}`);
  } finally {
    await db.stop();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

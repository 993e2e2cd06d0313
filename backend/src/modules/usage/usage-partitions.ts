/**
 * The usage log's monthly partitions: made ahead of the months rows will land in, dropped whole once older than the
 * retention period. Each runs in a transaction of the usage pool (database/usage-pool.ts), under one advisory lock across instances.
 */
import pg from 'pg';

/** Serialises partition upkeep across instances (the batches' partitions take it too). */
export const RETENTION_LOCK = 727_310;

/** Monthly partitions for the months around now, so rows never land in the default partition. */
export async function ensureMonthPartitions(client: pg.PoolClient, monthsBack: number, monthsAhead: number): Promise<void> {
  await client.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK]);
  await client.query(
    `select usage_ensure_partition((date_trunc('month', now()) + make_interval(months => m))::date) from generate_series($1::int, $2::int) as m`,
    [-monthsBack, monthsAhead],
  );
}

/** Drops whole months older than the retention period (and stray old rows in the default partition); their names. */
export async function dropExpiredMonths(client: pg.PoolClient, retentionMonths: number): Promise<string[]> {
  await client.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK]);
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_inherits i
       join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
       where p.relname = 'usage_records' and c.relname ~ '^usage_records_[0-9]{4}_[0-9]{2}$'
         and to_date(substr(c.relname, 15), 'YYYY_MM') + interval '1 month'
             <= date_trunc('month', now() at time zone 'utc') - make_interval(months => $1::int)`,
    [retentionMonths],
  );
  for (const { name } of rows) await client.query(`drop table if exists "${name.replace(/"/g, '')}"`);
  await client.query(`delete from usage_records_default where "timestamp" < now() - make_interval(months => $1::int)`, [retentionMonths]);
  // The request log's kept stats buckets go with the months their rows went with.
  await client.query(
    `delete from request_stats_days where starts_at < date_trunc('month', now() at time zone 'utc') at time zone 'utc' - make_interval(months => $1::int)`,
    [retentionMonths],
  );
  return rows.map((r) => r.name);
}

import { Migration } from '@mikro-orm/migrations';

/** The three indexes that lead with user_id and end with ("timestamp" desc, "id" desc), and the filter column between. */
const INDEXES: [name: string, columns: string][] = [
  ['usage_records_user_time_index', `"user_id", "timestamp" desc, "id" desc`],
  ['usage_records_user_key_time_index', `"user_id", "key_id", "timestamp" desc, "id" desc`],
  ['usage_records_user_endpoint_time_index', `"user_id", "endpoint", "timestamp" desc, "id" desc`],
];

/**
 * The request log's stats (GET /api/usage/requests/stats) read every row of up to 31 days for counts by status class and
 * latency percentiles. The account's time index (and the key and endpoint ones, for the stats filtered by them) now also
 * carry status_code and response_ms, so that read is an index-only scan instead of a fetch of each wide row from the
 * heap: 30 days of an account with 4 M rows a year (300,000 rows) took about 200 ms of heap reading and take about 25 ms
 * (bench/request-log.js at 10 M rows, 2026-11-27). No index is added: the same three are rebuilt 6 bytes wider per
 * entry. Their write cost, 8,000-row batches through UsageStore.write into that 10 M-row table, the two forms rebuilt in
 * turn four times each: p50 148 -> 151 ms and 168 -> 175 ms (2 to 4 % more, about 0.5 µs a row of 19 to 21), inside the
 * noise of a shared 2-core machine but never less in a pair. Each is built under a new name before the old one is
 * dropped, so the request log can be read during the builds; usage writes wait for them (the recorder retries, its
 * write-ahead file keeps the rows), which take tens of seconds at 10 M rows.
 */
export class Migration20261127004100_usage_covering_indexes extends Migration {
  override async up(): Promise<void> {
    // All built before any is dropped: a drop locks the table against reads until the migration commits.
    for (const [name, columns] of INDEXES)
      this.addSql(`create index "${name}_covering" on "usage_records" (${columns}) include ("status_code", "response_ms");`);
    for (const [name] of INDEXES) this.addSql(`drop index "${name}";`);
    for (const [name] of INDEXES) this.addSql(`alter index "${name}_covering" rename to "${name}";`);
  }

  override async down(): Promise<void> {
    for (const [name, columns] of INDEXES) this.addSql(`create index "${name}_plain" on "usage_records" (${columns});`);
    for (const [name] of INDEXES) this.addSql(`drop index "${name}";`);
    for (const [name] of INDEXES) this.addSql(`alter index "${name}_plain" rename to "${name}";`);
  }
}

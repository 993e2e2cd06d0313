import { Migration } from '@mikro-orm/migrations';

/**
 * The request log's stats of closed buckets (hours and days), kept once computed (RequestLogStore.stats): a bucket is on a viewer's
 * clock, so a row is keyed by its instants, not a date (New York's and Kolkata's days are different rows; zones that
 * share an offset share them). `latencies` holds the day's every distinct response time (float4, ascending) followed by
 * how many rows had it (int4), the exact multiset percentile_cont needs. A write of rows older than a few minutes
 * (a replayed write-ahead segment, a batch kept through an outage) deletes the rows it changes, under an advisory lock
 * shared with the filling reads.
 */
export class Migration20261127005100_request_stats_days extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "request_stats_days" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "key_id" uuid null,
      "endpoint" varchar(200) null,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "total" bigint not null,
      "s2xx" bigint not null,
      "s3xx" bigint not null,
      "s4xx" bigint not null,
      "s5xx" bigint not null,
      "latencies" bytea not null
    );`);
    this.addSql(`create unique index "request_stats_days_key" on "request_stats_days"
      ("user_id", coalesce("key_id", '00000000-0000-0000-0000-000000000000'::uuid), coalesce("endpoint", ''), "starts_at", "ends_at");`);
    this.addSql(`create index "request_stats_days_ends_at_index" on "request_stats_days" ("ends_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "request_stats_days";`);
  }
}

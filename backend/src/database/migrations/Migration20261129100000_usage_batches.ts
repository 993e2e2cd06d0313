import { Migration } from '@mikro-orm/migrations';

/**
 * The usage log stored as batches (issue 53): one row per account per writer flush, its events as parallel arrays in the
 * order they happened, and a summary the request log skips on without opening the arrays (time range, request id range,
 * the status classes, statuses, keys and endpoints in it). `keys`, `endpoints`, `methods` and `ips` are both the summary
 * and the dictionaries the events' 1-based `*_idx` arrays point into. PostgreSQL indexes the batch row, never an event:
 * one primary key entry and one (user_id, ends_at) entry per flush instead of six B-tree insertions per event.
 * The id is the first event's write-ahead row id (a batch written twice conflicts), or a negative sequence value for
 * events without one (USAGE_WAL=false). Partitioned by month of `starts_at`, dropped whole past retention.
 * `usage_quarter_hours` is the roll-up beside `usage_daily`, per UTC quarter hour so that local hours of zones with
 * :30 and :45 offsets are sums of it; both are updated in the batch's transaction.
 */
const EVENT_ARRAYS = [
  'row_ids',
  'offsets_ms',
  'status_codes',
  'response_ms',
  'key_idx',
  'endpoint_idx',
  'method_idx',
  'ip_idx',
  'request_ids',
  'problem_codes',
  'queries',
];

export class Migration20261129100000_usage_batches extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create sequence "usage_batch_ids";`);
    this.addSql(`create table "usage_batches" (
      "user_id" uuid not null,
      "id" bigint not null,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "events" int not null,
      "request_id_min" text collate "C" null,
      "request_id_max" text collate "C" null,
      "classes" smallint[] not null,
      "statuses" smallint[] not null,
      "keys" uuid[] not null,
      "endpoints" text[] not null,
      "methods" text[] not null,
      "ips" text[] not null,
      "row_ids" bigint[] null,
      "offsets_ms" int[] not null,
      "status_codes" smallint[] not null,
      "response_ms" real[] not null,
      "key_idx" smallint[] not null,
      "endpoint_idx" smallint[] not null,
      "method_idx" smallint[] not null,
      "ip_idx" smallint[] not null,
      "request_ids" text[] not null,
      "problem_codes" text[] not null,
      "queries" text[] not null,
      primary key ("user_id", "starts_at", "id")
    ) partition by range ("starts_at");`);
    // The event arrays are stored out of line uncompressed: pglz cost PostgreSQL 3.3 µs of CPU per event, uncompressed
    // 1.8 (backend/bench/usage-ceiling.js), at 70 bytes an event on disk against about 680 for a usage_records row with
    // its indexes. Set before the partitions are made, which copy it.
    this.addSql(`alter table "usage_batches" ${EVENT_ARRAYS.map((c) => `alter column "${c}" set storage external`).join(', ')};`);
    this.addSql(`create table "usage_batches_default" partition of "usage_batches" default;`);
    this.addSql(`create index "usage_batches_user_ends_index" on "usage_batches" ("user_id", "ends_at" desc, "id" desc);`);
    this.addSql(`create or replace function usage_batches_ensure_partition(month date) returns text language plpgsql as $$
      declare
        start_at date := date_trunc('month', month)::date;
        name text := 'usage_batches_' || to_char(start_at, 'YYYY_MM');
      begin
        if to_regclass(name) is null then
          execute format('create table %I partition of usage_batches for values from (%L) to (%L)',
            name, start_at::timestamptz, (start_at + interval '1 month')::timestamptz);
        end if;
        return name;
      end $$;`);
    this.addSql(`select usage_batches_ensure_partition((date_trunc('month', now()) + make_interval(months => m))::date) from generate_series(-1, 2) as m;`);
    this.addSql(`create table "usage_quarter_hours" (
      "user_id" uuid not null,
      "starts_at" timestamptz not null,
      "key_id" uuid not null,
      "endpoint" varchar(200) not null,
      "status_code" smallint not null,
      "count" bigint not null,
      "total_ms" double precision not null,
      primary key ("user_id", "starts_at", "key_id", "endpoint", "status_code")
    );`);
    this.addSql(`create index "usage_quarter_hours_starts_at_index" on "usage_quarter_hours" ("starts_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "usage_quarter_hours";`);
    this.addSql(`drop table if exists "usage_batches";`);
    this.addSql(`drop function if exists usage_batches_ensure_partition(date);`);
    this.addSql(`drop sequence if exists "usage_batch_ids";`);
  }
}

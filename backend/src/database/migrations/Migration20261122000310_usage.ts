import { Migration } from '@mikro-orm/migrations';

/**
 * Raw usage rows, partitioned by month on "timestamp" (old months are dropped whole by the retention job),
 * and daily roll-ups that every dashboard number reads. No foreign keys on the raw rows: they are written
 * in bulk and outlive deleted keys; queries always filter by user_id.
 */
export class Migration20261122000310_usage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_records" (
      "id" bigserial not null,
      "timestamp" timestamptz not null,
      "user_id" uuid not null,
      "key_id" uuid not null,
      "endpoint" varchar(200) not null,
      "method" varchar(10) not null,
      "status_code" smallint not null,
      "response_ms" real not null,
      "ip_address" varchar(64) null,
      primary key ("id", "timestamp")
    ) partition by range ("timestamp");`);
    this.addSql(`create index "usage_records_user_time_index" on "usage_records" ("user_id", "timestamp" desc, "id" desc);`);
    this.addSql(`create table "usage_records_default" partition of "usage_records" default;`);
    // Creates the monthly partition holding `month` if missing; the app calls it for the current and next months.
    this.addSql(`create or replace function usage_ensure_partition(month date) returns text language plpgsql as $$
      declare
        start_at date := date_trunc('month', month)::date;
        name text := 'usage_records_' || to_char(start_at, 'YYYY_MM');
      begin
        if to_regclass(name) is null then
          execute format('create table %I partition of usage_records for values from (%L) to (%L)',
            name, start_at::timestamptz, (start_at + interval '1 month')::timestamptz);
        end if;
        return name;
      end $$;`);
    this.addSql(`select usage_ensure_partition((date_trunc('month', now()) + make_interval(months => m))::date) from generate_series(-1, 2) as m;`);

    this.addSql(`create table "usage_daily" (
      "day" date not null,
      "user_id" uuid not null,
      "key_id" uuid not null,
      "endpoint" varchar(200) not null,
      "status_code" smallint not null,
      "count" bigint not null,
      "total_ms" double precision not null,
      primary key ("user_id", "day", "key_id", "endpoint", "status_code")
    );`);
    this.addSql(`create index "usage_daily_day_index" on "usage_daily" ("day");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "usage_daily";`);
    this.addSql(`drop table if exists "usage_records";`);
    this.addSql(`drop function if exists usage_ensure_partition(date);`);
  }
}

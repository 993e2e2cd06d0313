import { Migration } from '@mikro-orm/migrations';

/**
 * The tz database releases this deployment has loaded (bundled, TZDB_RELEASE or uploaded by a super admin), with
 * their zic source kept gzipped so any instance can compile the active one. At most one row is active.
 */
export class Migration20261123000300_tz_releases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "tz_releases" (
      "id" uuid primary key,
      "version" varchar(16) not null,
      "digest" varchar(64) not null,
      "source" varchar(500) not null,
      "source_gz" bytea not null,
      "zone_count" integer not null,
      "link_count" integer not null,
      "compile_ms" integer not null,
      "compiled_at" timestamptz not null,
      "loaded_at" timestamptz not null default now(),
      "loaded_by" uuid null references "users" ("id") on delete set null,
      "is_active" boolean not null default false,
      "changes" jsonb not null default '{}'::jsonb,
      constraint "tz_releases_version_digest_unique" unique ("version", "digest")
    );`);
    // The pollers' query: the active row's id and digest, straight from this index.
    this.addSql(`create unique index "tz_releases_active_index" on "tz_releases" ("is_active") include ("id", "digest") where "is_active";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tz_releases";`);
  }
}

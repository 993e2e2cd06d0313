import { Migration } from '@mikro-orm/migrations';

/**
 * The IANA release feed: how each stored release came (bundled, upload, feed, TZDB_RELEASE), whether its signature
 * was verified, releases that wait for a super admin, and the feed's one state row (conditional-request validators,
 * last check, last success, newest version seen).
 */
export class Migration20261125000500_tzdb_feed extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "tz_releases" add column "origin" varchar(16) not null default 'upload', add column "signature" varchar(16) null, add column "waiting" boolean not null default false, add column "went_live_at" timestamptz null;`,
    );
    this.addSql(
      `update "tz_releases" set "origin" = case when "source" = 'bundled' then 'bundled' when "source" like 'TZDB_RELEASE%' then 'env' else 'upload' end, "went_live_at" = "loaded_at";`,
    );
    this.addSql(`create table "tzdb_feed_state" (
      "id" smallint primary key default 1 check ("id" = 1),
      "url" text not null,
      "etag" text null,
      "last_modified" text null,
      "state" varchar(16) not null default 'unknown',
      "last_checked_at" timestamptz null,
      "last_success_at" timestamptz null,
      "last_error" text null,
      "newest_version" varchar(16) null,
      "newest_seen_at" timestamptz null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tzdb_feed_state";`);
    this.addSql(
      `alter table "tz_releases" drop column if exists "origin", drop column if exists "signature", drop column if exists "waiting", drop column if exists "went_live_at";`,
    );
  }
}

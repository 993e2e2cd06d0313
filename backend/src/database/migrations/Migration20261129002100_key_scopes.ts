import { Migration } from '@mikro-orm/migrations';

/**
 * Keys get scopes, an expiry, their own rate limit, the user who created them and the rotation overlap (issue 51).
 * Loses nothing: an empty scope list calls everything (every existing key keeps working), no expiry, no own limit;
 * the creator of an existing key is its account's owner.
 */
export class Migration20261129002100_key_scopes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_keys"
      add column "scopes" text[] not null default '{}',
      add column "expires_at" timestamptz null,
      add column "expiry_notice_sent_at" timestamptz null,
      add column "rate_limit" int null,
      add column "rate_limit_window" varchar(8) null,
      add column "created_by_id" uuid null references "users" ("id") on delete set null,
      add column "replaced_by_id" uuid null;`);
    this.addSql(`update "api_keys" set "created_by_id" = "user_id";`);
    // The expiry notice's scan: only keys with an expiry and no notice yet.
    this.addSql(`create index "api_keys_expiry_notice_index" on "api_keys" ("expires_at") where "expires_at" is not null and "expiry_notice_sent_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "api_keys_expiry_notice_index";`);
    this.addSql(`alter table "api_keys"
      drop column if exists "scopes",
      drop column if exists "expires_at",
      drop column if exists "expiry_notice_sent_at",
      drop column if exists "rate_limit",
      drop column if exists "rate_limit_window",
      drop column if exists "created_by_id",
      drop column if exists "replaced_by_id";`);
  }
}

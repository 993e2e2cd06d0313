import { Migration } from '@mikro-orm/migrations';

/**
 * Account security: two-factor sign-in (TOTP secret encrypted at rest, the last accepted time step against
 * replay, one-time recovery codes stored hashed) and trusted browsers (a device cookie, stored hashed, that
 * exempts a browser which signed in before from the per-e-mail sign-in ceiling).
 */
export class Migration20261123000200_account_security extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "totp_secret" text null,
      add column "totp_pending_secret" text null,
      add column "totp_enabled_at" timestamptz null,
      add column "totp_last_step" integer null;`);
    this.addSql(`create table "recovery_codes" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "code_hash" varchar(64) not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "recovery_codes_user_id_code_hash_unique" on "recovery_codes" ("user_id", "code_hash");`);
    this.addSql(`create table "trusted_devices" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "token_hash" varchar(64) not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz not null default now(),
      "expires_at" timestamptz not null
    );`);
    this.addSql(`create unique index "trusted_devices_token_hash_unique" on "trusted_devices" ("token_hash");`);
    this.addSql(`create index "trusted_devices_user_id_index" on "trusted_devices" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trusted_devices";`);
    this.addSql(`drop table if exists "recovery_codes";`);
    this.addSql(
      `alter table "users" drop column "totp_last_step", drop column "totp_enabled_at", drop column "totp_pending_secret", drop column "totp_secret";`,
    );
  }
}

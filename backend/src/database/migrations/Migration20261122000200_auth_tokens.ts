import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000200_auth_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "auth_tokens" (
      "id" uuid primary key,
      "token_hash" varchar(64) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "purpose" text not null check ("purpose" in ('verify_email', 'reset_password')),
      "email" varchar(320) null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "auth_tokens_token_hash_unique" on "auth_tokens" ("token_hash");`);
    this.addSql(`create index "auth_tokens_user_id_index" on "auth_tokens" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "auth_tokens";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000300_api_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "api_keys" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "name" varchar(100) not null,
      "prefix" varchar(32) not null,
      "last_four" varchar(4) not null,
      "hash" varchar(64) not null,
      "encrypted" text not null,
      "is_active" boolean not null default true,
      "ip_restrictions" text[] not null default '{}',
      "url_restrictions" text[] not null default '{}',
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "last_used_at" timestamptz null
    );`);
    this.addSql(`create unique index "api_keys_hash_unique" on "api_keys" ("hash");`);
    this.addSql(`create index "api_keys_user_id_index" on "api_keys" ("user_id");`);
    this.addSql(`create index "api_keys_created_at_index" on "api_keys" ("created_at");`);
    this.addSql(`create index "api_keys_name_index" on "api_keys" ("name");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_keys";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000100_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "users" (
      "id" uuid primary key,
      "email" varchar(320) not null,
      "first_name" varchar(100) not null default '',
      "last_name" varchar(100) not null default '',
      "password_hash" text null,
      "plan" text not null default 'free' check ("plan" in ('free', 'premium', 'enterprise')),
      "role" text not null default 'user' check ("role" in ('user', 'admin', 'super_admin')),
      "is_blocked" boolean not null default false,
      "email_verified" boolean not null default false,
      "profile_image_url" text null,
      "stripe_customer_id" text null,
      "oidc_subject" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "users_email_unique" on "users" ("email");`);
    this.addSql(`create unique index "users_stripe_customer_id_unique" on "users" ("stripe_customer_id") where "stripe_customer_id" is not null;`);
    this.addSql(`create unique index "users_oidc_subject_unique" on "users" ("oidc_subject") where "oidc_subject" is not null;`);
    this.addSql(`create index "users_created_at_index" on "users" ("created_at");`);

    this.addSql(`create table "sessions" (
      "id" uuid primary key,
      "token_hash" varchar(64) not null,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "last_seen_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "ip_address" varchar(64) null,
      "user_agent" varchar(512) null
    );`);
    this.addSql(`create unique index "sessions_token_hash_unique" on "sessions" ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sessions";`);
    this.addSql(`drop table if exists "users";`);
  }
}

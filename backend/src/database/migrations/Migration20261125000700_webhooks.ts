import { Migration } from '@mikro-orm/migrations';

/**
 * Change notices and webhooks: the zones each account used per day (90 days kept), the opt-out of change notice
 * mails, the notices shown as dashboard banners, webhook endpoints (secret encrypted) and their deliveries.
 */
export class Migration20261125000700_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "zone_usage" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "day" date not null,
      "zone" varchar(64) not null,
      "count" bigint not null,
      primary key ("user_id", "day", "zone")
    );`);
    this.addSql(`create index "zone_usage_day_zone_index" on "zone_usage" ("day", "zone");`);
    this.addSql(`alter table "users" add column "change_notices" boolean not null default true;`);
    this.addSql(`create table "change_notices" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "release_version" varchar(16) not null,
      "zones" jsonb not null,
      "created_at" timestamptz not null default now(),
      "dismissed_at" timestamptz null,
      unique ("user_id", "release_version")
    );`);
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "url" text not null,
      "description" varchar(200) null,
      "events" jsonb not null,
      "secret_enc" text not null,
      "enabled" boolean not null default true,
      "paused_reason" varchar(32) null,
      "failing_since" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "webhook_endpoints_user_id_index" on "webhook_endpoints" ("user_id");`);
    this.addSql(`create table "webhook_deliveries" (
      "id" uuid primary key,
      "endpoint_id" uuid not null references "webhook_endpoints" ("id") on delete cascade,
      "message_id" varchar(64) not null,
      "event_type" varchar(64) not null,
      "payload" jsonb not null,
      "status" varchar(16) not null default 'pending',
      "attempts" int not null default 0,
      "response_code" int null,
      "response_body" text null,
      "duration_ms" int null,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "last_attempt_at" timestamptz null,
      "delivered_at" timestamptz null
    );`);
    this.addSql(`create index "webhook_deliveries_endpoint_created_index" on "webhook_deliveries" ("endpoint_id", "created_at" desc);`);
    this.addSql(`create table "webhook_attempts" (
      "id" bigserial primary key,
      "delivery_id" uuid not null references "webhook_deliveries" ("id") on delete cascade,
      "at" timestamptz not null default now(),
      "status_code" int null,
      "duration_ms" int not null,
      "response_body" text null,
      "error" text null
    );`);
    this.addSql(`create index "webhook_attempts_delivery_index" on "webhook_attempts" ("delivery_id", "at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts";`);
    this.addSql(`drop table if exists "webhook_deliveries";`);
    this.addSql(`drop table if exists "webhook_endpoints";`);
    this.addSql(`drop table if exists "change_notices";`);
    this.addSql(`alter table "users" drop column if exists "change_notices";`);
    this.addSql(`drop table if exists "zone_usage";`);
  }
}

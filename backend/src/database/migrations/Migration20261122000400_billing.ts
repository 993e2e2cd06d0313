import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000400_billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "subscriptions" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "provider" text not null check ("provider" in ('stripe', 'sandbox')),
      "provider_subscription_id" text not null,
      "provider_customer_id" text not null,
      "plan" text not null check ("plan" in ('free', 'premium', 'enterprise')),
      "status" text not null,
      "current_period_start" timestamptz null,
      "current_period_end" timestamptz null,
      "cancel_at_period_end" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "subscriptions_provider_subscription_id_unique" on "subscriptions" ("provider_subscription_id");`);
    this.addSql(`create index "subscriptions_user_id_index" on "subscriptions" ("user_id");`);

    this.addSql(`create table "invoices" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "provider_invoice_id" text not null,
      "provider_subscription_id" text null,
      "description" text not null,
      "amount" numeric(12, 2) not null,
      "currency" varchar(3) not null,
      "status" text not null check ("status" in ('paid', 'pending', 'failed')),
      "paid_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "invoices_provider_invoice_id_unique" on "invoices" ("provider_invoice_id");`);
    this.addSql(`create index "invoices_user_id_created_at_index" on "invoices" ("user_id", "created_at" desc);`);

    this.addSql(`create table "billing_events" (
      "id" uuid primary key,
      "provider_event_id" text not null,
      "type" text not null,
      "object_id" text null,
      "outcome" text not null default 'applied',
      "received_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "billing_events_provider_event_id_unique" on "billing_events" ("provider_event_id");`);

    this.addSql(`create table "sandbox_billing_objects" (
      "id" text primary key,
      "kind" text not null,
      "customer_id" text null,
      "data" jsonb not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "sandbox_billing_objects_kind_customer_id_index" on "sandbox_billing_objects" ("kind", "customer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_billing_objects";`);
    this.addSql(`drop table if exists "billing_events";`);
    this.addSql(`drop table if exists "invoices";`);
    this.addSql(`drop table if exists "subscriptions";`);
  }
}

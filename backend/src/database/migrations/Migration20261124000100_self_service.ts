import { Migration } from '@mikro-orm/migrations';

/**
 * Customer self-service: a closed account keeps its row (invoices and usage still point at it) with a tombstone
 * e-mail and the time it was closed; the quota alert opt-out; one row per account and alert level saying when that
 * alert last went out (the dedupe across instances); data export jobs, built in the background; what a receipt
 * prints about an invoice (number, plan, period) and Stripe's hosted invoice page.
 */
export class Migration20261124000100_self_service extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "closed_at" timestamptz null,
      add column "quota_alerts" boolean not null default true;`);
    this.addSql(`create table "quota_alerts" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "level" smallint not null,
      "sent_at" timestamptz not null,
      primary key ("user_id", "level")
    );`);
    this.addSql(`create table "data_exports" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "status" varchar(16) not null,
      "progress" smallint not null default 0,
      "error" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "finished_at" timestamptz null
    );`);
    this.addSql(`create index "data_exports_user_id_index" on "data_exports" ("user_id", "created_at" desc);`);
    // The file in pieces of bounded size (one per usage batch), written and read in order, never whole in memory.
    this.addSql(`create table "data_export_parts" (
      "export_id" uuid not null references "data_exports" ("id") on delete cascade,
      "seq" integer not null,
      "body" text not null,
      primary key ("export_id", "seq")
    );`);
    this.addSql(`alter table "invoices"
      add column "number" varchar(64) null,
      add column "plan" varchar(16) null,
      add column "period_start" timestamptz null,
      add column "period_end" timestamptz null,
      add column "hosted_invoice_url" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "invoices" drop column "hosted_invoice_url", drop column "period_end", drop column "period_start", drop column "plan", drop column "number";`,
    );
    this.addSql(`drop table if exists "data_export_parts";`);
    this.addSql(`drop table if exists "data_exports";`);
    this.addSql(`drop table if exists "quota_alerts";`);
    this.addSql(`alter table "users" drop column "quota_alerts", drop column "closed_at";`);
  }
}

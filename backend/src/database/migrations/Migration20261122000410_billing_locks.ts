import { Migration } from '@mikro-orm/migrations';

/** A short claim per user while a billing change talks to the payment provider (no connection held meanwhile). */
export class Migration20261122000410_billing_locks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "billing_locks" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "locked_until" timestamptz not null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "billing_locks";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** When the customer first opened the Usage page: the dashboard's Quick Start reads it from the server. */
export class Migration20261127003100_usage_seen extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "usage_seen_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "usage_seen_at";`);
  }
}

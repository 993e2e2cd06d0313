import { Migration } from '@mikro-orm/migrations';

/**
 * Each usage row carries the id its writer gave it before the answer went out (and wrote to its write-ahead file), so
 * replaying a file after a crash never counts a row twice. Unique with "timestamp", the partition key (PostgreSQL's
 * rule for unique indexes on a partitioned table); rows written before this have none (nulls never conflict).
 */
export class Migration20261125000100_usage_row_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_records" add column "row_id" bigint null;`);
    this.addSql(`create unique index "usage_records_row_id_unique" on "usage_records" ("row_id", "timestamp");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "usage_records_row_id_unique";`);
    this.addSql(`alter table "usage_records" drop column if exists "row_id";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Each usage row carries the id its writer gave it before the answer went out (and wrote to its write-ahead file), so
 * replaying a file after a crash never counts a row twice. No index of its own: a replay looks a row up by
 * (user_id, "timestamp"), which usage_records_user_time_index serves, and the hot path pays nothing for it (a unique
 * index made every batch insert probe it, which the bench showed). Rows written before this have none.
 */
export class Migration20261125000100_usage_row_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_records" add column "row_id" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_records" drop column if exists "row_id";`);
  }
}

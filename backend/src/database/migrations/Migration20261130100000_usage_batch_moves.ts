import { Migration } from '@mikro-orm/migrations';

/**
 * Where the events of a merged batch went (issue 53): compaction merges a quiet account's small batches of a closed hour
 * into one, placing each batch's events one after the other, so an event's position moves by a whole batch's shift. The
 * request log's ids name (batch, position): an id handed out before the merge is found through its batch's row here.
 * One hop always: a merge re-points the rows that named the batches it merged.
 */
export class Migration20261130100000_usage_batch_moves extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "usage_batch_moves" (
      "user_id" uuid not null,
      "old_start" timestamptz not null,
      "old_id" bigint not null,
      "new_start" timestamptz not null,
      "new_id" bigint not null,
      "shift" int not null,
      primary key ("user_id", "old_start", "old_id")
    );`);
    this.addSql(`create index "usage_batch_moves_new_idx" on "usage_batch_moves" ("user_id", "new_start", "new_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "usage_batch_moves";`);
  }
}

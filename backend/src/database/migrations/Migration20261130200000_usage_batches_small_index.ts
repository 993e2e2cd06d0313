import { Migration } from '@mikro-orm/migrations';

/**
 * The small batches of the usage log, by start (issue 53): compaction looks every five minutes for the accounts' hours
 * of the last two days that hold two batches under 1,000 events or more. Without this index that look read every
 * batch of the recent partitions, the busy accounts' large ones too, and it grows with the month. With it the look
 * reads only the small batches of its two days (an index-only scan: user and end are in the index), and a merge
 * takes its batches out of it. The predicate is compaction's SMALL, written out in its query so the planner can match it.
 */
export class Migration20261130200000_usage_batches_small_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "usage_batches_small_index" on "usage_batches" ("starts_at", "user_id", "ends_at") where "events" < 1000;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "usage_batches_small_index";`);
  }
}

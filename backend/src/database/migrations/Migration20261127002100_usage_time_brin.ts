import { Migration } from '@mikro-orm/migrations';

/**
 * The console's error rate reads every account's requests of the last 24 hours: a BRIN index on "timestamp" (rows
 * arrive in time order, so a few pages per partition) turns that into a range read instead of a scan of the month.
 */
export class Migration20261127002100_usage_time_brin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "usage_records_timestamp_brin" on "usage_records" using brin ("timestamp");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "usage_records_timestamp_brin";`);
  }
}

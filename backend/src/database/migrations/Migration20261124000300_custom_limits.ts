import { Migration } from '@mikro-orm/migrations';

/** Negotiated limits per account (enterprise contracts); null keeps the plan's default. */
export class Migration20261124000300_custom_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "custom_hourly_quota" integer null, add column "custom_burst_per_second" integer null;`);
    this.addSql(`alter table "users" add constraint "users_custom_hourly_quota_check" check ("custom_hourly_quota" >= 0);`);
    this.addSql(`alter table "users" add constraint "users_custom_burst_per_second_check" check ("custom_burst_per_second" >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "custom_hourly_quota", drop column if exists "custom_burst_per_second";`);
  }
}

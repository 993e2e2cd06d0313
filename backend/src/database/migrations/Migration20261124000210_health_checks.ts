import { Migration } from '@mikro-orm/migrations';

/**
 * The service's own checks, one row per minute: every instance upserts the current minute (so N instances write one
 * row), and a minute without a row is a minute nobody could record, i.e. down. The status page's uptime is counted here.
 */
export class Migration20261124000210_health_checks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "health_checks" (
      "minute" timestamptz primary key,
      "status" varchar(16) not null,
      "checked_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "health_checks";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** A change notice names the account's keys pinned to an older release and what moving each pin would change. */
export class Migration20261126000100_change_notice_pins extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "change_notices" add column "pinned_keys" jsonb not null default '[]'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "change_notices" drop column if exists "pinned_keys";`);
  }
}

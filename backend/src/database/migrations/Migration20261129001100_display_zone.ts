import { Migration } from '@mikro-orm/migrations';

/** The account's display zone (issue 48): times in the account area and the usage days are cut in it; null is the browser's. */
export class Migration20261129001100_display_zone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "display_zone" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "display_zone";`);
  }
}

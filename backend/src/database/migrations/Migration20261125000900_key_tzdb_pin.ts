import { Migration } from '@mikro-orm/migrations';

/** A key can be pinned to a stored tz release (its answers don't change until the pin moves); null: the active release. */
export class Migration20261125000900_key_tzdb_pin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_keys" add column "tzdb_version" varchar(16) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_keys" drop column if exists "tzdb_version";`);
  }
}

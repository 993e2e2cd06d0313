import { Migration } from '@mikro-orm/migrations';

/** Create Key is idempotent per form submission: a double click answers the first key, never a second one. */
export class Migration20261125000810_key_idempotency extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_keys" add column "idempotency_key" varchar(64) null;`);
    this.addSql(`create unique index "api_keys_user_idempotency_key_unique" on "api_keys" ("user_id", "idempotency_key") where "idempotency_key" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "api_keys_user_idempotency_key_unique";`);
    this.addSql(`alter table "api_keys" drop column if exists "idempotency_key";`);
  }
}

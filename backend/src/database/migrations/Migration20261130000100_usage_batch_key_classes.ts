import { Migration } from '@mikro-orm/migrations';

/**
 * A batch's summary gets the (key, status class) pairs it holds (issue 53): the request log filtered by a key and a
 * status class opens only the batches holding that pair. Batches written before keep null and are opened on the key
 * and the class apart, as before; nothing is rewritten.
 */
export class Migration20261130000100_usage_batch_key_classes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_batches" add column "key_classes" int[] null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "usage_batches" drop column if exists "key_classes";`);
  }
}

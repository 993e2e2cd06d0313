import { Migration } from '@mikro-orm/migrations';

/**
 * The request log (Usage → Requests): each usage row also keeps the request's X-Request-Id, the problem `code` of an
 * error answer and the query string without secrets, and the log's filters get indexes of their own. Each index leads
 * with user_id and ends with ("timestamp" desc, id desc), so a filtered page is one keyset range scan, never a sort:
 * request_id for the search, key, endpoint and the status class (status_code / 100, which also serves an exact status
 * as a filter within its class). Rows written before this have no request id, code or parameters.
 * The price is on the writer, not the request path: an 8,000-row batch took about 2 to 3.5 times as long with these four
 * indexes as without (0.7–1.1 s against 0.3–0.6 s, measured on the 2-core machine at load average 12, 2026-11-26); the
 * recorder still writes in the background every USAGE_FLUSH_MS. Dropping the key and endpoint indexes (not measured)
 * would save half of the added index writes and leave those two filters walking usage_records_user_time_index (slow
 * only for a rare key or endpoint).
 */
export class Migration20261127001100_request_log extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_records" add column "request_id" varchar(128) null;`);
    this.addSql(`alter table "usage_records" add column "problem_code" varchar(64) null;`);
    this.addSql(`alter table "usage_records" add column "query" varchar(1000) null;`);
    this.addSql(`create index "usage_records_request_id_index" on "usage_records" ("request_id") where "request_id" is not null;`);
    this.addSql(`create index "usage_records_user_key_time_index" on "usage_records" ("user_id", "key_id", "timestamp" desc, "id" desc);`);
    this.addSql(`create index "usage_records_user_endpoint_time_index" on "usage_records" ("user_id", "endpoint", "timestamp" desc, "id" desc);`);
    this.addSql(
      `create index "usage_records_user_status_class_time_index" on "usage_records" ("user_id", (("status_code" / 100)), "timestamp" desc, "id" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "usage_records_user_status_class_time_index";`);
    this.addSql(`drop index if exists "usage_records_user_endpoint_time_index";`);
    this.addSql(`drop index if exists "usage_records_user_key_time_index";`);
    this.addSql(`drop index if exists "usage_records_request_id_index";`);
    this.addSql(`alter table "usage_records" drop column if exists "query";`);
    this.addSql(`alter table "usage_records" drop column if exists "problem_code";`);
    this.addSql(`alter table "usage_records" drop column if exists "request_id";`);
  }
}

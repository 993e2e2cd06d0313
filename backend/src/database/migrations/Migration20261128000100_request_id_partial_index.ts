import { Migration } from '@mikro-orm/migrations';

/**
 * The request id index holds only the rows the request log's search cannot find without it, so nearly every usage row
 * costs PostgreSQL one B-tree insertion fewer (issue 28: the usage row is the largest part of an answer's CPU that is
 * not the API's). A row is written with request_id_indexed when its id is not a UUIDv7 of the API's or its time lies
 * more than a second from the row's (a trusted proxy's own ids, an answer that took longer, a clock stepped back: see
 * request-id-time.ts); the others are found through the account's time index in the two seconds around the id's time.
 * Rows written before this are all indexed (the new column's default), as they were. Measured with UsageStore.write,
 * batches of 1,500 rows over 4 accounts, PostgreSQL's CPU read from /proc, six alternating rounds of 90,000 rows
 * (2026-11-28): 9.2-12.0 µs a row with the full index, 8.2-11.0 with this one (8.1-10.8 with none at all).
 * Also measured and left: the status class index holding only 3xx-5xx rows saved as much again, but without the full
 * index's statistics on status_code / 100 the planner misjudged an exact status (404 at 1 M rows: every 404 row of the
 * range fetched and sorted, 23-54 ms against 5 ms), and a class with no rows (3xx) walked every error row of the range.
 * The partial index is built under a new name before the full one is dropped, so the log can be searched during the build.
 */
export class Migration20261128000100_request_id_partial_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "usage_records" add column "request_id_indexed" boolean not null default true;`);
    this.addSql(
      `create index "usage_records_request_id_index_partial" on "usage_records" ("request_id") where "request_id" is not null and "request_id_indexed";`,
    );
    this.addSql(`drop index "usage_records_request_id_index";`);
    this.addSql(`alter index "usage_records_request_id_index_partial" rename to "usage_records_request_id_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "usage_records_request_id_index_full" on "usage_records" ("request_id") where "request_id" is not null;`);
    this.addSql(`drop index "usage_records_request_id_index";`);
    this.addSql(`alter index "usage_records_request_id_index_full" rename to "usage_records_request_id_index";`);
    this.addSql(`alter table "usage_records" drop column "request_id_indexed";`);
  }
}

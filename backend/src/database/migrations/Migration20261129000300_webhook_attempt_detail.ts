import { Migration } from '@mikro-orm/migrations';

/**
 * Each webhook attempt keeps what was sent and what came back (issue 48): the request headers (the signature is
 * per attempt), the body's size and the first 4 KiB of the answer with the answer's full size, so a page can say it
 * is cut. The body sent is the delivery's payload, the same on every attempt. Endpoint health reads the attempts of
 * the last day through the endpoint: the attempts carry their endpoint and an index on (endpoint, at).
 */
export class Migration20261129000300_webhook_attempt_detail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_attempts" add column "request_headers" jsonb null;`);
    this.addSql(`alter table "webhook_attempts" add column "response_bytes" int null;`);
    this.addSql(`alter table "webhook_attempts" add column "endpoint_id" uuid null;`);
    this.addSql(`update "webhook_attempts" a set "endpoint_id" = d."endpoint_id" from "webhook_deliveries" d where d."id" = a."delivery_id";`);
    this.addSql(`create index "webhook_attempts_endpoint_at_index" on "webhook_attempts" ("endpoint_id", "at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "webhook_attempts_endpoint_at_index";`);
    this.addSql(`alter table "webhook_attempts" drop column "endpoint_id";`);
    this.addSql(`alter table "webhook_attempts" drop column "response_bytes";`);
    this.addSql(`alter table "webhook_attempts" drop column "request_headers";`);
  }
}

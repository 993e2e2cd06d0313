import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000210_support_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "support_messages" (
      "id" uuid primary key,
      "name" varchar(200) not null,
      "email" varchar(320) not null,
      "category" text not null default 'other' check ("category" in ('api-help', 'billing', 'technical', 'feature', 'partnership', 'other')),
      "subject" varchar(200) not null,
      "message" text not null,
      "user_id" uuid null references "users" ("id") on delete set null,
      "status" text not null default 'new' check ("status" in ('new', 'closed')),
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "support_messages_user_id_index" on "support_messages" ("user_id");`);
    this.addSql(`create index "support_messages_created_at_index" on "support_messages" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "support_messages";`);
  }
}

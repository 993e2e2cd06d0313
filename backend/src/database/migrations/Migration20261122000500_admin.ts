import { Migration } from '@mikro-orm/migrations';

/**
 * Admin console: the audit log, and the indexes that keep the admin lists fast at 100k users / 1M keys.
 * Search uses trigram GIN indexes when the pg_trgm contrib extension can be created (it can on the embedded
 * PostgreSQL and on any server where the migrating role may CREATE in the database: pg_trgm is a trusted
 * extension since PostgreSQL 13); otherwise the service falls back to prefix search on btree text_pattern_ops.
 */
export class Migration20261122000500_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" (
      "id" uuid primary key,
      "actor_id" uuid null references "users" ("id") on delete set null,
      "actor_email" varchar(320) not null,
      "action" varchar(64) not null,
      "target_type" varchar(32) not null,
      "target_id" varchar(64) not null,
      "before" jsonb null,
      "after" jsonb null,
      "ip_address" varchar(64) null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at" desc, "id");`);
    this.addSql(`create index "audit_log_target_index" on "audit_log" ("target_type", "target_id", "created_at" desc);`);
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id", "created_at" desc);`);
    this.addSql(`create index "audit_log_action_index" on "audit_log" ("action", "created_at" desc);`);

    // Users list: each filter combined with the default sort, and prefix search without pg_trgm.
    this.addSql(`create index "users_created_at_id_index" on "users" ("created_at", "id");`);
    this.addSql(`create index "users_plan_created_at_index" on "users" ("plan", "created_at");`);
    this.addSql(`create index "users_role_created_at_index" on "users" ("role", "created_at");`);
    this.addSql(`create index "users_is_blocked_created_at_index" on "users" ("is_blocked", "created_at");`);
    this.addSql(`create index "users_email_pattern_index" on "users" ("email" text_pattern_ops);`);
    this.addSql(`create index "users_name_pattern_index" on "users" (lower("first_name" || ' ' || "last_name") text_pattern_ops);`);

    // Keys list (1M rows): sort by last use, prefix search, and the active-keys count of the stats cards.
    // (sort column, id) pairs let the page's id list come from an index-only scan, even at a deep offset.
    this.addSql(`create index "api_keys_created_at_id_index" on "api_keys" ("created_at", "id");`);
    this.addSql(`create index "api_keys_last_used_at_index" on "api_keys" ("last_used_at" desc nulls last, "id" desc);`);
    this.addSql(`create index "api_keys_prefix_pattern_index" on "api_keys" ("prefix" text_pattern_ops);`);
    this.addSql(`create index "api_keys_active_index" on "api_keys" ("created_at") where "is_active";`);

    // A savepoint-free way to try the extension: a failure is caught inside the DO block, not the migration.
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm unavailable (%): admin search falls back to prefix matching', sqlerrm;
    end $$;`);
    this.addSql(`do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        execute 'create index "users_email_trgm_index" on "users" using gin ("email" gin_trgm_ops)';
        execute 'create index "users_name_trgm_index" on "users" using gin (("first_name" || '' '' || "last_name") gin_trgm_ops)';
        execute 'create index "api_keys_name_trgm_index" on "api_keys" using gin ("name" gin_trgm_ops)';
      end if;
    end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "api_keys_name_trgm_index";`);
    this.addSql(`drop index if exists "api_keys_active_index";`);
    this.addSql(`drop index if exists "api_keys_prefix_pattern_index";`);
    this.addSql(`drop index if exists "api_keys_last_used_at_index";`);
    this.addSql(`drop index if exists "api_keys_created_at_id_index";`);
    this.addSql(`drop index if exists "users_name_trgm_index";`);
    this.addSql(`drop index if exists "users_email_trgm_index";`);
    this.addSql(`drop index if exists "users_name_pattern_index";`);
    this.addSql(`drop index if exists "users_email_pattern_index";`);
    this.addSql(`drop index if exists "users_is_blocked_created_at_index";`);
    this.addSql(`drop index if exists "users_role_created_at_index";`);
    this.addSql(`drop index if exists "users_plan_created_at_index";`);
    this.addSql(`drop index if exists "users_created_at_id_index";`);
    this.addSql(`drop table if exists "audit_log";`);
  }
}

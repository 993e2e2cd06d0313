import { Migration } from '@mikro-orm/migrations';

/**
 * Organisations (issue 51), after GitHub's model: an organisation is an account row (`users.kind = 'organisation'`)
 * that owns keys, usage, webhooks, billing and notices as a person's account does. Every existing account becomes the
 * owner of its personal organisation, which is the account itself: one `memberships` row each, and nothing moves.
 */
export class Migration20261129003100_organisations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "kind" varchar(16) not null default 'person' check ("kind" in ('person', 'organisation'));`);
    this.addSql(`create table "memberships" (
      "org_id" uuid not null references "users" ("id") on delete cascade,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "role" varchar(16) not null check ("role" in ('owner', 'admin', 'developer', 'billing', 'viewer')),
      "invited_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      primary key ("org_id", "user_id"));`);
    this.addSql(`create index "memberships_user_id_index" on "memberships" ("user_id");`);
    this.addSql(
      `insert into "memberships" ("org_id", "user_id", "role", "created_at") select "id", "id", 'owner', "created_at" from "users" where "kind" = 'person';`,
    );
    // Every person, however their row is made (sign-up, OpenID Connect, the bootstrap, a seed), owns their personal
    // organisation: the database keeps the rule, so no path can forget it.
    this.addSql(`create function "users_personal_membership"() returns trigger language plpgsql as $$
      begin
        insert into "memberships" ("org_id", "user_id", "role", "created_at") values (new."id", new."id", 'owner', new."created_at") on conflict do nothing;
        return null;
      end $$;`);
    this.addSql(
      `create trigger "users_personal_membership" after insert on "users" for each row when (new."kind" = 'person') execute function "users_personal_membership"();`,
    );
    this.addSql(`create table "invitations" (
      "id" uuid not null primary key,
      "org_id" uuid not null references "users" ("id") on delete cascade,
      "email" varchar(320) not null,
      "role" varchar(16) not null check ("role" in ('owner', 'admin', 'developer', 'billing', 'viewer')),
      "token_hash" varchar(64) not null unique,
      "invited_by" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "accepted_at" timestamptz null,
      "accepted_by" uuid null references "users" ("id") on delete set null,
      "revoked_at" timestamptz null);`);
    this.addSql(`create unique index "invitations_pending_unique" on "invitations" ("org_id", "email") where "accepted_at" is null and "revoked_at" is null;`);
    this.addSql(`create index "invitations_org_created_index" on "invitations" ("org_id", "created_at" desc);`);
    this.addSql(`alter table "sessions" add column "org_id" uuid null references "users" ("id") on delete set null;`);
    this.addSql(`create table "org_audit" (
      "id" uuid not null primary key,
      "org_id" uuid not null references "users" ("id") on delete cascade,
      "actor_id" uuid null,
      "actor_email" varchar(320) not null,
      "action" varchar(64) not null,
      "target_type" varchar(32) not null,
      "target_id" varchar(64) not null,
      "before" jsonb null,
      "after" jsonb null,
      "created_at" timestamptz not null default now());`);
    this.addSql(`create index "org_audit_org_created_index" on "org_audit" ("org_id", "created_at" desc, "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "org_audit";`);
    this.addSql(`alter table "sessions" drop column if exists "org_id";`);
    this.addSql(`drop table if exists "invitations";`);
    this.addSql(`drop trigger if exists "users_personal_membership" on "users";`);
    this.addSql(`drop function if exists "users_personal_membership"();`);
    this.addSql(`drop table if exists "memberships";`);
    this.addSql(`delete from "users" where "kind" = 'organisation';`);
    this.addSql(`alter table "users" drop column if exists "kind";`);
  }
}

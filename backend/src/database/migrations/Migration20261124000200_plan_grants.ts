import { Migration } from '@mikro-orm/migrations';

/**
 * A paid plan the super admin gave an account without a subscription is a grant: marked, so the console and the
 * customer's billing page can say so and offer a way to start paying. Existing paid accounts without a paid
 * subscription were set by hand, so they are grants too.
 */
export class Migration20261124000200_plan_grants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "plan_granted" boolean not null default false;`);
    this.addSql(`update "users" u set "plan_granted" = true where u."plan" <> 'free'
      and not exists (select 1 from "subscriptions" s where s."user_id" = u."id" and s."status" in ('active', 'trialing', 'past_due'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column if exists "plan_granted";`);
  }
}

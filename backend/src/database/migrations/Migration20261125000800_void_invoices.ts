import { Migration } from '@mikro-orm/migrations';

/** A first invoice whose 3-D Secure payment was abandoned is voided when another card pays: no phantom "Pending" bill. */
export class Migration20261125000800_void_invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoices" drop constraint if exists "invoices_status_check";`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('paid', 'pending', 'failed', 'void'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "invoices" set "status" = 'failed' where "status" = 'void';`);
    this.addSql(`alter table "invoices" drop constraint if exists "invoices_status_check";`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('paid', 'pending', 'failed'));`);
  }
}

import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from '../accounts/user.entity.js';
import { Invoice } from '../billing/invoice.entity.js';
import { Subscription } from '../billing/subscription.entity.js';
import { ApiKey } from '../keys/api-key.entity.js';

export type ExportStatus = 'running' | 'ready' | 'failed';

/** A row of data_exports, as read. */
export interface ExportRow {
  id: string;
  status: ExportStatus;
  progress: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

/**
 * The data export's tables in SQL (data_exports, data_export_parts), after immich's server/src/repositories: each
 * method one statement, no rule of the export's (DataExportService decides). `deleteOldFor` and `create` run in the
 * transaction `transaction(fn)` hands the service; the account's records are read, never written, here.
 */
@Injectable()
export class DataExportRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new DataExportRepository(em) as this;
  }

  /** Removes the account's earlier export and every export older than a week. */
  async deleteOldFor(userId: string): Promise<void> {
    await this.em.execute(`delete from data_exports where user_id = ? or created_at < now() - interval '7 days'`, [userId]);
  }

  async create(id: string, userId: string): Promise<ExportRow> {
    const [inserted] = await this.em.execute<ExportRow[]>(`insert into data_exports (id, user_id, status, progress) values (?, ?, 'running', 0) returning *`, [
      id,
      userId,
    ]);
    return inserted;
  }

  /** What the export's head holds of the account: its profile, keys, subscriptions and invoices, oldest first. */
  async accountRecords(userId: string): Promise<{ user: User; keys: ApiKey[]; subscriptions: Subscription[]; invoices: Invoice[] }> {
    const em = this.em.fork();
    const user = await em.findOneOrFail(User, { id: userId });
    const [keys, subscriptions, invoices] = await Promise.all([
      em.find(ApiKey, { user: userId }, { orderBy: { createdAt: 'asc' } }),
      em.find(Subscription, { user: userId }, { orderBy: { createdAt: 'asc' } }),
      em.find(Invoice, { user: userId }, { orderBy: { createdAt: 'asc' } }),
    ]);
    return { user, keys, subscriptions, invoices };
  }

  /** The account's export, or null. */
  async find(userId: string, id: string): Promise<ExportRow | null> {
    const rows = await this.em
      .fork()
      .execute<ExportRow[]>(`select id, status, progress, created_at, updated_at, finished_at from data_exports where id = ? and user_id = ?`, [id, userId]);
    return rows[0] ?? null;
  }

  async status(id: string): Promise<ExportStatus | null> {
    const [row] = await this.em.fork().execute<{ status: ExportStatus }[]>(`select status from data_exports where id = ?`, [id]);
    return row?.status ?? null;
  }

  /** The exports still being built (any account's), oldest first. */
  async runningIds(): Promise<string[]> {
    const rows = await this.em.fork().execute<{ id: string }[]>(`select id from data_exports where status = 'running' order by created_at`);
    return rows.map((row) => row.id);
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.em.fork().execute(`update data_exports set progress = ?, updated_at = now() where id = ?`, [progress, id]);
  }

  /** A running export becomes ready (one still running only: a failed one stays failed). */
  async markReady(id: string): Promise<void> {
    await this.em
      .fork()
      .execute(`update data_exports set status = 'ready', progress = 100, updated_at = now(), finished_at = now() where id = ? and status = 'running'`, [id]);
  }

  /** A running export becomes failed; answers whether it was still running. */
  async markFailed(id: string, error: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute<{ id: string }[]>(
        `update data_exports set status = 'failed', error = ?, updated_at = now(), finished_at = now() where id = ? and status = 'running' returning id`,
        [error, id],
      );
    return rows.length > 0;
  }

  /** A failed export runs again (its job was retried by an operator); answers whether it was failed. */
  async reopen(id: string): Promise<boolean> {
    const rows = await this.em
      .fork()
      .execute<{ id: string }[]>(
        `update data_exports set status = 'running', progress = 0, error = null, updated_at = now(), finished_at = null where id = ? and status = 'failed' returning id`,
        [id],
      );
    return rows.length > 0;
  }

  async part(id: string, seq: number): Promise<string | null> {
    const [part] = await this.em.fork().execute<{ body: string }[]>(`select body from data_export_parts where export_id = ? and seq = ?`, [id, seq]);
    return part?.body ?? null;
  }

  async putPart(id: string, seq: number, body: string): Promise<void> {
    await this.em.fork().execute(`insert into data_export_parts (export_id, seq, body) values (?, ?, ?)`, [id, seq, body]);
  }

  async clearParts(id: string): Promise<void> {
    await this.em.fork().execute(`delete from data_export_parts where export_id = ?`, [id]);
  }

  /** How many usage rows the account has since `day` (YYYY-MM-DD), from the daily roll-ups (no count of the raw table). */
  async usageRowsSince(userId: string, day: string): Promise<number> {
    const [{ n }] = await this.em
      .fork()
      .execute<{ n: string }[]>(`select coalesce(sum(count), 0) as n from usage_daily where user_id = ? and day >= ?::date`, [userId, day]);
    return Number(n);
  }
}

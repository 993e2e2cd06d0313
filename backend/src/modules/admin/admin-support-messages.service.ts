import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import { escapeLike } from './admin-list-query.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminPages, iso } from './admin-pages.js';
import type { Page, Row } from './admin-pages.js';
import { SUPPORT_MESSAGES } from './admin-resources.js';
import { AdminErrors } from './admin.errors.js';

export interface AdminSupportMessageView {
  id: string;
  name: string;
  email: string;
  category: string;
  subject: string;
  message: string;
  status: string;
  userId: string | null;
  createdAt: string;
}

function supportView(r: Row): AdminSupportMessageView {
  return {
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    category: r.category as string,
    subject: r.subject as string,
    message: r.message as string,
    status: r.status as string,
    userId: (r.user_id as string | null) ?? null,
    createdAt: iso(r.created_at),
  };
}

/** The console's support inbox (read only). */
@Injectable()
export class AdminSupportMessages {
  constructor(private readonly pages: AdminPages) {}

  async list(query: ListQuery): Promise<Page<AdminSupportMessageView>> {
    const where = this.pages.filterClauses(SUPPORT_MESSAGES, 's', { category: 's.category', status: 's.status', userId: 's.user_id' }, query);
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      where.clauses.push(`(s.email ilike ? or s.name ilike ? or s.subject ilike ?)`);
      where.params.push(pattern, pattern, pattern);
    }
    return this.pages.page(SUPPORT_MESSAGES, 'support_messages s', where, 's.*', 's.id', query, supportView);
  }

  async get(id: string): Promise<AdminSupportMessageView> {
    const [row] = isUuid(id) ? await this.pages.sql(`select * from support_messages where id = ?`, [id]) : [];
    if (!row) throw AdminErrors.recordNotFound('Support message');
    return supportView(row);
  }
}

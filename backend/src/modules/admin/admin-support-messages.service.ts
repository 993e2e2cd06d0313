import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import type { ListQuery } from './admin-list-query.js';
import { AdminListsRepository, iso } from './admin-lists.repository.js';
import type { Page, Row } from './admin-lists.repository.js';
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
  constructor(private readonly lists: AdminListsRepository) {}

  async list(query: ListQuery): Promise<Page<AdminSupportMessageView>> {
    const page = await this.lists.supportMessages(query);
    return { ...page, rows: page.rows.map(supportView) };
  }

  async get(id: string): Promise<AdminSupportMessageView> {
    const row = isUuid(id) ? await this.lists.supportMessage(id) : undefined;
    if (!row) throw AdminErrors.recordNotFound('Support message');
    return supportView(row);
  }
}

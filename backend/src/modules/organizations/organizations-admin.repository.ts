import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../common/http/uuid.js';
import { escapeLike } from '../../common/text/like-pattern.js';
import { BoundRepository } from '../../database/bound-repository.js';

export interface AdminOrganisationRow {
  id: string;
  name: string;
  plan: string;
  isBlocked: boolean;
  closedAt: string | null;
  members: number;
  owners: string[];
  createdAt: string;
}

interface Raw {
  id: string;
  first_name: string;
  plan: string;
  is_blocked: boolean;
  closed_at: Date | null;
  members: string | number;
  owners: string[] | null;
  created_at: Date;
  total: string | number;
}

/** An organisation as the console lists it: its account, how many members, and its owners' addresses. */
const SELECT = `select u.id, u.first_name, u.plan, u.is_blocked, u.closed_at, u.created_at,
    (select count(*) from memberships m where m.org_id = u.id) as members,
    array(select p.email from memberships o join users p on p.id = o.user_id where o.org_id = u.id and o.role = 'owner' order by p.email) as owners`;

/** The console's reads of organisations (issue 51): team organisations, not personal ones, with members and owners. */
@Injectable()
export class OrganizationsAdminRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new OrganizationsAdminRepository(em) as this;
  }

  async list(search: string | undefined, offset: number, limit: number): Promise<{ items: AdminOrganisationRow[]; total: number }> {
    const params: unknown[] = [];
    let filter = '';
    if (search) {
      const pattern = `%${escapeLike(search.toLowerCase())}%`;
      filter = ` and (lower(u.first_name) like ? or exists (select 1 from memberships o join users p on p.id = o.user_id where o.org_id = u.id and o.role = 'owner' and p.email like ?))`;
      params.push(pattern, pattern);
    }
    const rows = await this.em.execute<Raw[]>(
      `${SELECT}, count(*) over () as total
         from users u where u.kind = 'organisation'${filter}
        order by u.created_at desc, u.id limit ? offset ?`,
      [...params, limit, offset],
    );
    return { total: rows.length ? Number(rows[0].total) : 0, items: rows.map(toRow) };
  }

  async find(id: string): Promise<AdminOrganisationRow | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<Raw[]>(`${SELECT}, 1 as total from users u where u.kind = 'organisation' and u.id = ?`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }
}

function toRow(row: Raw): AdminOrganisationRow {
  return {
    id: row.id,
    name: row.first_name,
    plan: row.plan,
    isBlocked: row.is_blocked,
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    members: Number(row.members),
    owners: row.owners ?? [],
    createdAt: new Date(row.created_at).toISOString(),
  };
}

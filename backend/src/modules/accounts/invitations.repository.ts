import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { isUuid } from '../../common/http/uuid.js';
import { BoundRepository } from '../../database/bound-repository.js';

export interface InvitationRow {
  id: string;
  orgId: string;
  email: string;
  role: OrgRole;
  invitedBy: string | null;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

interface RawInvitation {
  id: string;
  org_id: string;
  email: string;
  role: OrgRole;
  invited_by: string | null;
  invited_by_email: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const SELECT = `select i.id, i.org_id, i.email, i.role, i.invited_by, u.email as invited_by_email, i.created_at, i.expires_at, i.accepted_at, i.revoked_at
                  from invitations i left join users u on u.id = i.invited_by`;

function toRow(row: RawInvitation): InvitationRow {
  const date = (value: Date | null) => (value ? new Date(value) : null);
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    invitedByEmail: row.invited_by_email,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    acceptedAt: date(row.accepted_at),
    revokedAt: date(row.revoked_at),
  };
}

/** The invitations table (issue 51): only a token's SHA-256 is stored; one pending invitation per organisation and address. */
@Injectable()
export class InvitationsRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new InvitationsRepository(em) as this;
  }

  /**
   * A pending invitation for the address, made or renewed (a new token and expiry; the old link stops): inviting an
   * address twice is one invitation. Answers it and whether it was new.
   */
  async upsertPending(fields: {
    orgId: string;
    email: string;
    role: OrgRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  }): Promise<{ id: string; created: boolean }> {
    const rows = await this.em.execute<{ id: string; created: boolean }[]>(
      `insert into invitations (id, org_id, email, role, token_hash, invited_by, expires_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (org_id, email) where accepted_at is null and revoked_at is null
       do update set role = excluded.role, token_hash = excluded.token_hash, invited_by = excluded.invited_by, expires_at = excluded.expires_at
       returning id, (xmax = 0) as created`,
      [randomUUID(), fields.orgId, fields.email, fields.role, fields.tokenHash, fields.invitedBy, fields.expiresAt],
    );
    return rows[0];
  }

  async findById(orgId: string, id: string): Promise<InvitationRow | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<RawInvitation[]>(`${SELECT} where i.org_id = ? and i.id = ?`, [orgId, id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The invitation of this token, locked until the transaction ends when `lock` (an acceptance). */
  async findByTokenHash(tokenHash: string, lock = false): Promise<InvitationRow | null> {
    const rows = await this.em.execute<RawInvitation[]>(`${SELECT} where i.token_hash = ?${lock ? ' for update of i' : ''}`, [tokenHash]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The organisation's pending invitations (neither accepted nor revoked), newest first; expired ones included. */
  async pending(orgId: string): Promise<InvitationRow[]> {
    const rows = await this.em.execute<RawInvitation[]>(
      `${SELECT} where i.org_id = ? and i.accepted_at is null and i.revoked_at is null order by i.created_at desc`,
      [orgId],
    );
    return rows.map(toRow);
  }

  async revoke(orgId: string, id: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `update invitations set revoked_at = now() where org_id = ? and id = ? and accepted_at is null and revoked_at is null returning id`,
      [orgId, id],
    );
    return rows.length === 1;
  }

  async revokeAll(orgId: string): Promise<void> {
    await this.em.execute(`update invitations set revoked_at = now() where org_id = ? and accepted_at is null and revoked_at is null`, [orgId]);
  }

  async markAccepted(id: string, userId: string): Promise<void> {
    await this.em.execute(`update invitations set accepted_at = now(), accepted_by = ? where id = ?`, [userId, id]);
  }
}

import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { BoundRepository } from '../../database/bound-repository.js';
import { User } from './user.entity.js';

/** An organisation a person belongs to, as the switcher lists it. */
export interface OrganisationOfMember {
  id: string;
  name: string;
  personal: boolean;
  role: OrgRole;
  plan: User['plan'];
  members: number;
}

export interface MemberRow {
  userId: string;
  email: string;
  name: string;
  role: OrgRole;
  joinedAt: Date;
  keys: number;
}

interface RawMember {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: OrgRole;
  created_at: Date;
  keys: string | number;
}

/**
 * The memberships table (issue 51), after immich's server/src/repositories: who belongs to which organisation, in
 * which role. The session guard reads a member's role through it on every account-area request, so a removed
 * member's access ends at the next request on every instance.
 */
@Injectable()
export class MembershipsRepository extends BoundRepository {
  constructor(em: EntityManager) {
    super(em);
  }

  protected bind(em: EntityManager): this {
    return new MembershipsRepository(em) as this;
  }

  /** The member's role in the organisation and the organisation's account, or null when they are not a member. */
  async access(orgId: string, userId: string): Promise<{ role: OrgRole; org: User } | null> {
    const role = await this.roleOf(orgId, userId);
    if (!role) return null;
    const org = await this.em.findOne(User, { id: orgId });
    return org && !org.closedAt ? { role, org } : null;
  }

  async roleOf(orgId: string, userId: string): Promise<OrgRole | null> {
    const rows = await this.em.execute<{ role: OrgRole }[]>(`select role from memberships where org_id = ? and user_id = ?`, [orgId, userId]);
    return rows[0]?.role ?? null;
  }

  async add(orgId: string, userId: string, role: OrgRole, invitedBy: string | null): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(
      `insert into memberships (org_id, user_id, role, invited_by) values (?, ?, ?, ?) on conflict (org_id, user_id) do nothing returning user_id`,
      [orgId, userId, role, invitedBy],
    );
    return rows.length === 1;
  }

  async setRole(orgId: string, userId: string, role: OrgRole): Promise<void> {
    await this.em.execute(`update memberships set role = ? where org_id = ? and user_id = ?`, [role, orgId, userId]);
  }

  async remove(orgId: string, userId: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(`delete from memberships where org_id = ? and user_id = ? returning user_id`, [orgId, userId]);
    return rows.length === 1;
  }

  async removeAll(orgId: string): Promise<string[]> {
    const rows = await this.em.execute<{ user_id: string }[]>(`delete from memberships where org_id = ? returning user_id`, [orgId]);
    return rows.map((row) => row.user_id);
  }

  /** Takes the person out of every team organisation (a closed account); answers those organisations. */
  async leaveAll(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ org_id: string }[]>(`delete from memberships where user_id = ? and org_id <> user_id returning org_id`, [userId]);
    return rows.map((row) => row.org_id);
  }

  /** How many owners the organisation has, its rows locked until the transaction ends (the last-owner rule). */
  async lockOwners(orgId: string): Promise<string[]> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `select user_id from memberships where org_id = ? and role = 'owner' order by user_id for update`,
      [orgId],
    );
    return rows.map((row) => row.user_id);
  }

  /** The organisations the person belongs to: the personal one first, then by name. */
  async organisationsOf(userId: string): Promise<OrganisationOfMember[]> {
    const rows = await this.em.execute<{ id: string; kind: string; first_name: string; role: OrgRole; plan: User['plan']; members: string | number }[]>(
      `select u.id, u.kind, u.first_name, m.role, u.plan, (select count(*) from memberships c where c.org_id = u.id) as members
         from memberships m join users u on u.id = m.org_id
        where m.user_id = ? and u.closed_at is null
        order by (u.id = ?) desc, lower(u.first_name), u.id`,
      [userId, userId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.kind === 'organisation' ? row.first_name : 'Personal',
      personal: row.kind !== 'organisation',
      role: row.role,
      plan: row.plan,
      members: Number(row.members),
    }));
  }

  /** The organisation's members, owners first, with how many live keys each created in it. */
  async members(orgId: string): Promise<MemberRow[]> {
    const rows = await this.em.execute<RawMember[]>(
      `select m.user_id, u.email, u.first_name, u.last_name, m.role, m.created_at,
              (select count(*) from api_keys k where k.user_id = m.org_id and k.created_by_id = m.user_id) as keys
         from memberships m join users u on u.id = m.user_id
        where m.org_id = ?
        order by array_position(array['owner','admin','developer','billing','viewer']::varchar[], m.role), lower(u.email)`,
      [orgId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
      role: row.role,
      joinedAt: new Date(row.created_at),
      keys: Number(row.keys),
    }));
  }

  /** The e-mail addresses of the organisation's members in these roles (its mails go to them). */
  async addresses(orgId: string, roles: readonly OrgRole[]): Promise<string[]> {
    const rows = await this.em.execute<{ email: string }[]>(
      `select u.email from memberships m join users u on u.id = m.user_id
        where m.org_id = ? and m.role = any(?::varchar[]) and u.closed_at is null and u.kind = 'person' order by u.email`,
      [orgId, `{${roles.join(',')}}`],
    );
    return rows.map((row) => row.email);
  }

  /** Whether the person with this e-mail is a member of the organisation. */
  async isMemberByEmail(orgId: string, email: string): Promise<boolean> {
    const rows = await this.em.execute<unknown[]>(`select 1 from memberships m join users u on u.id = m.user_id where m.org_id = ? and u.email = ?`, [
      orgId,
      email.toLowerCase(),
    ]);
    return rows.length > 0;
  }

  /** Open team organisations (not personal ones) where the person is the only owner: closing the account would orphan them. */
  async soleOwnerOf(userId: string): Promise<string[]> {
    const rows = await this.em.execute<{ org_id: string }[]>(
      `select m.org_id from memberships m join users u on u.id = m.org_id
        where m.user_id = ? and m.role = 'owner' and u.kind = 'organisation' and u.closed_at is null
          and not exists (select 1 from memberships o where o.org_id = m.org_id and o.role = 'owner' and o.user_id <> m.user_id)`,
      [userId],
    );
    return rows.map((row) => row.org_id);
  }
}

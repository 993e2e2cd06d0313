import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { isUuid } from '../../common/http/uuid.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import type { MemberRow, OrganisationOfMember } from '../accounts/memberships.repository.js';
import { UsersRepository } from '../accounts/users.repository.js';
import type { User } from '../accounts/user.entity.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import type { OrgAuditEntry } from '../audit/org-audit.repository.js';
import type { OrgContext } from '../auth/authenticated.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { Session } from '../auth/session.entity.js';
import { AccountKeys } from '../keys/account-keys.js';
import { OrgErrors } from './organizations.errors.js';

/** The reserved, never-mailed address of an organisation's account row (`.invalid` is reserved by RFC 2606). */
export function organisationAddress(id: string): string {
  return `org-${id}@organisations.invalid`;
}

export function organisationName(account: Pick<User, 'kind' | 'firstName'>): string {
  return account.kind === 'organisation' ? account.firstName : 'Personal';
}

export type OrganisationView = OrganisationOfMember;

export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: OrgRole;
  joinedAt: string;
  keys: number;
  you: boolean;
}

/** Who acts: the signed-in person, for the audit. */
export type Actor = Pick<User, 'id' | 'email'>;

/**
 * Organisations and their members (issue 51): creating, switching, renaming, closing, transferring, and the member
 * list with its roles. The rules live here; the tables are accounts' (memberships) and keys' (a removed member's keys).
 */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly keys: AccountKeys,
    private readonly audit: OrgAuditRepository,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(person: User, session: Session): Promise<{ current: string; items: OrganisationView[] }> {
    const items = await this.memberships.fork().organisationsOf(person.id);
    const current = session.orgId && items.some((org) => org.id === session.orgId) ? session.orgId : person.id;
    return { current, items };
  }

  /** A new organisation with the person as its owner; the session switches to it. */
  async create(person: User, session: Session, name: string): Promise<OrganisationView> {
    const id = randomUUID();
    await this.users.transaction(async (tx) => {
      tx.create({ id, email: organisationAddress(id), firstName: name, kind: 'organisation', emailVerified: true });
      await tx.flush();
      await this.memberships.joining(tx.unitOfWork).add(id, person.id, 'owner', null);
      await this.audit.record(this.entry(id, person, 'org.create', 'organisation', id, null, { name }), tx.unitOfWork);
    });
    await this.sessions.switchOrg(session, id);
    return { id, name, personal: false, role: 'owner', plan: 'free', members: 1 };
  }

  async switch(person: User, session: Session, orgId: string): Promise<{ current: string }> {
    if (orgId === person.id) {
      await this.sessions.switchOrg(session, null);
      return { current: person.id };
    }
    if (!(await this.memberships.fork().access(orgId, person.id))) throw OrgErrors.notFound();
    await this.sessions.switchOrg(session, orgId);
    return { current: orgId };
  }

  async rename(org: OrgContext, actor: Actor, name: string): Promise<{ id: string; name: string }> {
    if (org.personal) throw OrgErrors.personal();
    await this.users.transaction(async (tx) => {
      const account = await tx.lockForChange(org.account.id);
      if (!account) throw OrgErrors.notFound();
      const before = account.firstName;
      account.firstName = name;
      await tx.flush();
      await this.audit.record(this.entry(account.id, actor, 'org.rename', 'organisation', account.id, { name: before }, { name }), tx.unitOfWork);
    });
    return { id: org.account.id, name };
  }

  async members(org: OrgContext, person: User): Promise<MemberView[]> {
    return (await this.memberships.fork().members(org.account.id)).map((member) => this.memberView(member, person));
  }

  /**
   * A member's new role. Only an owner makes or unmakes an owner, nobody changes their own role, and the last owner
   * stays one; a personal organisation has only its person as owner.
   */
  async setRole(org: OrgContext, actor: Actor, userId: string, role: OrgRole): Promise<MemberView> {
    if (!isUuid(userId)) throw OrgErrors.memberNotFound(); // anything but a UUID names nobody (never a database error)
    if (userId === actor.id) throw OrgErrors.ownRole();
    const orgId = org.account.id;
    await this.memberships.transaction(async (tx) => {
      const owners = await tx.lockOwners(orgId);
      const current = await tx.roleOf(orgId, userId);
      if (!current) throw OrgErrors.memberNotFound();
      if ((current === 'owner' || role === 'owner') && org.role !== 'owner') throw OrgErrors.forbiddenRole();
      if (role === 'owner' && org.personal) throw OrgErrors.personal();
      if (current === 'owner' && role !== 'owner' && owners.length <= 1) throw OrgErrors.lastOwner();
      if (current === role) return;
      await tx.setRole(orgId, userId, role);
      await this.audit.record(this.entry(orgId, actor, 'member.role_change', 'member', userId, { role: current }, { role }), tx.unitOfWork);
    });
    const member = (await this.memberships.fork().members(orgId)).find((row) => row.userId === userId);
    if (!member) throw OrgErrors.memberNotFound();
    return this.memberView(member, actor);
  }

  /**
   * Removes a member: their sessions lose the organisation at once (the guard reads membership on every request), and
   * the keys they made in it are turned off on every instance. An admin cannot remove an owner; the last owner stays.
   */
  async remove(org: OrgContext, actor: Actor, userId: string): Promise<{ revokedKeys: number }> {
    if (!isUuid(userId)) throw OrgErrors.memberNotFound(); // anything but a UUID names nobody (never a database error)
    const orgId = org.account.id;
    if (org.personal && userId === orgId) throw OrgErrors.personal();
    const revokedKeys = await this.memberships.transaction(async (tx) => {
      const owners = await tx.lockOwners(orgId);
      const current = await tx.roleOf(orgId, userId);
      if (!current) throw OrgErrors.memberNotFound();
      if (current === 'owner' && org.role !== 'owner') throw OrgErrors.forbiddenRole();
      if (current === 'owner' && owners.length <= 1) throw OrgErrors.lastOwner();
      await tx.remove(orgId, userId);
      const revoked = await this.keys.revoke(orgId, userId, tx.unitOfWork);
      const action = userId === actor.id ? 'member.leave' : 'member.remove';
      await this.audit.record(this.entry(orgId, actor, action, 'member', userId, { role: current }, { revokedKeys: revoked }), tx.unitOfWork);
      return revoked;
    });
    await this.keys.revoked(orgId);
    await this.sessions.leaveOrg(userId, orgId);
    return { revokedKeys };
  }

  async leave(org: OrgContext, person: User): Promise<void> {
    if (org.personal) throw OrgErrors.personal();
    await this.remove({ ...org, role: 'owner' }, person, person.id);
  }

  /** The owner hands ownership to a member and becomes an admin. */
  async transfer(org: OrgContext, actor: Actor, userId: string): Promise<void> {
    if (org.personal) throw OrgErrors.personal();
    if (userId === actor.id) throw OrgErrors.ownRole();
    const orgId = org.account.id;
    await this.memberships.transaction(async (tx) => {
      await tx.lockOwners(orgId);
      const current = await tx.roleOf(orgId, userId);
      if (!current) throw OrgErrors.memberNotFound();
      await tx.setRole(orgId, userId, 'owner');
      await tx.setRole(orgId, actor.id, 'admin');
      await this.audit.record(this.entry(orgId, actor, 'org.transfer', 'member', userId, { role: current }, { role: 'owner' }), tx.unitOfWork);
    });
  }

  /** Closes a team organisation: keys off, members and invitations gone, the row kept closed for its invoices and usage. */
  async close(org: OrgContext, actor: Actor): Promise<void> {
    if (org.personal) throw OrgErrors.personal();
    const orgId = org.account.id;
    if (org.account.plan !== 'free' && !org.account.planGranted) throw OrgErrors.subscriptionActive();
    const members = await this.users.transaction(async (tx) => {
      const account = await tx.lockForChange(orgId);
      if (!account || account.closedAt) throw OrgErrors.notFound();
      account.closedAt = new Date();
      await tx.flush();
      await this.keys.revoke(orgId, null, tx.unitOfWork);
      await this.audit.record(this.entry(orgId, actor, 'org.close', 'organisation', orgId, null, null), tx.unitOfWork);
      return this.memberships.joining(tx.unitOfWork).removeAll(orgId);
    });
    await this.keys.revoked(orgId);
    for (const userId of members) await this.sessions.leaveOrg(userId, orgId);
  }

  entry(
    orgId: string,
    actor: Actor,
    action: OrgAuditEntry['action'],
    targetType: OrgAuditEntry['targetType'],
    targetId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): OrgAuditEntry {
    return { orgId, actorId: actor.id, actorEmail: actor.email, action, targetType, targetId, before, after };
  }

  private memberView(member: MemberRow, person: Pick<User, 'id'>): MemberView {
    return { ...member, joinedAt: member.joinedAt.toISOString(), you: member.userId === person.id };
  }

  get appUrl(): string {
    return this.config.appUrl;
  }
}

import { Injectable } from '@nestjs/common';
import { INVITATION_TTL_MS, ORG_ROLE_LABELS } from '@tzapi/shared/org-roles';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { randomToken, sha256 } from '../../common/crypto/tokens.js';
import { InvitationRedemption, refuseInvitation } from '../accounts/invitation-redemption.js';
import { InvitationsRepository } from '../accounts/invitations.repository.js';
import type { InvitationRow } from '../accounts/invitations.repository.js';
import { MembershipsRepository } from '../accounts/memberships.repository.js';
import { UsersRepository } from '../accounts/users.repository.js';
import type { User } from '../accounts/user.entity.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';
import type { OrgContext } from '../auth/authenticated.js';
import { SessionsService } from '../auth/sessions.service.js';
import type { Session } from '../auth/session.entity.js';
import { MailService } from '../mail/mail.service.js';
import { invitationMail } from '../mail/mail.templates.js';
import { OrgErrors } from './organizations.errors.js';
import { OrganizationsService, organisationName } from './organizations.service.js';
import type { Actor } from './organizations.service.js';

/** Invitations an organisation may send (new or renewed) per rolling hour. */
export const INVITATIONS_PER_HOUR = 20;

export interface InvitationView {
  id: string;
  email: string;
  role: OrgRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** What the invitation link's page shows. */
export interface InvitationPreview {
  organization: string;
  role: OrgRole;
  email: string;
  invitedBy: string | null;
  expiresAt: string;
}

/** An invitation as the Team page and the console show it. */
export function toInvitationView(row: InvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invitations (issue 51): sent through the outbox with a single-use token (only its hash is stored) that works for 7
 * days; inviting an address twice renews the one invitation. The answer never says whether the address has an
 * account, and takes the same path either way (one insert, one queued mail), so its timing does not either.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly redemption: InvitationRedemption,
    private readonly users: UsersRepository,
    private readonly audit: OrgAuditRepository,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
    private readonly organizations: OrganizationsService,
  ) {}

  async pending(org: OrgContext): Promise<InvitationView[]> {
    return (await this.invitations.fork().pending(org.account.id)).map(toInvitationView);
  }

  async invite(org: OrgContext, actor: Actor, email: string, role: OrgRole): Promise<{ invitation: InvitationView; created: boolean }> {
    const orgId = org.account.id;
    if (role === 'owner' && (org.role !== 'owner' || org.personal)) throw org.personal ? OrgErrors.personal() : OrgErrors.forbiddenRole();
    if (await this.memberships.fork().isMemberByEmail(orgId, email)) throw OrgErrors.alreadyMember();
    const sent = await this.audit.fork().countSince(orgId, 'member.invite', new Date(Date.now() - 3_600_000));
    if (sent >= INVITATIONS_PER_HOUR) throw OrgErrors.invitationsThrottled(3600);
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const { id, created } = await this.invitations.transaction(async (tx) => {
      const made = await tx.upsertPending({ orgId, email, role, tokenHash: sha256(token), invitedBy: actor.id, expiresAt });
      const link = `${this.organizations.appUrl}/invitations/${token}`;
      await this.mail.queue({ to: email, ...invitationMail({ link, roleLabel: ORG_ROLE_LABELS[role], expiresAt }) }, { em: tx.unitOfWork });
      await this.audit.record(this.organizations.entry(orgId, actor, 'member.invite', 'invitation', made.id, null, { email, role }), tx.unitOfWork);
      return made;
    });
    const row = await this.invitations.fork().findById(orgId, id);
    if (!row) refuseInvitation('not_found');
    return { invitation: toInvitationView(row), created };
  }

  async revoke(org: OrgContext, actor: Actor, id: string): Promise<void> {
    const orgId = org.account.id;
    await this.invitations.transaction(async (tx) => {
      const row = await tx.findById(orgId, id);
      if (!row || !(await tx.revoke(orgId, id))) refuseInvitation('not_found');
      await this.audit.record(
        this.organizations.entry(orgId, actor, 'member.invite_revoke', 'invitation', id, { email: row.email, role: row.role }, null),
        tx.unitOfWork,
      );
    });
  }

  /** The link's page: who invites to what, or the problem that explains why the link no longer works. */
  async preview(token: string): Promise<InvitationPreview> {
    const { state, invitation } = await this.redemption.look(sha256(token));
    if (state !== 'pending' || !invitation) refuseInvitation(state);
    const org = await this.users.fork().findById(invitation.orgId);
    if (!org || org.closedAt) refuseInvitation('not_found');
    return {
      organization: organisationName(org),
      role: invitation.role,
      email: invitation.email,
      invitedBy: invitation.invitedByEmail,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** A signed-in person accepts: they join in the invitation's role, and the session switches to the organisation. */
  async accept(token: string, person: User, session: Session): Promise<{ organization: { id: string; name: string; role: OrgRole } }> {
    const { state, invitation } = await this.redemption.redeem(sha256(token), person);
    if (state !== 'pending' || !invitation) refuseInvitation(state);
    await this.sessions.switchOrg(session, invitation.orgId);
    const org = await this.users.fork().findById(invitation.orgId);
    const role = (await this.memberships.fork().roleOf(invitation.orgId, person.id)) ?? invitation.role;
    return { organization: { id: invitation.orgId, name: org ? organisationName(org) : '', role } };
  }
}

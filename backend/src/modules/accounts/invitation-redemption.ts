import { Injectable } from '@nestjs/common';
import { ProblemException } from '../../common/problems/problem.js';
import type { UnitOfWork } from '../../database/unit-of-work.js';
import { InvitationsRepository } from './invitations.repository.js';
import type { InvitationRow } from './invitations.repository.js';
import { MembershipsRepository } from './memberships.repository.js';
import { OrgAuditRepository } from '../audit/org-audit.repository.js';

/** Where an invitation link stands: only a pending one can be accepted. */
export type InvitationState = 'pending' | 'not_found' | 'used' | 'expired' | 'revoked';

export function invitationState(invitation: InvitationRow | null, now = new Date()): InvitationState {
  if (!invitation) return 'not_found';
  if (invitation.acceptedAt) return 'used';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

/** A token's state as the problem its page explains (404 or 410, each with its code). */
export function refuseInvitation(state: InvitationState): never {
  if (state === 'used')
    throw new ProblemException({ status: 410, code: 'invitation_used', title: 'Gone', detail: 'This invitation has already been accepted.' });
  if (state === 'expired')
    throw new ProblemException({ status: 410, code: 'invitation_expired', title: 'Gone', detail: 'This invitation has expired. Ask for a new one.' });
  if (state === 'revoked') throw new ProblemException({ status: 410, code: 'invitation_revoked', title: 'Gone', detail: 'This invitation was withdrawn.' });
  throw new ProblemException({ status: 404, code: 'invitation_not_found', title: 'Not Found', detail: 'This invitation link is not valid.' });
}

export const invitationEmailMismatch = () =>
  new ProblemException({
    status: 400,
    code: 'invitation_email_mismatch',
    title: 'Bad Request',
    detail: 'Register with the address the invitation was sent to.',
    field: 'email',
  });

/**
 * Accepting an invitation (issue 51): the one place a token becomes a membership, for a signed-in person
 * (organisations) and for one who registers from the link (auth), in the caller's transaction. The row is locked, so
 * a token used twice at once joins once.
 */
@Injectable()
export class InvitationRedemption {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly audit: OrgAuditRepository,
  ) {}

  /** The invitation of a token as its page shows it, and its state. */
  async look(tokenHash: string): Promise<{ state: InvitationState; invitation: InvitationRow | null }> {
    const invitation = await this.invitations.fork().findByTokenHash(tokenHash);
    return { state: invitationState(invitation), invitation };
  }

  /**
   * Makes `userId` a member in the invitation's role, and uses the token up; a person already a member keeps their
   * role. Answers the state the token was in: anything but `pending` changed nothing.
   */
  async redeem(
    tokenHash: string,
    person: { id: string; email: string },
    unitOfWork?: UnitOfWork,
  ): Promise<{ state: InvitationState; invitation: InvitationRow | null }> {
    return this.invitations.within(unitOfWork, async (tx) => {
      const invitation = await tx.findByTokenHash(tokenHash, true);
      const state = invitationState(invitation);
      if (state !== 'pending' || !invitation) return { state, invitation };
      await this.memberships.joining(tx.unitOfWork).add(invitation.orgId, person.id, invitation.role, invitation.invitedBy);
      await tx.markAccepted(invitation.id, person.id);
      await this.audit.record(
        {
          orgId: invitation.orgId,
          actorId: person.id,
          actorEmail: person.email,
          action: 'member.join',
          targetType: 'member',
          targetId: person.id,
          after: { role: invitation.role, invitation: invitation.id },
        },
        tx.unitOfWork,
      );
      return { state, invitation };
    });
  }
}

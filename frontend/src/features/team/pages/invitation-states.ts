import { isApiError } from '../../../lib/api';
import { problemCode } from '../components/team-text';

/** Why an invitation link does not work, each with its page's title and sentence. */
export const DEAD_INVITATIONS = {
  invitation_not_found: {
    title: 'This invitation does not exist',
    text: 'The link may be incomplete: open it again from the invitation e-mail, or ask whoever invited you to send a new one.',
  },
  invitation_used: {
    title: 'This invitation was already used',
    text: 'Each invitation link works once. If it was you who accepted it, sign in: the organisation is in your dashboard.',
  },
  invitation_expired: {
    title: 'This invitation has expired',
    text: 'Invitation links work for 7 days. Ask whoever invited you to invite you again.',
  },
  invitation_revoked: {
    title: 'This invitation was withdrawn',
    text: 'The organisation revoked it. Ask whoever invited you if they meant to.',
  },
} as const;

export type DeadInvitation = keyof typeof DEAD_INVITATIONS;

/** The reason a failed load names (404 and 410 with their codes; a bare 404 reads as not found), else null. */
export function deadInvitation(error: unknown): DeadInvitation | null {
  if (!isApiError(error)) return null;
  const code = problemCode(error);
  if (code && code in DEAD_INVITATIONS) return code as DeadInvitation;
  if (error.status === 404) return 'invitation_not_found';
  if (error.status === 410) return 'invitation_used';
  return null;
}

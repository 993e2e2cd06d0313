import { ProblemException } from '../../common/problems/problem.js';

/** The organisations module's problem codes (issue 51); their HTTP status is in src/problem-codes.ts. */
export type OrganizationsProblemCode =
  | 'organization_not_found'
  | 'personal_organization'
  | 'subscription_active'
  | 'last_owner'
  | 'own_role'
  | 'member_not_found'
  | 'already_member'
  | 'invitations_throttled'
  | 'invitation_not_found'
  | 'invitation_used'
  | 'invitation_expired'
  | 'invitation_revoked'
  | 'invitation_email_mismatch';

export const OrgErrors = {
  notFound: () => new ProblemException({ status: 404, code: 'organization_not_found', title: 'Not Found', detail: 'No such organisation of yours.' }),
  personal: () =>
    new ProblemException({
      status: 409,
      code: 'personal_organization',
      title: 'Conflict',
      detail: 'Your personal organisation is your own account: it cannot be renamed, transferred, left or closed on its own.',
    }),
  subscriptionActive: () =>
    new ProblemException({
      status: 409,
      code: 'subscription_active',
      title: 'Conflict',
      detail: 'Cancel the organisation’s subscription before closing it.',
    }),
  lastOwner: () => new ProblemException({ status: 409, code: 'last_owner', title: 'Conflict', detail: 'An organisation always keeps at least one owner.' }),
  /** Only an owner makes, unmakes or removes an owner. */
  forbiddenRole: () =>
    new ProblemException({ status: 403, code: 'org_permission', title: 'Forbidden', detail: 'Only an owner can change or remove an owner.' }),
  ownRole: () => new ProblemException({ status: 403, code: 'own_role', title: 'Forbidden', detail: 'You cannot change your own role.' }),
  memberNotFound: () => new ProblemException({ status: 404, code: 'member_not_found', title: 'Not Found', detail: 'No such member of this organisation.' }),
  alreadyMember: () =>
    new ProblemException({ status: 409, code: 'already_member', title: 'Conflict', detail: 'This address already belongs to a member of the organisation.' }),
  invitationsThrottled: (retryAfterSeconds: number) =>
    new ProblemException({
      status: 429,
      code: 'invitations_throttled',
      title: 'Too Many Requests',
      detail: 'This organisation has sent too many invitations in the last hour. Please try again later.',
      extra: { retryAfter: retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
};

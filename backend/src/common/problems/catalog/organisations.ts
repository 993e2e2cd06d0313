import { problemType as p, type ProblemType } from '../problem-type.js';

/** The problem types of organisations, members, roles and invitations (issue 51; see problem-catalog.ts). */
export const ORGANISATIONS: ProblemType[] = [
  p(
    'org_permission',
    403,
    'Your role does not allow this',
    'Your role in the current organisation lacks the permission this route needs; `role` and `permission` name both.',
    'Ask an owner or admin of the organisation for another role, or switch organisation.',
  ),
  p(
    'organization_not_found',
    404,
    'Organisation not found',
    'You are not a member of an organisation with this id.',
    'List yours with GET /api/organizations.',
  ),
  p(
    'personal_organization',
    409,
    'Not for a personal organisation',
    'Your personal organisation is your own account: it cannot be renamed, transferred, left, closed on its own, or given another owner.',
    'Create a team organisation for that.',
  ),
  p(
    'subscription_active',
    409,
    'Subscription still active',
    'The organisation pays for a plan; closing it would leave the subscription running.',
    'Cancel the subscription in Billing first.',
  ),
  p(
    'last_owner',
    409,
    'Last owner',
    'An organisation always keeps at least one owner, and this would leave it without one.',
    'Make another member an owner first.',
  ),
  p('own_role', 403, 'Your own role', 'Nobody changes their own role.', 'Ask another owner or admin.'),
  p('member_not_found', 404, 'Member not found', 'Nobody with this id belongs to the current organisation.', 'List the members first.'),
  p('already_member', 409, 'Already a member', 'The address belongs to a member of the organisation.', 'Change their role instead.'),
  p(
    'invitations_throttled',
    429,
    'Too many invitations',
    'An organisation sends at most 20 invitations (new or renewed) an hour.',
    'Wait for the number of seconds in Retry-After.',
  ),
  p('invitation_not_found', 404, 'Invitation not found', 'The invitation link is not valid.', 'Ask for a new invitation.'),
  p('invitation_used', 410, 'Invitation already used', 'The invitation was accepted; a link works once.', 'Sign in: you are a member already.'),
  p('invitation_expired', 410, 'Invitation expired', 'Invitations work for 7 days.', 'Ask the organisation for a new one.'),
  p('invitation_revoked', 410, 'Invitation withdrawn', 'The organisation withdrew the invitation.', 'Ask the organisation if it was a mistake.'),
  p(
    'invitation_email_mismatch',
    400,
    'Not the invited address',
    'Registering from an invitation takes the address it was sent to.',
    'Register with that address, or sign in and accept it with your account.',
  ),
];

import { ORG_AUDIT_ACTIONS } from '@tzapi/shared/org-roles';
import type { OrgAuditAction } from '@tzapi/shared/org-roles';
import type { Models } from '../../lib/api-models';

/**
 * The organisation routes' models (issue 51), aliases of the generated schema: a change on the backend that the
 * Team pages do not follow is a type error.
 */
export type OrganizationSummary = Models['OrganisationResponse'];
export type OrganizationList = Models['OrganisationsResponse'];
export type Member = Models['MemberResponse'];
export type Invitation = Models['InvitationResponse'];
/** GET /api/invitations/:token (public). */
export type InvitationPreview = Models['InvitationPreviewResponse'];
export type AuditEntry = Models['OrgAuditRowResponse'];

/** The audit's actions: one list with the server's (packages/shared). */
export const AUDIT_ACTIONS = ORG_AUDIT_ACTIONS;
export type AuditAction = OrgAuditAction;

export interface AuditFilter {
  action?: AuditAction;
  actorId?: string;
  /** ISO instants (the start of the first day, the end of the last). */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

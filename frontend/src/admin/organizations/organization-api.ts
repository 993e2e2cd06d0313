import type { GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import type { OrgRole } from '@tzapi/shared/org-roles';
import type { Models } from '../../lib/api-models';

// The console's account models, as dataProvider names them (not imported from it: it imports this file).
type PlanId = Models['AdminUserView']['plan'];
type AdminUser = Models['AdminUserView'];
type AccountLimits = Models['EffectiveLimitsView'];

/**
 * The console's organisation routes as docs/organisations.md states them (not in openapi.json yet): the list answers
 * `{ items, total }` to `?search=&page=&pageSize=`, not ra-data-simple-rest's Content-Range, so the data provider
 * reads them here. Once generated, these types become `Models[...]` aliases.
 */
export interface AdminOrganization {
  id: string;
  name: string;
  plan: PlanId;
  isBlocked: boolean;
  members: number;
  /** The owners' e-mails (or their count, as the server answers it). */
  owners: string[] | number;
  createdAt: string;
}

export interface AdminOrganizationMember {
  userId: string;
  email: string;
  name?: string;
  role: OrgRole;
  joinedAt?: string;
}

export interface AdminOrganizationInvitation {
  id: string;
  email: string;
  role: OrgRole;
  invitedBy?: string;
  expiresAt?: string;
}

/** GET /api/admin/organizations/:id: the organisation's account, its members and pending invitations. */
export interface AdminOrganizationDetail extends Omit<AdminOrganization, 'members' | 'owners'> {
  planGranted?: boolean;
  limits?: AccountLimits;
  customLimits?: AdminUser['customLimits'];
  closedAt?: string | null;
  members: AdminOrganizationMember[];
  invitations: AdminOrganizationInvitation[];
}

export const ORGANIZATIONS_API = '/api/admin/organizations';

/** The list's query: react-admin's search box (`q`), page and page size in the route's words. */
export function organizationsListUrl(params: Pick<GetListParams, 'filter' | 'pagination'>): string {
  const query = new URLSearchParams();
  const search = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
  if (search) query.set('search', search);
  query.set('page', String(params.pagination?.page ?? 1));
  query.set('pageSize', String(params.pagination?.perPage ?? 25));
  return `${ORGANIZATIONS_API}?${query}`;
}

type Json = (url: string) => Promise<unknown>;

export async function getOrganizations(json: Json, params: GetListParams): Promise<GetListResult<AdminOrganization>> {
  const answer = (await json(organizationsListUrl(params))) as { items: AdminOrganization[]; total: number };
  return { data: answer.items, total: answer.total };
}

export async function getOrganization(json: Json, params: GetOneParams): Promise<GetOneResult<AdminOrganizationDetail>> {
  const answer = (await json(`${ORGANIZATIONS_API}/${encodeURIComponent(String(params.id))}`)) as AdminOrganizationDetail;
  return { data: answer };
}

const NO_LIMITS: AccountLimits = { hourlyQuota: null, burstPerSecond: null, custom: false };

/**
 * The organisation as the account it is (docs/organisations.md: an organisation is a `users` row), for the user
 * page's plan, block and limits actions, which act through `/admin/users/:id/...` with its id. Its name stands where
 * they say a person's e-mail.
 */
export function organizationAsAccount(org: AdminOrganizationDetail): AdminUser {
  return {
    id: org.id,
    email: org.name,
    firstName: '',
    lastName: '',
    plan: org.plan,
    planGranted: org.planGranted ?? false,
    role: 'user',
    isBlocked: org.isBlocked,
    emailVerified: true,
    createdAt: org.createdAt,
    profileImageUrl: null,
    limits: org.limits ?? NO_LIMITS,
    customLimits: org.customLimits ?? { hourlyQuota: null, burstPerSecond: null },
    closedAt: org.closedAt ?? null,
  };
}

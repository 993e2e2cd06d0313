import { ORG_AUDIT_ACTIONS } from '@tzapi/shared/org-roles';
import type { OrgAuditAction } from '@tzapi/shared/org-roles';
import type { OrgRole } from '@tzapi/shared/org-roles';
import { apiRequest, type ApiRequestOptions } from '../../lib/api';

/**
 * The organisation routes of issue 51 as docs/organisations.md states them, typed by route like `lib/api.ts` types the
 * generated schema's paths. They are not in openapi.json yet: once the backend's routes are generated, each call below
 * becomes `api.get('/api/organizations')` and these interfaces become `Models[...]` aliases; the callers keep their shape.
 */

export interface OrganizationSummary {
  id: string;
  name: string;
  personal: boolean;
  role: OrgRole;
  plan: string;
  members: number;
}

export interface OrganizationList {
  current: string;
  items: OrganizationSummary[];
}

export interface Organization {
  id: string;
  name: string;
  personal: boolean;
  role: OrgRole;
}

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: OrgRole;
  joinedAt: string;
  keys: number;
  you: boolean;
}

export interface Invitation {
  id: string;
  email: string;
  role: OrgRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** GET /api/invitations/:token (public). */
export interface InvitationPreview {
  organization: string | { id?: string; name: string };
  role: OrgRole;
  email: string;
  invitedBy: string;
  expiresAt: string;
}

/** The audit's actions: one list with the server's (packages/shared). */
export const AUDIT_ACTIONS = ORG_AUDIT_ACTIONS;
export type AuditAction = OrgAuditAction;

export interface AuditEntry {
  id: string;
  action: AuditAction;
  actorId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  action?: AuditAction;
  actorId?: string;
  /** ISO instants (the start of the first day, the end of the last). */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** The register form's answer when the invitation signs the new account in. */
export interface InvitedRegistration {
  signedIn?: boolean;
  email?: string;
  needsVerification?: boolean;
}

type Query = Record<string, string | number | undefined>;

/** Each route: its path parameters, query, body and success answer. */
export interface TeamRoutes {
  'GET /api/organizations': { answer: OrganizationList };
  'POST /api/organizations': { body: { name: string }; answer: Organization };
  'POST /api/organizations/switch': { body: { organizationId: string }; answer: { current: string | Organization } };
  'PATCH /api/organization': { body: { name: string }; answer: Organization };
  'DELETE /api/organization': { answer: void };
  'POST /api/organization/transfer': { body: { userId: string }; answer: unknown };
  'POST /api/organization/leave': { answer: void };
  'GET /api/organization/members': { answer: { items: Member[] } };
  'PATCH /api/organization/members/{userId}': { path: { userId: string }; body: { role: OrgRole }; answer: Member };
  'DELETE /api/organization/members/{userId}': { path: { userId: string }; answer: { revokedKeys: number } };
  'GET /api/organization/invitations': { answer: { items: Invitation[] } };
  'POST /api/organization/invitations': { body: { email: string; role: OrgRole }; answer: Invitation };
  'DELETE /api/organization/invitations/{id}': { path: { id: string }; answer: void };
  'GET /api/organization/audit': { query: AuditFilter; answer: { items: AuditEntry[]; total: number } };
  'GET /api/invitations/{token}': { path: { token: string }; answer: InvitationPreview };
  'POST /api/invitations/{token}/accept': { path: { token: string }; answer: { organization: Organization | { id: string; name: string; role: OrgRole } } };
  'POST /api/auth/register': { body: { name: string; email: string; password: string; invitationToken: string }; answer: InvitedRegistration };
}

export type TeamRoute = keyof TeamRoutes;
type Init<R extends TeamRoute> = Omit<TeamRoutes[R], 'answer'>;
type InitArgs<R extends TeamRoute> = keyof Init<R> extends never ? [init?: Init<R>] : [init: Init<R>];

/** The URL of a route: path parameters filled in (encoded), the query's set members appended. */
export function teamUrl(path: string, params: { path?: Record<string, string>; query?: Query } = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params.path?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** One call through the app's client core (session cookie, JSON, ApiError with the problem); the answer's JSON, if any. */
export async function teamCall<R extends TeamRoute>(route: R, ...args: InitArgs<R>): Promise<TeamRoutes[R]['answer']> {
  const [method, path] = route.split(' ') as [NonNullable<ApiRequestOptions['method']>, string];
  const init = (args[0] ?? {}) as { path?: Record<string, string>; query?: Query; body?: unknown };
  const { text } = await apiRequest(teamUrl(path, init), {
    method,
    ...(init.body !== undefined && { encodedBody: JSON.stringify(init.body), headers: { 'Content-Type': 'application/json' } }),
  });
  return (text ? JSON.parse(text) : undefined) as TeamRoutes[R]['answer'];
}

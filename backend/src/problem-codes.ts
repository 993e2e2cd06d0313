/**
 * The app's table of problem codes: each module declares its own codes (its *.errors.ts) and this file, at the top
 * beside app.module.ts, joins them with the plumbing's and gives each its HTTP status. common/ imports nothing from
 * here: the table reaches common/problems/problem-code.ts by declaration merging (below).
 */
import type { AdminProblemCode } from './modules/admin/admin.errors.js';
import type { AstronomyProblemCode } from './modules/astronomy/astronomy.errors.js';
import type { AuthProblemCode } from './modules/auth/auth.errors.js';
import type { BusinessTimeProblemCode } from './modules/business-time/business-time.errors.js';
import type { PlanningProblemCode } from './modules/planning/planning.errors.js';
import type { RecurrenceProblemCode } from './modules/timezone/recurrence/recurrence.errors.js';
import type { BillingProblemCode } from './modules/billing/billing.errors.js';
import type { KeysProblemCode } from './modules/keys/keys.errors.js';
import type { McpProblemCode } from './modules/mcp/mcp.errors.js';
import type { OrganizationsProblemCode } from './modules/organizations/organizations.errors.js';
import type { SelfServiceProblemCode } from './modules/self-service/self-service.errors.js';
import type { TimezoneProblemCode } from './modules/timezone/timezone.errors.js';
import type { IpLocationProblemCode } from './modules/timezone/ip/ip.errors.js';
import type { AirportProblemCode } from './modules/timezone/airports/airport.errors.js';
import type { TzdbProblemCode } from './modules/tzdb/tzdb.errors.js';
import type { UsageProblemCode } from './modules/usage/usage.errors.js';
import type { WebhooksProblemCode } from './modules/webhooks/webhooks.errors.js';

export type { ProblemCode } from './common/problems/problem-code.js';

/** Codes answered by the plumbing (common/, app.factory, the problem filter's generic ones, the cluster's balancer). */
export type CommonProblemCode =
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_json'
  | 'body_too_deep'
  | 'body_too_complex'
  | 'unauthenticated'
  | 'metrics_token_required'
  | 'forbidden'
  | 'csrf_rejected'
  | 'not_found'
  | 'method_not_allowed'
  | 'not_acceptable'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  | 'bad_gateway'
  | 'service_unavailable';

/** Every code a problem document of this API carries: one union per module. */
export type AppProblemCode =
  | CommonProblemCode
  | AdminProblemCode
  | AstronomyProblemCode
  | AuthProblemCode
  | BillingProblemCode
  | BusinessTimeProblemCode
  | PlanningProblemCode
  | RecurrenceProblemCode
  | KeysProblemCode
  | McpProblemCode
  | OrganizationsProblemCode
  | SelfServiceProblemCode
  | TimezoneProblemCode
  | IpLocationProblemCode
  | AirportProblemCode
  | TzdbProblemCode
  | UsageProblemCode
  | WebhooksProblemCode;

/**
 * The one place a code meets its HTTP status (a list where one code has several). `satisfies` makes it exhaustive:
 * a code added to a module's union without a status here, or a status here for no code, does not compile; and
 * ProblemException only accepts a status this table allows for its code.
 */
export const PROBLEM_STATUS = {
  // common
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  body_too_deep: 400,
  body_too_complex: 400,
  unauthenticated: 401,
  metrics_token_required: 401,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
  // admin
  invalid_query: 400,
  cannot_block_self: 409,
  account_closed: 409,
  // astronomy
  invalid_place: 400,
  unknown_city: 404,
  invalid_elevation: 400,
  date_out_of_range: 400,
  range_too_long: 400,
  // planning
  invalid_participants: 400,
  invalid_participant: 400,
  invalid_step: 400,
  invalid_working_hours: 400,
  // recurrence (timezone)
  invalid_recurrence: 400,
  recurrence_count_too_large: 400,
  too_many_occurrences: 400,
  // auth
  invalid_token: 400,
  no_password: 400,
  wrong_password: 400,
  invalid_credentials: 401,
  session_expired: 401,
  // 401 at sign-in; 400 where a signed-in form (closing the account) asks for it.
  totp_required: [401, 400],
  /** 401 at sign-in, 400 on the profile's two-factor forms. */
  totp_invalid: [401, 400],
  account_blocked: 403,
  org_permission: 403,
  email_not_verified: 403,
  totp_enrollment_required: 403,
  totp_mandatory: 403,
  totp_already_enabled: 409,
  totp_not_enabled: 409,
  totp_setup_missing: 409,
  too_many_attempts: 429,
  // billing
  downgrade_not_supported: 400,
  invalid_card: 400,
  invalid_signature: 400,
  no_billing_account: 400,
  invoice_not_paid: 409,
  plan_change_not_paid: 402,
  // self-service
  email_mismatch: 400,
  super_admin_cannot_close: 403,
  export_not_ready: 409,
  no_subscription: 400,
  same_plan: 400,
  invalid_portal_session: 403,
  payment_not_found: 404,
  subscription_not_found: 404,
  already_subscribed: 409,
  billing_change_in_progress: 409,
  payment_provider_unavailable: 502,
  // keys
  invalid_api_key: 401,
  malformed_api_key: 401,
  missing_api_key: 401,
  domain_not_allowed: 403,
  inactive_api_key: 403,
  ip_not_allowed: 403,
  key_expired: 401,
  key_scope: 403,
  key_limit_above_plan: 400,
  // timezone
  invalid_timezone: 400,
  invalid_datetime: 400,
  invalid_local_time: 400,
  invalid_coordinates: 400,
  invalid_timespan: 400,
  invalid_date: 400,
  invalid_range: 400,
  datetime_out_of_range: 400,
  invalid_ip: 400,
  ip_not_public: 422,
  ip_not_located: 404,
  // business-time
  unknown_country: 400,
  unknown_subdivision: 400,
  year_out_of_range: 400,
  days_out_of_range: 400,
  working_time_out_of_range: 400,
  invalid_opening_hours: 400,
  invalid_weekend: 400,
  unknown_airport: 404,
  // mcp
  answer_too_large: 400,
  // tzdb
  invalid_release: 400,
  older_release: 409,
  unknown_release: 404,
  invalid_history: 400,
  build_unavailable: 404,
  // usage
  invalid_cursor: 400,
  invalid_status_filter: 400,
  request_not_found: 404,
  analytics_plan_required: 403,
  // webhooks
  webhooks_plan_required: 403,
  webhook_url_refused: 422,
  webhook_not_found: 404,
  webhook_delivery_not_found: 404,
  webhook_endpoint_limit: 409,
  webhook_sends_throttled: 429,
  webhook_cursor_invalid: 400,
  // organisations
  organization_not_found: 404,
  personal_organization: 409,
  subscription_active: 409,
  last_owner: 409,
  own_role: 403,
  member_not_found: 404,
  already_member: 409,
  invitations_throttled: 429,
  invitation_not_found: 404,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_revoked: 410,
  invitation_email_mismatch: 400,
} as const satisfies Record<AppProblemCode, number | readonly number[]>;

type AppStatusTable = typeof PROBLEM_STATUS;

/** The table, handed to common/'s problem types: ProblemException checks a code and its status against it. */
declare module './common/problems/problem-code.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge is the point
  interface ProblemStatusTable extends AppStatusTable {}
}

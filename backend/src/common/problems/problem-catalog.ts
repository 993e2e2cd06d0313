import type { ProblemCode, StatusOf } from './problem-code.js';

/**
 * Every problem `code` the server answers, with its HTTP status and what a client should make of it. The errors
 * page of the site (/docs/errors, one section per code) is generated from this list (openapi/problem-types.json),
 * and a test checks that every code in the source is here with the status it is sent with.
 */
export interface ProblemType {
  code: string;
  status: number;
  title: string;
  /** What happened, in one or two sentences. */
  meaning: string;
  /** What the client or user can do about it. */
  action: string;
}

/** Typed against the app's code table (src/problem-codes.ts, merged into problem-code.ts): a code that does not exist, or a status it is never sent with, does not compile. */
const p = <C extends ProblemCode>(code: C, status: StatusOf<C>, title: string, meaning: string, action: string): ProblemType => ({
  code,
  status,
  title,
  meaning,
  action,
});

export const PROBLEM_TYPES: ProblemType[] = [
  // ---- the time zone API -----------------------------------------------------------------------------
  p(
    'missing_api_key',
    401,
    'API key missing',
    'The request carried no API key.',
    'Send your key in the X-API-Key header (or Authorization: Bearer <key>). Keys are never read from the query string.',
  ),
  p(
    'malformed_api_key',
    401,
    'Malformed API key',
    'The key is not in the tzk_live_… format or its checksum does not match: usually a truncated or masked copy.',
    'Copy the full key again from the API Keys page (Reveal or Copy), not the masked one.',
  ),
  p(
    'invalid_api_key',
    401,
    'Unknown API key',
    'No key with this value exists: it was deleted or rotated.',
    'Use a current key from the API Keys page; after a rotation, only the new key works.',
  ),
  p('inactive_api_key', 403, 'API key inactive', 'The key exists but is switched off.', 'Activate it again on the API Keys page, or use another key.'),
  p('account_blocked', 403, 'Account blocked', 'The account that owns the key (or the signed-in account) is blocked.', 'Contact support.'),
  p(
    'ip_not_allowed',
    403,
    'IP address not allowed',
    "The key has IP restrictions and the caller's address is not among them.",
    "Add the address or CIDR range to the key's IP restrictions, or call from an allowed address.",
  ),
  p(
    'domain_not_allowed',
    403,
    'Domain not allowed',
    "The key has domain restrictions and the request's Origin (or Referer) host is not among them.",
    "Add the host (wildcards like *.example.com work) to the key's domain restrictions.",
  ),
  p(
    'rate_limited',
    429,
    'Too many requests',
    "The plan's limit was reached: 100 requests per rolling hour on Free, or the per-second fair-use burst on paid plans.",
    'Wait for the number of seconds in Retry-After, or upgrade the plan. The RateLimit headers on every answer show what is left.',
  ),
  p(
    'invalid_timezone',
    400,
    'Invalid time zone',
    'The zone is not an IANA time zone name (abbreviations such as BST are not accepted).',
    'Use a name like Europe/London; GET /api/timezone/list and /api/timezone/search list them.',
  ),
  p(
    'invalid_datetime',
    400,
    'Invalid date-time',
    'The date-time could not be read.',
    'Send ISO 8601, for example 2026-03-29T02:30:00 or 2026-03-29T02:30:00Z.',
  ),
  p(
    'invalid_local_time',
    400,
    'Invalid local time',
    'The local time does not exist in that zone: it falls in a daylight saving gap. The answer names the gap and the first valid time after it.',
    'Send a valid time, or choose how gaps resolve with dstAmbiguity (earlier, later or compatible).',
  ),
  p(
    'invalid_coordinates',
    400,
    'Invalid coordinates',
    'Latitude or longitude is missing or out of range.',
    'Latitude must be within -90..90 and longitude within -180..180.',
  ),
  p(
    'invalid_timespan',
    400,
    'Invalid time span',
    'The time span could not be read.',
    'Use [-][d.]hh:mm:ss[.fff] (for example 1.12:30:00) or an ISO 8601 duration (P1DT12H30M).',
  ),
  p('invalid_date', 400, 'Invalid date', 'The date could not be read.', 'Send YYYY-MM-DD.'),
  p(
    'invalid_range',
    400,
    'Invalid range',
    'The range is not valid: the end is before the start, or it spans more than the endpoint allows.',
    'Check from and to (and their order); narrow the range.',
  ),
  p(
    'datetime_out_of_range',
    400,
    'Date-time out of range',
    'The date-time is outside the years the API computes.',
    'Use a date between the years the endpoint documents.',
  ),
  p(
    'invalid_ip',
    400,
    'Invalid IP address',
    'The ip parameter is not an IPv4 or IPv6 address.',
    'Send an address such as 81.2.69.142 or 2001:67c:2e8::1, or leave ip out to locate your own address.',
  ),
  p(
    'ip_not_public',
    422,
    'IP address not public',
    'The address is private, loopback, link-local, shared (CGNAT), documentation, multicast or reserved: it has no place on the map. `range` and `kind` say which.',
    "Send the device's public address; behind a proxy, run the server with TRUST_PROXY so X-Forwarded-For is read.",
  ),
  p(
    'ip_not_located',
    404,
    'IP address not located',
    'The address is public, but the IP location data holds no time zone for it.',
    'Ask by city (GET /api/timezone/lookup) or by coordinates (GET /api/timezone/coordinate) instead.',
  ),
  p(
    'unknown_airport',
    404,
    'Unknown airport',
    "No airport in the airport data (OurAirports' medium and large airports) has this IATA or ICAO code.",
    'Check the code (LHR is IATA, EGLL is ICAO), or ask by coordinates (GET /api/time/current/coordinate).',
  ),
  p(
    'answer_too_large',
    400,
    'Answer too large',
    'An MCP tool call would answer more than a tool call may hand back (64 KiB of JSON), or the calls of one JSON-RPC batch together more than 256 KiB.',
    'Narrow the range (list_transitions over a few decades rather than 1970-2100), or send the remaining calls of the batch in another request.',
  ),
  p('not_acceptable', 406, 'Not acceptable', 'The format asked for (format= or Accept) is not one the API answers in.', 'Ask for json (default), xml or csv.'),
  // ---- requests in general ------------------------------------------------------------------------------
  p(
    'validation_failed',
    400,
    'Validation failed',
    'One or more fields are missing or invalid; `errors` lists each field with its message.',
    'Fix the fields named in `errors` and send the request again.',
  ),
  p(
    'invalid_json',
    400,
    'Invalid JSON',
    'The request body is not valid JSON, or is empty while Content-Type says JSON.',
    'Send a valid JSON body with Content-Type: application/json.',
  ),
  p(
    'body_too_deep',
    400,
    'Body nested too deeply',
    'The JSON body nests objects or arrays deeper than any endpoint needs.',
    'Send the documented request shape.',
  ),
  p('body_too_complex', 400, 'Body too complex', 'The JSON body holds more keys or items than any endpoint needs.', 'Send the documented request shape.'),
  p('bad_request', 400, 'Bad request', 'The request could not be processed as sent.', 'Check the request against the API reference.'),
  p(
    'payload_too_large',
    413,
    'Payload too large',
    'The request body is larger than this endpoint accepts.',
    'Send a smaller body (conversion/multi takes up to 100 zones).',
  ),
  p('unsupported_media_type', 415, 'Unsupported media type', 'The body was not sent as JSON.', 'Send the body as application/json.'),
  p('method_not_allowed', 405, 'Method not allowed', 'The path exists but not with this HTTP method.', 'Use the method the API reference documents.'),
  p('not_found', 404, 'Not found', 'No route or record matches the request.', 'Check the path and the id.'),
  p(
    'invalid_query',
    400,
    'Invalid query',
    'A list parameter (range, sort or filter) is not valid JSON or names an unknown field.',
    'Send range, sort and filter as documented.',
  ),
  p(
    'invalid_cursor',
    400,
    'Invalid cursor',
    'The paging cursor is not one the API gave out, or it expired.',
    'Start again from the first page without a cursor.',
  ),
  p(
    'invalid_status_filter',
    400,
    'Invalid status filter',
    'The request log’s status filter is neither an HTTP status (404) nor a status class (4xx).',
    'Send an exact status such as 429 or a class such as 5xx.',
  ),
  p(
    'request_not_found',
    404,
    'Request not found',
    'No request of your account has this id in the request log: it is another account’s, past the retention period, or not an id the log gave out.',
    'Open the request from the log’s list, or search by its X-Request-Id.',
  ),
  p(
    'analytics_plan_required',
    403,
    'Advanced analytics need the Premium plan',
    'Latency percentiles and status-stacked series are part of the Premium and Enterprise plans.',
    'Upgrade under Billing; the request log itself is on every plan.',
  ),
  p(
    'csrf_rejected',
    403,
    'Cross-site request refused',
    'A state-changing request with a session cookie came from another site, or not as JSON.',
    'Call the account API from this site, with a JSON body; API keys are for the public API.',
  ),
  p('conflict', 409, 'Conflict', 'The request conflicts with the current state of the record.', 'Reload and try again.'),
  p(
    'internal_error',
    500,
    'Internal server error',
    'Something went wrong on our side; the error was logged.',
    'Try again; if it persists, contact support with the time of the request.',
  ),
  p(
    'service_unavailable',
    503,
    'Service unavailable',
    'A service the request needs (such as the database) is not reachable right now.',
    'Retry after the number of seconds in Retry-After; /status shows the state of each service.',
  ),
  p('bad_gateway', 502, 'Bad gateway', 'No server instance answered the request.', 'Retry in a moment.'),
  p(
    'metrics_token_required',
    401,
    'Metrics token required',
    'The Prometheus metrics page needs the operator token.',
    'Send Authorization: Bearer <METRICS_TOKEN>.',
  ),
  // ---- sign-in and account ----------------------------------------------------------------------------------
  p('unauthenticated', 401, 'Signed out', 'The route needs a signed-in session and there is none.', 'Sign in again.'),
  p('session_expired', 401, 'Session expired', 'The session ran out: it was idle too long or reached its absolute lifetime.', 'Sign in again.'),
  p(
    'forbidden',
    403,
    'Forbidden',
    'The signed-in account may not use this route (for example the console, which is for the super admin).',
    'Use an account with access.',
  ),
  p(
    'invalid_credentials',
    401,
    'Wrong e-mail or password',
    'The e-mail and password do not match an account.',
    'Check both, or reset the password with Forgot password.',
  ),
  p(
    'email_not_verified',
    403,
    'E-mail not verified',
    'The account exists but its e-mail address is not confirmed yet.',
    'Click the link in the verification e-mail, or send a new one from the verification page.',
  ),
  p(
    'too_many_attempts',
    429,
    'Too many attempts',
    'Too many sign-in, registration, reset or support attempts from this address or for this e-mail.',
    'Wait for the number of seconds in Retry-After.',
  ),
  p('invalid_token', 400, 'Invalid or expired link', 'The reset or verification link is invalid, was used already or expired.', 'Request a new link.'),
  p(
    'wrong_password',
    400,
    'Wrong current password',
    "The current password given for a change is not the account's password.",
    'Enter the current password again.',
  ),
  p(
    'no_password',
    400,
    'No password set',
    'The account signs in through the identity provider and has no password to check.',
    'Set a password with Forgot password, or use the identity provider.',
  ),
  p(
    'totp_required',
    401,
    'Two-factor code required',
    'The password was right; the account also needs a code from its authenticator app.',
    'Enter the 6-digit code (or a recovery code).',
  ),
  p(
    'totp_invalid',
    400,
    'Invalid two-factor code',
    'The code is wrong, expired or was already used.',
    'Enter the current code from the authenticator app, or a recovery code.',
  ),
  p(
    'totp_already_enabled',
    409,
    'Two-factor already on',
    'Two-factor sign-in is already enabled for this account.',
    'Nothing to do; disable it first to enrol a new device.',
  ),
  p('totp_not_enabled', 409, 'Two-factor not on', 'Two-factor sign-in is not enabled, so there is nothing to disable.', 'Nothing to do.'),
  p(
    'totp_setup_missing',
    409,
    'No enrolment started',
    'A code was sent to confirm an enrolment that was never started (or expired).',
    'Start the enrolment again to get a new QR code.',
  ),
  p(
    'totp_mandatory',
    403,
    'Two-factor required for this role',
    'Super admins must keep two-factor sign-in on.',
    'Keep it on; enrol a new device instead of disabling it.',
  ),
  p(
    'totp_enrollment_required',
    403,
    'Two-factor enrolment required',
    'The console is available only once two-factor sign-in is on for the super admin.',
    "Enrol an authenticator app from the console's enrolment page.",
  ),
  // ---- billing ------------------------------------------------------------------------------------------------
  p('same_plan', 400, 'Already on this plan', 'The account is already on the plan asked for.', 'Choose another plan.'),
  p(
    'downgrade_not_supported',
    400,
    'Downgrade not supported',
    'A customer cannot move to a cheaper plan with a plan change.',
    'Cancel the subscription in Manage Billing; it ends at the end of the paid period.',
  ),
  p(
    'no_subscription',
    400,
    'No active subscription',
    'The plan change needs a paid subscription and the account has none.',
    'Choose a plan to subscribe first.',
  ),
  p('already_subscribed', 409, 'Already subscribed', 'The account already pays for a plan.', 'Change the plan (Upgrade) instead of subscribing again.'),
  p(
    'billing_change_in_progress',
    409,
    'Billing change in progress',
    'Another billing change for this account is still running (a second click or tab).',
    'Wait a moment and reload the billing page.',
  ),
  p(
    'no_billing_account',
    400,
    'No billing account yet',
    'The account has never paid, so there is no card or invoice to manage.',
    'Subscribe to a plan first; Manage Billing then opens the portal.',
  ),
  p('subscription_not_found', 404, 'Subscription not found', 'No subscription of this account has that id.', 'Reload the billing page.'),
  p(
    'plan_change_not_paid',
    402,
    'Plan change not paid',
    "The super admin's change of a subscriber's plan could not be charged to the customer's card; the plan is unchanged.",
    'Ask the customer to update their card in Manage Billing, then change the plan again.',
  ),
  p(
    'invoice_not_paid',
    409,
    'Invoice not paid',
    'A receipt exists only for a paid invoice; this one is pending or failed.',
    'Download the receipt once the payment has gone through, or pay it in Manage Billing.',
  ),
  // ---- the account (self-service) ---------------------------------------------------------------------------
  p(
    'email_mismatch',
    400,
    'E-mail does not match',
    "Closing an account asks for its e-mail address typed out, and the one typed is not this account's.",
    'Type the e-mail address you sign in with, exactly.',
  ),
  p(
    'super_admin_cannot_close',
    403,
    'A super admin cannot close the account',
    'The account runs the console; closing it from the profile would leave the business without its operator.',
    'Hand the super admin role to another account first.',
  ),
  p('export_not_ready', 409, 'Export not ready', 'The data export is still being built.', 'Wait until the progress reaches 100%, then download it.'),
  p('invalid_card', 400, 'Invalid card', 'The card number, expiry date or CVC is not valid; `errors` names the field.', 'Correct the card details.'),
  p(
    'invalid_signature',
    400,
    'Invalid webhook signature',
    'A billing webhook did not carry a valid, recent Stripe signature.',
    'Only the payment provider calls this route.',
  ),
  p('invalid_portal_session', 403, 'Portal link expired', 'The billing portal link is invalid or has expired.', 'Open Manage Billing again.'),
  p('payment_not_found', 404, 'Payment not found', 'No payment waits for confirmation with this secret.', 'Start the payment again.'),
  p(
    'payment_provider_unavailable',
    502,
    'Payment provider unavailable',
    'The payment provider could not be reached.',
    'Try again in a moment; nothing was charged twice.',
  ),
  p(
    'webhooks_plan_required',
    403,
    'Webhooks need the Enterprise plan',
    'Webhook endpoints are part of the Enterprise plan.',
    'Upgrade to Enterprise under Billing.',
  ),
  p(
    'webhook_url_refused',
    422,
    'Webhook URL refused',
    'The URL is not https, does not resolve, or resolves to a private, loopback or link-local address; `reason` says which.',
    'Use a public https URL.',
  ),
  p('webhook_not_found', 404, 'Webhook endpoint not found', 'No webhook endpoint of yours has this id.', 'List your endpoints with GET /api/webhooks.'),
  p('webhook_delivery_not_found', 404, 'Delivery not found', 'No delivery of your endpoints has this id.', 'List an endpoint’s deliveries first.'),
  // ---- the console --------------------------------------------------------------------------------------------
  p('cannot_block_self', 409, 'Cannot block yourself', 'The super admin tried to block their own account.', 'Nothing to do.'),
  p(
    'account_closed',
    409,
    'Account closed',
    'The customer closed the account: blocking, unblocking, a plan change, limits and key rotation no longer apply to it.',
    'Nothing to do; the account, its keys and its subscription ended with the closure.',
  ),
  p(
    'invalid_release',
    400,
    'Invalid tz release',
    'The uploaded file is not a tz database release the server can compile.',
    'Upload a tzdata*.tar.gz or a tzdata.zi from IANA.',
  ),
  p('older_release', 409, 'Older tz release', 'The release is older than the active one.', 'Confirm the rollback explicitly, or load a newer release.'),
  p(
    'unknown_release',
    404,
    'Unknown tz release',
    'The tz release named (tzdb=, Tzdb-Version, or an impact check’s from/to) is not stored on this server; `stored` lists those that are.',
    'Pick one of the stored releases (GET /api/timezone/releases).',
  ),
];

export const PROBLEM_TYPE_CODES = new Set(PROBLEM_TYPES.map((t) => t.code));

/** The one title of each code: every problem document the server answers carries its code's title from here. */
export const PROBLEM_TITLES: ReadonlyMap<string, string> = new Map(PROBLEM_TYPES.map((t) => [t.code, t.title]));

/** Every code, sorted: the `code` enum of the problem schema in OpenAPI (and so in the frontend's generated types). A test holds it equal to src/problem-codes.ts's table. */
export const PROBLEM_CODES = [...PROBLEM_TYPE_CODES].sort() as ProblemCode[];

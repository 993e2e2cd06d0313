import { ProblemException } from '../../common/problems/problem.js';

/** The keys module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type KeysProblemCode =
  | 'account_blocked'
  | 'domain_not_allowed'
  | 'inactive_api_key'
  | 'invalid_api_key'
  | 'ip_not_allowed'
  | 'key_expired'
  | 'key_limit_above_plan'
  | 'key_scope'
  | 'malformed_api_key'
  | 'missing_api_key'
  | 'rate_limited';

const HEADER_HINT = 'Send your key in the X-API-Key header (or Authorization: Bearer <key>).';

/** The public API's key problems: each refusal has its own stable code. */
export const KeyProblems = {
  missing: (queryKeySeen: boolean) =>
    new ProblemException({
      status: 401,
      code: 'missing_api_key',
      title: 'API key required',
      detail: queryKeySeen ? `API keys are not accepted in the query string (they end up in logs). ${HEADER_HINT}` : `No API key. ${HEADER_HINT}`,
      headers: { 'WWW-Authenticate': 'Bearer realm="tzapi"' },
    }),
  malformed: () =>
    new ProblemException({
      status: 401,
      code: 'malformed_api_key',
      title: 'Malformed API key',
      detail: 'This is not a valid API key (wrong format or checksum): check that it was copied completely.',
      headers: { 'WWW-Authenticate': 'Bearer realm="tzapi", error="invalid_token"' },
    }),
  unknown: () =>
    new ProblemException({
      status: 401,
      code: 'invalid_api_key',
      title: 'Invalid API key',
      detail: 'This API key does not exist or was rotated or deleted.',
      headers: { 'WWW-Authenticate': 'Bearer realm="tzapi", error="invalid_token"' },
    }),
  inactive: () =>
    new ProblemException({
      status: 403,
      code: 'inactive_api_key',
      title: 'API key inactive',
      detail: 'This API key is deactivated. Activate it in your dashboard.',
    }),
  expired: () =>
    new ProblemException({
      status: 401,
      code: 'key_expired',
      title: 'API key expired',
      detail: 'This API key has expired (its expiry date passed, or it was replaced by a rotation). Use a current key from your dashboard.',
      headers: { 'WWW-Authenticate': 'Bearer realm="tzapi", error="invalid_token"' },
    }),
  /** A call outside the key's scopes; names the scope it needs (a fixed word of the scope table, never request text). */
  outOfScope: (needed: string) =>
    new ProblemException({
      status: 403,
      code: 'key_scope',
      title: "Outside the key's scopes",
      detail: `This API key may not call this route: it needs the "${needed}" scope. Add it to the key in your dashboard, or use another key.`,
      extra: { scope: needed },
    }),
  limitAbovePlan: (limit: number, window: string) =>
    new ProblemException({
      status: 400,
      code: 'key_limit_above_plan',
      title: 'Key limit above the plan',
      detail: `A key's own limit must be at most your plan's: ${limit} requests per ${window}.`,
      field: 'rateLimit',
      extra: { maxRateLimit: limit, rateLimitWindow: window },
    }),
  blocked: () =>
    new ProblemException({
      status: 403,
      code: 'account_blocked',
      title: 'Account blocked',
      detail: 'The account owning this API key is blocked. Contact support.',
    }),
  ipNotAllowed: (ip: string) =>
    new ProblemException({
      status: 403,
      code: 'ip_not_allowed',
      title: 'IP address not allowed',
      detail: `Requests from ${ip} are not allowed for this API key.`,
    }),
  domainNotAllowed: (host: string | null) =>
    new ProblemException({
      status: 403,
      code: 'domain_not_allowed',
      title: 'Domain not allowed',
      detail: host
        ? `Requests from ${host} are not allowed for this API key.`
        : 'This API key only accepts requests from its allowed domains (Origin or Referer header).',
    }),
  rateLimited: (detail: string, headers: Record<string, string>) =>
    new ProblemException({ status: 429, code: 'rate_limited', title: 'Too Many Requests', detail, headers }),
};

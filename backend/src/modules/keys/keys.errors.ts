import { ProblemException } from '../../common/problems/problem.js';

/** The keys module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type KeysProblemCode =
  | 'account_blocked'
  | 'domain_not_allowed'
  | 'inactive_api_key'
  | 'invalid_api_key'
  | 'ip_not_allowed'
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

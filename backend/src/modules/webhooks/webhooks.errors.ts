import { ProblemException } from '../../common/problems/problem.js';
import type { UrlRefusal } from './url-guard.js';
import { WEBHOOK_LIMITS } from './webhook-limits.js';

/** The webhooks module's problem codes; their HTTP status is in src/problem-codes.ts. */
export type WebhooksProblemCode =
  | 'webhooks_plan_required'
  | 'webhook_url_refused'
  | 'webhook_not_found'
  | 'webhook_delivery_not_found'
  | 'webhook_endpoint_limit'
  | 'webhook_sends_throttled'
  | 'webhook_cursor_invalid';

const REFUSAL: Record<UrlRefusal, string> = {
  invalid_url: 'The URL is not a valid absolute http(s) URL without credentials.',
  insecure_url: 'Webhook URLs must use https.',
  private_address: 'The URL resolves to a private, loopback or link-local address; webhooks are only delivered to public addresses.',
  unresolvable: 'The URL’s host name does not resolve.',
};

export const WebhookProblems = {
  planRequired: () =>
    new ProblemException({
      status: 403,
      code: 'webhooks_plan_required',
      title: 'Webhooks need the Enterprise plan',
      detail: 'Webhooks are part of the Enterprise plan. Upgrade under Billing to add endpoints.',
    }),
  urlRefused: (why: UrlRefusal) =>
    new ProblemException({
      status: 422,
      code: 'webhook_url_refused',
      title: 'Webhook URL refused',
      detail: REFUSAL[why],
      field: 'url',
      extra: { reason: why },
    }),
  notFound: () =>
    new ProblemException({ status: 404, code: 'webhook_not_found', title: 'Webhook endpoint not found', detail: 'No such webhook endpoint of yours.' }),
  endpointLimit: () =>
    new ProblemException({
      status: 409,
      code: 'webhook_endpoint_limit',
      title: 'Too many webhook endpoints',
      detail: `An account has at most ${WEBHOOK_LIMITS.endpointsPerAccount} webhook endpoints. Delete one, or send several event types to one endpoint.`,
      extra: { limit: WEBHOOK_LIMITS.endpointsPerAccount },
    }),
  sendsThrottled: (scope: 'endpoint' | 'account', retryAfterSeconds: number) => {
    const limit = scope === 'endpoint' ? WEBHOOK_LIMITS.manualSendsPerEndpoint : WEBHOOK_LIMITS.manualSendsPerAccount;
    return new ProblemException({
      status: 429,
      code: 'webhook_sends_throttled',
      title: 'Too many test sends or resends',
      detail: `At most ${limit} test sends and resends a minute per ${scope}. Try again in ${retryAfterSeconds} s.`,
      extra: { scope, limit, retryAfter: retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  },
  badCursor: () =>
    new ProblemException({
      status: 400,
      code: 'webhook_cursor_invalid',
      title: 'Invalid page cursor',
      detail: 'cursor must be the nextCursor of a previous page.',
      field: 'cursor',
    }),
  deliveryNotFound: () =>
    new ProblemException({ status: 404, code: 'webhook_delivery_not_found', title: 'Delivery not found', detail: 'No such delivery of yours.' }),
};

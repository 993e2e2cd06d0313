/**
 * The webhook limits, one place (the docs' webhooks guide and the problem details quote them). Manual sends (test
 * events and resends) make our servers POST to a URL of the customer's choosing, so they are throttled; an event goes
 * to every endpoint of the account, so their number is capped.
 */
export const WEBHOOK_LIMITS = {
  /** Endpoints one account may have; the next is refused with 409 `webhook_endpoint_limit`. */
  endpointsPerAccount: 20,
  /** Test sends and resends to one endpoint per rolling minute; past it 429 `webhook_sends_throttled` with Retry-After. */
  manualSendsPerEndpoint: 5,
  /** Test sends and resends of one account, across its endpoints, per rolling minute. */
  manualSendsPerAccount: 20,
  /** The window of the two send limits. */
  manualSendWindowMs: 60_000,
} as const;

/**
 * Imports that still cross a boundary: the known exceptions, file by file, regenerated from the real imports. A new
 * crossing is an error: do not add to this list without a reason in review; delete a pair when its import goes.
 * What a module may import of another on purpose is not listed here: it is PUBLISHED (a module's contracts),
 * PUBLISHED_TO (contracts for named features) or GATEWAY_READS (what the gateway reads of keys and usage), all in
 * eslint/boundaries.js with their reasons.
 */
export const KNOWN_CROSSINGS = {
  // TODO: closing re-checks the password and second factor (auth's) and ends the subscriptions (billing's), and its
  // transaction deletes other modules' rows in SQL. Auth should offer a confirmation port and billing's endSubscriptions
  // go through account-billing.port (with its provider error), each module erasing its own rows on the closure announcement.
  'backend/src/modules/accounts/account-closure.service.ts': [
    'backend/src/modules/auth/auth.errors',
    'backend/src/modules/auth/password-policy',
    'backend/src/modules/auth/two-factor.service',
    'backend/src/modules/billing/billing.errors',
    'backend/src/modules/billing/billing.service',
  ],
  // TODO: Nest module imports for AuthThrottle, AuthThrottlerGuard and TwoFactorService (auth) and BillingService
  // (billing); they go with the closure's ports above and a global throttler module in auth (as SessionsModule is).
  'backend/src/modules/accounts/accounts.module.ts': ['backend/src/modules/auth/auth.module', 'backend/src/modules/billing/billing.module'],
  // TODO: imported for @AuthThrottled's AuthThrottlerGuard only; a global throttler module in auth removes it.
  'backend/src/modules/support/support.module.ts': ['backend/src/modules/auth/auth.module'],
  // TODO: the public releases list is documented with timezone's ApiEndpoint (formats, examples). Its format part
  // belongs beside FormattedRoute in gateway/formats (being reworked by the gateway work now); tzdb then uses that.
  'backend/src/modules/tzdb/tzdb-releases.controller.ts': ['backend/src/modules/timezone/timezone.docs'],
};

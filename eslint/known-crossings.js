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
  'frontend/src/components/layouts/DashboardLayout.test.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/components/layouts/DashboardLayout.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/components/layouts/SiteHeader.tsx': ['frontend/src/features/auth/api', 'frontend/src/features/auth/useGetStarted'],
  'frontend/src/components/marketing/GetStartedButton.test.tsx': [
    'frontend/src/features/directory/TimezoneDataPage',
    'frontend/src/features/landing/LandingPage',
    'frontend/src/features/marketing/AboutPage',
    'frontend/src/features/marketing/ComparisonPage',
    'frontend/src/features/pricing/PricingPage',
  ],
  'frontend/src/components/marketing/GetStartedButton.tsx': ['frontend/src/features/auth/useGetStarted'],
  'frontend/src/components/marketing/PricingCards.tsx': ['frontend/src/features/auth/api', 'frontend/src/features/auth/components/AuthDialog'],
  'frontend/src/features/billing/api/index.ts': ['frontend/src/features/auth/api'],
  'frontend/src/features/billing/BillingPage.test.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/features/billing/BillingPage.tsx': ['frontend/src/features/auth/api', 'frontend/src/features/dashboard/components/PageHeader'],
  'frontend/src/features/billing/SandboxPortalPage.tsx': ['frontend/src/features/dashboard/components/PageHeader'],
  'frontend/src/features/billing/upgrade-flow.ts': ['frontend/src/features/auth/api'],
  'frontend/src/features/dashboard/components/OverviewPage.test.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/features/dashboard/components/OverviewPage.tsx': ['frontend/src/features/auth/api', 'frontend/src/features/keys/api'],
  'frontend/src/features/dashboard/DashboardRoutes.tsx': [
    'frontend/src/features/auth/api',
    'frontend/src/features/billing/BillingPage',
    'frontend/src/features/billing/SandboxPortalPage',
    'frontend/src/features/keys/components/ApiKeysPage',
    'frontend/src/features/playground/components/PlaygroundPage',
    'frontend/src/features/profile/components/ProfilePage',
    'frontend/src/features/usage/components/UsagePage',
  ],
  'frontend/src/features/dashboard/useUnauthorizedRedirect.test.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/features/dashboard/useUnauthorizedRedirect.ts': ['frontend/src/features/auth/api'],
  'frontend/src/features/docs/components/McpGuide.test.tsx': ['frontend/src/features/playground/api/mcp'],
  'frontend/src/features/keys/api/index.ts': ['frontend/src/features/dashboard/api'],
  'frontend/src/features/keys/components/ApiKeyCard.tsx': [
    'frontend/src/features/dashboard/components/KeyStatusBadge',
    'frontend/src/features/dashboard/format',
  ],
  'frontend/src/features/keys/components/ApiKeysPage.tsx': [
    'frontend/src/features/dashboard/components/EmptyState',
    'frontend/src/features/dashboard/components/PageHeader',
  ],
  'frontend/src/features/playground/api/executor.test.ts': ['frontend/src/features/docs/model'],
  'frontend/src/features/playground/api/index.ts': ['frontend/src/features/docs/components/DocsExplorer', 'frontend/src/features/docs/model'],
  'frontend/src/features/playground/api/mcp.ts': ['frontend/src/features/docs/mcp'],
  'frontend/src/features/playground/components/PlaygroundPage.tsx': [
    'frontend/src/features/dashboard/api',
    'frontend/src/features/dashboard/components/PageHeader',
    'frontend/src/features/docs/components/DocsExplorer',
    'frontend/src/features/docs/components/McpGuide',
    'frontend/src/features/docs/spec',
    'frontend/src/features/keys/api',
    'frontend/src/features/usage/api',
  ],
  'frontend/src/features/profile/api/index.ts': ['frontend/src/features/auth/api'],
  'frontend/src/features/profile/components/AccountDataCard.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/features/profile/components/DeleteAccountDialog.tsx': ['frontend/src/features/auth/api'],
  'frontend/src/features/profile/components/ProfilePage.tsx': ['frontend/src/features/auth/api', 'frontend/src/features/dashboard/components/PageHeader'],
  'frontend/src/features/usage/components/UsagePage.tsx': ['frontend/src/features/dashboard/components/PageHeader', 'frontend/src/features/keys/api'],
  'frontend/src/features/usage/components/UsageSummaryView.tsx': [
    'frontend/src/features/dashboard/components/EmptyState',
    'frontend/src/features/dashboard/components/StatCard',
    'frontend/src/features/dashboard/format',
  ],
};

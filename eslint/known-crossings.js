/**
 * Imports that still cross a boundary: the known exceptions, file by file, regenerated from the real imports. A new
 * crossing is an error: do not add to this list without a reason in review; delete a pair when its import goes.
 * What a module may import of another on purpose is not listed here: it is PUBLISHED (a module's contracts) or
 * GATEWAY_READS (what the gateway reads of keys and usage), both in eslint/boundaries.js with their reasons.
 */
export const KNOWN_CROSSINGS = {
  'backend/src/common/auth.decorator.ts': [
    'backend/src/modules/accounts/user.entity',
    'backend/src/modules/auth/auth.errors',
    'backend/src/modules/auth/session.entity',
    'backend/src/modules/auth/sessions.service',
  ],
  'backend/src/common/core.module.ts': ['backend/src/modules/auth/sessions.service'],
  'backend/src/common/tzdb.ts': ['backend/src/modules/tzdb/bundled-release'],
  'backend/src/modules/accounts/account-closure.service.ts': [
    'backend/src/modules/admin/audit-log.entity',
    'backend/src/modules/auth/auth.errors',
    'backend/src/modules/auth/password-policy',
    'backend/src/modules/auth/two-factor.service',
    'backend/src/modules/billing/billing.errors',
    'backend/src/modules/billing/billing.service',
    'backend/src/modules/usage/usage.recorder',
  ],
  'backend/src/modules/accounts/accounts.controller.ts': [
    'backend/src/modules/auth/auth-throttle',
    'backend/src/modules/auth/dto/auth.responses',
    'backend/src/modules/auth/sessions.service',
  ],
  'backend/src/modules/accounts/accounts.module.ts': ['backend/src/modules/auth/auth.module', 'backend/src/modules/billing/billing.module'],
  'backend/src/modules/accounts/data-export.service.ts': [
    'backend/src/modules/admin/admin-list-query',
    'backend/src/modules/billing/invoice.entity',
    'backend/src/modules/billing/subscription.entity',
    'backend/src/modules/keys/api-key.entity',
    'backend/src/modules/usage/usage.store',
  ],
  'backend/src/modules/accounts/dto/accounts.responses.ts': [
    'backend/src/modules/auth/dto/auth.responses',
    'backend/src/modules/billing/dto/billing.responses',
    'backend/src/modules/keys/dto/api-key.responses',
    'backend/src/modules/usage/dto/usage.responses',
  ],
  'backend/src/modules/accounts/dto/close-account.dto.ts': ['backend/src/modules/auth/dto/auth.dto'],
  'backend/src/modules/admin/admin-api-keys.service.ts': ['backend/src/modules/keys/keys.service'],
  'backend/src/modules/admin/admin-resources.ts': ['backend/src/modules/support/support-message.entity'],
  'backend/src/modules/admin/dto/admin.responses.ts': ['backend/src/modules/auth/dto/auth.responses'],
  'backend/src/modules/auth/super-admin.bootstrap.ts': ['backend/src/modules/keys/key-codec'],
  'backend/src/modules/auth/two-factor.service.ts': ['backend/src/modules/keys/key-codec'],
  'backend/src/modules/billing/sandbox.controller.ts': ['backend/src/modules/auth/dto/auth.responses'],
  'backend/src/modules/health/health.module.ts': ['backend/src/modules/tzdb/tzdb.module'],
  'backend/src/modules/health/health.service.ts': ['backend/src/modules/tzdb/tzdb.service'],
  'backend/src/modules/mcp/mcp-tools.ts': [
    'backend/src/modules/timezone/calculation.controller',
    'backend/src/modules/timezone/conversion.controller',
    'backend/src/modules/timezone/dto/timezone.responses',
    'backend/src/modules/timezone/time.controller',
    'backend/src/modules/timezone/timezone.controller',
  ],
  'backend/src/modules/mcp/mcp.endpoint.ts': [
    'backend/src/modules/keys/key-directory',
    'backend/src/modules/metrics/metrics.service',
    'backend/src/modules/usage/usage.recorder',
  ],
  'backend/src/modules/mcp/mcp.module.ts': [
    'backend/src/modules/keys/keys.module',
    'backend/src/modules/metrics/metrics.module',
    'backend/src/modules/timezone/timezone.module',
    'backend/src/modules/usage/usage.module',
  ],
  'backend/src/modules/metrics/metrics.module.ts': [
    'backend/src/modules/keys/keys.module',
    'backend/src/modules/timezone/timezone.module',
    'backend/src/modules/usage/usage.module',
  ],
  'backend/src/modules/metrics/metrics.service.ts': [
    'backend/src/modules/keys/key-directory',
    'backend/src/modules/timezone/engine/time-engine',
    'backend/src/modules/usage/usage.recorder',
  ],
  'backend/src/modules/site/site.module.ts': ['backend/src/modules/timezone/timezone.module', 'backend/src/modules/tzdb/tzdb.module'],
  'backend/src/modules/site/site.service.ts': ['backend/src/modules/timezone/engine/time-engine', 'backend/src/modules/tzdb/tzdb.service'],
  'backend/src/modules/support/support.controller.ts': ['backend/src/modules/auth/auth-throttler', 'backend/src/modules/auth/sessions.service'],
  'backend/src/modules/support/support.module.ts': ['backend/src/modules/auth/auth.module'],
  'backend/src/modules/timezone/engine/local-time.ts': ['backend/src/modules/tzdb/compiled-zone'],
  'backend/src/modules/timezone/engine/time-engine.ts': [
    'backend/src/modules/tzdb/bundled-release',
    'backend/src/modules/tzdb/compiled-zone',
    'backend/src/modules/tzdb/luxon-zone',
    'backend/src/modules/tzdb/tz-release',
  ],
  'backend/src/modules/timezone/engine/zone-registry.ts': ['backend/src/modules/tzdb/tz-release'],
  'backend/src/modules/tzdb/tzdb-releases.controller.ts': ['backend/src/modules/timezone/timezone.docs'],
  'backend/src/modules/tzdb/tzdb.module.ts': ['backend/src/modules/timezone/timezone.module'],
  'backend/src/modules/tzdb/tzdb.service.ts': ['backend/src/modules/admin/audit-log.entity', 'backend/src/modules/timezone/engine/time-engine'],
  'backend/src/modules/usage/quota-alerts.ts': ['backend/src/modules/keys/api-key.entity'],
};

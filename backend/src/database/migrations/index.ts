import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100_accounts } from './Migration20261122000100_accounts.js';
import { Migration20261122000400_billing } from './Migration20261122000400_billing.js';
import { Migration20261122000410_billing_locks } from './Migration20261122000410_billing_locks.js';
import { Migration20261122000200_auth_tokens } from './Migration20261122000200_auth_tokens.js';
import { Migration20261122000210_support_messages } from './Migration20261122000210_support_messages.js';
import { Migration20261122000300_api_keys } from './Migration20261122000300_api_keys.js';
import { Migration20261122000310_usage } from './Migration20261122000310_usage.js';
import { Migration20261122000500_admin } from './Migration20261122000500_admin.js';
import { Migration20261123000200_account_security } from './Migration20261123000200_account_security.js';
import { Migration20261123000300_tz_releases } from './Migration20261123000300_tz_releases.js';
import { Migration20261124000100_self_service } from './Migration20261124000100_self_service.js';
import { Migration20261124000200_plan_grants } from './Migration20261124000200_plan_grants.js';
import { Migration20261124000210_health_checks } from './Migration20261124000210_health_checks.js';
import { Migration20261124000300_custom_limits } from './Migration20261124000300_custom_limits.js';
import { Migration20261125000100_usage_row_ids } from './Migration20261125000100_usage_row_ids.js';
import { Migration20261125000500_tzdb_feed } from './Migration20261125000500_tzdb_feed.js';
import { Migration20261125000700_webhooks } from './Migration20261125000700_webhooks.js';
import { Migration20261125000800_void_invoices } from './Migration20261125000800_void_invoices.js';
import { Migration20261125000810_key_idempotency } from './Migration20261125000810_key_idempotency.js';
import { Migration20261125000900_key_tzdb_pin } from './Migration20261125000900_key_tzdb_pin.js';
import { Migration20261126000100_change_notice_pins } from './Migration20261126000100_change_notice_pins.js';

/** Committed migrations in order; each module appends its own file here. They run at start. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000100_accounts', class: Migration20261122000100_accounts },
  { name: 'Migration20261122000200_auth_tokens', class: Migration20261122000200_auth_tokens },
  { name: 'Migration20261122000210_support_messages', class: Migration20261122000210_support_messages },
  { name: 'Migration20261122000300_api_keys', class: Migration20261122000300_api_keys },
  { name: 'Migration20261122000310_usage', class: Migration20261122000310_usage },
  { name: 'Migration20261122000400_billing', class: Migration20261122000400_billing },
  { name: 'Migration20261122000410_billing_locks', class: Migration20261122000410_billing_locks },
  { name: 'Migration20261122000500_admin', class: Migration20261122000500_admin },
  { name: 'Migration20261123000200_account_security', class: Migration20261123000200_account_security },
  { name: 'Migration20261123000300_tz_releases', class: Migration20261123000300_tz_releases },
  { name: 'Migration20261124000100_self_service', class: Migration20261124000100_self_service },
  { name: 'Migration20261124000200_plan_grants', class: Migration20261124000200_plan_grants },
  { name: 'Migration20261124000210_health_checks', class: Migration20261124000210_health_checks },
  { name: 'Migration20261124000300_custom_limits', class: Migration20261124000300_custom_limits },
  { name: 'Migration20261125000100_usage_row_ids', class: Migration20261125000100_usage_row_ids },
  { name: 'Migration20261125000500_tzdb_feed', class: Migration20261125000500_tzdb_feed },
  { name: 'Migration20261125000700_webhooks', class: Migration20261125000700_webhooks },
  { name: 'Migration20261125000800_void_invoices', class: Migration20261125000800_void_invoices },
  { name: 'Migration20261125000810_key_idempotency', class: Migration20261125000810_key_idempotency },
  { name: 'Migration20261125000900_key_tzdb_pin', class: Migration20261125000900_key_tzdb_pin },
  { name: 'Migration20261126000100_change_notice_pins', class: Migration20261126000100_change_notice_pins },
];

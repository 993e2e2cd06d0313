import { AuthToken } from '../modules/auth/auth-token.entity.js';
import { Session } from '../modules/auth/session.entity.js';
import { User } from '../modules/accounts/user.entity.js';
import { BillingEvent } from '../modules/billing/billing-event.entity.js';
import { Invoice } from '../modules/billing/invoice.entity.js';
import { SandboxObject } from '../modules/billing/sandbox-object.entity.js';
import { Subscription } from '../modules/billing/subscription.entity.js';
import { SupportMessage } from '../modules/support/support-message.entity.js';
import { ApiKey } from '../modules/keys/api-key.entity.js';
import { AuditLogEntry } from '../modules/audit/audit-log.entity.js';
import { RecoveryCode } from '../modules/auth/recovery-code.entity.js';
import { TrustedDevice } from '../modules/auth/trusted-device.entity.js';
import { TzReleaseRecord } from '../modules/tzdb/tz-release-record.entity.js';

/** Every entity of the product, one line each; modules add theirs here. */
export const ENTITIES = [
  User,
  Session,
  AuthToken,
  SupportMessage,
  ApiKey,
  Subscription,
  Invoice,
  BillingEvent,
  SandboxObject,
  AuditLogEntry,
  RecoveryCode,
  TrustedDevice,
  TzReleaseRecord,
];

import { Session } from '../modules/auth/session.entity.js';
import { User } from '../modules/auth/user.entity.js';
import { AuditLogEntry } from '../modules/admin/audit-log.entity.js';
import { AuthToken } from '../modules/auth/auth-token.entity.js';
import { SupportMessage } from '../modules/support/support-message.entity.js';
import { ApiKey } from '../modules/keys/api-key.entity.js';

/** Every entity of the product, one line each; modules add theirs here. */
export const ENTITIES = [User, Session, AuthToken, SupportMessage, AuditLogEntry, ApiKey];

import { PLAN_IDS } from '../../config/plans.js';
import { ROLES } from '../accounts/user.entity.js';
import { SUPPORT_CATEGORIES, SUPPORT_STATUSES } from '../support/support-message.entity.js';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../audit/audit-log.entity.js';
import type { ResourceSpec } from './admin-list-query.js';

/** The four lists of the console: what each may be sorted and filtered by (SQL expressions are whitelisted here). */
export const USERS: ResourceSpec = {
  name: 'users',
  sortable: {
    id: 'u.id',
    createdAt: 'u.created_at',
    email: 'u.email',
    firstName: 'u.first_name',
    lastName: 'u.last_name',
    plan: 'u.plan',
    role: 'u.role',
    isBlocked: 'u.is_blocked',
    emailVerified: 'u.email_verified',
  },
  filters: { plan: { enum: PLAN_IDS }, role: { enum: ROLES }, isBlocked: 'boolean', emailVerified: 'boolean', isClosed: 'boolean' },
  defaultSort: ['createdAt', 'DESC'],
};

export const API_KEYS: ResourceSpec = {
  name: 'api-keys',
  sortable: {
    id: 'k.id',
    createdAt: 'k.created_at',
    name: 'k.name',
    keyPrefix: 'k.prefix',
    isActive: 'k.is_active',
    lastUsedAt: 'k.last_used_at',
  },
  filters: { isActive: 'boolean', userId: 'uuid' },
  defaultSort: ['createdAt', 'DESC'],
};

export const SUPPORT_MESSAGES: ResourceSpec = {
  name: 'support-messages',
  sortable: { id: 's.id', createdAt: 's.created_at', email: 's.email', name: 's.name', category: 's.category', subject: 's.subject', status: 's.status' },
  filters: { category: { enum: SUPPORT_CATEGORIES }, status: { enum: SUPPORT_STATUSES }, userId: 'uuid' },
  defaultSort: ['createdAt', 'DESC'],
};

export const AUDIT_LOG: ResourceSpec = {
  name: 'audit-log',
  sortable: { id: 'a.id', createdAt: 'a.created_at', action: 'a.action', actorEmail: 'a.actor_email', targetType: 'a.target_type' },
  filters: { action: { enum: AUDIT_ACTIONS }, targetType: { enum: AUDIT_TARGET_TYPES }, targetId: 'text', actorId: 'uuid' },
  defaultSort: ['createdAt', 'DESC'],
};

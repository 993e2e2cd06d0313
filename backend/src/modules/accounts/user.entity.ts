import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { effectiveLimits } from '../../config/plans.js';
import type { CustomLimits, EffectiveLimits, PlanId } from '../../config/plans.js';
import { permissionsOf } from '@tzapi/shared/org-roles';
import type { OrgRole, Permission } from '@tzapi/shared/org-roles';

export type Role = 'user' | 'admin' | 'super_admin';

/** A person signs in; an organisation is an account its members act on (issue 51, after GitHub's model). */
export type AccountKind = 'person' | 'organisation';
export const ROLES: Role[] = ['user', 'admin', 'super_admin'];

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'firstName'
    | 'lastName'
    | 'passwordHash'
    | 'plan'
    | 'planGranted'
    | 'role'
    | 'isBlocked'
    | 'emailVerified'
    | 'profileImageUrl'
    | 'stripeCustomerId'
    | 'oidcSubject'
    | 'totpSecret'
    | 'totpPendingSecret'
    | 'totpEnabledAt'
    | 'totpLastStep'
    | 'customHourlyQuota'
    | 'customBurstPerSecond'
    | 'closedAt'
    | 'quotaAlerts'
    | 'changeNotices'
    | 'usageSeenAt'
    | 'displayZone'
    | 'kind'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased; unique. */
  @Property({ type: 'string', length: 320, unique: true })
  email!: string;

  @Property({ type: 'string', length: 100, fieldName: 'first_name' })
  firstName: string = '';

  @Property({ type: 'string', length: 100, fieldName: 'last_name' })
  lastName: string = '';

  @Property({ type: 'string', nullable: true, hidden: true, fieldName: 'password_hash' })
  passwordHash: string | null = null;

  @Enum({ items: ['free', 'premium', 'enterprise'], type: 'string' })
  plan: PlanId = 'free';

  /** The paid plan was given by the super admin, not bought: no subscription stands behind it. */
  @Property({ type: 'boolean', fieldName: 'plan_granted' })
  planGranted: boolean = false;

  @Enum({ items: ['user', 'admin', 'super_admin'], type: 'string' })
  role: Role = 'user';

  @Property({ type: 'boolean', fieldName: 'is_blocked' })
  isBlocked: boolean = false;

  @Property({ type: 'boolean', fieldName: 'email_verified' })
  emailVerified: boolean = false;

  @Property({ type: 'string', nullable: true, fieldName: 'profile_image_url' })
  profileImageUrl: string | null = null;

  @Property({ type: 'string', nullable: true, hidden: true, fieldName: 'stripe_customer_id' })
  stripeCustomerId: string | null = null;

  @Property({ type: 'string', nullable: true, hidden: true, fieldName: 'oidc_subject' })
  oidcSubject: string | null = null;

  /** The TOTP secret (base32), AES-256-GCM encrypted with APP_SECRET; set while two-factor sign-in is on. */
  @Property({ type: 'text', nullable: true, hidden: true, fieldName: 'totp_secret' })
  totpSecret: string | null = null;

  /** A secret shown for enrolment, encrypted, until a code from it confirms the enrolment. */
  @Property({ type: 'text', nullable: true, hidden: true, fieldName: 'totp_pending_secret' })
  totpPendingSecret: string | null = null;

  @Property({ type: 'datetime', nullable: true, fieldName: 'totp_enabled_at' })
  totpEnabledAt: Date | null = null;

  /** The time step of the last accepted code: a code of that step or earlier is never accepted again. */
  @Property({ type: 'integer', nullable: true, hidden: true, fieldName: 'totp_last_step' })
  totpLastStep: number | null = null;

  /** A negotiated hourly quota (requests per rolling hour, all keys together); null keeps the plan's. */
  @Property({ type: 'integer', nullable: true, fieldName: 'custom_hourly_quota' })
  customHourlyQuota: number | null = null;

  /** A negotiated burst guard (requests per second); null keeps the plan's. */
  @Property({ type: 'integer', nullable: true, fieldName: 'custom_burst_per_second' })
  customBurstPerSecond: number | null = null;

  /** Set when the customer closed the account: the row stays (invoices, usage) with a tombstone e-mail. */
  @Property({ type: 'datetime', nullable: true, fieldName: 'closed_at' })
  closedAt: Date | null = null;

  /** Quota alert mails and the dashboard banner (free plan); the customer can turn them off. */
  @Property({ type: 'boolean', fieldName: 'quota_alerts' })
  quotaAlerts: boolean = true;

  /** Change notice mails when a tz release changes a zone the account used; the customer can turn them off. */
  @Property({ type: 'boolean', fieldName: 'change_notices' })
  changeNotices: boolean = true;

  /** When the customer first opened the Usage page (the dashboard's Quick Start ticks it off). */
  @Property({ type: 'datetime', nullable: true, fieldName: 'usage_seen_at' })
  usageSeenAt: Date | null = null;

  /** The IANA zone the account area shows times and cuts days in; null: the browser's own zone. */
  @Property({ type: 'string', length: 64, nullable: true, fieldName: 'display_zone' })
  displayZone: string | null = null;

  /** `organisation`: an account of members, which never signs in (its e-mail is a reserved, never-mailed address). */
  @Enum({ items: ['person', 'organisation'], type: 'string' })
  kind: AccountKind = 'person';

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', fieldName: 'updated_at', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** What /api/me and the admin API answer: never the password hash or provider ids. */
export interface UserView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: PlanId;
  /** True when the super admin granted the paid plan (no subscription pays for it). */
  planGranted: boolean;
  role: Role;
  isBlocked: boolean;
  emailVerified: boolean;
  createdAt: string;
  profileImageUrl: string | null;
  /** When the customer closed the account; null while it is open. */
  closedAt: string | null;
}

/**
 * What the signed-in user reads about their own account: also whether it has a password (OIDC-only accounts do
 * not) and whether two-factor sign-in is on.
 */
export interface MeView extends UserView {
  hasPassword: boolean;
  totpEnabled: boolean;
  /** The limits the account's API keys run under: the plan's, or negotiated ones. */
  limits: EffectiveLimits;
  quotaAlerts: boolean;
  changeNotices: boolean;
  /** The zone times are shown in; null: the browser's. */
  displayZone: string | null;
  /** The organisation the account area acts on, and the person's role in it (issue 51). */
  organization: { id: string; name: string; personal: boolean; role: OrgRole };
  /** What that role may do (`packages/shared/src/org-roles.ts`): the dashboard hides the rest. */
  permissions: Permission[];
}

/** The current organisation of a session: its account (the person's own for the personal one) and the person's role. */
export interface MeOrganisation {
  account: User;
  role: OrgRole;
  personal: boolean;
}

/**
 * The signed-in person, with the current organisation's plan, limits and settings: in their personal organisation
 * these are their own, exactly as before organisations.
 */
export function toMeView(user: User, org: MeOrganisation = { account: user, role: 'owner', personal: true }): MeView {
  const account = org.account;
  return {
    ...toUserView(user),
    plan: account.plan,
    planGranted: account.planGranted,
    hasPassword: user.passwordHash !== null,
    totpEnabled: user.totpSecret !== null,
    limits: accountLimits(account),
    quotaAlerts: account.quotaAlerts,
    changeNotices: account.changeNotices,
    displayZone: user.displayZone,
    organization: { id: account.id, name: org.personal ? 'Personal' : account.firstName, personal: org.personal, role: org.role },
    permissions: permissionsOf(org.role),
  };
}

export function customLimitsOf(user: Pick<User, 'customHourlyQuota' | 'customBurstPerSecond'>): CustomLimits {
  return { hourlyQuota: user.customHourlyQuota, burstPerSecond: user.customBurstPerSecond };
}

export function accountLimits(user: Pick<User, 'plan' | 'customHourlyQuota' | 'customBurstPerSecond'>): EffectiveLimits {
  return effectiveLimits(user.plan, customLimitsOf(user));
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    plan: user.plan,
    planGranted: user.planGranted,
    role: user.role,
    isBlocked: user.isBlocked,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    profileImageUrl: user.profileImageUrl,
    closedAt: user.closedAt ? user.closedAt.toISOString() : null,
  };
}

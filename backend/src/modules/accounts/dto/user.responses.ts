import { ALL_PERMISSIONS, ORG_ROLES } from '@tzapi/shared/org-roles';
import type { OrgRole, Permission } from '@tzapi/shared/org-roles';
import { ApiProperty } from '@nestjs/swagger';
import { PLAN_IDS, type PlanId } from '../../../config/plans.js';
import { EffectiveLimitsView } from '../../../config/limits.responses.js';
import { ROLES, type Role } from '../user.entity.js';

export class UserView {
  @ApiProperty({ format: 'uuid', example: '0b6f7c1e-3a52-4c8e-9d61-2f0e7a8b9c10' }) id!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: 'Ada' }) firstName!: string;
  @ApiProperty({ example: 'Lovelace' }) lastName!: string;
  @ApiProperty({ enum: PLAN_IDS, example: 'free' }) plan!: PlanId;
  @ApiProperty({ description: 'The paid plan was granted by TimeZone API (the super admin), not bought: no subscription pays for it.', example: false })
  planGranted!: boolean;
  @ApiProperty({ enum: ROLES, example: 'user' }) role!: Role;
  @ApiProperty({ example: false }) isBlocked!: boolean;
  @ApiProperty({ example: true }) emailVerified!: boolean;
  @ApiProperty({ example: '2026-11-22T09:30:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) profileImageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the customer closed the account; null while it is open.', example: null }) closedAt!:
    string | null;
}

/** The organisation a session acts on, and the person's role in it (issue 51). */
export class MeOrganisationView {
  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' }) id!: string;
  @ApiProperty({ example: 'Personal', description: '"Personal" for your personal organisation' }) name!: string;
  @ApiProperty({ example: true }) personal!: boolean;
  @ApiProperty({ enum: ORG_ROLES, example: 'owner' }) role!: OrgRole;
}

export class MeView extends UserView {
  @ApiProperty({ description: 'false for accounts that sign in only through the identity provider.', example: true }) hasPassword!: boolean;
  @ApiProperty({ description: 'Two-factor sign-in (TOTP) is on; super admins need it for the console.', example: false }) totpEnabled!: boolean;
  @ApiProperty({ type: EffectiveLimitsView }) limits!: EffectiveLimitsView;
  @ApiProperty({ description: 'Quota alert mails and the dashboard banner at 80% and 100% of the free hourly quota.', example: true }) quotaAlerts!: boolean;
  @ApiProperty({ description: 'Change notice mails when a new tz release changes a zone the account used in the last 30 days.', example: true })
  changeNotices!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The IANA zone the account area shows times in and cuts usage days in; null: the browser's zone.",
    example: 'Asia/Kolkata',
  })
  displayZone!: string | null;
  @ApiProperty({
    type: () => MeOrganisationView,
    description: 'The organisation the account area acts on (plan, limits and the two mail settings above are its), and your role in it.',
  })
  organization!: { id: string; name: string; personal: boolean; role: OrgRole };
  @ApiProperty({
    description: 'What your role may do there; the dashboard hides the rest.',
    enum: ALL_PERMISSIONS,
    isArray: true,
    example: ['keys.read', 'keys.write'],
  })
  permissions!: Permission[];
}

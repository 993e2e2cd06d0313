import { ApiProperty } from '@nestjs/swagger';
import { PLAN_IDS, type PlanId } from '../../../config/plans.js';
import { ROLES, type Role } from '../../accounts/user.entity.js';
import { EffectiveLimitsView } from '../../../config/limits.responses.js';

export class UserView {
  @ApiProperty({ format: 'uuid', example: '0b6f7c1e-3a52-4c8e-9d61-2f0e7a8b9c10' }) id!: string;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: 'Ada' }) firstName!: string;
  @ApiProperty({ example: 'Lovelace' }) lastName!: string;
  @ApiProperty({ enum: PLAN_IDS, example: 'free' }) plan!: PlanId;
  @ApiProperty({ description: 'The paid plan was granted by TimeZone API (the super admin), not bought: no subscription pays for it.', example: false }) planGranted!: boolean;
  @ApiProperty({ enum: ROLES, example: 'user' }) role!: Role;
  @ApiProperty({ example: false }) isBlocked!: boolean;
  @ApiProperty({ example: true }) emailVerified!: boolean;
  @ApiProperty({ example: '2026-11-22T09:30:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) profileImageUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the customer closed the account; null while it is open.', example: null }) closedAt!: string | null;
}

export class MeView extends UserView {
  @ApiProperty({ description: 'false for accounts that sign in only through the identity provider.', example: true }) hasPassword!: boolean;
  @ApiProperty({ description: 'Two-factor sign-in (TOTP) is on; super admins need it for the console.', example: false }) totpEnabled!: boolean;
  @ApiProperty({ type: EffectiveLimitsView }) limits!: EffectiveLimitsView;
  @ApiProperty({ description: 'Quota alert mails and the dashboard banner at 80% and 100% of the free hourly quota.', example: true }) quotaAlerts!: boolean;
}

export class ProfileUpdatedView extends MeView {
  @ApiProperty({ type: String, nullable: true, description: 'A new e-mail waiting for its confirmation link to be clicked.', example: 'ada.lovelace@example.org' })
  pendingEmail!: string | null;
}

export class RegisteredView {
  @ApiProperty({ enum: [true], example: true }) ok!: true;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ enum: [true], example: true }) needsVerification!: true;
}

export class OkView {
  @ApiProperty({ enum: [true], example: true }) ok!: true;
}

export class OkMessageView extends OkView {
  @ApiProperty({ example: 'Password updated' }) message!: string;
}

export class LoginView extends OkView {
  @ApiProperty({ type: MeView }) user!: MeView;
}

export class ResetTokenCheckView {
  @ApiProperty({ example: true }) valid!: boolean;
}

export class TotpStateView {
  @ApiProperty({ example: true }) enabled!: boolean;
  @ApiProperty({ example: 9 }) recoveryCodesLeft!: number;
  @ApiProperty({ description: 'Required for this account (super admins).', example: false }) required!: boolean;
}

export class TotpSetupView {
  @ApiProperty({ description: 'Base32 secret, for entering by hand.', example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }) secret!: string;
  @ApiProperty({ example: 'otpauth://totp/TimeZone%20API:ada%40example.com?secret=…' }) otpauthUrl!: string;
  @ApiProperty({ description: 'The otpauth URI as a QR code (PNG data URL).', example: 'data:image/png;base64,…' }) qrCode!: string;
}

export class TotpEnabledView extends OkView {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown only this once.', example: ['k7m2p-x9qr4', 'a3b4c-d5e6f'] }) recoveryCodes!: string[];
}

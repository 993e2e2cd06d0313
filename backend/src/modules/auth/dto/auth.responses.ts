import { ApiProperty } from '@nestjs/swagger';
import { OkView } from '../../../common/http/ok-view.js';
import { MeView } from '../../accounts/dto/user.responses.js';

export class ProfileUpdatedView extends MeView {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A new e-mail waiting for its confirmation link to be clicked.',
    example: 'ada.lovelace@example.org',
  })
  pendingEmail!: string | null;
}

export class RegisteredView {
  @ApiProperty({ enum: [true], example: true }) ok!: true;
  @ApiProperty({ example: 'ada@example.com' }) email!: string;
  @ApiProperty({ example: true, description: 'False when an invitation verified the address' }) needsVerification!: boolean;
  @ApiProperty({ required: false, enum: [true], description: 'Signed in by an invitation (the session cookie is set)' }) signedIn?: true;
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
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown only this once.', example: ['k7m2p-x9qr4', 'a3b4c-d5e6f'] })
  recoveryCodes!: string[];
}

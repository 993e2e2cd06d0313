import { Inject, Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import { AuthErrors } from './auth.errors.js';
import { acceptedStep, looksLikeTotpCode, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, TOTP_VAULT } from './totp.js';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { AuthRepository } from './auth.repository.js';

export interface TotpSetup {
  /** Base32, for typing into an app that can't scan. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URI as a PNG data URL. */
  qrCode: string;
}

/** Two-factor sign-in with TOTP: enrolment, sign-in codes (current code or one-time recovery code), disabling. */
@Injectable()
export class TwoFactorService {
  private readonly vault: SecretVault;

  constructor(
    private readonly users: UsersRepository,
    private readonly repository: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.vault = new SecretVault(config.secret, TOTP_VAULT);
  }

  /** A fresh secret for the authenticator app, kept (encrypted) as pending until a code confirms it. */
  async startEnrolment(userId: string): Promise<TotpSetup> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    if (user.totpSecret) throw AuthErrors.totpAlreadyEnabled();
    const secret = newTotpSecret();
    user.totpPendingSecret = this.vault.encrypt(secret);
    await users.flush();
    const otpauthUrl = otpauthUri(user.email, secret);
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** Turns two-factor sign-in on with a code from the pending secret; returns the ten recovery codes (shown once). */
  async confirmEnrolment(userId: string, code: string): Promise<string[]> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    if (user.totpSecret) throw AuthErrors.totpAlreadyEnabled();
    if (!user.totpPendingSecret) throw AuthErrors.totpNotStarted();
    const step = await acceptedStep(this.vault.decrypt(user.totpPendingSecret), code.trim(), null);
    if (step === null) throw AuthErrors.totpInvalid(400, 'code');
    user.totpSecret = user.totpPendingSecret;
    user.totpPendingSecret = null;
    user.totpEnabledAt = new Date();
    user.totpLastStep = step;
    await users.flush();
    return this.replaceRecoveryCodes(user.id);
  }

  /** Turns two-factor sign-in off after a current code or a recovery code; super admins can't. */
  async disable(userId: string, code: string): Promise<void> {
    const user = await this.users.fork().findByIdOrFail(userId);
    if (user.role === 'super_admin') throw AuthErrors.totpMandatory();
    if (!user.totpSecret) throw AuthErrors.totpNotEnabled();
    if (!(await this.verify(user, code))) throw AuthErrors.totpInvalid(400, 'code');
    await this.users.fork().clearTotp(user.id);
    await this.repository.fork().deleteRecoveryCodes(user.id);
  }

  /**
   * Whether `code` is a current TOTP code not used before (the accepted step is stored in the same statement
   * that checks it, so two requests can't both use one code) or an unused recovery code (consumed).
   */
  async verify(user: User, code: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    const value = code.trim();
    if (looksLikeTotpCode(value)) {
      const step = await acceptedStep(this.vault.decrypt(user.totpSecret), value, user.totpLastStep);
      if (step === null) return false;
      return this.users.claimTotpStep(user.id, step);
    }
    return this.repository.consumeRecoveryCode(user.id, recoveryCodeHash(this.config.secret, value));
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    return this.repository.fork().countUnusedRecoveryCodes(userId);
  }

  private async replaceRecoveryCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.repository.fork().replaceRecoveryCodes(
      userId,
      codes.map((code) => recoveryCodeHash(this.config.secret, code)),
    );
    return codes;
  }
}

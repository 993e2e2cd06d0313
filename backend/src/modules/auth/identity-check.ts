import { Injectable } from '@nestjs/common';
import type { User } from '../accounts/user.entity.js';
import { AuthErrors } from './auth.errors.js';
import { verifyPassword } from './password-policy.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * Auth's confirmation port (published): a signed-in customer proves again that it is them before an irreversible
 * step (closing the account): the password, when the account has one, and a second-factor code, when it is on.
 */
@Injectable()
export class IdentityCheck {
  constructor(private readonly twoFactor: TwoFactorService) {}

  /** Throws 400 `wrong_password`, `totp_required` or `totp_invalid` (field `password` or `totp`). */
  async confirm(user: User, input: { password?: string; totp?: string }): Promise<void> {
    if (user.passwordHash && !(input.password && (await verifyPassword(user.passwordHash, input.password)))) throw AuthErrors.passwordIncorrect();
    if (user.totpSecret) {
      if (!input.totp) throw AuthErrors.totpRequired(400);
      if (!(await this.twoFactor.verify(user, input.totp))) throw AuthErrors.totpInvalid(400, 'totp');
    }
  }
}

import { Global, Module } from '@nestjs/common';
import { AuthRepository } from './auth.repository.js';
import { AuthThrottlerGuard, authThrottlerModule } from './throttled-route.guard.js';
import { AuthThrottle } from './attempt-limits.js';
import { IdentityCheck } from './identity-check.js';
import { TrustedDevices } from './trusted-devices.js';
import { TwoFactorService } from './two-factor.service.js';

/**
 * What other features use of auth on their own routes: the account-route throttle (@AuthThrottled's guard and the
 * per-action budgets) and the identity check before an irreversible step. Global, like SessionsModule, so support and
 * self-service import no auth module.
 */
@Global()
@Module({
  // @nestjs/throttler guards the account routes (@AuthThrottled); its counts live in the shared RateLimiter.
  imports: [authThrottlerModule()],
  providers: [AuthThrottle, AuthThrottlerGuard, TrustedDevices, TwoFactorService, IdentityCheck, AuthRepository],
  exports: [AuthThrottle, AuthThrottlerGuard, TrustedDevices, TwoFactorService, IdentityCheck, AuthRepository],
})
export class AccountGuardsModule {}

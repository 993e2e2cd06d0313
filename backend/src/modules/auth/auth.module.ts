import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthThrottlerGuard, authThrottlerModule } from './auth-throttler.js';
import { AuthThrottle } from './auth-throttle.js';
import { AccountController, AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalLoginGuard } from './local-login.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { OidcController } from './oidc.controller.js';
import { OidcService } from './oidc.service.js';
import { SuperAdminBootstrap } from './super-admin.bootstrap.js';
import { TrustedDevices } from './trusted-devices.js';
import { TwoFactorService } from './two-factor.service.js';

/** Accounts: register, verify, login (with two-factor codes and trusted devices), reset, profile. Sessions themselves live in the global SessionsModule. */
@Module({
  // @nestjs/throttler guards the account routes (@AuthThrottled); its counts live in the shared RateLimiter.
  imports: [PassportModule, authThrottlerModule()],
  controllers: [AuthController, AccountController, OidcController],
  providers: [AuthService, AuthThrottle, LocalStrategy, LocalLoginGuard, SuperAdminBootstrap, OidcService, TrustedDevices, TwoFactorService, AuthThrottlerGuard],
  exports: [AuthService, AuthThrottle, TrustedDevices, AuthThrottlerGuard, TwoFactorService],
})
export class AuthModule {}

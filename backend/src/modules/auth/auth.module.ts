import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
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

/** Accounts: register, verify, login (with two-factor codes and trusted devices), reset, profile. Sessions themselves live in CoreModule. */
@Module({
  imports: [PassportModule],
  controllers: [AuthController, AccountController, OidcController],
  providers: [AuthService, AuthThrottle, LocalStrategy, LocalLoginGuard, SuperAdminBootstrap, OidcService, TrustedDevices, TwoFactorService],
  exports: [AuthService, AuthThrottle, TwoFactorService],
})
export class AuthModule {}

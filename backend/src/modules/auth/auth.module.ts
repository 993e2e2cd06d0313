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

/** Accounts: register, verify, login, reset, profile. Sessions themselves live in CoreModule. */
@Module({
  imports: [PassportModule],
  controllers: [AuthController, AccountController, OidcController],
  providers: [AuthService, AuthThrottle, LocalStrategy, LocalLoginGuard, SuperAdminBootstrap, OidcService],
  exports: [AuthService, AuthThrottle],
})
export class AuthModule {}

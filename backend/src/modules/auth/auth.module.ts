import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountController, AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LocalLoginGuard } from './local-login.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { OidcController } from './oidc.controller.js';
import { OidcService } from './oidc.service.js';
import { SuperAdminBootstrap } from './super-admin.bootstrap.js';

/** Accounts: register, verify, login (with two-factor codes and trusted devices), reset, profile. Sessions themselves live in the global SessionsModule. */
@Module({
  // The throttle, trusted devices and two-factor codes come from the global AccountGuardsModule.
  imports: [PassportModule],
  controllers: [AuthController, AccountController, OidcController],
  providers: [AuthService, LocalStrategy, LocalLoginGuard, SuperAdminBootstrap, OidcService],
  exports: [AuthService],
})
export class AuthModule {}

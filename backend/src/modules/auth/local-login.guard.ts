import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { createValidationPipe } from '../../common/validation.js';
import { AuthErrors } from './auth.errors.js';
import { AuthThrottle } from './auth-throttle.js';
import { LoginDto } from './dto/auth.dto.js';
import { TrustedDevices } from './trusted-devices.js';
import type { User } from './user.entity.js';

const validation = createValidationPipe();

/**
 * Guards POST /api/auth/login. Guards run before pipes, so this one validates the body itself (400 problem
 * for a malformed one), then counts the attempt per IP, per (e-mail, IP) and per e-mail unless the browser
 * carries the account's device cookie (429), then lets passport-local check the credentials. The second factor
 * and clearing the count happen in the controller.
 */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  constructor(
    private readonly throttle: AuthThrottle,
    private readonly devices: TrustedDevices,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const dto = (await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    request.body = dto;
    await this.throttle.checkLogin(request.ip, dto.email, await this.devices.isTrustedFor(request, dto.email));
    await super.canActivate(context);
    return true;
  }

  override handleRequest<TUser = User>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw AuthErrors.invalidCredentials();
    return user;
  }
}

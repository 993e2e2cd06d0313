import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { createValidationPipe } from '../../common/validation.js';
import { AuthErrors } from './auth.errors.js';
import { AuthThrottle } from './auth-throttle.js';
import { LoginDto } from './dto/auth.dto.js';
import type { User } from './user.entity.js';

const validation = createValidationPipe();

/**
 * Guards POST /api/auth/login. Guards run before pipes, so this one validates the body itself (400 problem
 * for a malformed one), then counts the attempt per IP and per e-mail (429), then lets passport-local check
 * the credentials.
 */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  constructor(private readonly throttle: AuthThrottle) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const dto = (await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    request.body = dto;
    await this.throttle.check('login', request.ip, dto.email);
    await super.canActivate(context);
    await this.throttle.clear('login', dto.email);
    return true;
  }

  override handleRequest<TUser = User>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw AuthErrors.invalidCredentials();
    return user;
  }
}

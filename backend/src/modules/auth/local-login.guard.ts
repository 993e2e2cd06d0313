import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { createValidationPipe } from '../../common/http/validation.js';
import { AuthErrors } from './auth.errors.js';
import { LoginDto } from './dto/auth.dto.js';
import type { User } from '../accounts/user.entity.js';

const validation = createValidationPipe();

/**
 * Guards POST /api/auth/login after AuthThrottlerGuard (which validated the body and counted the attempt per IP,
 * per (e-mail, IP) and per e-mail unless the browser carries the account's device cookie). Guards run before
 * pipes, so the body is the validated LoginDto here; passport-local checks the credentials. The second factor and
 * clearing the count happen in the controller.
 */
@Injectable()
export class LocalLoginGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const dto = (await validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    request.body = dto;
    await super.canActivate(context);
    return true;
  }

  override handleRequest<TUser = User>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw AuthErrors.invalidCredentials();
    return user;
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { AuthService } from './auth.service.js';
import type { User } from '../accounts/user.entity.js';

/** passport-local reads email/password from the (already validated) JSON body and asks AuthService to check them. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
  }

  validate(email: string, password: string): Promise<User> {
    return this.auth.checkCredentials(email, password);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { randomToken, sha256 } from '../../common/crypto/tokens.js';
import type { User } from '../accounts/user.entity.js';
import { AuthRepository } from './auth.repository.js';

const DEVICE_DAYS = 180;

/** The device cookie: set at every successful password sign-in, it lets that browser past the per-e-mail ceiling. */
@Injectable()
export class TrustedDevices {
  constructor(
    private readonly repository: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get cookieName(): string {
    return this.config.secureCookies ? '__Host-tzapi_device' : 'tzapi_device';
  }

  private readToken(request: FastifyRequest): string | null {
    const value = request.cookies?.[this.cookieName];
    return value && value.length >= 32 && value.length <= 128 ? value : null;
  }

  /** Whether this browser signed in to the account of `email` before (and the cookie has not expired). */
  async isTrustedFor(request: FastifyRequest, email: string): Promise<boolean> {
    const token = this.readToken(request);
    if (!token) return false;
    const device = await this.repository.fork().findLiveDevice(sha256(token));
    return device !== null && device.user.email === email.toLowerCase();
  }

  /** Remembers this browser for `user`: keeps a cookie that already names the account, else issues a new one. */
  async remember(user: User, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const devices = this.repository.fork();
    const previous = this.readToken(request);
    const expiresAt = new Date(Date.now() + DEVICE_DAYS * 86400_000);
    if (previous) {
      if (await devices.renewDevice(sha256(previous), user.id, expiresAt)) return this.setCookie(reply, previous);
    }
    const token = randomToken(32);
    await devices.createDevice(sha256(token), user.id, expiresAt);
    if (previous) await devices.deleteDevice(sha256(previous));
    await devices.deleteExpiredDevices(user.id);
    this.setCookie(reply, token);
  }

  private setCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(this.cookieName, token, { path: '/', httpOnly: true, secure: this.config.secureCookies, sameSite: 'lax', maxAge: DEVICE_DAYS * 86400 });
  }
}

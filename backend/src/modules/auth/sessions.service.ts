import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { randomToken, sha256 } from '../../common/crypto/tokens.js';
import type { Session } from './session.entity.js';
import { AccountChanges } from '../accounts/account-changes.js';
import type { User } from '../accounts/user.entity.js';
import { SessionsRepository } from './sessions.repository.js';

const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Why a session cookie no longer signs anyone in, when the server still knows: the sign-in page tells the user. */
export type SessionEnd = 'expired' | 'blocked';

/** A live session, or why there is none (null when there was no cookie or the server knows nothing of it). */
export type SessionCheck = { session: Session; ended: null } | { session: null; ended: SessionEnd | null };

/** Creates, checks and ends browser sessions; the session store is PostgreSQL. */
@Injectable()
export class SessionsService implements OnModuleInit {
  constructor(
    private readonly repository: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountChanges,
  ) {}

  onModuleInit(): void {
    // A block or a closure ends every session of the account, once the change is committed. A blocked account's
    // sessions are ended but kept: the browser that still holds one is told why (403 account_blocked), not just 401.
    this.accounts.listen((change) =>
      change.deleted || change.closed
        ? this.endAllForUser(change.userId).then(() => undefined)
        : change.isBlocked && change.fields.includes('isBlocked')
          ? this.expireAllForUser(change.userId).then(() => undefined)
          : undefined,
    );
  }

  private get idleMs(): number {
    return this.config.SESSION_IDLE_HOURS * 3600 * 1000;
  }

  /** A fresh token at every login; the old session cookie, if any, is not reused. */
  async start(user: User, request: FastifyRequest, reply: FastifyReply): Promise<Session> {
    const token = randomToken(32);
    const sessions = this.repository.fork();
    const session = await sessions.create({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + this.config.SESSION_ABSOLUTE_DAYS * 86400 * 1000),
      ipAddress: request.ip ?? null,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 512) || null,
    });
    const previous = this.readToken(request);
    if (previous) await sessions.deleteByTokenHash(sha256(previous));
    reply.setCookie(this.config.sessionCookieName, token, {
      path: '/',
      httpOnly: true,
      secure: this.config.secureCookies,
      sameSite: 'lax',
      maxAge: this.config.SESSION_ABSOLUTE_DAYS * 86400,
    });
    return session;
  }

  readToken(request: FastifyRequest): string | null {
    const value = request.cookies?.[this.config.sessionCookieName];
    return value && value.length >= 32 && value.length <= 128 ? value : null;
  }

  /** The live session for this request, with its user; null when absent, expired, idle or blocked. */
  async resolve(request: FastifyRequest): Promise<Session | null> {
    return (await this.check(request)).session;
  }

  /**
   * The live session, or why the cookie no longer works: `blocked` while its account is blocked (the row stays, so a
   * reload says it again), `expired` once (absolute or idle expiry; the row goes). A closed account is plain null.
   */
  async check(request: FastifyRequest): Promise<SessionCheck> {
    const token = this.readToken(request);
    if (!token) return { session: null, ended: null };
    const sessions = this.repository.fork();
    const session = await sessions.findByTokenHash(sha256(token));
    if (!session) return { session: null, ended: null };
    if (session.user.isBlocked && !session.user.closedAt) return { session: null, ended: 'blocked' };
    const now = Date.now();
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + this.idleMs <= now || session.user.closedAt) {
      await sessions.delete(session.id);
      return { session: null, ended: session.user.closedAt ? null : 'expired' };
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await sessions.touch(session.id, new Date(now));
    }
    return { session, ended: null };
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = this.readToken(request);
    if (token) await this.repository.fork().deleteByTokenHash(sha256(token));
    reply.clearCookie(this.config.sessionCookieName, { path: '/', httpOnly: true, secure: this.config.secureCookies, sameSite: 'lax' });
  }

  /** Switches the session to the organisation (null: the personal one). */
  async switchOrg(session: Session, orgId: string | null): Promise<void> {
    await this.repository.fork().setOrg(session.id, orgId);
    session.orgId = orgId;
  }

  /** A removed member's sessions stop acting on the organisation at once (the next request is in their personal one). */
  async leaveOrg(userId: string, orgId: string): Promise<number> {
    return this.repository.fork().leaveOrg(userId, orgId);
  }

  /** Ends every session of a blocked user and keeps the rows, which now only say why they stopped (see check). */
  async expireAllForUser(userId: string): Promise<number> {
    return this.repository.fork().expireAllForUser(userId);
  }

  /** Ends every session of a user (password change, reset), optionally keeping the current one. */
  async endAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    return this.repository.fork().deleteAllForUser(userId, exceptSessionId);
  }
}

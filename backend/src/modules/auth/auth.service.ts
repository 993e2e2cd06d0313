import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { randomToken, sha256 } from '../../common/crypto/tokens.js';
import { JobQueue } from '../jobs/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { emailChangeAttemptMail, emailChangeMail, passwordResetMail, registrationAttemptMail, verificationMail } from '../mail/mail.templates.js';
import type { AuthTokenPurpose } from './auth-token.entity.js';
import { AuthErrors } from './auth.errors.js';
import { hashPassword, verifyPassword } from './password-policy.js';
import { SessionsService } from './sessions.service.js';
import { AccountCommands } from '../accounts/account-commands.js';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';
import { AuthRepository } from './auth.repository.js';
import { InvitationRedemption, invitationEmailMismatch, refuseInvitation } from '../accounts/invitation-redemption.js';

const HOUR = 3600_000;
export const VERIFY_TOKEN_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = 1 * HOUR;
/** forgot-password's job, queued for every address: it mails the link only when the token was stored for an account. */
export const RESET_MAIL_QUEUE = 'password-reset-mail';

/** "Ada King Lovelace" → Ada / King Lovelace; a single word is the first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  const [first, last] = space === -1 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1)];
  return { firstName: first.slice(0, 100), lastName: last.slice(0, 100) };
}

/** Accounts: sign-up, e-mail verification, credential checks, password reset, profile and password changes. */
@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Auth');
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UsersRepository,
    private readonly repository: AuthRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly sessions: SessionsService,
    private readonly accounts: AccountCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: InvitationRedemption,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ email: string; token: string }>({
      queue: RESET_MAIL_QUEUE,
      describe: ({ email }) => ({ to: email }),
      handle: async ({ token }) => {
        const hash = sha256(token);
        const email = await this.repository.unusedResetTokenEmail(hash);
        if (!email) return;
        const link = `${this.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await this.mail.queue({ to: email, ...passwordResetMail({ link }) }, { key: `password-reset:${hash}` });
      },
    });
  }

  /**
   * Creates an unverified account and mails its verification link. A taken address answers the same
   * (no account enumeration): its owner gets a "someone tried to register" mail instead.
   */
  async register(input: { name: string; email: string; password: string }): Promise<void> {
    // Hash first, whether or not the address is taken, so both paths cost the same.
    const passwordHash = await hashPassword(input.password);
    const existing = await this.users.fork().findByEmail(input.email);
    if (existing) {
      await this.notifyRegistrationAttempt(existing);
      return;
    }
    try {
      // The account, its verification token and the verification mail commit together (the mail is an outbox job).
      await this.repository.transaction(async (tx) => {
        const users = this.users.joining(tx.unitOfWork);
        const user = users.create({ email: input.email, ...splitName(input.name), passwordHash });
        await users.flush();
        await this.sendVerification(user, tx);
      });
    } catch (err) {
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      // A parallel sign-up won the race: answer like a taken address.
      const winner = await this.users.fork().findByEmail(input.email);
      if (winner) await this.notifyRegistrationAttempt(winner);
    }
  }

  /**
   * Sign-up from an invitation link (issue 51): the mailed link proved the address, so the account starts verified,
   * joins the organisation in the invitation's role in the same transaction, and is signed in by the caller. The
   * address must be the invitation's. A taken address answers as `register` does (null: nobody is signed in).
   */
  async registerInvited(input: { name: string; email: string; password: string; invitationToken: string }): Promise<{ user: User; orgId: string } | null> {
    const passwordHash = await hashPassword(input.password);
    const tokenHash = sha256(input.invitationToken);
    const { state, invitation } = await this.invitations.look(tokenHash);
    if (state !== 'pending' || !invitation) refuseInvitation(state);
    if (invitation.email !== input.email) throw invitationEmailMismatch();
    const existing = await this.users.fork().findByEmail(input.email);
    if (existing) {
      await this.notifyRegistrationAttempt(existing);
      return null;
    }
    try {
      return await this.users.transaction(async (users) => {
        const user = users.create({ email: input.email, ...splitName(input.name), passwordHash, emailVerified: true });
        await users.flush();
        const redeemed = await this.invitations.redeem(tokenHash, user, users.unitOfWork);
        if (redeemed.state !== 'pending' || !redeemed.invitation) refuseInvitation(redeemed.state);
        return { user, orgId: redeemed.invitation.orgId };
      });
    } catch (err) {
      if (!(err instanceof UniqueConstraintViolationException)) throw err;
      const winner = await this.users.fork().findByEmail(input.email);
      if (winner) await this.notifyRegistrationAttempt(winner);
      return null;
    }
  }

  private async notifyRegistrationAttempt(user: User): Promise<void> {
    await this.mail.queue({
      to: user.email,
      ...registrationAttemptMail({ loginUrl: `${this.config.appUrl}/login` }),
    });
  }

  /** Issues a fresh 24 h verification link for the user's current address and queues its mail (in `tx` when given). */
  async sendVerification(user: User, tx?: AuthRepository): Promise<void> {
    const run = async (tokens: AuthRepository) => {
      const token = await this.issueToken(user, 'verify_email', VERIFY_TOKEN_TTL_MS, user.email, tokens);
      const link = `${this.config.appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
      await this.mail.queue({ to: user.email, ...verificationMail({ link }) }, { em: tokens.unitOfWork });
    };
    await (tx ? run(tx) : this.repository.transaction(run));
  }

  /** Always succeeds from the caller's view; mails a new link only to an existing, unverified, unblocked account. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.users.fork().findByEmail(email);
    if (!user || user.emailVerified || user.isBlocked) return;
    await this.sendVerification(user);
  }

  /**
   * Consumes a verification token; true when it verified the address it was issued for. A token for another
   * address than the account's (a profile e-mail change) moves the account to that address, unless it has
   * been taken since.
   */
  async verifyEmail(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 256) return false;
    const row = await this.consumeToken(token, 'verify_email');
    if (!row?.email) return false;
    const user = await this.users.fork().findById(row.userId);
    if (!user) return false;
    const moves = user.email !== row.email;
    // The address taken by another account since the link was sent: nothing changes.
    if (!(await this.accounts.markVerified(row.userId, { by: 'verification link', email: row.email }))) return false;
    if (!moves) return true;
    // Links still out for the old address must not move the account back.
    await this.repository.fork().useUpTokens(row.userId, 'verify_email');
    return true;
  }

  /**
   * The passport-local verify step: the user for a correct e-mail and password, else a problem.
   * An unknown address still costs one argon2 verification, so timing does not tell whether it exists.
   */
  async checkCredentials(email: string, password: string): Promise<User> {
    const user = await this.users.fork().findByEmail(email);
    if (!user || !user.passwordHash) {
      await verifyPassword(await this.getDummyHash(), password);
      throw AuthErrors.invalidCredentials();
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw AuthErrors.invalidCredentials();
    if (user.isBlocked) throw AuthErrors.accountBlocked();
    if (!user.emailVerified) throw AuthErrors.emailNotVerified(user.email);
    return user;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(randomToken(16));
    return this.dummyHash;
  }

  /**
   * Mails a 1 h reset link when the address has a live account; the caller always answers the same. Known and unknown
   * addresses do the same work before the answer (timing must not tell them apart): a token drawn and hashed, and one
   * statement that stores it only when the address has an unblocked account. The mail goes out after the answer.
   */
  async forgotPassword(email: string): Promise<void> {
    const token = randomToken(32);
    const now = new Date();
    await this.repository.transaction(async (tx) => {
      await tx.storeResetToken(sha256(token), email, now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
      // Queued for every address, in the token's transaction: after the answer, the job mails the link only when the
      // token above was stored (a live account). Both paths run the same statements.
      await this.jobs.send(RESET_MAIL_QUEUE, { email, token }, { em: tx.unitOfWork });
    });
  }

  async isResetTokenValid(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 256) return false;
    return this.repository.fork().isLiveResetToken(sha256(token));
  }

  /** Sets a new password with a single-use reset token and ends every session of the account. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const row = await this.consumeToken(token, 'reset_password');
    if (!row) throw AuthErrors.invalidToken();
    await this.users.transaction(async (tx) => {
      await tx.setPasswordHash(row.userId, passwordHash);
      // The link reached the mailbox, which proves the address as well as a verification link would.
      await this.accounts.markVerified(row.userId, { by: 'password reset link', em: tx.unitOfWork });
    });
    await this.repository.fork().useUpTokens(row.userId, 'reset_password');
    await this.sessions.endAllForUser(row.userId);
  }

  /**
   * Updates names at once. A new e-mail is only pending: a link goes to it and the account moves there when it
   * is clicked. A taken address answers the same (no account enumeration); its owner is told by mail instead.
   */
  async updateProfile(userId: string, input: { email: string; firstName: string; lastName: string }): Promise<{ user: User; pendingEmail: string | null }> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    user.firstName = input.firstName;
    user.lastName = input.lastName;
    await users.flush();
    if (input.email === user.email) return { user, pendingEmail: null };
    // Only the latest requested address can be confirmed.
    await this.repository.fork().useUpTokens(userId, 'verify_email', user.email);
    const owner = await users.findByEmail(input.email);
    // Issued either way so both paths cost the same; for a taken address it is never mailed (and could not apply).
    await this.repository.transaction(async (tx) => {
      const token = await this.issueToken(user, 'verify_email', VERIFY_TOKEN_TTL_MS, input.email, tx);
      if (owner) {
        await this.mail.queue({ to: owner.email, ...emailChangeAttemptMail({ loginUrl: `${this.config.appUrl}/login` }) }, { em: tx.unitOfWork });
      } else {
        const link = `${this.config.appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
        await this.mail.queue({ to: input.email, ...emailChangeMail({ link }) }, { em: tx.unitOfWork });
      }
    });
    return { user, pendingEmail: input.email };
  }

  /** Changes the password after checking the current one; every other session of the account ends. */
  async changePassword(userId: string, currentSessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    const users = this.users.fork();
    const user = await users.findByIdOrFail(userId);
    if (!user.passwordHash) throw AuthErrors.noPassword();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw AuthErrors.wrongPassword();
    user.passwordHash = await hashPassword(newPassword);
    await users.flush();
    await this.repository.fork().useUpTokens(userId, 'reset_password');
    await this.sessions.endAllForUser(userId, currentSessionId);
  }

  private async issueToken(user: User, purpose: AuthTokenPurpose, ttlMs: number, email: string, tokens: AuthRepository): Promise<string> {
    const token = randomToken(32);
    await tokens.createToken({ tokenHash: sha256(token), userId: user.id, purpose, email, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** Marks a live token used in one statement, so two clicks can't both succeed. */
  private async consumeToken(token: string, purpose: AuthTokenPurpose): Promise<{ userId: string; email: string | null } | null> {
    return this.repository.consumeToken(sha256(token), purpose);
  }
}

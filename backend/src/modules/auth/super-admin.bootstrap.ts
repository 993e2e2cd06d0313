import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { randomToken } from '../../common/crypto/tokens.js';
import { SecretVault } from '../../common/crypto/secret-vault.js';
import { hashPassword } from './password-policy.js';
import { newTotpSecret, otpauthUri, TOTP_VAULT } from './totp.js';
import type { User } from '../accounts/user.entity.js';
import { UsersRepository } from '../accounts/users.repository.js';

export const DEFAULT_SUPER_ADMIN_EMAIL = 'admin@localhost';

export type SuperAdminOutcome =
  | { action: 'created'; email: string; generatedPassword: string | null; generatedTotpSecret: string | null }
  | { action: 'promoted'; email: string }
  | { action: 'exists'; email: string | null };

interface Log {
  log(message: string): void;
  warn(message: string): void;
}

type BootstrapConfig = Pick<AppConfig, 'SUPER_ADMIN_EMAIL' | 'SUPER_ADMIN_PASSWORD' | 'SUPER_ADMIN_TOTP_SECRET' | 'secret'>;

function banner(email: string, password: string, totpSecret: string | null): string {
  const rule = '='.repeat(68);
  const totp = totpSecret
    ? [
        `  Two-factor (TOTP) secret: ${totpSecret}`,
        `  ${otpauthUri(email, totpSecret)}`,
        '  Add the secret (or the otpauth:// URI) to an authenticator app; sign-in asks for its 6-digit code.',
      ]
    : [];
  return [
    '',
    rule,
    '  SUPER ADMIN ACCOUNT CREATED (shown only this once)',
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    ...totp,
    '  Sign in at /login. To change it, use "Forgot password" (the link arrives by mail).',
    '  Set SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD and SUPER_ADMIN_TOTP_SECRET to choose your own.',
    rule,
    '',
  ].join('\n');
}

/**
 * Two-factor sign-in for the bootstrap super admin: SUPER_ADMIN_TOTP_SECRET when set (an account already
 * enrolled keeps its own secret), otherwise a generated one when `generate` (the printed first-start login).
 * Returns the generated secret, if any, for the banner.
 */
async function enrolTotp(users: UsersRepository, user: User, config: BootstrapConfig, log: Log, generate: boolean): Promise<string | null> {
  if (user.totpSecret) return null;
  const configured = config.SUPER_ADMIN_TOTP_SECRET;
  if (!configured && !generate) return null;
  const secret = configured ?? newTotpSecret();
  user.totpSecret = new SecretVault(config.secret, TOTP_VAULT).encrypt(secret);
  user.totpPendingSecret = null;
  user.totpEnabledAt = new Date();
  user.totpLastStep = null;
  await users.flush();
  if (configured) log.log(`Super admin: ${user.email} enrolled in two-factor sign-in with SUPER_ADMIN_TOTP_SECRET`);
  return configured ? null : secret;
}

/**
 * Makes sure a super admin exists. With SUPER_ADMIN_EMAIL (and SUPER_ADMIN_PASSWORD) that account is created
 * or promoted, verified. With neither and no super admin yet, admin@localhost gets a random password that is
 * printed once; later starts only say that a super admin exists.
 */
export async function ensureSuperAdmin(users: UsersRepository, config: BootstrapConfig, log: Log): Promise<SuperAdminOutcome> {
  const email = config.SUPER_ADMIN_EMAIL?.trim().toLowerCase();
  if (email) {
    const existing = await users.findByEmail(email);
    if (existing) {
      await enrolTotp(users, existing, config, log, false);
      if (existing.role !== 'super_admin' || !existing.emailVerified || existing.isBlocked) {
        existing.role = 'super_admin';
        existing.emailVerified = true;
        existing.isBlocked = false;
        await users.flush();
        log.log(`Super admin: ${email} promoted (its password is unchanged)`);
        return { action: 'promoted', email };
      }
      log.log(`Super admin: ${email} exists`);
      return { action: 'exists', email };
    }
    const generated = config.SUPER_ADMIN_PASSWORD ? null : randomToken(18);
    const created = await createAdmin(users, email, config.SUPER_ADMIN_PASSWORD ?? generated!);
    if (!created) return { action: 'exists', email };
    // A printed password comes with a printed TOTP secret; a chosen password leaves enrolment to the console.
    const totp = await enrolTotp(users, created, config, log, generated !== null);
    if (generated) log.warn(banner(email, generated, totp));
    else log.log(`Super admin: ${email} created with the password from SUPER_ADMIN_PASSWORD`);
    return { action: 'created', email, generatedPassword: generated, generatedTotpSecret: totp };
  }
  if (config.SUPER_ADMIN_PASSWORD) log.warn('SUPER_ADMIN_PASSWORD is set without SUPER_ADMIN_EMAIL; it is ignored');

  const admin = await users.firstSuperAdmin();
  if (admin) {
    await enrolTotp(users, admin, config, log, false);
    log.log(`Super admin exists (${admin.email}); its password is not shown again`);
    return { action: 'exists', email: admin.email };
  }
  const password = randomToken(18);
  let user = await users.findByEmail(DEFAULT_SUPER_ADMIN_EMAIL);
  if (user) {
    Object.assign(user, {
      role: 'super_admin',
      emailVerified: true,
      isBlocked: false,
      passwordHash: await hashPassword(password),
      // Whoever registered the address first must not keep a second factor for it.
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
    });
    await users.flush();
  } else {
    user = await createAdmin(users, DEFAULT_SUPER_ADMIN_EMAIL, password);
    if (!user) {
      log.log('Super admin exists (created by another instance just now)');
      return { action: 'exists', email: DEFAULT_SUPER_ADMIN_EMAIL };
    }
  }
  const totp = await enrolTotp(users, user, config, log, true);
  log.warn(banner(DEFAULT_SUPER_ADMIN_EMAIL, password, totp));
  return { action: 'created', email: DEFAULT_SUPER_ADMIN_EMAIL, generatedPassword: password, generatedTotpSecret: totp };
}

/** Null when another instance inserted the same address first. */
async function createAdmin(users: UsersRepository, email: string, password: string): Promise<User | null> {
  const user = users.create({
    email,
    firstName: 'Super',
    lastName: 'Admin',
    passwordHash: await hashPassword(password),
    role: 'super_admin',
    emailVerified: true,
  });
  try {
    await users.flush();
    return user;
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      users.clear();
      return null;
    }
    throw err;
  }
}

@Injectable()
export class SuperAdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('SuperAdmin');

  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureSuperAdmin(this.users.fork(), this.config, this.logger);
  }
}

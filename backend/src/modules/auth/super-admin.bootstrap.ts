import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { randomToken } from '../../common/tokens.js';
import { hashPassword } from './password-policy.js';
import { User } from './user.entity.js';

export const DEFAULT_SUPER_ADMIN_EMAIL = 'admin@localhost';

export type SuperAdminOutcome =
  | { action: 'created'; email: string; generatedPassword: string | null }
  | { action: 'promoted'; email: string }
  | { action: 'exists'; email: string | null };

interface Log {
  log(message: string): void;
  warn(message: string): void;
}

function banner(email: string, password: string): string {
  const rule = '='.repeat(68);
  return [
    '',
    rule,
    '  SUPER ADMIN ACCOUNT CREATED (shown only this once)',
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    '  Sign in at /login. To change it, use "Forgot password" (the link arrives by mail).',
    '  Set SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD to choose your own.',
    rule,
    '',
  ].join('\n');
}

/**
 * Makes sure a super admin exists. With SUPER_ADMIN_EMAIL (and SUPER_ADMIN_PASSWORD) that account is created
 * or promoted, verified. With neither and no super admin yet, admin@localhost gets a random password that is
 * printed once; later starts only say that a super admin exists.
 */
export async function ensureSuperAdmin(em: EntityManager, config: Pick<AppConfig, 'SUPER_ADMIN_EMAIL' | 'SUPER_ADMIN_PASSWORD'>, log: Log): Promise<SuperAdminOutcome> {
  const email = config.SUPER_ADMIN_EMAIL?.trim().toLowerCase();
  if (email) {
    const existing = await em.findOne(User, { email });
    if (existing) {
      if (existing.role !== 'super_admin' || !existing.emailVerified || existing.isBlocked) {
        existing.role = 'super_admin';
        existing.emailVerified = true;
        existing.isBlocked = false;
        await em.flush();
        log.log(`Super admin: ${email} promoted (its password is unchanged)`);
        return { action: 'promoted', email };
      }
      log.log(`Super admin: ${email} exists`);
      return { action: 'exists', email };
    }
    const generated = config.SUPER_ADMIN_PASSWORD ? null : randomToken(18);
    const created = await createAdmin(em, email, config.SUPER_ADMIN_PASSWORD ?? generated!);
    if (!created) return { action: 'exists', email };
    if (generated) log.warn(banner(email, generated));
    else log.log(`Super admin: ${email} created with the password from SUPER_ADMIN_PASSWORD`);
    return { action: 'created', email, generatedPassword: generated };
  }
  if (config.SUPER_ADMIN_PASSWORD) log.warn('SUPER_ADMIN_PASSWORD is set without SUPER_ADMIN_EMAIL; it is ignored');

  const admin = await em.findOne(User, { role: 'super_admin' }, { orderBy: { createdAt: 'asc' } });
  if (admin) {
    log.log(`Super admin exists (${admin.email}); its password is not shown again`);
    return { action: 'exists', email: admin.email };
  }
  const password = randomToken(18);
  const squatter = await em.findOne(User, { email: DEFAULT_SUPER_ADMIN_EMAIL });
  if (squatter) {
    Object.assign(squatter, { role: 'super_admin', emailVerified: true, isBlocked: false, passwordHash: await hashPassword(password) });
    await em.flush();
  } else if (!(await createAdmin(em, DEFAULT_SUPER_ADMIN_EMAIL, password))) {
    log.log('Super admin exists (created by another instance just now)');
    return { action: 'exists', email: DEFAULT_SUPER_ADMIN_EMAIL };
  }
  log.warn(banner(DEFAULT_SUPER_ADMIN_EMAIL, password));
  return { action: 'created', email: DEFAULT_SUPER_ADMIN_EMAIL, generatedPassword: password };
}

/** False when another instance inserted the same address first. */
async function createAdmin(em: EntityManager, email: string, password: string): Promise<boolean> {
  em.create(User, { email, firstName: 'Super', lastName: 'Admin', passwordHash: await hashPassword(password), role: 'super_admin', emailVerified: true });
  try {
    await em.flush();
    return true;
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      em.clear();
      return false;
    }
    throw err;
  }
}

@Injectable()
export class SuperAdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('SuperAdmin');

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureSuperAdmin(this.em.fork(), this.config, this.logger);
  }
}

import { randomUUID } from 'node:crypto';
import { sha256, randomToken } from '../../src/common/crypto/tokens.js';
import type { PlanId } from '../../src/config/plans.js';
import { SecretVault } from '../../src/common/crypto/secret-vault.js';
import { hashPassword } from '../../src/modules/auth/password-policy.js';
import { Session } from '../../src/modules/auth/session.entity.js';
import { TOTP_VAULT } from '../../src/modules/auth/totp.js';
import { Role, User } from '../../src/modules/accounts/user.entity.js';
import type { TestClient } from '../support/http.js';
import type { TestApp } from '../support/test-app.js';
import { newTestTotpSecret } from '../support/totp.js';

export interface UserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  plan?: PlanId;
  role?: Role;
  emailVerified?: boolean;
  isBlocked?: boolean;
  /** A base32 TOTP secret to enrol with; super admins get one by default (the admin API requires it), null for none. */
  totpSecret?: string | null;
  /** A per-second fair-use limit set for this account (as an admin sets one), instead of the plan's. */
  burstPerSecond?: number | null;
}

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * One argon2id hash per password per test file, at the product's cost (about 50 ms of CPU each; the suite creates
 * hundreds of users, nearly all with the default password). A hash carries its own salt, so several users can share
 * one, and each sign-in is still a real verification against it.
 */
const passwordHashes = new Map<string, Promise<string>>();

function sharedHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** Inserts a user straight into PostgreSQL (verified by default), with an argon2id password hash. */
export async function createUser(app: TestApp, options: UserOptions = {}): Promise<User & { password: string; totp: string | null }> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const totp = options.totpSecret !== undefined ? options.totpSecret : options.role === 'super_admin' ? newTestTotpSecret() : null;
  const em = app.orm.em.fork();
  const user = em.create(User, {
    email: (options.email ?? uniqueEmail()).toLowerCase(),
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? 'Lovelace',
    passwordHash: await sharedHash(password),
    plan: options.plan ?? 'free',
    role: options.role ?? 'user',
    emailVerified: options.emailVerified ?? true,
    isBlocked: options.isBlocked ?? false,
    customBurstPerSecond: options.burstPerSecond ?? null,
    totpSecret: totp ? new SecretVault(app.config.secret, TOTP_VAULT).encrypt(totp) : null,
    totpEnabledAt: totp ? new Date() : null,
  });
  await em.flush();
  return Object.assign(user, { password, totp });
}

/** A client already signed in as `user` (a session row and its cookie), without going through the login route. */
export async function signedInClient(app: TestApp, user: User): Promise<TestClient> {
  const token = randomToken(32);
  const em = app.orm.em.fork();
  em.create(Session, { tokenHash: sha256(token), user: em.getReference(User, user.id), expiresAt: new Date(Date.now() + 86400_000) });
  await em.flush();
  const client = app.client();
  client.cookies.set(app.config.sessionCookieName, token);
  return client;
}
export { createApiKey } from './keys.js';

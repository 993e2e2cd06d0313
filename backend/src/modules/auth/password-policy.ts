import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** OWASP's current minimum for argon2id (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The list ships beside this file in src; the compiled dist/ copy falls back to the src file. */
function loadCommonPasswords(): Set<string> {
  const candidates = [new URL('./common-passwords.txt', import.meta.url), new URL('../../../src/modules/auth/common-passwords.txt', import.meta.url)];
  const file = candidates.map((u) => fileURLToPath(u)).find((path) => existsSync(path));
  if (!file) throw new Error('modules/auth/common-passwords.txt is missing: the common-password check cannot run');
  const entries = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.toLowerCase());
  return new Set(entries);
}

let common: Set<string> | null = null;

/** True for one of the ~1,000 most common passwords (case-insensitive, surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return common.has(password.trim().toLowerCase());
}

export function commonPasswordCount(): number {
  common ??= loadCommonPasswords();
  return common.size;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed or missing hash; never throws. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

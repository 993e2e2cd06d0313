import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_ISSUER = 'TimeZone API';
const TOTP_PARAMS = { algorithm: 'sha1', digits: 6, period: 30 } as const;
/** One step either side of now, for clocks that drift a little. */
const TOLERANCE_SECONDS = 30;
/** 20 random bytes (160 bits), RFC 4226's recommendation; base32 is 32 characters. */
const SECRET_BYTES = 20;
/** otplib refuses secrets shorter than 16 bytes: 26 base32 characters. */
const MIN_SECRET_CHARS = 26;

/** How AES-256-GCM keys for TOTP secrets are derived from APP_SECRET (see SecretVault). */
export const TOTP_VAULT = { salt: 'tzapi-totp', info: 'totp-secret-encryption-v1' };

export function newTotpSecret(): string {
  return generateSecret({ length: SECRET_BYTES });
}

/** A base32 secret otplib accepts (at least 128 bits), e.g. from SUPER_ADMIN_TOTP_SECRET. */
export function isUsableTotpSecret(value: string): boolean {
  const bare = value.replace(/=+$/, '');
  return /^[A-Z2-7]+$/.test(bare) && bare.length >= MIN_SECRET_CHARS;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, ...TOTP_PARAMS });
}

export function looksLikeTotpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/**
 * The time step of a valid current code, or null. `afterStep` is the step of the last accepted code: that step
 * and earlier ones are refused, so a code can't be used twice.
 */
export async function acceptedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  const result = await verify({
    secret,
    token: code,
    ...TOTP_PARAMS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten one-time codes like `k7m2p-x9qr4` (50 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes don't matter when a recovery code is typed. */
export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}

/** A recovery code's stored form: HMAC-SHA256 under APP_SECRET, so a database copy alone can't be brute-forced. */
export function recoveryCodeHash(secret: string, code: string): string {
  return createHmac('sha256', `recovery-codes:${secret}`).update(normalizeRecoveryCode(code)).digest('hex');
}

import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const KEY_PREFIX = 'tzk_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24; // 24 base62 chars ≈ 143 bits
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** Characters of the key (after the prefix) kept in clear for display: 'tzk_live_AbCd'. */
const DISPLAY_CHARS = 4;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = '';
  let n = value;
  do {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out.padStart(width, '0');
}

export function checksumOf(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

/** A new key, GitHub style: readable prefix, ≥128 random bits and a CRC32 tail that catches typos without a look-up. */
export function generateApiKey(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${KEY_PREFIX}${random}${checksumOf(KEY_PREFIX + random)}`;
}

/** Shape and checksum only; says nothing about whether the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(body) === key.slice(-CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + DISPLAY_CHARS);
}

export function lastFour(key: string): string {
  return key.slice(-4);
}

export function maskKey(prefix: string, last: string): string {
  return `${prefix}…${last}`;
}

/** How AES-256-GCM keys for the stored copies of API keys are derived from APP_SECRET (see SecretVault). */
export const API_KEY_VAULT = { salt: 'tzapi-api-keys', info: 'api-key-encryption-v1' };

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Which derived key a vault uses: the HKDF salt and info of one kind of stored secret. */
export interface VaultPurpose {
  salt: string;
  info: string;
}

/**
 * AES-256-GCM with a key derived from the server secret (HKDF-SHA256); stored as base64(iv | tag | ciphertext).
 * `purpose` separates the keys of different stored secrets (API key copies, TOTP secrets); each owner names its own.
 */
export class SecretVault {
  private readonly key: Buffer;

  constructor(secret: string, purpose: VaultPurpose) {
    this.key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  decrypt(stored: string): string {
    const raw = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

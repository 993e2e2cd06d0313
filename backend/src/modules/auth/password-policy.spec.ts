import argon2 from 'argon2';
import { ARGON2_OPTIONS, commonPasswordCount, hashPassword, isCommonPassword, verifyPassword } from './password-policy.js';

describe('password policy', () => {
  it('ships about a thousand common passwords and refuses them case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(950);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword(' qwertyuiop ')).toBe(true);
    expect(isCommonPassword('violet lantern harbour')).toBe(false);
  });

  it('hashes with argon2id at OWASP minimum parameters and verifies', async () => {
    const hash = await hashPassword('violet lantern harbour');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(ARGON2_OPTIONS.type).toBe(argon2.argon2id);
    await expect(verifyPassword(hash, 'violet lantern harbour')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'violet lantern harbouR')).resolves.toBe(false);
  });

  it('never throws on a missing or malformed hash', async () => {
    await expect(verifyPassword(null, 'x')).resolves.toBe(false);
    await expect(verifyPassword('not-a-hash', 'x')).resolves.toBe(false);
  });
});

import { generate } from 'otplib';
import { acceptedStep, isUsableTotpSecret, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from './totp.js';

describe('TOTP helpers', () => {
  it('accept a current code once: a code of the last accepted step or earlier is refused', async () => {
    const secret = newTotpSecret();
    const before = Math.floor(Date.now() / 30_000);
    const code = await generate({ secret });
    const step = await acceptedStep(secret, code, null);
    expect(step).toBeGreaterThanOrEqual(before);
    expect(step).toBeLessThanOrEqual(Math.floor(Date.now() / 30_000));
    expect(await acceptedStep(secret, code, step)).toBeNull();
    expect(await acceptedStep(secret, 'abcdef', null)).toBeNull();
    const old = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 120 });
    expect(old === code ? null : await acceptedStep(secret, old, null)).toBeNull();
  });

  it('describe the secret for authenticator apps: base32, SHA-1, 6 digits, 30 s', () => {
    const secret = newTotpSecret();
    expect(isUsableTotpSecret(secret)).toBe(true);
    expect(isUsableTotpSecret('JBSWY3DPEHPK3PXP')).toBe(false);
    const uri = new URL(otpauthUri('ada@example.com', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('TimeZone API');
  });

  it('make ten distinct recovery codes whose keyed hash ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hash = recoveryCodeHash('s'.repeat(40), codes[0]);
    expect(recoveryCodeHash('s'.repeat(40), ` ${codes[0].toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(recoveryCodeHash('t'.repeat(40), codes[0])).not.toBe(hash);
  });
});

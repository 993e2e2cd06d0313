import { SecretVault } from './secret-vault.js';

const PURPOSE = { salt: 'test-salt', info: 'test-secret-v1' };

describe('SecretVault', () => {
  it('round-trips with the same secret and refuses another secret or a tampered copy', () => {
    const vault = new SecretVault('a'.repeat(40), PURPOSE);
    const key = 'tzk_live_0123456789abcdefghijklmnopqrst';
    const stored = vault.encrypt(key);
    expect(stored).not.toContain(key);
    expect(vault.encrypt(key)).not.toBe(stored);
    expect(vault.decrypt(stored)).toBe(key);
    expect(() => new SecretVault('b'.repeat(40), PURPOSE).decrypt(stored)).toThrow();
    const raw = Buffer.from(stored, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => vault.decrypt(raw.toString('base64'))).toThrow();
  });
});

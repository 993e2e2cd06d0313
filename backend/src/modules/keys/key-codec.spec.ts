import { checksumOf, displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey, lastFour, maskKey } from './key-codec.js';

describe('API key format', () => {
  it('makes tzk_live_ keys with 24 random base62 characters and a 6-character checksum', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^tzk_live_[0-9A-Za-z]{30}$/);
    expect(key.slice(-6)).toBe(checksumOf(key.slice(0, -6)));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 2000 }, generateApiKey));
    expect(keys.size).toBe(2000);
  });

  it('catches any single mistyped character without a look-up', () => {
    const key = generateApiKey();
    for (let i = 9; i < key.length; i++) {
      const typo = key.slice(0, i) + (key[i] === 'x' ? 'y' : 'x') + key.slice(i + 1);
      expect(isWellFormedApiKey(typo)).toBe(false);
    }
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key} `)).toBe(false);
    expect(isWellFormedApiKey('')).toBe(false);
  });

  it('masks with the prefix and the last four characters', () => {
    const key = generateApiKey();
    expect(displayPrefix(key)).toBe(key.slice(0, 13));
    expect(maskKey(displayPrefix(key), lastFour(key))).toBe(`${key.slice(0, 13)}…${key.slice(-4)}`);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { redactForLog, redactText } from './redact.js';

describe('log redaction', () => {
  it('keeps row data of a unique-constraint error out of the log', () => {
    const hash = 'a3f1c9e0b7d24e5f8a6b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f';
    const cipher = 'v1:Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8:abcdefabcdef';
    const message =
      `insert into "api_keys" ("id", "user_id", "name", "hash", "ciphertext", "prefix") values ('6f1c8a52-3c1e-4a57-9d0e-0a4b8d6f2e11', ` +
      `'0b4e', 'Production', '${hash}', '${cipher}', 'tzk_live_AbC') returning "id" - duplicate key value violates unique constraint "api_keys_hash_unique"`;
    const err = Object.assign(new Error(message), { detail: `Key (hash)=(${hash}) already exists.` });
    const logged = redactForLog(err, true);
    expect(logged).toContain('duplicate key value violates unique constraint "api_keys_hash_unique"');
    expect(logged).toContain('Key (hash)=([redacted]) already exists');
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('Zm9vYmFy');
    expect(logged).not.toContain('Production');
  });

  it('removes API keys, tokens and long secrets from any message', () => {
    const text = redactText('key tzk_live_4Kq9ZsW2pXc7Lm3Nb8Vt1Rf6Hy0Jd5Ga2Ee9Ui and session 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');
    expect(text).toBe('key tzk_live_[redacted] and session [redacted]');
  });

  it('leaves ordinary messages readable', () => {
    expect(redactText("Connection terminated unexpectedly: can't reach 127.0.0.1:5432")).toBe("Connection terminated unexpectedly: can't reach 127.0.0.1:5432");
  });
});

import type { UsersRepository } from '../accounts/users.repository.js';
import { loadConfig } from '../../config/config.js';
import { OidcService, safeReturnTo } from './oidc.service.js';
import type { PendingSignIn } from './oidc.service.js';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/dashboard/usage')).toBe('/dashboard/usage');
    expect(safeReturnTo('/dashboard/usage?range=7d#top')).toBe('/dashboard/usage?range=7d#top');
    expect(safeReturnTo('/')).toBe('/');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/.//evil.example',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    '/ok\\..\\x',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/line\nbreak',
    '/' + 'a'.repeat(2048),
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('refuses non-strings (repeated query parameters arrive as arrays)', () => {
    expect(safeReturnTo(['/a', '/b'])).toBeNull();
    expect(safeReturnTo(undefined)).toBeNull();
  });
});

describe('OidcService state cookie', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'unit-test-secret-unit-test-secret-0123456789',
    OIDC_ISSUER: 'https://id.example',
    OIDC_CLIENT_ID: 'c',
  });
  const service = new OidcService({} as UsersRepository, config);
  const pending = (overrides: Partial<PendingSignIn> = {}): PendingSignIn => ({
    state: 'state-1',
    nonce: 'nonce-1',
    codeVerifier: 'verifier-1',
    returnTo: '/dashboard/keys',
    expiresAt: Date.now() + 60_000,
    ...overrides,
  });

  it('round-trips a pending sign-in without showing its contents', () => {
    const sealed = service.seal(pending());
    expect(sealed).not.toContain('state-1');
    expect(Buffer.from(sealed.split('.')[2], 'base64url').toString('latin1')).not.toContain('verifier-1');
    expect(service.unseal(sealed)).toMatchObject({ state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1', returnTo: '/dashboard/keys' });
  });

  it('refuses an altered, truncated, foreign or expired value', () => {
    const sealed = service.seal(pending());
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(service.unseal([iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(service.unseal(sealed.slice(0, 20))).toBeNull();
    expect(service.unseal(undefined)).toBeNull();
    const other = new OidcService({} as UsersRepository, { ...config, secret: 'another-secret-another-secret-0123456789' });
    expect(other.unseal(sealed)).toBeNull();
    expect(service.unseal(service.seal(pending({ expiresAt: Date.now() - 1 })))).toBeNull();
  });
});

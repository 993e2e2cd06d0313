import { paths, safeReturnTo, spaRoutePatterns } from './paths';

describe('spaRoutePatterns (written to dist/spa-routes.json for the server)', () => {
  it('lists every screen, the dashboard’s sub-pages and the whole console, never a server path', () => {
    const patterns = spaRoutePatterns();
    expect(patterns).toEqual(
      expect.arrayContaining(['/', paths.pricing, paths.timezoneData, paths.dashboard.root, paths.dashboard.billingPortal, '/admin', '/admin/*']),
    );
    expect(patterns.some((p) => p.startsWith('/api') || p.startsWith('/openapi'))).toBe(false);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeReturnTo('/dashboard/usage?range=7d#top')).toBe('/dashboard/usage?range=7d#top');
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\\evil.example',
    '/x\u0000',
    'https://evil.example/',
    '//evil.example',
    'dashboard',
    '/api/logout',
    '/API/logout',
    '',
    null,
  ])('refuses anything else (%j)', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});

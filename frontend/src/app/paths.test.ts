import { paths, spaRoutePatterns } from './paths';

describe('spaRoutePatterns (written to dist/spa-routes.json for the server)', () => {
  it('lists every screen, the dashboard’s sub-pages and the whole console, never a server path', () => {
    const patterns = spaRoutePatterns();
    expect(patterns).toEqual(expect.arrayContaining(['/', paths.pricing, paths.timezoneData, paths.dashboard.root, paths.dashboard.billingPortal, '/admin', '/admin/*']));
    expect(patterns.some((p) => p.startsWith('/api') || p.startsWith('/openapi'))).toBe(false);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

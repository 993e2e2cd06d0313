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

  it('covers the pages with a parameter, so the server answers a webhook endpoint’s page with 200', () => {
    expect(spaRoutePatterns()).toContain('/dashboard/webhooks/*');
  });

  it('covers the Team page and the invitation links of the invitation mails', () => {
    expect(spaRoutePatterns()).toEqual(expect.arrayContaining(['/dashboard/team', '/invitations/*']));
    expect(paths.invitation('a/b c')).toBe('/invitations/a%2Fb%20c');
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeReturnTo('/dashboard/usage?range=7d#top')).toBe('/dashboard/usage?range=7d#top');
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/dashboard/./usage')).toBe('/dashboard/usage');
    expect(safeReturnTo('/dashboard?next=//evil.example')).toBe('/dashboard?next=//evil.example');
  });

  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\\evil.example',
    '/x\u0000',
    'https://evil.example/',
    '//evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '/%252F%252Fevil.example',
    '/%',
    'javascript:alert(1)',
    'dashboard',
    '/api/logout',
    '/API/logout',
    '/' + 'a'.repeat(2048),
    '',
    null,
    ['/a', '/b'],
  ])('refuses anything else (%j)', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  // Fuzz: strings made of the pieces open redirects are built from; whatever comes back is a path of this origin that
  // a router navigates to (react-router throws on `//host` and `scheme:`), and reading it again gives it back.
  it('never throws and only ever answers a same-origin path (10,000 generated values)', () => {
    const pieces = [
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2F',
      '%2f',
      '%5C',
      '%2e',
      '%2E',
      '%25',
      '%',
      '%09',
      '%0a',
      '\t',
      '\n',
      ' ',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'https:',
      'javascript:',
      'dashboard',
      'api',
      '%3A',
      'é',
      '\u2215',
      '\uff0f',
    ];
    let seed = 48;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const origin = 'https://app.example';
    const wrong: string[] = [];
    let kept = 0;
    for (let i = 0; i < 10_000; i++) {
      const length = 1 + Math.floor(random() * 6);
      let value = random() < 0.8 ? '/' : '';
      for (let j = 0; j < length; j++) value += pieces[Math.floor(random() * pieces.length)];
      let path: string | null;
      try {
        path = safeReturnTo(value);
      } catch (error) {
        wrong.push(`${JSON.stringify(value)} threw ${String(error)}`);
        continue;
      }
      if (path === null) continue;
      kept++;
      const resolved = new URL(path, origin);
      const fine =
        /^\/(?![/\\])/.test(path) &&
        resolved.origin === origin &&
        !resolved.pathname.startsWith('//') &&
        !/^\/[/\\]/.test(decodeURIComponent(resolved.pathname)) &&
        safeReturnTo(path) === path;
      if (!fine) wrong.push(`${JSON.stringify(value)} → ${JSON.stringify(path)}`);
    }
    expect(wrong).toEqual([]);
    // The generator makes plenty of good paths too: the check is not refusing everything.
    expect(kept).toBeGreaterThan(1000);
  });
});

import { isChunkLoadError, mayReloadForNewVersion, NEW_VERSION_RELOAD_KEY, NEW_VERSION_RELOAD_WINDOW_MS, reloadOnceForNewVersion } from './new-version';

describe('a new version (a chunk of an older build is gone)', () => {
  beforeEach(() => sessionStorage.clear());

  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/UsagePage-Bx1.js'),
    new TypeError('error loading dynamically imported module: https://app.example/assets/UsagePage-Bx1.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/UsagePage-Bx1.css'),
  ])('knows a failed chunk load when it sees one (%s)', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), null, undefined, 'boom', { message: 'Failed to fetch dynamically imported module' }])(
    'takes other errors for what they are (%j)',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );

  it('reloads once, then not again within the window (no loop when the chunk still fails)', () => {
    const reload = vi.fn();
    const now = 1_800_000_000_000;
    expect(reloadOnceForNewVersion(reload, now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(NEW_VERSION_RELOAD_KEY)).toBe(String(now));
    // The page came back after the reload and the chunk failed again.
    expect(reloadOnceForNewVersion(reload, now + 2_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later deploy, long after: one more automatic reload.
    expect(mayReloadForNewVersion(now + NEW_VERSION_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('a clock set back does not open the window again', () => {
    sessionStorage.setItem(NEW_VERSION_RELOAD_KEY, '1800000000000');
    expect(mayReloadForNewVersion(1_799_999_000_000)).toBe(false);
    expect(mayReloadForNewVersion(1_800_000_001_000)).toBe(false);
  });
});

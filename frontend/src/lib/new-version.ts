/**
 * A tab left open across a deploy asks for code chunks the new build no longer has. That is not a fault of the page:
 * the fix is the new version, so the app reloads once by itself; if the reload did not help (the chunk still fails),
 * it stops and offers a Reload button instead of looping. Every lazy page and dialog renders under an error boundary
 * (components/ui/PageError.tsx), which is where a failed import (or Vite's failed preload of its files) arrives.
 */

/** sessionStorage key: when this tab last reloaded by itself for a new version (ms since the epoch). */
export const NEW_VERSION_RELOAD_KEY = 'tzapi:new-version-reload';

/** At most one automatic reload per tab in this window: a chunk that still fails after it gets the Reload button. */
export const NEW_VERSION_RELOAD_WINDOW_MS = 10 * 60 * 1000;

/**
 * How the browsers word a failed `import()` or a failed preload of its files (Chromium, Firefox, Safari, Vite's
 * preload helper). Matched on the message: there is no standard error type for it.
 */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(message));
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: no automatic reload (it could not be kept from looping)
  }
}

/** True when this tab has not reloaded by itself within the window: the caller may reload once. */
export function mayReloadForNewVersion(now = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  const last = Number(store.getItem(NEW_VERSION_RELOAD_KEY));
  // A time in the future (the clock was set back) counts as recent: better a Reload button than a loop.
  return !(last > 0 && now - last < NEW_VERSION_RELOAD_WINDOW_MS);
}

/** Reloads the page once for a new version; answers false (and does nothing) when it already did within the window. */
export function reloadOnceForNewVersion(reload: () => void = () => window.location.reload(), now = Date.now()): boolean {
  if (!mayReloadForNewVersion(now)) return false;
  storage()?.setItem(NEW_VERSION_RELOAD_KEY, String(now));
  reload();
  return true;
}

/**
 * The Reload button: a deliberate reload. The stamp is renewed, so a chunk that still fails afterwards shows the
 * button again rather than reloading by itself.
 */
export function reloadForNewVersion(reload: () => void = () => window.location.reload(), now = Date.now()): void {
  storage()?.setItem(NEW_VERSION_RELOAD_KEY, String(now));
  reload();
}

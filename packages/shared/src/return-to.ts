/**
 * Where to go after signing in (`returnTo`): only a path of this app, on this origin. The server (the OIDC start and
 * callback) and the browser (the sign-in page and form) both apply this one check, so neither can be tricked into
 * another site, and a bad value is ignored (null: the caller goes to the user's landing), never thrown at.
 */

/** Longer values are not paths anyone was sent from. */
export const RETURN_TO_MAX_LENGTH = 2048;

// Only used to resolve the value as a browser would; never visited.
const BASE = 'https://return-to.invalid';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * A value a browser or a router could read as another host: `//host` (scheme-relative), a backslash (read as a slash),
 * control characters (tabs and line breaks are dropped from URLs), or a scheme (`https:`, `javascript:`).
 */
const looksExternal = (value: string) => value.startsWith('//') || UNSAFE_CHARACTERS.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value);

/** The value with percent-escapes undone until it stops changing (a few rounds), or null when it does not decode. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * The same-origin path (with its query and fragment) that `value` names, normalised as the URL parser reads it
 * (`/a/./b` → `/a/b`), or null for anything else: not a string, not starting with one `/`, `//host`, `/\host`,
 * `/.//host` (which resolves to `//host`), a tab or line break, an absolute URL, any of those percent-encoded,
 * `/api/...` (server routes, not screens), or longer than RETURN_TO_MAX_LENGTH. Never throws.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX_LENGTH) return null;
  if (!value.startsWith('/') || looksExternal(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname;
  // Every decoded reading of the path must stay a path here: a router or a server that decodes once more must not
  // find `//host` or `/\host` in it.
  const forms = decodedForms(path);
  if (!forms) return null;
  for (const form of forms) {
    if (!form.startsWith('/') || looksExternal(form) || /^\/[\s/\\]/.test(form)) return null;
    if (/^\/api(\/|$)/i.test(form)) return null;
    try {
      const again = new URL(form, BASE);
      if (again.origin !== BASE || again.pathname.startsWith('//')) return null;
    } catch {
      return null;
    }
  }
  const result = path + url.search + url.hash;
  return result.length > RETURN_TO_MAX_LENGTH ? null : result;
}

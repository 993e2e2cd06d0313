import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once: our policy has no per-request parts (no nonces), so running helmet on every
 * request (it re-serialises the CSP each time) only costs time on the hot API path.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

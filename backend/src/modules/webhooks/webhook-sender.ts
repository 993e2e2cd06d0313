import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, systemResolver, type HostResolver } from './url-guard.js';
import type { AttemptOutcome } from './webhooks.repository.js';

/** A delivery answer slower than this is a failure (and retried). */
const TIMEOUT_MS = 10_000;
/** The first bytes of an answer kept in the delivery log (4 KiB; the answer's full size is kept beside them). */
export const BODY_KEPT = 4096;

/**
 * Sends one signed delivery. The address is checked on the address connected: an IP literal before connecting, a
 * host name in the socket's own `lookup` (guardedLookup), so a DNS answer that changed after the endpoint was saved
 * (rebinding to 127.0.0.1 or 169.254.169.254) is refused without a connection. The resolver is injected for tests.
 */
export class WebhookSender {
  constructor(
    private readonly allowPrivate: boolean,
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  /** One POST: 10 s timeout, redirects not followed (a 3xx is a failure), the connected address checked, 4 KiB of the answer kept. */
  post(url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: Omit<AttemptOutcome, 'durationMs' | 'bytes'> & { bytes?: number | null }) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, bytes: r.bytes ?? null, durationMs: elapsed() });
      };
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return done({ statusCode: null, body: null, error: 'invalid URL' });
      }
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (!this.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
        return done({ statusCode: null, body: null, error: `refused: ${literal} is not a public address` });
      }
      const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : null;
      if (!send || (target.protocol === 'http:' && !this.allowPrivate)) return done({ statusCode: null, body: null, error: 'URL must use https' });
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: guardedLookup(this.allowPrivate, this.resolve),
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < BODY_KEPT) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            done({ statusCode: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, BODY_KEPT).toString('utf8'), bytes: size, error: null }),
          );
          res.on('error', (err) => done({ statusCode: res.statusCode ?? null, body: null, bytes: null, error: err.message }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`));
      }, TIMEOUT_MS);
      req.on('close', () => clearTimeout(timer));
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (err) => done({ statusCode: null, body: null, error: err.message.slice(0, 500) }));
      req.end(body);
    });
  }
}

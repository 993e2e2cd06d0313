import type { FastifyReply, FastifyRequest } from 'fastify';
import { staticSecurityHeaders } from '../common/http/security-headers.js';
import type { AppConfig } from '../config/config.js';
import { routePath } from './request-path.js';

/**
 * The headers of every answer that is not a sold route's (the site, the account area, the console, the docs): the
 * Content-Security-Policy, HSTS behind https, the usual hardening set and `X-Tzdb-Version`. Sold routes get the
 * gateway's own set (modules/gateway/request-hooks.ts). One header object shared by every answer: a tz release
 * switch rewrites it in place, nothing is built per request.
 */
export class SiteHeaders {
  private readonly headers: Record<string, string>;

  constructor(config: AppConfig, tzdbVersion: string) {
    this.headers = staticSecurityHeaders({
      strictTransportSecurity: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
    });
    this.setTzdbVersion(tzdbVersion);
  }

  setTzdbVersion(version: string): void {
    this.headers['X-Tzdb-Version'] = version;
  }

  /** Sets the headers on an answer; account and admin answers are someone's own data: never kept by a browser or a shared cache. */
  apply(request: FastifyRequest, reply: FastifyReply): void {
    reply.headers(this.headers);
    const path = routePath(request);
    if (path.startsWith('/api/') && !path.startsWith('/api/docs') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  }
}

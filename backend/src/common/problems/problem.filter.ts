import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import Router from 'find-my-way';
import { isDatabaseUnavailable, serviceUnavailable } from './database-errors.js';
import { errorBodyWriterOf } from './error-body.js';
import { PROBLEM_TITLES } from './problem-catalog.js';
import { ProblemDocument, ProblemException, problemType } from './problem.js';
import type { SpaFallback } from '../http/spa-fallback.js';
import type { ProblemCode } from './problem-code.js';

/** The code of an error that names only its status; the title comes from the catalog (problem-catalog.ts). */
const STATUS_CODES: Record<number, ProblemCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Fastify's own errors (body parsing, limits) carry a statusCode and an FST_ code. */
interface FastifyError extends Error {
  statusCode?: number;
  code?: string;
}

function generic(siteUrl: string | undefined, status: number, detail?: string, specific?: ProblemCode): ProblemDocument {
  const code = specific ?? STATUS_CODES[status] ?? (status >= 500 ? STATUS_CODES[500] : STATUS_CODES[400]);
  return { type: problemType(code, siteUrl), title: PROBLEM_TITLES.get(code)!, status, code, ...(detail && { detail }) };
}

/** Turns every error into an RFC 9457 problem document with a stable `code`; never a stack trace. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  /** `siteUrl`: APP_URL, so each problem's `type` links to its section of this site's errors page. */
  constructor(
    private readonly spa?: SpaFallback,
    private readonly siteUrl?: string,
  ) {}

  /** Every route's path per method, matched the way Fastify matches them, to tell a wrong method (405) from no route (404). */
  private readonly routes = Router();

  /** Call before the routes are registered (app.init): records each one as Fastify adds it. */
  watchRoutes(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route: RouteOptions) => {
      // Catch-alls (the CORS preflight's OPTIONS *) would make every unknown path a 405.
      if (route.url.includes('*')) return;
      for (const method of ([] as string[]).concat(route.method)) {
        if (!this.routes.hasRoute(method as Router.HTTPMethod, route.url)) this.routes.on(method as Router.HTTPMethod, route.url, () => undefined);
      }
    });
  }

  /** The methods a path is served with, in a stable order; empty when no route has the path. */
  private allowedMethods(path: string): string[] {
    return METHODS.filter((method) => this.routes.find(method, path) !== null);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    if (reply.sent) return;

    // The database being away is not a bug: 503 with Retry-After, logged once per outage rather than per request.
    if (!(exception instanceof HttpException) && isDatabaseUnavailable(exception)) {
      this.noteOutage(exception);
      exception = serviceUnavailable();
    }
    const doc = this.toProblem(exception, request);
    if (doc.status === 404 && this.spa && this.spa.handles(request)) {
      this.spa.send(reply, request);
      return;
    }
    if (exception instanceof ProblemException && exception.problem.headers) {
      reply.headers(exception.problem.headers);
    }
    if (doc.status === 405 && doc.allow) {
      reply.header('Allow', doc.allow as string);
      delete doc.allow;
    }
    const writer = errorBodyWriterOf(request);
    if (writer) {
      const own = writer(doc);
      reply.status(own.status).type(own.contentType).send(own.body);
      return;
    }
    reply.status(doc.status).type('application/problem+json').send(JSON.stringify(doc));
  }

  private lastOutageLog = 0;

  private noteOutage(exception: unknown): void {
    if (Date.now() - this.lastOutageLog < 10_000) return;
    this.lastOutageLog = Date.now();
    this.logger.warn(`Database unavailable, answering 503: ${exception instanceof Error ? exception.message : String(exception)}`);
  }

  private toProblem(exception: unknown, request: FastifyRequest): ProblemDocument {
    const instance = request.url?.split('?')[0];
    if (exception instanceof ProblemException) return exception.toDocument(instance, this.siteUrl);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest wraps Fastify's body-parser errors; their FST_ code says what really happened.
      const cause = (exception as { cause?: FastifyError }).cause;
      if (cause?.code?.startsWith('FST_')) return this.toProblem(cause, request);
      const body = exception.getResponse();
      const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      if (status === 404 && !request.routeOptions?.url && instance) {
        // A path the API serves, asked with another method: 405 with the methods it takes (RFC 9110 §15.5.6).
        const allowed = this.allowedMethods(instance);
        if (allowed.length > 0) {
          const allow = allowed.join(', ');
          return { ...generic(this.siteUrl, 405, `${instance} does not take ${request.method}; it takes ${allow}.`), instance, allow };
        }
      }
      const detail = status === 404 ? `No route for ${request.method} ${instance}.` : typeof message === 'string' ? message : undefined;
      if (status >= 500) this.logger.error(exception.stack ?? String(exception));
      return { ...generic(this.siteUrl, status, detail), instance };
    }
    const fastifyError = exception as FastifyError;
    if (fastifyError?.statusCode && fastifyError.statusCode < 500) {
      const status = fastifyError.statusCode;
      if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError instanceof SyntaxError) {
        return { ...generic(this.siteUrl, 400, 'The request body is not valid JSON.', 'invalid_json'), instance };
      }
      if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return { ...generic(this.siteUrl, 400, 'The request body is empty but Content-Type says JSON.', 'invalid_json'), instance };
      }
      if (status === 413) return { ...generic(this.siteUrl, 413, 'The request body is larger than this endpoint accepts.'), instance };
      if (status === 415) return { ...generic(this.siteUrl, 415, 'Send the body as application/json.'), instance };
      return { ...generic(this.siteUrl, status, undefined), instance };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return { ...generic(this.siteUrl, 500, 'Something went wrong on our side. The error was logged.'), instance };
  }
}

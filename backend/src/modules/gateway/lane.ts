import { ForbiddenException, Injectable } from '@nestjs/common';
import type { ContextType, ExecutionContext, INestApplicationContext, Type } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ProblemFilter } from '../../common/problems/problem.filter.js';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  RENDER_METADATA,
  ROUTE_ARGS_METADATA,
} from '../../common/http/route-config.js';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { answersJson, CONTENT_TYPES } from './formats.js';
import { noteAnswer } from './meter.js';
import { PreparedAnswer } from './prepared-answer.js';
import { scopeOfRoute } from './key-scopes.js';
import { inRequestedRelease } from './release-pin.js';
import { SOLD_ROUTE } from './sold-route.js';
import type { LaneTarget, SoldRoute } from './sold-route.js';

type ArgFactory = (host: ExecutionContext) => unknown;
type HttpArgumentsHost = ReturnType<ExecutionContext['switchToHttp']>;

interface CompiledRoute {
  instance: object;
  handler: (...args: unknown[]) => unknown;
  controller: Type<object>;
  args: ArgFactory[];
  status: number;
}

/** A route the lane answers, as the route table and the tests see it. */
export interface LaneRoute {
  method: string;
  url: string;
  controller: string;
  handler: string;
}

interface ArgMetadata {
  index: number;
  factory?: (data: unknown, host: ExecutionContext) => unknown;
  data: unknown;
  pipes?: unknown[];
}

/** Route metadata the lane does not run: a @PublicApi() route carrying any of it fails at boot. */
const SKIPPED: [string, string][] = [
  [GUARDS_METADATA, 'a guard (@UseGuards: the lane runs ApiKeyGuard itself)'],
  [INTERCEPTORS_METADATA, 'an interceptor (@UseInterceptors)'],
  [PIPES_METADATA, 'a pipe (@UsePipes)'],
  [EXCEPTION_FILTERS_METADATA, 'an exception filter (@UseFilters)'],
  [HEADERS_METADATA, 'a response header (@Header)'],
  [REDIRECT_METADATA, 'a redirect (@Redirect)'],
  [RENDER_METADATA, 'a template (@Render)'],
];

/**
 * Step 3 of a sold request (after route config and onRequest, see README.md): the lane. Nest's generic pipeline
 * (guards, interceptors, pipes, filters, each a promise hop) cost more per request than the whole answer; @PublicApi()
 * routes need only a fixed part of it, so they run it directly: the same ApiKeyGuard instance, the route's argument
 * decorators (CheckedQuery/CheckedBody), the controller method, the HttpCode of the route and, for errors, the app's
 * ProblemFilter. Synchronous from request to reply when the key is cached and the limit is counted in-process.
 *
 * Compiled at boot, as Nest registers each route: a @PublicApi() route carrying anything the lane would skip (another
 * guard, an interceptor, a pipe, a filter, @Header, @Redirect, @Render, an argument it cannot run such as @Req() or a
 * parameter with pipes) stops the start with an error naming the route. There is no fallback to Nest's pipeline.
 */
@Injectable()
export class PublicApiLane {
  private readonly compiled: LaneRoute[] = [];

  /** Every route the lane answers, in registration order (read-only; the gateway test checks it against the OpenAPI document). */
  get routes(): readonly LaneRoute[] {
    return this.compiled;
  }

  /** Takes over each @PublicApi() route as Fastify registers it; register before the routes (i.e. before app.init()). */
  install(app: INestApplicationContext, fastify: FastifyInstance, filter: ProblemFilter): void {
    let guard: ApiKeyGuard | undefined;
    let releases: ReleaseCache | undefined;
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const target = (route.config as Record<string, SoldRoute | undefined> | undefined)?.[SOLD_ROUTE]?.lane;
      if (!target) return;
      const method = ([] as string[]).concat(route.method).join(',');
      const where = `${method} ${route.url} (${target.controller.name}.${target.method})`;
      const compiled = compile(app, target, method, where);
      // Every sold route has its key scope in key-scopes.ts's one table: a route it does not name stops the start.
      if (scopeOfRoute(route.url) === null) throw new Error(`${where}: no key scope in ROUTE_SCOPES (gateway/key-scopes.ts)`);
      // Fastify's automatic HEAD twin of a GET route runs in the lane too; the list names the routes as declared.
      if (method !== 'HEAD') this.compiled.push({ method, url: route.url, controller: target.controller.name, handler: target.method });
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        guard ??= app.get(ApiKeyGuard, { strict: false });
        releases ??= app.get(ReleaseCache, { strict: false });
        run(guard!, releases!, filter, compiled, request, reply);
        // Nothing returned: the lane sends the reply itself. A returned reply is a thenable to Fastify, which then
        // watched the response stream (end-of-stream listeners) for every answer not sent synchronously.
      };
    });
  }
}

function compile(app: INestApplicationContext, target: LaneTarget, method: string, where: string): CompiledRoute {
  const fail = (what: string): never => {
    throw new Error(
      `@PublicApi() route ${where} carries ${what}, which the public API lane (modules/gateway/lane.ts) does not run. Remove it or move it into the controller method.`,
    );
  };
  const instance = app.get(target.controller, { strict: false });
  const handler = (instance as Record<string, unknown>)[target.method];
  if (typeof handler !== 'function') fail('no controller method of that name');
  for (const [key, what] of SKIPPED) {
    const onRoute = (Reflect.getMetadata(key, handler as object) as unknown[] | Record<string, unknown> | undefined) ?? [];
    const onClass = (Reflect.getMetadata(key, target.controller) as unknown[] | undefined) ?? [];
    const own = Array.isArray(onRoute) ? onRoute : [onRoute];
    const extra = [...own, ...onClass];
    if (key === REDIRECT_METADATA || key === RENDER_METADATA) {
      if (Reflect.getMetadata(key, handler as object) !== undefined) fail(what);
    } else if (extra.length > 0) fail(what);
  }
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.controller, target.method) ?? {}) as Record<string, ArgMetadata>;
  const args: ArgFactory[] = [];
  for (const [name, p] of Object.entries(metadata)) {
    // Only argument decorators made with createParamDecorator and without pipes: the lane calls their factory itself.
    if (typeof p.factory !== 'function') fail(`an argument decorator it cannot run (${name.split(':')[0]}, e.g. @Req(), @Res(), @Query())`);
    if ((p.pipes?.length ?? 0) > 0) fail(`a parameter with pipes (argument ${p.index})`);
    args[p.index] = (host) => p.factory!(p.data, host);
  }
  if (args.length !== Object.keys(metadata).length || args.some((a) => a === undefined) || (handler as (...a: unknown[]) => unknown).length > args.length)
    fail('an argument without a decorator');
  const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler as object) as number | undefined) ?? (method === 'POST' ? 201 : 200);
  return { instance, handler: handler as (...a: unknown[]) => unknown, controller: target.controller, args, status };
}

/**
 * The context the lane hands to the guard, the argument factories and the filter: one small object per request, where
 * Nest's ExecutionContextHost assigns three new closures onto itself at every switchToHttp().
 */
class LaneContext implements ExecutionContext, HttpArgumentsHost {
  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly route: CompiledRoute,
  ) {}

  getType<T extends string = ContextType>(): T {
    return 'http' as T;
  }
  getClass<T = unknown>(): Type<T> {
    return this.route.controller as Type<T>;
  }
  getHandler(): ReturnType<ExecutionContext['getHandler']> {
    return this.route.handler;
  }
  getArgs<T extends unknown[] = unknown[]>(): T {
    return [this.request, this.reply] as T;
  }
  getArgByIndex<T = unknown>(index: number): T {
    return (index === 0 ? this.request : index === 1 ? this.reply : undefined) as T;
  }
  switchToHttp(): HttpArgumentsHost {
    return this;
  }
  switchToRpc(): ReturnType<ExecutionContext['switchToRpc']> {
    throw new Error('The public API lane serves HTTP only');
  }
  switchToWs(): ReturnType<ExecutionContext['switchToWs']> {
    throw new Error('The public API lane serves HTTP only');
  }
  getRequest<T = unknown>(): T {
    return this.request as T;
  }
  getResponse<T = unknown>(): T {
    return this.reply as T;
  }
  getNext<T = unknown>(): T {
    return undefined as T;
  }
}

function run(guard: ApiKeyGuard, releases: ReleaseCache, filter: ProblemFilter, route: CompiledRoute, request: FastifyRequest, reply: FastifyReply): void {
  const host = new LaneContext(request, reply, route);
  const fail = (err: unknown) => filter.catch(err, host);
  // The controller, in the tz release the request asks for (?tzdb=, Tzdb-Version, the key's pin): release-pin.ts.
  const answer = () => inRequestedRelease(releases, request, respond, fail);
  const respond = () => {
    const args = new Array<unknown>(route.args.length);
    for (let i = 0; i < args.length; i++) args[i] = route.args[i](host);
    const result = route.handler.apply(route.instance, args);
    if (result instanceof Promise) return result.then(send, fail);
    send(result);
  };
  const send = (value: unknown) => {
    if (value instanceof PreparedAnswer) {
      noteAnswer(request, value.value);
      // Its JSON text as made once (Fastify sends a string with a JSON type as it is); XML and CSV from the value.
      if (answersJson(request)) reply.code(route.status).header('content-type', CONTENT_TYPES.json).send(value.json);
      else reply.code(route.status).send(value.value);
      return;
    }
    noteAnswer(request, value);
    reply.code(route.status).send(value);
  };
  try {
    const allowed = guard.canActivate(host);
    if (allowed instanceof Promise) {
      allowed.then((ok) => (ok ? answer() : fail(new ForbiddenException())), fail).catch(fail);
      return;
    }
    if (allowed) answer();
    else fail(new ForbiddenException());
  } catch (err) {
    fail(err);
  }
}

import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ForbiddenException } from '@nestjs/common';
import type { ContextType, ExecutionContext, INestApplicationContext, Type } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { ApiKeyGuard } from '../modules/keys/api-key.guard.js';
import type { ProblemFilter } from './problem.filter.js';

/** Fastify route config key set by @PublicApi(): which controller method answers the route. */
export const PUBLIC_API_LANE = 'tzapiLane';

export interface LaneTarget {
  controller: Type<object>;
  method: string;
}

type ArgFactory = (host: ExecutionContext) => unknown;
type HttpArgumentsHost = ReturnType<ExecutionContext['switchToHttp']>;

interface CompiledRoute {
  instance: object;
  handler: (...args: unknown[]) => unknown;
  controller: Type<object>;
  args: ArgFactory[];
  status: number;
}

/**
 * The request path of the sold API. Nest's generic pipeline (guards, interceptors, pipes, filters, each a promise
 * hop) cost more per request than the whole answer; @PublicApi() routes need only a fixed part of it, so they run it
 * directly: the same ApiKeyGuard instance, the same argument decorators (CheckedQuery/CheckedBody), the controller
 * method, the HttpCode of the route and, for errors, the app's ProblemFilter. Synchronous from request to reply when
 * the key is cached and the plan's limit is counted in-process. The Nest route stays registered underneath: a route
 * with an argument this lane does not know (say @Req()) keeps Nest's pipeline.
 */
export function installPublicApiLane(app: INestApplicationContext, fastify: FastifyInstance, filter: ProblemFilter): void {
  let guard: ApiKeyGuard | undefined;
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const target = (route.config as Record<string, unknown> | undefined)?.[PUBLIC_API_LANE] as LaneTarget | undefined;
    if (!target) return;
    const nestHandler = route.handler;
    let compiled: CompiledRoute | null | undefined;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (compiled === undefined) compiled = compile(app, target, request.method);
      if (compiled === null) return (nestHandler as RouteHandlerMethod).call(this, request, reply);
      guard ??= app.get(ApiKeyGuard, { strict: false });
      run(guard!, filter, compiled, request, reply);
      return reply;
    };
  });
}

function compile(app: INestApplicationContext, target: LaneTarget, method: string): CompiledRoute | null {
  const instance = app.get(target.controller, { strict: false });
  const handler = (instance as Record<string, unknown>)[target.method];
  if (typeof handler !== 'function') return null;
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.controller, target.method) ?? {}) as Record<
    string,
    { index: number; factory?: (data: unknown, host: ExecutionContext) => unknown; data: unknown; pipes?: unknown[] }
  >;
  const params = Object.values(metadata);
  // Only argument decorators made with createParamDecorator and without pipes: the lane calls their factory itself.
  if (params.some((p) => typeof p.factory !== 'function' || (p.pipes?.length ?? 0) > 0)) return null;
  const args: ArgFactory[] = [];
  for (const p of params) args[p.index] = (host) => p.factory!(p.data, host);
  if (args.length !== params.length || args.some((a) => a === undefined)) return null;
  const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
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

function run(guard: ApiKeyGuard, filter: ProblemFilter, route: CompiledRoute, request: FastifyRequest, reply: FastifyReply): void {
  const host = new LaneContext(request, reply, route);
  const fail = (err: unknown) => filter.catch(err, host);
  const answer = () => {
    const args = new Array<unknown>(route.args.length);
    for (let i = 0; i < args.length; i++) args[i] = route.args[i](host);
    const result = route.handler.apply(route.instance, args);
    if (result instanceof Promise) return result.then((value) => void reply.code(route.status).send(value), fail);
    reply.code(route.status).send(result);
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

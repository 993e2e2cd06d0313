import { HTTP_CODE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ForbiddenException } from '@nestjs/common';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { ApiKeyGuard } from '../modules/keys/api-key.guard.js';
import type { ProblemFilter } from './problem.filter.js';

/** Fastify route config key set by @PublicApi(): which controller method answers the route. */
export const PUBLIC_API_LANE = 'tzapiLane';

export interface LaneTarget {
  controller: Type<object>;
  method: string;
}

type ArgFactory = (host: ExecutionContextHost) => unknown;

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
    { index: number; factory?: (data: unknown, host: ExecutionContextHost) => unknown; data: unknown; pipes?: unknown[] }
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

function run(guard: ApiKeyGuard, filter: ProblemFilter, route: CompiledRoute, request: FastifyRequest, reply: FastifyReply): void {
  const host = new ExecutionContextHost([request, reply], route.controller, route.handler);
  host.setType('http');
  const fail = (err: unknown) => filter.catch(err, host);
  const answer = () => {
    const result = route.handler.apply(route.instance, route.args.map((arg) => arg(host)));
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

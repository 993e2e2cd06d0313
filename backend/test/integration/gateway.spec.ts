import { Controller, Get, Module, Req, UseInterceptors } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { createApp } from '../../src/app.factory.js';
import { buildOpenApiDocument } from '../../src/common/swagger.js';
import { PublicApiLane } from '../../src/modules/gateway/lane.js';
import { PublicApi, soldRouteOfHandler } from '../../src/modules/gateway/sold-route.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** Every controller method whose route config makes it a @PublicApi() route, as `Controller.method`. */
function declaredPublicApiRoutes(t: TestApp): string[] {
  const scanner = t.app.get(MetadataScanner);
  const found: string[] = [];
  for (const wrapper of t.app.get(DiscoveryService).getControllers()) {
    const proto = Object.getPrototypeOf(wrapper.instance as object) as Record<string, object>;
    for (const name of scanner.getAllMethodNames(proto)) {
      if (soldRouteOfHandler(proto[name])?.lane) found.push(`${wrapper.name}.${name}`);
    }
  }
  return found.sort();
}

class Passthrough implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle();
  }
}

@Controller('gateway-test')
class InterceptedController {
  @Get('intercepted')
  @PublicApi()
  @UseInterceptors(Passthrough)
  answer() {
    return { ok: true };
  }
}

@Controller('gateway-test')
class RawRequestController {
  @Get('raw')
  @PublicApi()
  answer(@Req() request: FastifyRequest) {
    return { ip: request.ip };
  }
}

@Module({ controllers: [InterceptedController] })
class InterceptedModule {}

@Module({ controllers: [RawRequestController] })
class RawRequestModule {}

describe('the gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs every @PublicApi() route in the lane, and those are the metered operations of the OpenAPI document', () => {
    const lane = t.app.get(PublicApiLane).routes;
    const declared = declaredPublicApiRoutes(t);
    expect(declared.length).toBeGreaterThan(10);
    expect(lane.map((r) => `${r.controller}.${r.handler}`).sort()).toEqual(declared);

    const document = buildOpenApiDocument(t.app);
    const metered: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { security?: Record<string, string[]>[]; tags?: string[] }>)) {
        // The MCP transport is key-authenticated too, but is not a REST route: it counts per tool call itself.
        if (op.security?.some((s) => 'ApiKeyAuth' in s) && !op.tags?.includes('MCP')) metered.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(lane.map((r) => `${r.method} ${r.url}`).sort()).toEqual(metered.sort());
  });

  // The same database and config as the app above; only the extra module differs.
  const start = (module: new () => object) => createApp(t.config, t.config.DATABASE_URL!, { logger: false, modules: [module] });

  it('a @PublicApi() route with an interceptor stops the start, naming the route', async () => {
    await expect(start(InterceptedModule)).rejects.toThrow(/GET \/api\/gateway-test\/intercepted \(InterceptedController\.answer\) carries an interceptor/);
  });

  it('a @PublicApi() route with @Req() stops the start, naming the route', async () => {
    await expect(start(RawRequestModule)).rejects.toThrow(
      /GET \/api\/gateway-test\/raw \(RawRequestController\.answer\) carries an argument decorator it cannot run/,
    );
  });
});

import { jest } from '@jest/globals';
import { Controller, Get, Module, Req, UseInterceptors } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { buildApiDocument as buildOpenApiDocument, createApp } from '../../../src/app.factory.js';
import { PublicApiLane } from '../../../src/modules/gateway/lane.js';
import { PublicApi, soldRouteOfHandler } from '../../../src/modules/gateway/sold-route.js';
import { QuotaAlerts } from '../../../src/modules/usage/quota-alerts.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, TestApp } from '../../support/test-app.js';

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

@Controller('gateway-test')
class UnscopedController {
  @Get('unscoped')
  @PublicApi()
  answer() {
    return { ok: true };
  }
}

@Module({ controllers: [UnscopedController] })
class UnscopedModule {}

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
    // Fastify's :name is OpenAPI's {name} (WorldTimeAPI's routes take the zone and the address in the path).
    expect(lane.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort()).toEqual(metered.sort());
  });

  it('counts an MCP tool call with the REST gate: rate-limit headers and the free quota alert told where the hour stands', async () => {
    const user = await createUser(t);
    const { key } = await createApiKey(t, user);
    const observe = jest.spyOn(t.app.get(QuotaAlerts), 'observe');
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'day_of_week', arguments: { date: '2024-07-01' } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe('"hour";q=100;w=3600');
    expect(observe).toHaveBeenCalledWith(user.id, 1, 100, 3_600_000, expect.any(Number));
    observe.mockRestore();
  });

  it('a body sent again is answered as the first time (the checked body is remembered, never shared): the answer, and the same 400 for a bad one', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const { key } = await createApiKey(t, user);
    const post = (path: string, body: object) =>
      fetch(`${t.url}${path}`, { method: 'POST', headers: { 'X-API-Key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
      );
    const multi = { fromTimeZone: 'America/New_York', toTimeZones: ['Europe/London', 'Asia/Tokyo', 'Europe/London'], dateTime: '2024-07-01T09:00:00' };
    const first = await post('/api/conversion/multi', multi);
    expect(first.status).toBe(200);
    for (let i = 0; i < 3; i++) expect(await post('/api/conversion/multi', multi)).toEqual(first);
    // Another body of the same shape is checked for itself.
    const other = await post('/api/conversion/multi', { ...multi, toTimeZones: ['Asia/Kolkata'] });
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).toContain('Asia/Kolkata');
    expect(JSON.stringify(other.body)).not.toContain('Asia/Tokyo');

    const bad = { fromTimeZone: 'America/New_York', toTimeZones: 'Europe/London', dateTime: '2024-07-01T09:00:00', extra: 1 };
    const refused = await post('/api/conversion/multi', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect(await post('/api/conversion/multi', bad)).toEqual({ ...refused, body: { ...refused.body, instance: expect.any(String) } });
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

  it('a @PublicApi() route the key scope table does not name stops the start, naming the route', async () => {
    await expect(start(UnscopedModule)).rejects.toThrow(/GET \/api\/gateway-test\/unscoped \(UnscopedController\.answer\): no key scope in ROUTE_SCOPES/);
  });
});

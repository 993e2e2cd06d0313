import { Global, Module } from '@nestjs/common';
import { HOUR_WINDOW } from '../usage/hour-window.port.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { BurstLimiter } from './burst-limiter.js';
import { PublicApiLane } from './lane.js';
import { MeteringHook } from './metering.js';
import { PlanLimits } from './plan-limits.js';

/**
 * Everything between the socket and a sold route's controller (README.md lists the steps in order). Global, because
 * the lane runs ApiKeyGuard for the @PublicApi() routes of other modules, and the MCP endpoint and the
 * usage pages ask the guard and the plan limits.
 */
@Global()
@Module({
  providers: [PublicApiLane, ApiKeyGuard, BurstLimiter, PlanLimits, MeteringHook, { provide: HOUR_WINDOW, useExisting: PlanLimits }],
  exports: [PublicApiLane, ApiKeyGuard, BurstLimiter, PlanLimits, MeteringHook, HOUR_WINDOW],
})
export class GatewayModule {}

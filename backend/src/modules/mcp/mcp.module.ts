import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { TimezoneModule } from '../timezone/timezone.module.js';
import { BusinessTimeModule } from '../business-time/business-time.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { McpController } from './mcp.controller.js';
import { McpEndpoint } from './mcp.endpoint.js';
import { McpToolbox } from './mcp-toolbox.js';

/** The hosted MCP server at /mcp: the sold API's tools for AI agents, on the same keys, limits and metering. */
@Module({
  imports: [KeysModule, UsageModule, TimezoneModule, BusinessTimeModule, MetricsModule],
  controllers: [McpController],
  providers: [McpEndpoint, McpToolbox],
  exports: [McpToolbox],
})
export class McpModule {}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A JSON-RPC 2.0 message of MCP's Streamable HTTP transport (documentation only: the SDK's transport parses it). */
export class McpJsonRpcRequest {
  @ApiProperty({ enum: ['2.0'], example: '2.0' })
  jsonrpc!: '2.0';
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Request id; absent for a notification.', example: 1 })
  id?: string | number;
  @ApiProperty({ description: 'MCP method: initialize, notifications/initialized, tools/list, tools/call, ping.', example: 'tools/call' })
  method!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Method parameters; for tools/call `name` and `arguments`.',
    example: { name: 'get_current_time', arguments: { timezone: 'Europe/London' } },
  })
  params?: Record<string, unknown>;
}

export class McpJsonRpcErrorView {
  @ApiProperty({ description: 'JSON-RPC error code (-32602 unknown tool or bad params, -32601 unknown method).', example: -32602 })
  code!: number;
  @ApiProperty({ example: 'Unknown tool "get_time". Tools: get_current_time, convert_time, …' })
  message!: string;
  @ApiPropertyOptional({ description: 'Extra information.' })
  data?: unknown;
}

export class McpJsonRpcResponseView {
  @ApiProperty({ enum: ['2.0'], example: '2.0' })
  jsonrpc!: '2.0';
  @ApiProperty({
    oneOf: [{ type: 'integer' }, { type: 'string', nullable: true }],
    description: 'The id of the request answered (null when the message could not be read).',
    example: 1,
  })
  id!: string | number | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      "The method's result. For tools/call: `content` (a one-line summary, then the REST answer as JSON text), `structuredContent` (the REST answer, matching the tool's outputSchema) " +
      'or, for a refused or invalid call, `isError: true` with the problem `code` first in the text and the problem document as JSON (e.g. `rate_limited`, `validation_failed`, `invalid_local_time`).',
    example: {
      content: [
        { type: 'text', text: 'It is 2024-07-01 14:00:00 in Europe/London (BST, UTC+01:00, daylight saving time).' },
        { type: 'text', text: '{"timezone":"Europe/London","current_time":"2024-07-01T14:00:00+01:00", …}' },
      ],
      structuredContent: { timezone: 'Europe/London', current_time: '2024-07-01T14:00:00+01:00', utc_offset: '+01:00', dst_active: true, abbreviation: 'BST' },
    },
  })
  result?: Record<string, unknown>;
  @ApiPropertyOptional({ type: McpJsonRpcErrorView, description: 'A protocol error (unknown method or tool, malformed message).' })
  error?: McpJsonRpcErrorView;
}

import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeEndpoint, ApiExtension, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemDocumentSchema } from '../../common/problems/problem.schema.js';
import { ProblemException } from '../../common/problems/problem.js';
import { ApiKeySecurity } from '../../common/openapi/swagger.js';
import { McpTransport } from '../gateway/sold-route.js';
import { McpJsonRpcRequest, McpJsonRpcResponseView } from './dto/mcp.dto.js';
import { McpEndpoint } from './mcp.endpoint.js';
import { MCP_LIMITS } from './mcp-ledger.js';
import { MCP_TOOLS } from './mcp-tools.js';

export const MCP_TAG = 'MCP';

const problem = (example: Record<string, unknown>) => ({ 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDocumentSchema) }, example } });

/** No server-sent stream and no session to end in a stateless server: the transport's GET and DELETE answer 405. */
function methodNotAllowed(reply: FastifyReply, method: string): never {
  reply.header('Allow', 'POST');
  throw new ProblemException({
    status: 405,
    code: 'method_not_allowed',
    title: 'Method Not Allowed',
    detail: `This MCP server is stateless: it has no event stream or session for ${method}. Send JSON-RPC messages with POST.`,
  });
}

/**
 * `/mcp`, outside the /api prefix (app.factory.ts): MCP's Streamable HTTP transport for AI agents, on the API keys.
 * Tagged MCP but not a top-level tag of the document, so the docs explorer's REST categories and the Postman collection
 * leave it out (it speaks JSON-RPC, not the REST formats); the site has its own page for it.
 */
@ApiTags(MCP_TAG)
@ApiExtraModels(ProblemDocumentSchema)
@Controller('mcp')
export class McpController {
  constructor(private readonly endpoint: McpEndpoint) {}

  @Post()
  @McpTransport()
  @ApiKeySecurity()
  @ApiOperation({
    summary: 'MCP server for AI agents (server-to-server)',
    description:
      'Model Context Protocol over Streamable HTTP (stateless, JSON answers): point an MCP client at this URL with your key in `X-API-Key` or `Authorization: Bearer`. ' +
      `Tools: ${MCP_TOOLS.map((t) => t.name).join(', ')}; each answers what its REST endpoint answers, with a one-line summary. ` +
      'Every tools/call counts as one request of your plan and appears in your usage as `mcp/<tool>`; initialize, tools/list and ping are free. ' +
      'A missing or refused key is an HTTP 401/403 problem; a call over your plan limit is a tool result with `isError: true` and code `rate_limited`. ' +
      `A JSON-RPC batch carries at most ${MCP_LIMITS.batchMessages} messages and counts as the tool calls in it, before any runs: calls past your limit are refused, and a request with refused calls is one usage row for them; a longer batch is refused whole as one request. ` +
      `One tool answer carries at most ${MCP_LIMITS.callAnswerChars / 1024} KiB of JSON and a batch ${MCP_LIMITS.batchAnswerChars / 1024} KiB; past that a call is a tool error \`answer_too_large\`. ` +
      'Answers are always JSON (no event stream, no session), so GET and DELETE answer 405.',
  })
  @ApiBody({
    type: McpJsonRpcRequest,
    examples: {
      list: { summary: 'List the tools', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
      call: {
        summary: 'Call a tool',
        value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'Europe/London' } } },
      },
    },
  })
  @ApiResponse({
    status: 200,
    description: 'The JSON-RPC answer.',
    content: { 'application/json': { schema: { $ref: getSchemaPath(McpJsonRpcResponseView) } } },
  })
  @ApiResponse({ status: 202, description: 'A notification (no answer).' })
  @ApiResponse({
    status: 401,
    description: 'Missing, malformed or unknown API key.',
    content: problem({
      type: 'https://tzapi.dev/problems/missing-api-key',
      title: 'API key required',
      status: 401,
      code: 'missing_api_key',
      detail: 'No API key. Send your key in the X-API-Key header (or Authorization: Bearer <key>).',
    }),
  })
  @ApiResponse({
    status: 403,
    description: 'Inactive key, blocked account, or IP/domain restriction not met.',
    content: problem({
      type: 'https://tzapi.dev/problems/ip-not-allowed',
      title: 'IP address not allowed',
      status: 403,
      code: 'ip_not_allowed',
      detail: 'Requests from 203.0.113.7 are not allowed for this API key.',
    }),
  })
  @ApiExtraModels(McpJsonRpcResponseView)
  // The tool list for readers of the document (the site's "Use with AI assistants" page); tools/list adds their schemas.
  @ApiExtension('x-mcp-tools', MCP_TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description })))
  async post(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.endpoint.handle(request, reply);
  }

  @Get()
  @McpTransport()
  @ApiExcludeEndpoint()
  stream(@Res({ passthrough: true }) reply: FastifyReply): never {
    methodNotAllowed(reply, 'GET');
  }

  @Delete()
  @McpTransport()
  @ApiExcludeEndpoint()
  end(@Res({ passthrough: true }) reply: FastifyReply): never {
    methodNotAllowed(reply, 'DELETE');
  }
}

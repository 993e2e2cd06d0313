import type { IncomingHttpHeaders } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { ErrorCode, SUPPORTED_PROTOCOL_VERSIONS, type CallToolResult, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * Tool calls answered without the SDK's per-request Server and transport, which cost several times the tool itself
 * (issue 28). Only a POST the SDK would take without question and hand, message by message, to the tools/call handler
 * qualifies; everything else (initialize, tools/list, ping, notifications, unknown tools, anything malformed or with
 * fields this file does not read) goes through the SDK, which owns the protocol's answers. The answer is the one the
 * SDK sends: each call's result in the order of the batch, one object for a single message, JSON, status 200.
 */

/** One tools/call of a POST answered directly: its JSON-RPC id, the tool, and its arguments. */
export interface DirectCall<Tool> {
  id: RequestId;
  tool: Tool;
  args: Record<string, unknown>;
}

/** The fields of a tools/call request read here; a message or params with any other field (`_meta`, `task`) goes to the SDK. */
const MESSAGE_FIELDS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAMS_FIELDS = new Set(['name', 'arguments']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const only = (value: Record<string, unknown>, fields: Set<string>) => Object.keys(value).every((field) => fields.has(field));

/**
 * The calls of a POST /mcp that carries only tools/call requests of known tools, each as the SDK's schemas accept it
 * (JSONRPCRequestSchema, CallToolRequestSchema: id a string or safe integer, arguments an object) with ids distinct
 * within the batch; null when anything in it is otherwise. The headers are the ones the SDK's transport checks on such
 * a POST: a JSON Content-Type and, when sent, a supported MCP-Protocol-Version (Accept is always taken, see webRequest).
 */
export function directToolCalls<Tool>(body: unknown, headers: IncomingHttpHeaders, tool: (name: string) => Tool | undefined): DirectCall<Tool>[] | null {
  if (!isJsonContentType(headers['content-type'])) return null;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !(typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return null;
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return null;
  const calls: DirectCall<Tool>[] = [];
  const ids = new Set<unknown>();
  for (const message of messages) {
    if (!isObject(message) || !only(message, MESSAGE_FIELDS) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return null;
    const id = message.id;
    // The transport pairs answers with requests by id: a batch repeating one is left to it.
    if (!(typeof id === 'string' || Number.isSafeInteger(id)) || ids.has(id)) return null;
    ids.add(id);
    const params = message.params;
    if (!isObject(params) || !only(params, PARAMS_FIELDS) || typeof params.name !== 'string') return null;
    const args = params.arguments;
    if (args !== undefined && !isObject(args)) return null;
    const known = tool(params.name);
    if (known === undefined) return null;
    calls.push({ id: id as RequestId, tool: known, args: args ?? {} });
  }
  return calls;
}

/** A call's answer as the SDK sends it: the result with CallToolResultSchema's field order (it re-parses the result), then jsonrpc and id. */
export function resultMessage(id: RequestId, result: CallToolResult): { result: CallToolResult; jsonrpc: '2.0'; id: RequestId } {
  const sent: CallToolResult = { content: result.content };
  if (result.structuredContent !== undefined) sent.structuredContent = result.structuredContent;
  if (result.isError !== undefined) sent.isError = result.isError;
  return { result: sent, jsonrpc: '2.0', id };
}

/** A call whose handler threw, as the SDK's Protocol answers it: a JSON-RPC error with the error's code (else internal) and message. */
export function errorMessage(id: RequestId, err: unknown): { jsonrpc: '2.0'; id: RequestId; error: { code: number; message: string; data?: unknown } } {
  const e = (isObject(err) ? err : {}) as { code?: unknown; message?: string; data?: unknown };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: Number.isSafeInteger(e.code) ? (e.code as number) : ErrorCode.InternalError,
      message: e.message ?? 'Internal error',
      ...(e.data !== undefined && { data: e.data }),
    },
  };
}

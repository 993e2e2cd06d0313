import { keyedFetch } from '../api';
import { MCP_PATH } from './mcp';

/** A tool as tools/list describes it. */
export interface McpListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, { examples?: unknown[]; type?: unknown; description?: string }>; required?: string[] };
  outputSchema?: Record<string, unknown>;
}

export interface McpToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What one JSON-RPC exchange with /mcp gave: the result, a JSON-RPC error, or an HTTP problem (401/403...). */
export interface McpExchange<T> {
  status: number;
  result?: T;
  error?: { code: number; message: string };
  problem?: { code?: string; detail?: string; title?: string };
}

let nextId = 1;

/**
 * One JSON-RPC message to the hosted MCP server with the user's key, as an MCP client sends it over Streamable HTTP.
 * The server is stateless, so tools/list and tools/call need no initialize first. No cookies: the key alone counts.
 */
export async function mcpRequest<T>(
  key: string,
  method: string,
  params?: Record<string, unknown>,
  fetchImpl: typeof fetch = keyedFetch,
): Promise<McpExchange<T>> {
  const response = await fetchImpl(MCP_PATH, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, ...(params && { params }) }),
    credentials: 'omit',
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) return { status: response.status, problem: body as McpExchange<T>['problem'] };
  return { status: response.status, result: body.result as T | undefined, error: body.error as McpExchange<T>['error'] };
}

/** Example arguments of a tool: each field's first documented example, required fields first (find_timezone: its text form). */
export function exampleArguments(tool: McpListedTool): Record<string, unknown> {
  const properties = tool.inputSchema.properties ?? {};
  const required = tool.inputSchema.required ?? [];
  const names =
    required.length > 0
      ? Object.keys(properties).filter((n) => required.includes(n) || properties[n].examples !== undefined)
      : Object.keys(properties).slice(0, 1);
  return Object.fromEntries(names.filter((n) => properties[n].examples?.length).map((n) => [n, properties[n].examples![0]]));
}

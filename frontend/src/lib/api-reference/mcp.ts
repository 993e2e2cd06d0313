import type { OpenApiDocument } from './model';

/** The MCP endpoint's path on the API host (outside /api). */
export const MCP_PATH = '/mcp';

export interface McpToolInfo {
  name: string;
  title: string;
  description: string;
}

/** The tools as the OpenAPI document lists them (`x-mcp-tools` on POST /mcp, generated from the server's tool table). */
export function mcpTools(doc: OpenApiDocument): McpToolInfo[] {
  const op = doc.paths[MCP_PATH]?.post as { 'x-mcp-tools'?: McpToolInfo[] } | undefined;
  return op?.['x-mcp-tools'] ?? [];
}

export interface McpClientConfig {
  id: string;
  label: string;
  /** Where the snippet goes. */
  where: string;
  code: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Copyable set-ups for the common MCP clients: the endpoint URL with the key in the X-API-Key header. */
export function mcpClientConfigs(url: string, apiKey: string): McpClientConfig[] {
  const headers = { 'X-API-Key': apiKey };
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal, or put the mcpServers entry in the project’s .mcp.json.',
      code: `claude mcp add --transport http tzapi ${url} --header "X-API-Key: ${apiKey}"\n\n${json({ mcpServers: { tzapi: { type: 'http', url, headers } } })}`,
    },
    {
      id: 'claude-desktop',
      label: 'Claude Desktop',
      where: 'claude_desktop_config.json (Settings → Developer → Edit Config); mcp-remote bridges the desktop app to a remote server.',
      code: json({
        mcpServers: { tzapi: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'X-API-Key:${TZAPI_KEY}'], env: { TZAPI_KEY: apiKey } } },
      }),
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: '~/.cursor/mcp.json (all projects) or .cursor/mcp.json in a project.',
      code: json({ mcpServers: { tzapi: { url, headers } } }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json in your workspace (GitHub Copilot agent mode).',
      code: json({ servers: { tzapi: { type: 'http', url, headers } } }),
    },
    {
      id: 'generic',
      label: 'Other clients',
      where: 'Any client that speaks MCP over Streamable HTTP: the URL and one header.',
      code: json({ mcpServers: { tzapi: { type: 'http', url, headers: { Authorization: `Bearer ${apiKey}` } } } }),
    },
  ];
}

/** A JSON-RPC tools/call body (what the playground and the docs' curl example send). */
export function toolCallMessage(id: number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

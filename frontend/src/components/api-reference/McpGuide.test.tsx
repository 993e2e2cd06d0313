import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocsExplorer } from './DocsExplorer';
import { McpGuide } from './McpGuide';
import { openapiSpec } from '../../lib/api-reference/spec';
import { mcpClientConfigs, mcpTools } from '../../lib/api-reference/mcp';
import { exampleArguments, mcpRequest } from '../../lib/api-reference/mcp-client';
import { renderWithProviders } from '../../testing/render';

describe('Use with AI assistants', () => {
  it('the docs explorer has a "Use with AI assistants" pane with the endpoint URL, each client config and the twenty tools (time by IP, airports, the matrix, the impact check, business time, sun and moon and planning among them)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocsExplorer spec={openapiSpec} aiAssistants={<McpGuide spec={openapiSpec} origin="https://tz.example" />} />);
    expect(screen.queryByTestId('mcp-guide')).toBeNull();
    await user.click(screen.getByTestId('category-ai-assistants'));
    const guide = screen.getByTestId('mcp-guide');
    expect(within(guide).getByTestId('mcp-url').textContent).toBe('https://tz.example/mcp');
    expect(guide.textContent).toContain('"mcpServers"');
    expect(guide.textContent).toContain('"X-API-Key": "YOUR_API_KEY"');
    await user.click(screen.getByTestId('mcp-client-vscode'));
    expect(screen.getByTestId('mcp-guide').textContent).toContain('"servers"');
    const tools = within(screen.getByTestId('mcp-tools')).getAllByRole('listitem');
    expect(tools).toHaveLength(20);
    expect(tools[0].textContent).toContain('get_current_time');
    // Back to a REST category: the endpoint panel returns.
    await user.click(screen.getByTestId('category-Time'));
    expect(screen.queryByTestId('mcp-guide')).toBeNull();
    expect(screen.getByTestId('endpoint-detail')).toBeTruthy();
  });

  it('reads the tools from the OpenAPI document and writes valid JSON configs for each client', () => {
    expect(mcpTools(openapiSpec).map((t) => t.name)).toContain('list_transitions');
    for (const config of mcpClientConfigs('https://tz.example/mcp', 'tzk_live_x')) {
      const json = config.code.slice(config.code.indexOf('{'));
      const parsed = JSON.parse(json) as Record<string, Record<string, { url?: string; args?: string[] }>>;
      const server = (parsed.mcpServers ?? parsed.servers).tzapi;
      expect(server.url ?? server.args?.[2]).toBe('https://tz.example/mcp');
      expect(config.code).toContain('tzk_live_x');
    }
  });

  it('the playground talks JSON-RPC to /mcp with the key, both Accept types and no cookies, and reads problems', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const listed = await mcpRequest('tzk_live_secret', 'tools/list', undefined, fetchImpl as unknown as typeof fetch);
    expect(listed.result).toEqual({ tools: [] });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/mcp');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(init.headers).toMatchObject({ 'X-API-Key': 'tzk_live_secret', Accept: 'application/json, text/event-stream' });
    expect(JSON.parse(init.body as string)).toMatchObject({ jsonrpc: '2.0', method: 'tools/list' });

    const refused = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 401, code: 'invalid_api_key', detail: 'no' }), {
          status: 401,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    );
    expect(await mcpRequest('bad', 'tools/list', undefined, refused as unknown as typeof fetch)).toMatchObject({
      status: 401,
      problem: { code: 'invalid_api_key' },
    });

    expect(
      exampleArguments({
        name: 'get_current_time',
        inputSchema: { type: 'object', properties: { timezone: { examples: ['America/New_York'] } }, required: ['timezone'] },
      }),
    ).toEqual({ timezone: 'America/New_York' });
  });
});

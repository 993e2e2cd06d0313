import fc from 'fast-check';
import { createApiKey, createUser } from '../../factories/index.js';
import { fuzz, fuzzRuns, nasty } from '../../support/fuzz.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

type Json = Record<string, any>;

/**
 * Every MCP tool, with any JSON as its arguments, answers HTTP 200 with a result or a tool error (isError) or a
 * JSON-RPC invalid-params error, never an internal error (-32603) or an HTTP 5xx.
 */
describe('MCP: any arguments to any tool answer a result or a clear error, never an internal error', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await createApiKey(t, await createUser(t, { plan: 'enterprise' }))).key;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function rpc(body: unknown): Promise<{ status: number; json: Json | undefined; text: string }> {
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: Json | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  it('arguments that are not an object are invalid params (-32602) naming them, in a batch beside a call that is answered', async () => {
    const res = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_current_time', arguments: 'Europe/Paris' } },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'Europe/Paris' } } },
    ]);
    expect(res.status).toBe(200);
    const [bad, good] = res.json as unknown as Json[];
    expect(bad.error.code).toBe(-32602);
    expect(bad.error.message).toMatch(/Invalid tools\/call request: .*arguments/s);
    expect(good.result.structuredContent.timezone).toBe('Europe/Paris');
  });

  it('fuzzes every tool', async () => {
    const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = list.json!.result.tools as { name: string; inputSchema: { properties?: Record<string, unknown> } }[];
    expect(tools.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const tool of tools) {
      const fields = Object.keys(tool.inputSchema.properties ?? {});
      const args = fc.oneof(
        { weight: 4, arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, nasty])), { requiredKeys: [] }) },
        { weight: 1, arbitrary: nasty },
      );
      await fuzz(
        fc.asyncProperty(args, async (a) => {
          const res = await rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: tool.name, arguments: a } });
          const internal = res.status >= 500 || res.json === undefined || res.json.error?.code === -32603;
          if (internal) failures.push(`${tool.name} ${JSON.stringify(a)} -> ${res.status} ${res.text.slice(0, 300)}`);
          return !internal;
        }),
        failures,
        fuzzRuns(),
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DST_AMBIGUITY } from '../../../src/modules/timezone/engine/local-time.js';
import { KeysService } from '../../../src/modules/keys/keys.service.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { ZoneUsage } from '../../../src/modules/usage/zone-usage.js';
import { createApiKey, createUser, signedInClient } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { CASES, TOOL_NAMES, type Json } from './tool-calls.js';

describe('the hosted MCP endpoint: the API as tools for AI agents, on the same keys, limits and metering', () => {
  let t: TestApp;
  let key = '';
  let userId = '';
  const clients: Client[] = [];

  /** An SDK client over Streamable HTTP with the key in a header (X-API-Key, or Bearer). */
  async function connect(apiKey: string, bearer = false): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), {
      requestInit: { headers: bearer ? { Authorization: `Bearer ${apiKey}` } : { 'X-API-Key': apiKey } },
    });
    const client = new Client({ name: 'mcp-spec', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function rest(c: (typeof CASES)[number], apiKey = key): Promise<{ status: number; body: Json }> {
    const qs = c.query ? `?${new URLSearchParams(c.query)}` : '';
    const res = await fetch(`${t.url}${c.path}${qs}`, {
      method: c.method,
      headers: { 'X-API-Key': apiKey, ...(c.body && { 'content-type': 'application/json' }) },
      body: c.body ? JSON.stringify(c.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  const text = (result: CallToolResult, i = 0) => (result.content[i] as { type: 'text'; text: string }).text;
  const problemOf = (result: CallToolResult) => JSON.parse(text(result, 1)) as Json;

  /** A raw JSON-RPC POST, as an MCP client sends it. */
  function post(headers: Record<string, string>, message: Json = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) {
    return fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(message),
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t, { plan: 'enterprise' });
    userId = user.id;
    key = (await createApiKey(t, user)).key;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await t?.close();
  });

  it('lists the twelve tools, each with a description for a model and input and output schemas that are valid JSON Schema', async () => {
    const client = await connect(key);
    expect(client.getServerVersion()?.name).toBe('tzapi');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    const draft7 = new Ajv({ strict: false });
    const draft2020 = new Ajv2020({ strict: false });
    for (const tool of tools as Tool[]) {
      expect(tool.description!.length).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      for (const ajv of [draft7, draft2020]) {
        for (const schema of [tool.inputSchema, tool.outputSchema]) {
          const valid = ajv.validateSchema(schema as object);
          expect({ tool: tool.name, errors: valid ? null : ajv.errorsText(ajv.errors) }).toEqual({ tool: tool.name, errors: null });
        }
      }
    }
    // The REST DTOs' fields, required where REST requires them, described as in the OpenAPI document.
    const convert = tools.find((tool) => tool.name === 'convert_time')!;
    expect(convert.inputSchema.required).toEqual(['fromTimeZone', 'toTimeZone', 'dateTime']);
    expect((convert.inputSchema.properties as Json).dstAmbiguity.enum).toEqual([...DST_AMBIGUITY]);
    const current = tools.find((tool) => tool.name === 'get_current_time')!;
    expect(current.inputSchema.required).toEqual(['timezone']);
    expect(Object.keys(current.inputSchema.properties!).sort()).toEqual(['history', 'lang', 'territory', 'timezone']);
  });

  it.each(CASES.map((c) => [`${c.tool} ${JSON.stringify(c.args)}`, c] as const))(
    '%s answers what its REST endpoint answers, plus a one-line summary',
    async (_name, c) => {
      const client = await connect(key);
      // Listed first, so the SDK client checks the structured answer against the tool's outputSchema.
      const tool = (await client.listTools()).tools.find((x) => x.name === c.tool)!;
      const before = await rest(c);
      const result = (await client.callTool({ name: c.tool, arguments: c.args })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(before.status).toBe(200);
      const answer = result.structuredContent as Json;
      const validate = new Ajv2020({ strict: false }).compile(tool.outputSchema!);
      expect(validate(answer) ? null : validate.errors).toBeNull();
      expect(JSON.parse(text(result, 1))).toEqual(answer);
      expect(text(result)).not.toContain('\n');
      expect(text(result).length).toBeGreaterThan(10);
      if (c.tool === 'get_current_time' || c.tool === 'get_time_at_ip' || c.tool === 'get_time_at_airport') {
        // The same answer but for the clock reading, which lies between two REST readings around the call.
        const after = await rest(c);
        expect({ ...answer, current_time: null }).toEqual({ ...before.body, current_time: null });
        expect(answer.current_time >= before.body.current_time && answer.current_time <= after.body.current_time).toBe(true);
        if (c.tool === 'get_current_time') expect(answer).toMatchObject({ timezone: 'Asia/Kolkata', requested_timezone: 'Asia/Calcutta' });
        else if (c.tool === 'get_time_at_ip')
          expect(answer).toMatchObject({ timezone: 'Europe/London', ip_location: { ip: '81.2.69.142', ip_source: 'query' } });
        else expect(answer).toMatchObject({ timezone: 'Europe/London', airport: { iata: 'LHR', icao: 'EGLL' } });
      } else {
        expect(answer).toEqual(before.body);
      }
    },
  );

  it('explains a repeated and a skipped wall-clock time in words a model can act on, with the REST problem code', async () => {
    const client = await connect(key, true);
    const repeated = (await client.callTool({
      name: 'convert_time',
      arguments: { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-10-27T01:30:00' },
    })) as CallToolResult;
    expect(repeated.isError).toBeFalsy();
    expect(text(repeated)).toContain('01:30 happens twice in Europe/London on 2024-10-27');
    expect(text(repeated)).toContain('dstAmbiguity "later"');

    const args = { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-03-31T01:30:00' };
    const gap = (await client.callTool({ name: 'convert_time', arguments: args })) as CallToolResult;
    const restProblem = await rest({ tool: 'convert_time', args, method: 'POST', path: '/api/conversion/timezone', body: args });
    expect(gap.isError).toBe(true);
    expect(text(gap)).toBe(
      'invalid_local_time: 01:30 does not exist in Europe/London on 2024-03-31: the clocks jump from 01:00 to 02:00. ' +
        'The first valid time is 02:00 (2024-03-31T02:00:00+01:00). Use that time, or pass dstAmbiguity "compatible" to move the time forward by the length of the gap.',
    );
    const { instance: _a, ...problem } = problemOf(gap);
    const { instance: _b, ...expected } = restProblem.body;
    expect(problem).toEqual(expected);
  });

  it('a bad argument is a tool error naming the field, never a 500; an unknown tool is a protocol error', async () => {
    const client = await connect(key);
    const cases: [string, Json, string, string][] = [
      ['get_current_time', {}, 'validation_failed', 'timezone is required'],
      ['convert_time_multi', { dateTime: '2024-07-01T09:00:00', fromTimeZone: 'UTC', toTimeZones: 'Asia/Tokyo' }, 'validation_failed', 'toTimeZones'],
      [
        'convert_time',
        { fromTimeZone: 'UTC', toTimeZone: 'Asia/Tokyo', dateTime: '2024-07-01T09:00:00', dstAmbiguity: 'maybe' },
        'validation_failed',
        'dstAmbiguity',
      ],
      ['get_current_time', { timezone: 'EST' }, 'invalid_timezone', 'EST'],
      ['find_timezone', {}, 'validation_failed', 'location'],
      ['find_timezone', { location: 'Paris', latitude: 1, longitude: 2 }, 'validation_failed', 'location'],
      ['find_timezone', { latitude: 95, longitude: 0 }, 'invalid_coordinates', 'latitude'],
      ['add_duration', { baseDateTime: '2024-03-30T12:00:00', timeSpan: 'a while' }, 'invalid_timespan', 'timeSpan'],
      ['day_of_week', { date: '2024-02-30' }, 'invalid_date', 'date'],
      ['day_of_week', { date: { year: 2024 } }, 'validation_failed', 'date'],
      ['get_time_at_ip', {}, 'validation_failed', 'ip is required'],
      ['get_time_at_ip', { ip: 'not-an-ip' }, 'invalid_ip', 'not-an-ip'],
    ];
    for (const [tool, args, code, mention] of cases) {
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      const what = `${tool} ${JSON.stringify(args)}`;
      expect({ what, isError: result.isError, code: problemOf(result).code }).toEqual({ what, isError: true, code });
      expect(problemOf(result).status).toBe(400);
      expect(text(result)).toContain(mention);
    }
    const privateAddress = (await client.callTool({ name: 'get_time_at_ip', arguments: { ip: '10.0.0.1' } })) as CallToolResult;
    expect(privateAddress.isError).toBe(true);
    expect(problemOf(privateAddress)).toMatchObject({ code: 'ip_not_public', status: 422, kind: 'private' });
    await expect(client.callTool({ name: 'get_time', arguments: {} })).rejects.toThrow(/Unknown tool "get_time"/);
  });

  it('refuses a request without a key, with a revoked key, and from a refused IP with the REST problem codes', async () => {
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(((await missing.json()) as Json).code).toBe('missing_api_key');
    await expect(connect('')).rejects.toThrow(/401/);

    const owner = await createUser(t, { plan: 'premium' });
    const revoked = await createApiKey(t, owner);
    // Stateless: a tools/list needs no initialize first (what the dashboard playground sends).
    const listed = await post({ 'X-API-Key': revoked.key });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Json).result.tools).toHaveLength(TOOL_NAMES.length);
    await t.app.get(KeysService).remove(owner.id, revoked.id);
    const afterRevoke = await post({ 'X-API-Key': revoked.key });
    expect(afterRevoke.status).toBe(401);
    expect(((await afterRevoke.json()) as Json).code).toBe('invalid_api_key');
    await expect(connect(revoked.key)).rejects.toThrow(/401/);

    const inactive = await createApiKey(t, owner, { isActive: false });
    expect(((await (await post({ 'X-API-Key': inactive.key })).json()) as Json).code).toBe('inactive_api_key');

    const fenced = await createApiKey(t, owner, { ipRestrictions: ['203.0.113.0/24'] });
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_current_time', arguments: { timezone: 'UTC' } } };
    const refused = await post({ Authorization: `Bearer ${fenced.key}` }, call);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).code).toBe('ip_not_allowed');
    await expect(connect(fenced.key)).rejects.toThrow(/403/);

    // The owner sees the refused tool call in their usage, as for a refused REST request.
    await t.app.get(UsageRecorder).flush();
    const usage = await (await signedInClient(t, owner)).get('/api/usage?limit=100');
    expect(usage.body.items.filter((r: Json) => r.statusCode === 403).map((r: Json) => r.endpoint)).toContain('mcp/get_current_time');
  });

  it("a free account's 101st tool call in the hour is refused with rate_limited, and every call is in GET /api/usage under its tool name", async () => {
    const free = await createUser(t, { plan: 'free' });
    const freeKey = (await createApiKey(t, free)).key;
    const client = await connect(freeKey);
    // Connecting and listing tools use no quota.
    await client.listTools();
    for (let i = 1; i <= 100; i++) {
      const result = (await client.callTool({
        name: 'day_of_week',
        arguments: { date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}` },
      })) as CallToolResult;
      if (result.isError) throw new Error(`call ${i} refused: ${text(result)}`);
    }
    const refused = (await client.callTool({ name: 'get_current_time', arguments: { timezone: 'UTC' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(problemOf(refused)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(text(refused)).toMatch(/^rate_limited: The free plan allows 100 requests per hour/);
    // REST sees the same exhausted quota: MCP and REST share one plan limit.
    const restAnswer = await fetch(`${t.url}/api/calculation/dayofweek?date=2024-07-01`, { headers: { 'X-API-Key': freeKey } });
    expect(restAnswer.status).toBe(429);
    expect(((await restAnswer.json()) as Json).code).toBe('rate_limited');

    await t.app.get(UsageRecorder).flush();
    const usage = await (await signedInClient(t, free)).get('/api/usage?limit=1000');
    const rows = usage.body.items as Json[];
    expect(rows.filter((r) => r.endpoint === 'mcp/day_of_week' && r.statusCode === 200)).toHaveLength(100);
    expect(rows.filter((r) => r.endpoint === 'mcp/get_current_time').map((r) => r.statusCode)).toEqual([429]);
    expect(rows).toHaveLength(102);
  });

  it('the tool calls of the comparisons above are each one usage row under mcp/<tool>', async () => {
    await t.app.get(UsageRecorder).flush();
    const usage = await (await signedInClient(t, { id: userId } as never)).get('/api/usage?limit=1000');
    const endpoints = new Set((usage.body.items as Json[]).map((r) => r.endpoint));
    for (const name of TOOL_NAMES) expect(endpoints).toContain(`mcp/${name}`);
    const okCalls = (usage.body.items as Json[]).filter((r) => String(r.endpoint).startsWith('mcp/') && r.statusCode === 200);
    // One per comparison case and the two DST explanations that answered.
    expect(okCalls).toHaveLength(CASES.length + 1);
  });

  it("a tool call's zones count for change notices as a REST answer's do: a link as the zone it answered", async () => {
    const user = await createUser(t, { plan: 'enterprise' });
    const client = await connect((await createApiKey(t, user)).key);
    await client.callTool({ name: 'get_current_time', arguments: { timezone: 'Asia/Calcutta' } });
    await client.callTool({
      name: 'convert_time',
      arguments: { fromTimeZone: 'Europe/Paris', toTimeZone: 'America/New_York', dateTime: '2024-07-01T09:00:00' },
    });
    // A refused call names nothing.
    await client.callTool({ name: 'get_current_time', arguments: { timezone: 'Not/AZone' } });
    await t.app.get(ZoneUsage).flush();
    const rows = await t.orm.em
      .fork()
      .execute<{ zone: string; count: string }[]>('select zone, count from zone_usage where user_id = ? order by zone', [user.id]);
    expect(rows.map((r) => [r.zone, Number(r.count)])).toEqual([
      ['America/New_York', 1],
      ['Asia/Kolkata', 1],
      ['Europe/Paris', 1],
    ]);
  });

  it('answers GET and DELETE with 405 (stateless: no event stream, no session) and a CORS preflight with the MCP headers', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${t.url}/mcp`, { method, headers: { 'X-API-Key': key, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as Json).code).toBe('method_not_allowed');
    }
    // Answers are always JSON, so a client that only accepts JSON (curl, Swagger UI) is served too.
    const plain = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'day_of_week', arguments: { date: '2024-07-01' } } }),
    });
    expect(plain.status).toBe(200);
    expect(((await plain.json()) as Json).result.structuredContent.dayOfWeek).toBe('Monday');
    const preflight = await fetch(`${t.url}/mcp`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
  });
});

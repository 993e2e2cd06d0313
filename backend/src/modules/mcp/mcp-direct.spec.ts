import { CallToolResultSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { directToolCalls, errorMessage, resultMessage } from './mcp-direct.js';

const TOOLS = new Set(['day_of_week', 'get_current_time']);
const known = (name: string) => (TOOLS.has(name) ? name : undefined);
const json = { 'content-type': 'application/json' };
const call = (id: unknown, name = 'day_of_week', args: unknown = { date: '2024-07-01' }) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('directToolCalls: the POSTs of plain tool calls answered without the SDK transport', () => {
  it('takes a single call and a batch of calls of known tools, with string and integer ids', () => {
    expect(directToolCalls(call(1), json, known)).toEqual([{ id: 1, tool: 'day_of_week', args: { date: '2024-07-01' } }]);
    expect(directToolCalls([call('a'), call(-3, 'get_current_time', { timezone: 'UTC' })], json, known)).toEqual([
      { id: 'a', tool: 'day_of_week', args: { date: '2024-07-01' } },
      { id: -3, tool: 'get_current_time', args: { timezone: 'UTC' } },
    ]);
    expect(directToolCalls({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'day_of_week' } }, json, known)).toEqual([
      { id: 2, tool: 'day_of_week', args: {} },
    ]);
    expect(directToolCalls(call(1), { 'content-type': 'application/json; charset=utf-8', 'mcp-protocol-version': '2025-06-18' }, known)).not.toBeNull();
  });

  it('every call it takes is a JSON-RPC request the SDK parses as it is', () => {
    for (const message of [call(1), call('x'), call(Number.MAX_SAFE_INTEGER)]) {
      expect(JSONRPCMessageSchema.parse(message)).toEqual(message);
    }
  });

  it.each([
    ['initialize', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }],
    ['tools/list', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ['a notification in the batch', [call(1), { jsonrpc: '2.0', method: 'notifications/initialized' }]],
    ['an unknown tool', call(1, 'no_such_tool')],
    ['an empty batch', []],
    ['a repeated id', [call(1), call(1)]],
    ['a fractional id', call(1.5)],
    ['an id past the safe integers', call(2 ** 53)],
    ['a null id', call(null)],
    ['no id', { jsonrpc: '2.0', method: 'tools/call', params: { name: 'day_of_week' } }],
    ['arguments that are a list', call(1, 'day_of_week', ['2024-07-01'])],
    ['arguments that are null', call(1, 'day_of_week', null)],
    ['a params _meta', { ...call(1), params: { name: 'day_of_week', arguments: {}, _meta: { progressToken: 1 } } }],
    ['a params task', { ...call(1), params: { name: 'day_of_week', arguments: {}, task: { ttl: 1 } } }],
    ['a field JSON-RPC does not have', { ...call(1), extra: true }],
    ['another JSON-RPC version', { ...call(1), jsonrpc: '1.0' }],
    ['a message that is no object', [call(1), 'tools/call']],
  ])('leaves to the SDK a POST with %s', (_what, body) => {
    expect(directToolCalls(body, json, known)).toBeNull();
  });

  it('leaves to the SDK a POST whose headers the transport would refuse or read otherwise', () => {
    expect(directToolCalls(call(1), { 'content-type': 'text/plain' }, known)).toBeNull();
    expect(directToolCalls(call(1), {}, known)).toBeNull();
    expect(directToolCalls(call(1), { ...json, 'mcp-protocol-version': '1999-01-01' }, known)).toBeNull();
  });
});

describe('resultMessage and errorMessage: the answer the SDK sends for a call', () => {
  it('a result in the order the SDK re-parses it to, then jsonrpc and id', () => {
    const result = { isError: true, content: [{ type: 'text' as const, text: 'rate_limited: no' }] };
    const sent = resultMessage(7, result);
    expect(JSON.stringify(sent)).toBe(JSON.stringify({ result: CallToolResultSchema.parse(result), jsonrpc: '2.0', id: 7 }));
    const answered = { content: [{ type: 'text' as const, text: 'ok' }], structuredContent: { b: 1, a: 2 } };
    expect(JSON.stringify(resultMessage('x', answered))).toBe(JSON.stringify({ result: CallToolResultSchema.parse(answered), jsonrpc: '2.0', id: 'x' }));
  });

  it('a handler that threw: its code when it has one, else internal error, and its message', () => {
    expect(errorMessage(1, new Error('boom'))).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'boom' } });
    expect(errorMessage(2, Object.assign(new Error('bad'), { code: -32602, data: { x: 1 } }))).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'bad', data: { x: 1 } },
    });
    expect(errorMessage(3, 'thrown text')).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'Internal error' } });
  });
});

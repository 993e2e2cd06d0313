import { jest } from '@jest/globals';
import { McpEndpoint } from '../../../src/modules/mcp/mcp.endpoint.js';
import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

type Json = Record<string, any>;

/** The endpoint's two ways of answering (mcp.endpoint.ts), private: the spec watches and switches them. */
interface Paths {
  answerWithSdk(...args: unknown[]): Promise<unknown>;
  directCalls(...args: unknown[]): unknown;
}

/**
 * A POST of plain tool calls is answered without the SDK's per-request Server and transport (mcp-direct.ts). Its
 * answer must be the SDK's, byte for byte: each case is sent once answered directly and once, the same way, through
 * the SDK (the direct path switched off), and the two answers and their usage rows compared.
 */
describe('MCP tool calls answered directly: the same answer as through the SDK transport', () => {
  let t: TestApp;
  let paths: Paths;

  beforeAll(async () => {
    t = await createTestApp();
    paths = t.app.get(McpEndpoint) as unknown as Paths;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const call = (id: unknown, name: string, args?: Json) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args && { arguments: args }) } });

  async function post(key: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), remaining: res.headers.get('ratelimit-remaining'), text: await res.text() };
  }

  /** The usage events of a user, in an order that does not depend on the millisecond each was written in. */
  async function rows(userId: string): Promise<{ endpoint: string; status_code: number }[]> {
    await t.app.get(UsageRecorder).flush();
    return t.orm.em
      .fork()
      .getConnection()
      .execute<{ endpoint: string; status_code: number }[]>(
        `select endpoint, status_code from ${USAGE_EVENTS} where user_id = ? order by endpoint, status_code`,
        [userId],
      );
  }

  /** The answers to one body, first direct (checked to be), then through the SDK, each from a fresh key of a `plan` account that used `used` calls. */
  async function bothWays(body: unknown, options: { headers?: Record<string, string>; plan?: 'free' | 'enterprise'; used?: number } = {}) {
    const answers = [];
    for (const direct of [true, false]) {
      const user = await createUser(t, { plan: options.plan ?? 'enterprise' });
      const { key } = await createApiKey(t, user);
      for (let i = 0; i < (options.used ?? 0); i++) {
        expect((await fetch(`${t.url}/api/calculation/dayofweek?date=2024-07-01`, { headers: { 'x-api-key': key } })).status).toBe(200);
      }
      const sdk = jest.spyOn(paths, 'answerWithSdk');
      if (!direct) jest.spyOn(paths, 'directCalls').mockReturnValue(null);
      const answer = await post(key, body, options.headers);
      expect(sdk).toHaveBeenCalledTimes(direct ? 0 : 1);
      jest.restoreAllMocks();
      answers.push({ ...answer, rows: await rows(user.id) });
    }
    return { direct: answers[0], sdk: answers[1] };
  }

  it('a single call: the same status, type, body and usage row', async () => {
    const { direct, sdk } = await bothWays(call(1, 'day_of_week', { date: '2024-07-01' }));
    expect(direct.status).toBe(200);
    expect(JSON.parse(direct.text).result.structuredContent.dayOfWeek).toBe('Monday');
    expect(direct).toEqual(sdk);
    expect(direct.rows).toEqual([{ endpoint: 'mcp/day_of_week', status_code: 200 }]);
  });

  it('a batch of one is answered with one object, as the SDK does', async () => {
    const { direct, sdk } = await bothWays([call('only', 'day_of_week', { date: '2024-12-25' })]);
    expect(JSON.parse(direct.text)).toMatchObject({ id: 'only', result: { structuredContent: { dayOfWeek: 'Wednesday' } } });
    expect(direct).toEqual(sdk);
  });

  it('a batch of several tools, answers and tool errors, string and integer ids: the same answers in the same order', async () => {
    const batch = [
      call(0, 'day_of_week', { date: '2024-07-06' }),
      call('gap', 'convert_time', { fromTimeZone: 'Europe/London', toTimeZone: 'UTC', dateTime: '2024-03-31T01:30:00' }),
      call(-7, 'find_timezone', { location: 'Paris', latitude: 1, longitude: 2 }),
      call(3, 'day_of_week'),
      call(4, 'time_difference', { startDateTime: '2024-03-30T12:00:00', endDateTime: '2024-03-31T12:00:00', timeZone: 'Europe/London' }),
      call(5, 'list_transitions', { timezone: 'Europe/London', from: '2024-01-01', to: '2025-01-01' }),
      call(6, 'convert_time_multi', { dateTime: '2024-07-01T09:00:00', fromTimeZone: 'America/New_York', toTimeZones: ['Asia/Tokyo', 'Nowhere/Land'] }),
    ];
    const { direct, sdk } = await bothWays(batch, { headers: { 'mcp-protocol-version': '2025-06-18' } });
    const answers = JSON.parse(direct.text) as Json[];
    expect(answers.map((a) => a.id)).toEqual([0, 'gap', -7, 3, 4, 5, 6]);
    expect(answers.map((a) => (a.result.isError ? JSON.parse(a.result.content[1].text).code : null))).toEqual([
      null,
      'invalid_local_time',
      'validation_failed',
      'validation_failed',
      null,
      null,
      'invalid_timezone',
    ]);
    expect(direct).toEqual(sdk);
    expect(direct.rows).toHaveLength(7);
  });

  it('arguments sent again are answered as the first time (the checked arguments are remembered, never shared): answers and tool errors', async () => {
    const user = await createUser(t, { plan: 'enterprise' });
    const { key } = await createApiKey(t, user);
    const batch = [
      call(1, 'convert_time_multi', {
        dateTime: '2024-07-01T09:00:00',
        fromTimeZone: 'America/New_York',
        toTimeZones: ['Asia/Tokyo', 'Europe/London', 'Asia/Tokyo'],
      }),
      call(2, 'day_of_week', { date: '2024-02-30' }),
      call(3, 'list_transitions', { timezone: 'Europe/London', from: '2024-01-01', to: '2025-01-01' }),
      call(4, 'day_of_week', { day: '2024-02-03' }),
    ];
    const first = await post(key, batch);
    expect(first.status).toBe(200);
    const answers = JSON.parse(first.text) as Json[];
    expect(answers.map((a) => (a.result.isError ? JSON.parse(a.result.content[1].text).code : null))).toEqual([
      null,
      'invalid_date',
      null,
      'validation_failed',
    ]);
    for (let i = 0; i < 3; i++) expect((await post(key, batch)).text).toBe(first.text);
    // Other arguments of the same shape are checked for themselves.
    const other = JSON.parse((await post(key, [call(1, 'convert_time_multi', { ...batch[0].params.arguments, toTimeZones: ['Asia/Kolkata'] })])).text) as Json;
    expect(JSON.stringify(other)).toContain('Asia/Kolkata');
    expect(JSON.stringify(other)).not.toContain('Asia/Tokyo');
  });

  it('a batch the plan refuses in part: the same answers, RateLimit headers and usage rows', async () => {
    const batch = [1, 2, 3, 4].map((i) => call(i, 'day_of_week', { date: `2024-07-0${i}` }));
    const { direct, sdk } = await bothWays(batch, { plan: 'free', used: 98 });
    const answers = JSON.parse(direct.text) as Json[];
    expect(answers.map((a) => a.result.isError ?? false)).toEqual([false, false, true, true]);
    expect(direct.remaining).toBe('0');
    // The refusals say how long to wait, from the moment each answer is made: the two ways run seconds apart (on a slow
    // machine "1 h" and then "59 min 59 s"), so the wait is checked for itself and the rest compared byte for byte.
    const wait = /Try again in ([^,]+), or upgrade/g;
    for (const answer of [direct, sdk]) {
      const waits = [...answer.text.matchAll(wait)].map((m) => m[1]);
      expect(waits.length).toBeGreaterThan(0);
      for (const w of waits) expect(w).toMatch(/^(1 h|59 min( \d+ s)?)$/);
    }
    const same = (answer: typeof direct) => ({ ...answer, text: answer.text.replace(wait, 'Try again in (wait), or upgrade') });
    expect(same(direct)).toEqual(same(sdk));
  });
});

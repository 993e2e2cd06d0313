import { UsageRecorder } from '../../../src/modules/usage/usage.recorder.js';
import { createApiKey, createUser } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { USAGE_EVENTS } from '../../support/usage-events.js';

type Json = Record<string, any>;

/**
 * JSON-RPC batches on /mcp (MCP 2025-03-26 allows them; the SDK's transport accepts them): a batch counts against the
 * plan as the tool calls it carries, before any of them runs, and a refused HTTP request is one usage row however many
 * calls it carried. Answers have a size ceiling per call and per batch.
 */
describe('MCP batches: counted as the calls they carry, one usage row per refused request, answers of bounded size', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (id: number, name: string, args: Json) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const dayCalls = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => call(from + i, 'day_of_week', { date: `2024-07-${String((i % 28) + 1).padStart(2, '0')}` }));

  function post(key: string, body: unknown) {
    return fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': key },
      body: JSON.stringify(body),
    });
  }

  async function rows(userId: string): Promise<{ endpoint: string; status_code: number }[]> {
    await t.app.get(UsageRecorder).flush();
    return t.orm.em
      .fork()
      .getConnection()
      .execute<{ endpoint: string; status_code: number }[]>(
        `select endpoint, status_code from ${USAGE_EVENTS} where user_id = ? order by "timestamp", endpoint`,
        [userId],
      );
  }

  /** A free account that has used `used` of its 100 calls this hour (REST calls, one row each). */
  async function freeAccount(used: number): Promise<{ userId: string; key: string }> {
    const user = await createUser(t, { plan: 'free' });
    const { key } = await createApiKey(t, user);
    for (let i = 0; i < used; i += 10) {
      const statuses = await Promise.all(
        Array.from({ length: Math.min(10, used - i) }, () =>
          fetch(`${t.url}/api/calculation/dayofweek?date=2024-07-01`, { headers: { 'x-api-key': key } }).then((r) => r.status),
        ),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    return { userId: user.id, key };
  }

  const code = (answer: Json) => (answer.result?.isError ? JSON.parse(answer.result.content[1].text).code : null);

  it('a key with 3 calls left sending a batch of 10 gets exactly 3 answers; the other 7 are refused as one usage row', async () => {
    const { userId, key } = await freeAccount(97);
    const res = await post(key, dayCalls(10));
    expect(res.status).toBe(200);
    const answers = (await res.json()) as Json[];
    expect(answers).toHaveLength(10);
    // Answered in the batch's order: the first three calls got the three slots.
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(answers.slice(0, 3).map((a) => a.result.structuredContent.dayOfWeek)).toEqual(['Monday', 'Tuesday', 'Wednesday']);
    expect(answers.slice(3).map(code)).toEqual(Array(7).fill('rate_limited'));
    expect(answers[3].result.content[0].text).toMatch(/^rate_limited: The free plan allows 100 requests per hour/);
    expect(res.headers.get('ratelimit-remaining')).toBe('0');

    const written = await rows(userId);
    expect(written.filter((r) => r.endpoint === 'mcp/day_of_week' && r.status_code === 200)).toHaveLength(3);
    expect(written.filter((r) => r.status_code === 429)).toEqual([{ endpoint: 'mcp/day_of_week', status_code: 429 }]);
    expect(written).toHaveLength(97 + 3 + 1);
  });

  it('an exhausted key sending batches writes one usage row per HTTP request, not one per call it carried', async () => {
    const { userId, key } = await freeAccount(100);
    const sent = 12;
    for (let i = 0; i < sent; i++) {
      const mixed = [...dayCalls(8, i * 100), call(i * 100 + 50, 'get_current_time', { timezone: 'UTC' })];
      const res = await post(key, mixed);
      expect(res.status).toBe(200);
      const answers = (await res.json()) as Json[];
      expect(answers.map(code)).toEqual(Array(9).fill('rate_limited'));
    }
    const written = await rows(userId);
    const refused = written.filter((r) => r.status_code === 429);
    // A batch naming two tools is refused under the endpoint itself.
    expect(refused).toEqual(Array(sent).fill({ endpoint: 'mcp', status_code: 429 }));
    expect(written).toHaveLength(100 + sent);
  });

  it('a batch of more calls than the cap is refused whole, none of its calls run, and it is one request and one usage row', async () => {
    const user = await createUser(t, { plan: 'free' });
    const { key } = await createApiKey(t, user);
    const res = await post(key, dayCalls(100));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as Json;
    expect(answer.error.code).toBe(-32600);
    expect(answer.error.message).toMatch(/at most 20 messages/);
    // It counted as one request, as a REST call refused for its input does.
    const after = await post(key, dayCalls(1));
    expect(after.headers.get('ratelimit-remaining')).toBe('98');
    expect(await rows(user.id)).toEqual([
      { endpoint: 'mcp/day_of_week', status_code: 400 },
      { endpoint: 'mcp/day_of_week', status_code: 200 },
    ]);
  });

  it('an answer past the per-call ceiling is a tool error saying to narrow the range; a batch stops answering past its ceiling', async () => {
    const user = await createUser(t, { plan: 'enterprise' });
    const { key } = await createApiKey(t, user);
    // 1970-2100 of a zone with DST: about 260 transitions, more than a model should be handed in one answer.
    const huge = await post(key, call(1, 'list_transitions', { timezone: 'Europe/London', from: '1970-01-01', to: '2100-12-31' }));
    const hugeAnswer = (await huge.json()) as Json;
    expect(hugeAnswer.result.isError).toBe(true);
    const problem = JSON.parse(hugeAnswer.result.content[1].text);
    expect(problem).toMatchObject({ code: 'answer_too_large', status: 400 });
    expect(hugeAnswer.result.content[0].text).toMatch(/^answer_too_large: .*Narrow the request/);
    // Twenty times forty years of London: each fits the per-call ceiling, together they pass the batch's.
    const decades = Array.from({ length: 20 }, (_, i) =>
      call(i + 1, 'list_transitions', { timezone: 'Europe/London', from: `${1970 + (i % 5)}-01-01`, to: `${2010 + (i % 5)}-01-01` }),
    );
    const res = await post(key, decades);
    const text = await res.text();
    // 20 × 22 KB of transitions were asked for; the HTTP answer stays near the batch's 256 KiB of answers (each carried twice, as text and structured).
    expect(text.length).toBeLessThan(700_000);
    const answers = JSON.parse(text) as Json[];
    expect(answers).toHaveLength(20);
    const codes = answers.map(code);
    expect(codes[0]).toBeNull();
    expect(codes.at(-1)).toBe('answer_too_large');
    expect(JSON.parse(answers.at(-1)!.result.content[1].text).detail).toMatch(/batch/);
  });
});

import { ProblemException } from '../../common/problems/problem.js';
import { CallLedger, MCP_LIMITS, soleTool, toolCalls } from './mcp-ledger.js';

const refusedByPlan = () =>
  new ProblemException({ status: 429, code: 'rate_limited', title: 'Too Many Requests', detail: 'The free plan allows 100 requests per hour.' });
const failed = () => new ProblemException({ status: 500, code: 'internal_error', title: 'Internal Server Error', detail: 'failed' });
/** A plan with `left` requests left: each count takes one, then refuses. */
function plan(left: number) {
  const counted: number[] = [];
  const asked = { times: 0 };
  return {
    counted,
    asked,
    count: () => {
      asked.times++;
      if (counted.length >= left) throw refusedByPlan();
      counted.push(counted.length);
    },
  };
}
const call = (id: number, name: string, args: unknown = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('CallLedger: the tool calls of one MCP request against the plan and the answer ceilings', () => {
  it('counts every call once, at the first call, before any runs; the first calls of the batch take the slots and the rest share one refusal', async () => {
    const p = plan(3);
    const ledger = new CallLedger(10, p.count, failed);
    const admitted = await Promise.all(Array.from({ length: 10 }, (_, i) => ledger.take(i < 5 ? 'day_of_week' : 'get_current_time')));
    expect(p.counted).toHaveLength(3);
    expect(admitted.map((a) => 'counted' in a)).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(new Set(admitted.slice(3).map((a) => ('refusal' in a ? a.refusal : a))).size).toBe(1);
    expect(ledger.refused).toBe(7);
    expect([...ledger.refusedTools].sort()).toEqual(['day_of_week', 'get_current_time']);
    expect(ledger.refusedWith?.problem.code).toBe('rate_limited');
  });

  it('stops counting at the first refusal (an exhausted plan is asked once) and refuses nothing when all fit', async () => {
    const exhausted = plan(0);
    const refusedLedger = new CallLedger(20, exhausted.count, failed);
    await Promise.all(Array.from({ length: 20 }, () => refusedLedger.take('x')));
    expect(refusedLedger.refused).toBe(20);
    expect(exhausted.asked.times).toBe(1);
    const roomy = plan(100);
    const ledger = new CallLedger(5, roomy.count, failed);
    expect((await Promise.all(Array.from({ length: 5 }, () => ledger.take('x')))).map((slot) => 'counted' in slot)).toEqual([true, true, true, true, true]);
    expect(ledger.refusedWith).toBeNull();
  });

  it('hands each admitted call what was counted for it, so a call the server fails to answer gives back its own slot', async () => {
    const counts = [{ weight: 1 }, { weight: 3 }, { weight: 2 }];
    let n = 0;
    const ledger = new CallLedger([1, 3, 2], () => counts[n++], failed);
    const slots = await Promise.all(['a', 'b', 'c', 'd'].map((tool) => ledger.take(tool)));
    expect(slots.slice(0, 3)).toEqual([{ counted: counts[0] }, { counted: counts[1] }, { counted: counts[2] }]);
    expect(slots[3]).toEqual({ refusal: expect.any(ProblemException) });
  });

  it('refuses an answer past the per-call ceiling, and every answer once the batch has reached its own', () => {
    const ledger = new CallLedger(0, () => undefined, failed);
    expect(ledger.fit('x'.repeat(MCP_LIMITS.callAnswerChars + 1))?.problem).toMatchObject({ code: 'answer_too_large', status: 400 });
    const fits = 'x'.repeat(MCP_LIMITS.callAnswerChars);
    const answered = Array.from({ length: 5 }, () => ledger.fit(fits) === null);
    expect(answered).toEqual([true, true, true, true, false]);
    expect(ledger.full).toBe(true);
    expect(ledger.fit('{}')?.problem.detail).toMatch(/answers of this batch reached 256 KiB/);
  });

  it('reads the calls a body carries as the SDK will hand them to the tools/call handler', () => {
    const known = (name: string) => name !== 'nope';
    const batch = [
      call(1, 'a'),
      call(2, 'b'),
      { jsonrpc: '2.0', method: 'tools/call', params: { name: 'a' } },
      call(3, 'nope'),
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      call(5, 'a', 'not an object'),
    ];
    expect(toolCalls(batch, known)).toEqual(['a', 'b']);
    expect(toolCalls(call(1, 'a'), known)).toEqual(['a']);
    expect(soleTool([call(1, 'a'), call(2, 'a')])).toBe('a');
    expect(soleTool([call(1, 'a'), call(2, 'b')])).toBeUndefined();
  });
});

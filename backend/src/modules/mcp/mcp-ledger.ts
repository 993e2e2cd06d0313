import { CallToolRequestSchema, isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { ProblemException } from '../../common/problems/problem.js';
import { McpProblems } from './mcp.errors.js';

/**
 * What one POST /mcp may carry and answer. A JSON-RPC batch (MCP 2025-03-26; the SDK's transport takes up to 100
 * messages) is capped well below that, and the answers of its tool calls have a ceiling per call and together.
 */
export const MCP_LIMITS = {
  /** JSON-RPC messages in one HTTP request. */
  batchMessages: 20,
  /** Characters of one tool call's answer as JSON (the REST answer it carries). */
  callAnswerChars: 64 * 1024,
  /** Characters of the answers of all tool calls of one HTTP request, as JSON. */
  batchAnswerChars: 256 * 1024,
} as const;

const kib = (chars: number) => `${Math.ceil(chars / 1024)} KiB`;

/** The tool calls a message or a batch carries (JSON-RPC requests the SDK will hand to the tools/call handler), by tool name. */
export function toolCalls(body: unknown, known: (name: string) => boolean): string[] {
  const names: string[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') continue;
    const call = CallToolRequestSchema.safeParse(message);
    if (call.success && known(call.data.params.name)) names.push(call.data.params.name);
  }
  return names;
}

/** The tool calls a message or a batch carries, with their arguments (a batch tool's weight is read from them). */
export function toolCallArgs(body: unknown, known: (name: string) => boolean): { name: string; args: Record<string, unknown> }[] {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') continue;
    const call = CallToolRequestSchema.safeParse(message);
    if (call.success && known(call.data.params.name)) calls.push({ name: call.data.params.name, args: call.data.params.arguments ?? {} });
  }
  return calls;
}

/** The tool the calls of a request name when they name exactly one (its usage row is `mcp/<tool>`), else undefined. */
export function soleTool(body: unknown): string | undefined {
  const names = new Set<string>();
  for (const message of Array.isArray(body) ? body : [body]) {
    const m = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (m?.method === 'tools/call' && typeof m.params?.name === 'string') names.add(m.params.name.slice(0, 100));
  }
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * The tool calls of one HTTP request against the plan and the answer ceilings. At the first call, before any of
 * them runs, all of them are counted as that many requests (`count`, the gateway's per-call step) until the plan
 * refuses; the calls then take the slots in the order of the batch, and the rest are refused with the plan's problem.
 * The refused ones write no usage row each: the endpoint writes one for the request (see McpEndpoint).
 */
export class CallLedger<Counted = unknown> {
  private reservation: Promise<void> | null = null;
  /** What the count answered for each call counted, in the batch's order; `next` is the first not yet taken. */
  private readonly counted: Counted[] = [];
  private next = 0;
  private refusal: ProblemException | null = null;
  private answerLeft: number = MCP_LIMITS.batchAnswerChars;
  /** Calls refused by the plan, and the tools they named. */
  refused = 0;
  readonly refusedTools = new Set<string>();

  private readonly weights: number[];

  constructor(
    /** The calls: how many (each one request), or each call's weight (a batch tool counts one request per 100 items). */
    calls: number | number[],
    private readonly count: (weight: number) => Counted | Promise<Counted>,
    /** The problem for an error of the count other than the plan's refusal (logged by the caller). */
    private readonly failed: (err: unknown) => ProblemException,
  ) {
    this.weights = typeof calls === 'number' ? Array<number>(calls).fill(1) : calls;
  }

  /**
   * This call's slot: what the count answered for it (so an answer the server then fails to give can be taken back),
   * or the problem that refuses it.
   */
  async take(tool: string): Promise<{ counted: Counted } | { refusal: ProblemException }> {
    this.reservation ??= this.reserve();
    await this.reservation;
    if (this.next < this.counted.length) return { counted: this.counted[this.next++] };
    this.refused++;
    this.refusedTools.add(tool);
    return { refusal: (this.refusal ??= this.failed(new Error('more tool calls than the request was counted for'))) };
  }

  /** The plan's refusal of this request's calls, if any call was refused. */
  get refusedWith(): ProblemException | null {
    return this.refused > 0 ? this.refusal : null;
  }

  private async reserve(): Promise<void> {
    for (const weight of this.weights) {
      try {
        this.counted.push(await this.count(weight));
      } catch (err) {
        this.refusal = err instanceof ProblemException ? err : this.failed(err);
        return;
      }
    }
  }

  /** The answers of this request already reached the batch's ceiling: the remaining calls are not run. */
  get full(): boolean {
    return this.answerLeft <= 0;
  }

  batchFull(): ProblemException {
    return McpProblems.answerTooLarge(
      `The answers of this batch reached ${kib(MCP_LIMITS.batchAnswerChars)} of JSON together, the most one request carries; this call was not answered. Send it in another request.`,
    );
  }

  /** Null when the answer's JSON fits the per-call ceiling and what is left of the batch's, else the problem instead of it. */
  fit(json: string): ProblemException | null {
    if (json.length > MCP_LIMITS.callAnswerChars) {
      return McpProblems.answerTooLarge(
        `This answer would be ${kib(json.length)} of JSON; one tool call answers at most ${kib(MCP_LIMITS.callAnswerChars)}. Narrow the request (for list_transitions, a shorter range of years).`,
      );
    }
    if (json.length > this.answerLeft) {
      this.answerLeft = 0;
      return this.batchFull();
    }
    this.answerLeft -= json.length;
    return null;
  }
}

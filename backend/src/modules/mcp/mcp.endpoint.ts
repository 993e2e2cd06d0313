import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ProblemException, type ProblemDocument } from '../../common/problems/problem.js';
import { APP_VERSION } from '../../common/core/app-version.js';
import { ApiKeyGuard } from '../gateway/api-key.guard.js';
import { meter as meterOfRequest, type Meter } from '../gateway/meter.js';
import { PreparedAnswer } from '../gateway/prepared-answer.js';
import type { LimitDecision } from '../gateway/plan-limits.js';
import { pinnedRelease } from '../gateway/release-pin.js';
import type { ResolvedKey } from '../keys/key-directory.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { ReleaseCache } from '../tzdb/release-cache.js';
import { requestRelease } from '../tzdb/request-release.js';
import { UsageRecorder } from '../usage/usage.recorder.js';
import { ZoneUsage } from '../usage/zone-usage.js';
import { CallLedger, MCP_LIMITS, soleTool, toolCallArgs } from './mcp-ledger.js';
import { directToolCalls, errorMessage, resultMessage, type DirectCall } from './mcp-direct.js';
import { McpToolbox, type McpTool } from './mcp-toolbox.js';

/** Usage rows of the MCP endpoint: `mcp/<tool>` per tool call, `mcp` for a refused request that called no tool. */
export const MCP_ENDPOINT = 'mcp';

const INSTRUCTIONS =
  'Time zone tools backed by the IANA tz database (our own compiled copy, history since 1970). Language models do not know the current time and often get ' +
  'daylight saving time wrong: call these tools instead of guessing. Zones are IANA names such as "Europe/London"; use find_timezone to get one for a place. ' +
  'Every tool call counts as one API request of your plan; check_release_impact and convert_time_matrix count one per 100 items or cells, get_sun_and_moon one per 7 days.';

/**
 * The JSON Schema validator of every per-request Server, built once: the SDK builds an Ajv instance (with its formats)
 * per Server when given none, which cost more than the rest of a tool call. A server only uses it to check an
 * elicitation answer, which this one never asks for; one instance keeps the compiled schemas anyway.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * tools/call with its params unread, so that the SDK's Server checks them (against CallToolRequestSchema) and answers a
 * malformed call (`"arguments": "x"`) with -32602 Invalid params. Registered with CallToolRequestSchema itself, the
 * Protocol parsed the request before that check and answered -32603 Internal error with zod's issue list.
 */
const TOOLS_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/** What POST /mcp answers, from the SDK's transport or directly: status, headers (no Content-Length) and body text. */
interface McpAnswer {
  status: number;
  headers: [string, string][];
  text: string;
}

const hhmm = (iso: string) => iso.slice(11, 16);

/** The words a model can act on, for the problems a tool call can meet; the problem's own detail otherwise. */
function problemText(doc: ProblemDocument, args: Record<string, unknown>): string {
  if (
    doc.code === 'invalid_local_time' &&
    doc.kind === 'gap' &&
    typeof doc.gapStart === 'string' &&
    typeof doc.gapEnd === 'string' &&
    typeof doc.firstValidTime === 'string'
  ) {
    const input = typeof doc.field === 'string' ? args[doc.field] : undefined;
    const zone = args.fromTimeZone ?? args.timeZone;
    if (typeof input === 'string' && typeof zone === 'string') {
      return (
        `${hhmm(input.replace(' ', 'T'))} does not exist in ${zone} on ${doc.gapStart.slice(0, 10)}: the clocks jump from ${hhmm(doc.gapStart)} to ${hhmm(doc.gapEnd)}. ` +
        `The first valid time is ${hhmm(doc.firstValidTime)} (${doc.firstValidTime}). Use that time, or pass dstAmbiguity "compatible" to move the time forward by the length of the gap.`
      );
    }
  }
  if (doc.code === 'validation_failed' && Array.isArray(doc.errors))
    return `Invalid arguments: ${doc.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}.`;
  return doc.detail ?? doc.title;
}

/**
 * The hosted MCP server, stateless: every POST /mcp gets its own low-level SDK Server and Streamable HTTP transport
 * (JSON answers, no session), so any instance can answer any request; a POST of nothing but plain tool calls, the
 * common case, is answered the same way without them (mcp-direct.ts), by the same tool handler. The key is checked per
 * HTTP request with the sold API's own gate (ApiKeyGuard.identify: key, owner, restrictions); each tool call is
 * counted against the plan by the same gate (ApiKeyGuard.count: limit, headers, quota alert) and becomes one usage row
 * `mcp/<tool>`. initialize, tools/list and ping are protocol chatter: they need a valid key but use no quota.
 */
@Injectable()
export class McpEndpoint {
  private readonly logger = new Logger('McpEndpoint');

  constructor(
    private readonly toolbox: McpToolbox,
    private readonly guard: ApiKeyGuard,
    private readonly recorder: UsageRecorder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly releases: ReleaseCache,
    @Optional() private readonly metrics?: MetricsService,
    @Optional() private readonly zones?: ZoneUsage,
  ) {}

  async handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // The request's meter names the key and account in the access log; the rows are this endpoint's own (per tool call).
    const meter: Meter = meterOfRequest(request);
    meter.ownRows = true;
    let owner: ResolvedKey;
    try {
      owner = await this.guard.identify(request, reply, meter);
    } catch (err) {
      // A refused key whose owner is known is shown in the owner's usage, as the REST API does: one row per request.
      if (err instanceof ProblemException && meter.userId && meter.keyId) {
        this.record(meter.userId, meter.keyId, request, soleTool(request.body) ?? null, err.getStatus(), reply.elapsedTime);
      }
      throw err;
    }
    const body = request.body;
    if (Array.isArray(body) && body.length > MCP_LIMITS.batchMessages) {
      // Refused whole, none of its calls run: one request against the plan (as a REST call refused for its input) and
      // one usage row, 400, or the plan's 429 when it has nothing left.
      let status = 400;
      try {
        await this.guard.count(owner, reply);
      } catch (refused) {
        if (!(refused instanceof ProblemException)) throw refused;
        status = refused.getStatus();
      }
      this.record(owner.userId, owner.keyId, request, soleTool(body) ?? null, status, reply.elapsedTime);
      const message = `Invalid Request: a batch may carry at most ${MCP_LIMITS.batchMessages} messages; this one has ${body.length}. Send the rest in further requests.`;
      reply.code(400).send({ jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null });
      return;
    }
    // A POST of plain tool calls is answered here as the SDK would answer it (mcp-direct.ts); anything else goes through the SDK.
    const direct = this.directCalls(request);
    const ledger = new CallLedger(
      direct
        ? direct.map((call) => call.tool.weight(call.args))
        : toolCallArgs(body, (name) => this.toolbox.get(name) !== undefined).map((call) => this.toolbox.get(call.name)!.weight(call.args)),
      (weight) => this.guard.count(owner, reply, weight),
      (err) => internalError(err, this.logger),
    );
    const answer = direct ? await this.answerDirectly(direct, owner, request, ledger) : await this.answerWithSdk(owner, request, ledger);
    const refusal = ledger.refusedWith;
    if (refusal) {
      // However many calls the plan refused, the request is one usage row (under the tool when it named only one).
      if (refusal.getStatus() === 429) this.metrics?.rateLimitRefused(owner.plan);
      this.record(
        owner.userId,
        owner.keyId,
        request,
        ledger.refusedTools.size === 1 ? [...ledger.refusedTools][0] : null,
        refusal.getStatus(),
        reply.elapsedTime,
        rowWritten(request),
      );
    }
    // The answer leaves once its calls' rows are in the write-ahead file (one write() per turn of the event loop for
    // all the rows of that turn, as the REST API's metering does), so a client that saw an answer finds its rows.
    await rowsWritten(request);
    reply.code(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    reply.send(answer.text === '' ? undefined : answer.text);
  }

  /** The request's tool calls when it carries nothing but plain tools/call requests of known tools, else null (the SDK answers). */
  private directCalls(request: FastifyRequest): DirectCall<McpTool>[] | null {
    return directToolCalls(request.body, request.headers, (name) => this.toolbox.get(name));
  }

  /** A key pinned to a release (or a Tzdb-Version header) answers every tool call from it, as the REST API does. */
  private async inPinnedRelease<T>(request: FastifyRequest, owner: ResolvedKey, answer: () => Promise<T>): Promise<T> {
    const pinned = await pinnedRelease(this.releases, request, owner);
    return pinned ? requestRelease.run(pinned, answer) : answer();
  }

  /**
   * The calls run as the SDK runs a batch's: all started in the batch's order (so they take the ledger's slots in that
   * order), each answered when done, the answer sent when all are.
   */
  private async answerDirectly(
    calls: DirectCall<McpTool>[],
    owner: ResolvedKey,
    request: FastifyRequest,
    ledger: CallLedger<LimitDecision>,
  ): Promise<McpAnswer> {
    const messages = await this.inPinnedRelease(request, owner, () =>
      Promise.all(
        calls.map((call) =>
          this.callTool(call.tool, call.args, owner, request, ledger).then(
            (result) => resultMessage(call.id, result),
            (err: unknown) => errorMessage(call.id, err),
          ),
        ),
      ),
    );
    return { status: 200, headers: [['content-type', 'application/json']], text: JSON.stringify(messages.length === 1 ? messages[0] : messages) };
  }

  /** Stateless: a Server and Streamable HTTP transport of its own for this request. */
  private async answerWithSdk(owner: ResolvedKey, request: FastifyRequest, ledger: CallLedger<LimitDecision>): Promise<McpAnswer> {
    const server = this.server(owner, request, ledger);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await this.inPinnedRelease(request, owner, () => transport.handleRequest(webRequest(request), { parsedBody: request.body }));
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.push([name, value]);
      });
      return { status: response.status, headers, text: await response.text() };
    } finally {
      void server.close();
    }
  }

  private server(owner: ResolvedKey, request: FastifyRequest, ledger: CallLedger<LimitDecision>): Server {
    const server = new Server(
      { name: 'tzapi', title: 'TimeZone API', version: APP_VERSION },
      { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: SCHEMA_VALIDATOR },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: this.toolbox.list().map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      })),
    }));
    server.setRequestHandler(TOOLS_CALL, async (message) => {
      const call = message as z.infer<typeof CallToolRequestSchema>;
      const tool = this.toolbox.get(call.params.name);
      if (!tool) {
        const names = this.toolbox.list().map((t) => t.name);
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${call.params.name}". Tools: ${names.join(', ')}.`);
      }
      return this.callTool(tool, call.params.arguments ?? {}, owner, request, ledger);
    });
    return server;
  }

  /**
   * One tool call = one REST call: counted against the plan with the request's other calls before any runs (CallLedger),
   * then validated and answered in a turn of the event loop of its own, within the answer ceilings, then metered. A
   * call the plan refused writes no row of its own: the request writes one (handle).
   */
  private async callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    owner: ResolvedKey,
    request: FastifyRequest,
    ledger: CallLedger<LimitDecision>,
  ): Promise<CallToolResult> {
    const slot = await ledger.take(tool.name);
    if ('refusal' in slot) return this.toolError(tool, args, slot.refusal);
    // A batch's calls never hold the event loop together: health checks and other clients are answered in between.
    await yieldToEventLoop();
    const started = performance.now();
    let status = 200;
    try {
      if (ledger.full) throw ledger.batchFull();
      // A tool whose REST route reads the database (the impact check's stored releases) answers a promise.
      const given = await tool.answer(args);
      // A kept answer (search, lookup, coordinate, transitions) brings its JSON text along; any other gets it made here.
      const prepared = given instanceof PreparedAnswer ? given : new PreparedAnswer(given as object);
      const answer = prepared.value as Record<string, unknown>;
      const json = prepared.json;
      const tooLarge = ledger.fit(json);
      if (tooLarge) throw tooLarge;
      // The zones the call named count for change notices, as a REST answer's do.
      this.zones?.note(owner.userId, Date.now(), answer);
      return {
        content: [
          { type: 'text', text: tool.summary(answer, args) },
          { type: 'text', text: json },
        ],
        structuredContent: answer,
      };
    } catch (err) {
      const problem = err instanceof ProblemException ? err : internalError(err, this.logger);
      status = problem.getStatus();
      return this.toolError(tool, args, problem);
    } finally {
      // An answer the server failed to give is not charged: its slot of the hourly quota is given back, as a REST 5xx's is.
      if (status >= 500) this.guard.refund(slot.counted);
      this.record(owner.userId, owner.keyId, request, tool.name, status, performance.now() - started, rowWritten(request));
    }
  }

  /** A tool error, not a protocol error: the model sees the code and what to do, and can correct its arguments. */
  private toolError(tool: McpTool, args: Record<string, unknown>, problem: ProblemException): CallToolResult {
    const doc = problem.toDocument(`/mcp#${tool.name}`, this.config.appUrl);
    return {
      isError: true,
      content: [
        { type: 'text', text: `${doc.code}: ${problemText(doc, args)}` },
        { type: 'text', text: JSON.stringify(doc) },
      ],
    };
  }

  /** One usage row; with `onWritten`, written with the other rows of this turn and `onWritten` called after, else now. */
  private record(userId: string, keyId: string, request: FastifyRequest, tool: string | null, statusCode: number, ms: number, onWritten?: () => void): void {
    this.recorder.record(
      {
        timestamp: Date.now(),
        userId,
        keyId,
        endpoint: tool ? `${MCP_ENDPOINT}/${tool}`.slice(0, 200) : MCP_ENDPOINT,
        method: request.method,
        statusCode,
        responseMs: Math.round(ms * 100) / 100,
        ipAddress: request.ip ?? null,
        requestId: request.id,
      },
      onWritten,
    );
  }
}

const ROWS_WRITTEN = Symbol('tzapi.mcp-rows-written');

/** A callback for one of the request's rows, called once that row is in the write-ahead file. */
function rowWritten(request: FastifyRequest): () => void {
  const holder = request as FastifyRequest & { [ROWS_WRITTEN]?: Promise<void>[] };
  let release!: () => void;
  (holder[ROWS_WRITTEN] ??= []).push(new Promise<void>((resolve) => (release = resolve)));
  return release;
}

/** Settles when every row the request recorded with rowWritten is in the write-ahead file. */
function rowsWritten(request: FastifyRequest): Promise<unknown> {
  const pending = (request as FastifyRequest & { [ROWS_WRITTEN]?: Promise<void>[] })[ROWS_WRITTEN];
  return pending ? Promise.all(pending) : Promise.resolve();
}

function internalError(err: unknown, logger: Logger): ProblemException {
  logger.error(`MCP tool call failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return new ProblemException({
    status: 500,
    code: 'internal_error',
    title: 'Internal Server Error',
    detail: 'The tool failed unexpectedly. Try again later.',
  });
}

/** Not passed on to the SDK: hop-by-hop and body framing (the body is passed parsed) and the key (checked already). */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'host', 'x-api-key', 'authorization', 'cookie']);

/** The Fastify request as the Web Request the SDK's transport reads (its headers; the body is passed parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Every answer here is JSON (enableJsonResponse), never an event stream: a client that accepts JSON only (curl,
  // Swagger UI, Postman) is served too, instead of the transport's 406 meant for clients that expect a stream.
  headers.set('accept', 'application/json, text/event-stream');
  return new Request('http://localhost/mcp', { method: request.method, headers });
}

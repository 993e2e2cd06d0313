import { Injectable, RequestMethod } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '../../common/http/route-config.js';
import { checkObject } from '../gateway/checked-input.js';
import { toolLocale } from '../timezone/cldr/answer-locale.js';
import { inputSchemaOf, outputSchemaOf, type JsonSchema } from './mcp-schemas.js';
import { MCP_TOOLS } from './mcp-tools.js';
import type { McpToolSpec, RestRoute } from './mcp-tool-spec.js';

/** A REST route made callable: the controller instance and method the REST lane calls, with the route's DTO. */
interface BoundRoute {
  method: 'GET' | 'POST';
  path: string;
  dto: new () => object;
  /** The controller method with the validated input and, for a route naming zones, the locale of `lang` (English when absent). */
  call: (input: object, locale: string) => unknown;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  /** The REST operations behind the tool, e.g. ["GET /api/time/current"] (docs and tests). */
  rest: string[];
  /** The REST answer for these arguments; throws the same ProblemException the REST route would. */
  answer(args: Record<string, unknown>): unknown;
  summary(answer: unknown, args: Record<string, unknown>): string;
  /** How many requests a call with these arguments counts (1 but for the batch tools). */
  weight(args: Record<string, unknown>): number;
}

/** Path and method of a controller method, as Nest registers it under the global /api prefix. */
function restPath(r: RestRoute): { method: 'GET' | 'POST'; path: string } {
  const handler = (r.controller.prototype as Record<string, unknown>)[r.handler] as object;
  const base = String(Reflect.getMetadata(PATH_METADATA, r.controller) ?? '');
  const own = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
  const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
  if (verb !== RequestMethod.GET && verb !== RequestMethod.POST) throw new Error(`${r.controller.name}.${r.handler} is neither GET nor POST`);
  return {
    method: verb === RequestMethod.GET ? 'GET' : 'POST',
    path: `/api/${[base, own]
      .map((p) => p.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/')}`,
  };
}

/** The DTO class the route validates its query or body with (the data of its CheckedQuery/CheckedBody argument). */
function routeDto(r: RestRoute): new () => object {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, r.controller, r.handler) ?? {}) as Record<string, { data?: unknown }>;
  const dto = Object.values(args).find((a) => typeof a.data === 'function')?.data as (new () => object) | undefined;
  if (!dto) throw new Error(`${r.controller.name}.${r.handler} takes no DTO`);
  return dto;
}

/** Whether an operation takes `lang` (its answer names zones in a language: the route's AnswerLocale argument). */
function takesLang(document: OpenAPIObject, method: 'GET' | 'POST', path: string): boolean {
  const operation = document.paths[path]?.[method === 'GET' ? 'get' : 'post'];
  return (operation?.parameters ?? []).some((p) => 'name' in p && p.name === 'lang');
}

/** Query DTOs hold strings (a query string has nothing else): a number or boolean argument is sent as its text, as a REST client would. */
function asQuery(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]));
}

/**
 * The MCP tools, built from the REST API itself. One source of truth: each tool names a REST controller method
 * (mcp-tools.ts); its input schema is that route's query parameters or body model and its output schema the route's
 * response model, both taken from the OpenAPI document @nestjs/swagger generates from the DTO and response classes
 * (converted to plain JSON Schema); arguments are validated with the route's class-validator DTO and answered by the
 * same controller method, so a tool answers exactly what REST answers and refuses bad input with the same problem.
 */
@Injectable()
export class McpToolbox {
  private tools: Map<string, McpTool> | null = null;

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Called by createApp with the document it serves at /api/docs. */
  describe(document: OpenAPIObject): void {
    this.tools = new Map(MCP_TOOLS.map((spec) => [spec.name, this.build(spec, document)]));
  }

  list(): McpTool[] {
    if (!this.tools) throw new Error('McpToolbox.describe() was not called');
    return [...this.tools.values()];
  }

  get(name: string): McpTool | undefined {
    if (!this.tools) throw new Error('McpToolbox.describe() was not called');
    return this.tools.get(name);
  }

  private build(spec: McpToolSpec, document: OpenAPIObject): McpTool {
    const routes: BoundRoute[] = spec.routes.map((r) => {
      const { method, path } = restPath(r);
      const instance = this.moduleRef.get(r.controller, { strict: false }) as Record<string, (input: object) => unknown>;
      const handler = instance[r.handler] as (input: object, locale?: string) => unknown;
      // A route naming zones takes the answer's locale after its input (its AnswerLocale argument); the others take the input alone.
      const named = takesLang(document, method, path);
      return { method, path, dto: routeDto(r), call: (input, locale) => (named ? handler.call(instance, input, locale) : handler.call(instance, input)) };
    });
    const inputs = routes.map((r) => inputSchemaOf(document, r.method, r.path));
    const outputs = routes.map((r) => outputSchemaOf(document, r.method, r.path));
    // One route: its schemas. Several (find_timezone): every route's fields, none required (the description says which
    // combination to send; top-level oneOf is refused by some model APIs), and an answer of either model.
    const inputSchema =
      inputs.length === 1
        ? (inputs[0] as McpTool['inputSchema'])
        : { type: 'object' as const, properties: Object.assign({}, ...inputs.map((s) => s.properties as object)) as JsonSchema };
    const outputSchema = outputs.length === 1 ? (outputs[0] as McpTool['outputSchema']) : { type: 'object' as const, anyOf: outputs };
    return {
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema,
      outputSchema,
      rest: routes.map((r) => `${r.method} ${r.path}`),
      answer: (args) => {
        const r = routes[spec.route?.(args) ?? 0];
        const input = checkObject(r.dto, r.method === 'GET' ? asQuery(args) : args, 'arguments');
        return r.call(input, toolLocale(args.lang));
      },
      summary: (answer, args) => spec.summary(answer as never, args),
      weight: (args) => {
        const n = spec.weight?.(args) ?? 1;
        return Number.isSafeInteger(n) && n > 1 ? n : 1;
      },
    };
  }
}

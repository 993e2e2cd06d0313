import type { Type } from '@nestjs/common';

/** A REST route of the sold API, by its controller method: its DTO, path and answer model are read from there. */
export interface RestRoute {
  controller: Type<object>;
  handler: string;
}

/**
 * One MCP tool: a REST route (or two, for find_timezone) plus words for a model. Its input and output JSON Schemas,
 * its validation and its answer all come from the route (see McpToolbox); nothing here restates a field.
 */
export interface McpToolSpec {
  name: string;
  title: string;
  description: string;
  routes: RestRoute[];
  /** Which of `routes` answers these arguments (default the first); throws validation_failed when they fit none. */
  route?: (args: Record<string, unknown>) => number;
  /** One line a model can act on, from the REST answer. */
  summary: (answer: never, args: Record<string, unknown>) => string;
  /** How many requests a call counts against the plan (the batch tools: one per 100 items or cells); default 1. */
  weight?: (args: Record<string, unknown>) => number;
}

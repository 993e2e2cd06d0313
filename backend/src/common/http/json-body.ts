import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemException } from '../problems/problem.js';
import { MergeRouteConfig } from './route-config.js';

/** Deepest nesting of objects and arrays a JSON body may have: the product's DTOs need 4 or 5, Stripe events about 8. */
export const MAX_JSON_DEPTH = 32;
/** Most object members a JSON body may have (100 KB of `"a":1,` is about 17,000). */
export const MAX_JSON_KEYS = 5000;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

export const JsonBodyProblems = {
  tooDeep: () =>
    new ProblemException({
      status: 400,
      code: 'body_too_deep',
      title: 'Body nested too deeply',
      detail: `JSON bodies may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep.`,
    }),
  tooManyKeys: (max = MAX_JSON_KEYS) =>
    new ProblemException({
      status: 400,
      code: 'body_too_complex',
      title: 'Body has too many members',
      detail: `JSON bodies may have at most ${max} object members.`,
    }),
};

/**
 * One linear pass over the raw bytes, before JSON.parse: nesting depth and member count outside strings. Deep bodies
 * would otherwise make every recursive step after parsing (class-transformer, validation) blow the stack.
 */
export function checkJsonShape(body: Buffer, maxKeys = MAX_JSON_KEYS): ProblemException | null {
  let depth = 0;
  let keys = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === QUOTE) {
      // Jump to the closing quote (one not escaped by an odd run of backslashes): strings are most of a body's bytes.
      let end = body.indexOf(QUOTE, i + 1);
      while (end !== -1) {
        let slashes = 0;
        while (body[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end = body.indexOf(QUOTE, end + 1);
      }
      if (end === -1) return null; // unterminated: JSON.parse says so
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) return JsonBodyProblems.tooDeep();
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COLON && ++keys > maxKeys) return JsonBodyProblems.tooManyKeys(maxKeys);
  }
  return null;
}

/** Route config key read by the JSON parser: this route's own most object members (batch routes: a few per item). */
const JSON_MEMBERS_KEY = 'tzapiJsonMembers';

/** More (or fewer) object members than MAX_JSON_KEYS for one route's JSON body. */
export function JsonMembers(max: number): MethodDecorator {
  return MergeRouteConfig({ [JSON_MEMBERS_KEY]: max });
}

type Done = (err: Error | null, body?: unknown) => void;

/** The application/json body parser: shape check, then Fastify's own parser (prototype poisoning refused). */
export function guardedJsonParser(fastify: FastifyInstance): (request: FastifyRequest, body: Buffer, done: Done) => void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    const maxKeys = (request.routeOptions?.config as unknown as Record<string, unknown> | undefined)?.[JSON_MEMBERS_KEY];
    const problem = checkJsonShape(body, typeof maxKeys === 'number' ? maxKeys : MAX_JSON_KEYS);
    if (problem) return done(problem);
    parse(request, body as unknown as string, done as NonNullable<Parameters<typeof parse>[2]>);
  };
}

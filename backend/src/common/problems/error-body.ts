import type { FastifyRequest } from 'fastify';
import { MergeRouteConfig } from '../http/route-config.js';
import type { ProblemDocument } from './problem.js';

/** How a route writes an error instead of a problem document: status, media type and body text. */
export interface ErrorBody {
  status: number;
  contentType: string;
  body: string;
}

/** Turns the problem the app would answer into a route's own error shape (a compatibility namespace's). */
export type ErrorBodyWriter = (problem: ProblemDocument) => ErrorBody;

/** Route config key read by the problem filter. */
const ERROR_BODY_KEY = 'tzapiErrorBody';

/**
 * The route answers its errors in another API's documented shape (WorldTimeAPI's `{"error": ...}`), not RFC 9457; the
 * problem filter still decides status and headers first, and the writer only rewrites what is sent.
 */
export function AnswersErrorsAs(writer: ErrorBodyWriter): MethodDecorator {
  return MergeRouteConfig({ [ERROR_BODY_KEY]: writer });
}

/** The error writer of the route a request reached, if it declared one. */
export function errorBodyWriterOf(request: FastifyRequest): ErrorBodyWriter | undefined {
  return (request.routeOptions?.config as unknown as Record<string, unknown> | undefined)?.[ERROR_BODY_KEY] as ErrorBodyWriter | undefined;
}

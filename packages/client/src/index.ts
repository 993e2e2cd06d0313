import createFetchClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** A model of the public API by its name in the OpenAPI document: `Schema<'CurrentTimeView'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** An RFC 9457 problem document, as every error of the API answers it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  /** The stable, documented reason: `invalid_timezone`, `rate_limited`, `invalid_api_key`, ... */
  code?: string;
  instance?: string;
  [member: string]: unknown;
}

/** A refused call: the HTTP status and the problem document's `code`, `title` and `detail`. */
export class TzApiError extends Error {
  override readonly name = 'TzApiError';
  readonly status: number;
  /** The problem's stable code (`unknown_error` when the answer carried none, for example a proxy's HTML page). */
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  /** The whole problem document (or the answer's text when it was not JSON). */
  readonly problem: Problem;
  /** The server's request id (X-Request-Id), to quote to support. */
  readonly requestId: string | null;
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const problem: Problem = body && typeof body === 'object' ? (body as Problem) : { detail: typeof body === 'string' && body ? body : undefined };
    const title = problem.title ?? (response.statusText || `HTTP ${response.status}`);
    super(`${response.status} ${problem.code ?? title}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.status = response.status;
    this.code = typeof problem.code === 'string' ? problem.code : 'unknown_error';
    this.title = title;
    this.detail = problem.detail;
    this.problem = problem;
    this.requestId = response.headers.get('x-request-id');
    this.response = response;
  }
}

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** The longest Retry-After the client waits; a longer one is answered at once as the 429 error (default 60 000 ms). */
  maxDelayMs?: number;
  /** Waits between attempts (default setTimeout); tests and schedulers can pass their own. */
  sleep?: (ms: number) => Promise<void>;
}

export interface TzApiClientOptions {
  /** Your API key; sent in the X-API-Key header. */
  apiKey: string;
  /** The API's origin (default https://tzapi.dev). */
  baseUrl?: string;
  /** On 429, wait for Retry-After and try again (bounded); `false` answers the 429 at once. On by default. */
  retry?: RetryOptions | false;
  /** A fetch of your own (default globalThis.fetch). */
  fetch?: (input: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export const DEFAULT_BASE_URL = 'https://tzapi.dev';

type Paths = paths;
/** JSON answers: a format other than JSON (`format=xml`, `csv`) is a call for `raw` with `parseAs: 'text'`. */
type FetchClient = Client<Paths, 'application/json'>;
type GetPath = ClientPathsWithMethod<FetchClient, 'get'>;
type PostPath = ClientPathsWithMethod<FetchClient, 'post'>;
type InitArgs<Init> = undefined extends Init ? [init?: Init] : [init: Init];

/** The typed API: `get` and `post` answer the 200 model or throw a TzApiError; `raw` is the openapi-fetch client. */
export interface TzApiClient {
  get<Path extends GetPath, Init extends MaybeOptionalInit<Paths[Path], 'get'>>(
    path: Path,
    ...init: InitArgs<Init>
  ): Promise<MethodResponse<FetchClient, 'get', Path, Init>>;
  post<Path extends PostPath, Init extends MaybeOptionalInit<Paths[Path], 'post'>>(
    path: Path,
    ...init: InitArgs<Init>
  ): Promise<MethodResponse<FetchClient, 'post', Path, Init>>;
  /** openapi-fetch's client with the same key, retry and base URL: `{ data, error, response }` instead of throwing. */
  raw: FetchClient;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A fetch that answers a 429 by waiting Retry-After and trying again, at most `retries` times. */
function retryingFetch(send: (input: Request) => Promise<Response>, options: RetryOptions | false | undefined): (input: Request) => Promise<Response> {
  if (options === false) return send;
  const retries = options?.retries ?? 2;
  const maxDelayMs = options?.maxDelayMs ?? 60_000;
  const sleep = options?.sleep ?? defaultSleep;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: each attempt sends a copy.
      const response = await send(attempt < retries ? request.clone() : request);
      if (response.status !== 429 || attempt >= retries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait === null || wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

export function createTzApiClient(options: TzApiClientOptions): TzApiClient {
  if (!options.apiKey) throw new TypeError('createTzApiClient: apiKey is required (your key from the dashboard, API Keys).');
  const send = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const raw = createFetchClient<Paths, 'application/json'>({
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
    headers: { ...options.headers, 'X-API-Key': options.apiKey, Accept: 'application/json' },
    fetch: retryingFetch(send, options.retry),
  });
  const answer = <T>(result: { data?: unknown; error?: unknown; response: Response }): T => {
    if (!result.response.ok) throw new TzApiError(result.response, result.error);
    return result.data as T;
  };
  // The public signatures carry the types; openapi-fetch's own overloads are too generic to forward directly.
  type Call = (path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const get = raw.GET as unknown as Call;
  const post = raw.POST as unknown as Call;
  return {
    get: ((path: string, init?: object) => get(path, init).then(answer)) as TzApiClient['get'],
    post: ((path: string, init?: object) => post(path, init).then(answer)) as TzApiClient['post'],
    raw,
  };
}

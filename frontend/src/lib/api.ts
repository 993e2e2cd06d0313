import createClient, {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type Client,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type MethodResponse,
  type Middleware,
} from 'openapi-fetch';
import type { Models } from './api-models';
import type { paths } from './api-schema';
/** RFC 9457 problem document as the backend answers it (any member may be missing from a body that is not one). */
export type ProblemDocument = Partial<Models['ProblemDocumentSchema']> & { [other: string]: unknown };
export type ProblemCode = Models['ProblemCode'];

/** A non-success HTTP answer. The message is "status: body" (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: ProblemDocument;

  constructor(status: number, body: string, statusText: string, problem: ProblemDocument) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }

  /** The most useful human text: the server's words (problemMessage), else the problem's title, else the raw message. */
  get detail(): string {
    return problemWords(this.problem) || this.problem.title || this.message;
  }

  /** One of the backend's problem codes (the generated union: a comparison with a code the API never answers does not compile). */
  get code(): ProblemCode | undefined {
    return this.problem.code;
  }
}

/** The ApiError of a non-2xx answer: the problem document it carries, else the text as its detail. */
function problemError(status: number, statusText: string, text: string): ApiError {
  let problem: ProblemDocument;
  try {
    problem = text ? (JSON.parse(text) as ProblemDocument) : {};
  } catch {
    problem = { detail: text };
  }
  if (problem.status === undefined) problem.status = status;
  if (!problem.title) problem.title = statusText;
  return new ApiError(status, text, statusText, problem);
}

type Paths = paths;
/** The openapi-fetch client over the generated schema (JSON answers): routes, methods, params and bodies typed by path. */
export type ApiClient = Client<Paths, 'application/json'>;
type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** The paths of the schema that answer a method: `ApiPath<'post'>`. */
export type ApiPath<M extends Method> = ClientPathsWithMethod<ApiClient, M>;
type InitOf<M extends Method, P extends ApiPath<M>> = MaybeOptionalInit<Paths[P], M>;
/** The second argument is required exactly when the route has a required parameter or body. */
type InitArgs<Init> = undefined extends Init ? [init?: Init] : [init: Init];
/** What a route answers on success (its 2xx JSON model). */
export type ApiAnswerOf<M extends Method, P extends ApiPath<M>, Init = object> = MethodResponse<ApiClient, M, P, Init>;
/** The JSON body a route takes. */
export type ApiBodyOf<M extends Method, P extends ApiPath<M>> = NonNullable<InitOf<M, P>> extends { body?: infer Body } ? Body : never;

/** One typed call: the success answer, or an ApiError thrown by the problem middleware. */
type TypedCall<M extends Method> = <P extends ApiPath<M>, Init extends InitOf<M, P>>(path: P, ...init: InitArgs<Init>) => Promise<ApiAnswerOf<M, P, Init>>;

/**
 * Our own API as the browser calls it: `api.post('/api/webhooks', { body })`, `api.get('/api/webhooks/{id}', { params:
 * { path: { id } } })`. A path, method, parameter or body the OpenAPI document does not have does not compile. The
 * answer is the success body; a non-2xx answer throws ApiError (problemErrors below), so callers never see `error`.
 * `signal` and `cache` are passed to fetch as they are.
 */
export interface Api {
  get: TypedCall<'get'>;
  post: TypedCall<'post'>;
  put: TypedCall<'put'>;
  patch: TypedCall<'patch'>;
  delete: TypedCall<'delete'>;
}

/** Any non-2xx answer becomes an ApiError carrying the RFC 9457 problem document (its `code` drives the session handling). */
const problemErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw problemError(response.status, response.statusText, await response.text());
    return undefined;
  },
};

/**
 * The one client core every call to our own API goes through: same-origin with the session cookie, JSON in and out.
 * CSRF needs nothing from us beyond that: the server refuses an unsafe request whose browser-set Origin is foreign and
 * any body that is not application/json (openapi-fetch sends JSON bodies with that type, and no body without one).
 * The base URL is the page's origin (what a relative fetch would use); fetch is looked up per call so a test's stub applies.
 */
export const apiClient: ApiClient = createClient<Paths, 'application/json'>({
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  fetch: (request) => globalThis.fetch(request),
});
apiClient.use(problemErrors);

// openapi-fetch's overloads are too generic to forward; the public Api type carries the types.
type RawCall = (path: string, init?: object) => Promise<{ data?: unknown; response: Response }>;
const typed = <M extends Method>(call: unknown): TypedCall<M> =>
  (async (path: string, init?: object) => (await (call as RawCall)(path, init)).data) as TypedCall<M>;

export const api: Api = {
  get: typed(apiClient.GET),
  post: typed(apiClient.POST),
  put: typed(apiClient.PUT),
  patch: typed(apiClient.PATCH),
  delete: typed(apiClient.DELETE),
};

type HrefInit<P extends ApiPath<'get'>> = Pick<NonNullable<InitOf<'get', P>>, 'params'>;

/**
 * The same-origin URL of a route, typed by path like `api`: for answers the browser fetches itself (a link or a
 * download: the usage CSV, the releases feed), where no JSON comes back to the app.
 */
export function apiHref<P extends ApiPath<'get'>>(path: P, ...init: InitArgs<HrefInit<P> | (undefined extends InitOf<'get', P> ? undefined : never)>): string {
  const params = (init[0]?.params ?? {}) as { query?: Record<string, unknown>; path?: Record<string, unknown> };
  return createFinalURL(path, { baseUrl: '', params, querySerializer: createQuerySerializer(), pathSerializer: defaultPathSerializer });
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A body already encoded as JSON (react-admin's data provider encodes its own). */
  encodedBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One answer of our own API, as read: status, headers and the body text. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * A call by a path the schema cannot name, through the same client core (cookie, JSON, ApiError): react-admin's data
 * provider, whose paths are built from resource names and whose list total is the Content-Range header.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<ApiAnswer> {
  const { method = 'GET', encodedBody, headers, signal } = options;
  const request = apiClient.request as unknown as (method: string, path: string, init: object) => Promise<{ data?: string; response: Response }>;
  const { data, response } = await request(method.toLowerCase(), path, {
    parseAs: 'text',
    headers,
    signal,
    ...(encodedBody !== undefined && { body: encodedBody, bodySerializer: (body: string) => body }),
  });
  return { status: response.status, headers: response.headers, text: data ?? '' };
}

/**
 * GET a JSON route the OpenAPI document leaves out, through the same client core. Only GET /api/config uses it: the
 * site's configuration is excluded from the document (site.controller.ts, @ApiExcludeController), so it has no path
 * to type by; its answer is typed by the server's own SiteConfig (@tzapi/shared/site) instead.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { text } = await apiRequest(path, options);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A JSON POST to our own API that reports the upload's progress (0 to 1) as it goes: XMLHttpRequest, the one
 * browser API that does (fetch, and so openapi-fetch, does not). Typed by path like `api`; same cookie and the same
 * ApiError (problemError); a network failure is an ApiError with status 0.
 */
export function apiUpload<P extends ApiPath<'post'>>(
  path: P,
  body: ApiBodyOf<'post', P>,
  onProgress?: (fraction: number) => void,
): Promise<ApiAnswerOf<'post', P>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    const offline = 'The upload failed: check your connection and try again.';
    xhr.onerror = () => reject(new ApiError(0, '', offline, { detail: offline }));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(problemError(xhr.status, xhr.statusText, xhr.responseText));
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : {}) as ApiAnswerOf<'post', P>);
      } catch {
        resolve({} as ApiAnswerOf<'post', P>);
      }
    };
    xhr.send(JSON.stringify(body));
  });
}

/**
 * A call to the sold API with a customer's key, the way their own client makes it: no session cookie (the key alone
 * authenticates, limits and meters it) and the raw Response, because the playground shows status, headers and body
 * exactly as sent (a 4xx is an answer to show, not an error). The dashboard playground and its MCP panel use it.
 */
export const keyedFetch: typeof fetch = (input, init) => fetch(input, { ...init, credentials: 'omit' });

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function problemWords(problem: ProblemDocument): string | undefined {
  for (const text of [problem.detail, problem.message, problem.error]) if (typeof text === 'string' && text) return text;
  return undefined;
}

/**
 * The one reader of a problem's message: the server's own words about a failed call (the problem's detail, else a
 * `message` or `error` member), from an ApiError or from the console's HttpError (its body is the problem); undefined
 * when the server gave none (a bare status, a network failure).
 */
export function problemMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return problemWords(error.problem);
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  return typeof body === 'object' && body !== null ? problemWords(body as ProblemDocument) : undefined;
}

/** What to tell the user about a failure: the server's words, else a browser-side error's own message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const fromServer = problemMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError) return fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Why a session stopped, when the server said: 'expired' (401 session_expired) or 'blocked' (403 account_blocked);
 * null for any other error (a plain 401 has no reason to give).
 */
export function signedOutReason(error: unknown): 'expired' | 'blocked' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401 && error.code === 'session_expired') return 'expired';
  if (error.status === 403 && error.code === 'account_blocked') return 'blocked';
  return null;
}

/** True when an error means "not signed in" (spec 8: message starting '401: '). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 401 : String((error as Error)?.message ?? '').startsWith('401: ');
}

/**
 * Why a read failed, in words a user can act on: the server's own words when it sent some, else what the status
 * means; a request that never got an answer (the browser's "Failed to fetch") is a connection problem.
 */
export function loadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const words = problemWords(error.problem);
    if (words) return words;
    if (error.status === 0) return 'We could not reach the server. Check your connection and try again.';
    if (error.status >= 500) return `The server could not answer just now (error ${error.status}). Please try again in a moment.`;
    return `The server refused the request (error ${error.status}).`;
  }
  return 'We could not reach the server. Check your connection and try again.';
}

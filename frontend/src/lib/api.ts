import type { Models } from './api-models';
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

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** A body already encoded as JSON (react-admin's data provider encodes its own). */
  encodedBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode (e.g. 'no-cache' to revalidate a public answer the server lets caches keep). */
  cache?: RequestCache;
}

/** One answer of our own API, as read: status, headers and the body text. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
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

/**
 * The one request path to our own API: the session cookie, JSON in and out, ApiError on non-2xx. Most callers want
 * apiFetch (the parsed body); this answers the headers too (react-admin reads the list total from Content-Range).
 */
export async function apiRequest(path: string, options: ApiFetchOptions = {}): Promise<ApiAnswer> {
  const { method = 'GET', body, encodedBody, headers = {}, signal, cache } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal,
    ...(cache && { cache }),
  };
  const sent = encodedBody ?? (body !== undefined ? JSON.stringify(body) : undefined);
  if (sent !== undefined) {
    init.body = sent;
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) throw problemError(response.status, response.statusText, text);
  return { status: response.status, headers: response.headers, text };
}

/** Fetch a JSON endpoint of our own API with the session cookie; throws ApiError on non-2xx. */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { headers, text } = await apiRequest(path, options);
  if (!text) return undefined as T;
  const type = headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * A JSON POST to our own API that reports the upload's progress (0 to 1) as it goes: XMLHttpRequest, the one
 * browser API that does (fetch does not). Same cookie, same ApiError as apiFetch; a network failure is an ApiError
 * with status 0.
 */
export function apiUpload<T = unknown>(path: string, body: unknown, onProgress?: (fraction: number) => void): Promise<T> {
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
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : {}) as T);
      } catch {
        resolve({} as T);
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

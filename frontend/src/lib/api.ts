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

  /** The most useful human text: the problem's detail, else its title, else the raw message. */
  get detail(): string {
    return (
      this.problem.detail ||
      (typeof this.problem.error === 'string' ? this.problem.error : undefined) ||
      (typeof this.problem.message === 'string' ? this.problem.message : undefined) ||
      this.problem.title ||
      this.message
    );
  }

  /** One of the backend's problem codes (the generated union: a comparison with a code the API never answers does not compile). */
  get code(): ProblemCode | undefined {
    return this.problem.code;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Fetch a JSON endpoint of our own API with the session cookie; throws ApiError on non-2xx. */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal,
  };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const text = await response.text();
  if (!response.ok) {
    let problem: ProblemDocument;
    try {
      problem = text ? (JSON.parse(text) as ProblemDocument) : {};
    } catch {
      problem = { detail: text };
    }
    if (problem.status === undefined) problem.status = response.status;
    if (!problem.title) problem.title = response.statusText;
    throw new ApiError(response.status, text, response.statusText, problem);
  }
  if (!text) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when an error means "not signed in" (spec 8: message starting '401: '). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 401 : String((error as Error)?.message ?? '').startsWith('401: ');
}

import { HttpException } from '@nestjs/common';
import type { ProblemCode, StatusOf } from './problem-code.js';
import { PROBLEM_TITLES } from './problem-catalog.js';

export interface FieldError {
  field: string;
  message: string;
}

/** A problem to answer: its status must be one src/problem-codes.ts allows for its code (checked at compile time). */
export interface ProblemInit<C extends ProblemCode = ProblemCode> {
  status: StatusOf<C>;
  code: C;
  /** Ignored when the catalog (problem-catalog.ts) has the code: the document carries the catalog's title. */
  title?: string;
  detail?: string;
  field?: string;
  errors?: FieldError[];
  /** Extra members of the problem document (RFC 9457 extensions), e.g. needsVerification. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ProblemCode;
  field?: string;
  errors?: FieldError[];
  instance?: string;
  [extension: string]: unknown;
}

/** The site named in problem types when no APP_URL is at hand (the committed OpenAPI examples). */
export const DEFAULT_SITE_URL = 'https://tzapi.dev';

/** A problem's `type`: the section of the site's errors page (/docs/errors) that explains its code. */
export function problemType(code: string, siteUrl: string = DEFAULT_SITE_URL): string {
  return `${siteUrl}/docs/errors#${code}`;
}

/** Thrown anywhere a client gets a 4xx/5xx; the global filter renders it as application/problem+json. */
export class ProblemException<C extends ProblemCode = ProblemCode> extends HttpException {
  constructor(readonly problem: ProblemInit<C>) {
    super(problem.detail ?? problem.title ?? PROBLEM_TITLES.get(problem.code) ?? problem.code, problem.status);
  }

  toDocument(instance?: string, siteUrl?: string): ProblemDocument {
    const { status, code, title, detail, field, errors, extra } = this.problem;
    return {
      type: problemType(code, siteUrl),
      // One title per code, the catalog's (also the /docs/errors page and openapi/problem-types.json).
      title: PROBLEM_TITLES.get(code) ?? title ?? code,
      status,
      ...(detail !== undefined && { detail }),
      code,
      ...(field !== undefined && { field }),
      ...(errors !== undefined && { errors }),
      ...(instance !== undefined && { instance }),
      ...extra,
    };
  }
}

export const Problems = {
  validation: (errors: FieldError[]) =>
    new ProblemException({
      status: 400,
      code: 'validation_failed',
      detail: errors.map((e) => e.message).join('; '),
      errors,
    }),
  unauthenticated: () => new ProblemException({ status: 401, code: 'unauthenticated', detail: 'You are logged out. Logging in again...' }),
  forbidden: (detail = 'You do not have access to this resource.') => new ProblemException({ status: 403, code: 'forbidden', detail }),
  notFound: (what = 'Resource') => new ProblemException({ status: 404, code: 'not_found', detail: `${what} not found.` }),
};

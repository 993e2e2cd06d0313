import type { ProblemCode } from './problem-code.js';
import type { ProblemType } from './problem-type.js';
import { ACCOUNT_AND_CONSOLE } from './catalog/account.js';
import { BILLING } from './catalog/billing.js';
import { REQUESTS } from './catalog/requests.js';
import { SIGN_IN } from './catalog/sign-in.js';
import { TIME_ZONE_API } from './catalog/time-zone-api.js';
import { PLANNING } from './catalog/planning.js';
import { ORGANISATIONS } from './catalog/organisations.js';

export type { ProblemType } from './problem-type.js';

/**
 * Every problem `code` the server answers, with its HTTP status and what a client should make of it, in one file per
 * area (catalog/). The errors page of the site (/docs/errors, one section per code) is generated from this list
 * (openapi/problem-types.json), and a test checks that every code in the source is here with the status it is sent
 * with.
 */
export const PROBLEM_TYPES: ProblemType[] = [...TIME_ZONE_API, ...PLANNING, ...REQUESTS, ...SIGN_IN, ...BILLING, ...ACCOUNT_AND_CONSOLE, ...ORGANISATIONS];

export const PROBLEM_TYPE_CODES = new Set(PROBLEM_TYPES.map((t) => t.code));

/** The one title of each code: every problem document the server answers carries its code's title from here. */
export const PROBLEM_TITLES: ReadonlyMap<string, string> = new Map(PROBLEM_TYPES.map((t) => [t.code, t.title]));

/** Every code, sorted: the `code` enum of the problem schema in OpenAPI (and so in the frontend's generated types). A test holds it equal to src/problem-codes.ts's table. */
export const PROBLEM_CODES = [...PROBLEM_TYPE_CODES].sort() as ProblemCode[];

import type { ProblemCode, StatusOf } from './problem-code.js';

/** One problem `code` the server answers, with its HTTP status and what a client should make of it. */
export interface ProblemType {
  code: string;
  status: number;
  title: string;
  /** What happened, in one or two sentences. */
  meaning: string;
  /** What the client or user can do about it. */
  action: string;
}

/** Typed against the app's code table (src/problem-codes.ts, merged into problem-code.ts): a code that does not exist, or a status it is never sent with, does not compile. */
export const problemType = <C extends ProblemCode>(code: C, status: StatusOf<C>, title: string, meaning: string, action: string): ProblemType => ({
  code,
  status,
  title,
  meaning,
  action,
});

import { ConnectionException } from '@mikro-orm/core';
import { ProblemException } from './problem.js';

/** Seconds a client is told to wait when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs of a server that is going, gone or overloaded, and of a statement cut by statement_timeout. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '53400']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error|database system is (starting up|shutting down|in recovery mode)|Connection ended unexpectedly|Cannot use a pool after calling end/i;

/** True for errors that mean "the database cannot be reached right now", as opposed to a bug or bad input. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionException) return true;
    const { code, sqlState, message } = e as { code?: unknown; sqlState?: unknown; message?: unknown };
    const state = typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : '';
    // Class 08 is connection trouble, except 08P01 (protocol violation), which is about what was sent.
    if (NETWORK_CODES.has(state) || SERVER_CODES.has(state) || (state.startsWith('08') && state !== '08P01')) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}

export function serviceUnavailable(): ProblemException {
  return new ProblemException({
    status: 503,
    code: 'service_unavailable',
    title: 'Service Unavailable',
    detail: 'The service cannot reach its database right now. Please retry shortly.',
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

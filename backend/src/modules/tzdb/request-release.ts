import { AsyncLocalStorage } from 'node:async_hooks';
import type { TzRelease } from './tz-release.js';

/**
 * The release one request answers from when it is not the active one (tzdb=, Tzdb-Version, a key's pin): the gateway
 * runs the route inside it, the time engine reads it. Outside it (the usual case) the engine answers from the active release.
 */
export const requestRelease = new AsyncLocalStorage<TzRelease>();

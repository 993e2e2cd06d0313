import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './api';

// findBy/waitFor await a state, not a moment: the deadline only bounds a failure. A machine busy with other work
// (two cores, every core loaded) renders several times slower, so it is far from the default second.
configure({ asyncUtilTimeout: 15_000 });

// msw answers what a test declared with serveApi (anything else then gets a 404 problem); without it, a request goes
// out as before and fails (no server in the tests). Tests that stub fetch themselves never reach msw.
beforeAll(() => apiServer.listen({ onUnhandledFrame: 'bypass' }));
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());

// jsdom has no layout: the charts (recharts' ResponsiveContainer) and ScrollableTable only need the observer to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// jsdom lacks scrolling.
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor await a state, not a moment: the deadline only bounds a failure. A machine busy with other work
// (two cores, every core loaded) renders several times slower, so it is far from the default second.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom lacks scrolling.
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

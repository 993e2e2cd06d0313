import { availableParallelism } from 'node:os';

/** Jest runs the backend's TypeScript as ES modules through SWC; every test file gets a real PostgreSQL. */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { swcrc: true }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/support/file-times-reporter.mjs'],
  testSequencer: '<rootDir>/test/support/sequencer.mjs',
  // At least two: one worker keeps one core busy (94% of it, measured), so on a newcomer's 2-core machine ('50%' was
  // one worker) the second core idled, and the backend took about twice what CI, which has always used two, takes.
  maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
  // ES modules under --experimental-vm-modules are loaded anew for every test file and not all of it is collected:
  // a worker that has grown past this is replaced between files instead of running out of heap.
  workerIdleMemoryLimit: '1200MB',
};

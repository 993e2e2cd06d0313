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
  maxWorkers: process.env.CI ? 2 : '50%',
  // ES modules under --experimental-vm-modules are loaded anew for every test file and not all of it is collected:
  // a worker that has grown past this is replaced between files instead of running out of heap.
  workerIdleMemoryLimit: '1200MB',
};

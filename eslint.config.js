import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';
import { KNOWN_CROSSINGS } from './eslint/known-crossings.js';
import { sizeBudget } from './eslint/size-budget.js';

/** Framework internals: only the public entry points of a package, except in the files listed below. */
const FRAMEWORK_INTERNALS = {
  patterns: [
    { group: ['@nestjs/*/*', '!@nestjs/*/package.json'], message: 'Import from the package entry point, not a framework internal (see eslint.config.js).' },
    { group: ['fastify/*', '@fastify/*/*'], message: 'Import from the package entry point, not a framework internal (see eslint.config.js).' },
    {
      group: ['@mikro-orm/*/*', '!@mikro-orm/decorators/legacy'],
      message: 'Import from the package entry point, not a framework internal (see eslint.config.js).',
    },
  ],
};

/**
 * The one file allowed to reach into Nest's internals: route metadata keys and the execution context that the
 * gateway's lane (modules/gateway/lane.ts) and the MCP toolbox read are re-exported from there.
 */
const FRAMEWORK_INTERNALS_ALLOWED = ['backend/src/common/http/route-config.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      '**/.tmp/**',
      'openapi/**',
      'frontend/src/lib/api-schema.d.ts',
      'packages/client/src/schema.ts',
      'e2e/screenshots/**',
      'e2e/.out/**',
    ],
  },
  {
    files: ['backend/**/*.ts', 'frontend/**/*.{ts,tsx}', 'packages/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { tzapi: boundaries },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'tzapi/boundaries': ['error', { allow: KNOWN_CROSSINGS }],
      'no-restricted-imports': ['error', FRAMEWORK_INTERNALS],
      // A leading underscore marks a value kept on purpose (a destructured field left out, a placeholder argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Event subscribers and prom-client collectors are object literals whose callbacks need the service.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self', 'directory'] }],
      // Reports the "default, then assign in try or catch" pattern the code uses on purpose.
      'no-useless-assignment': 'off',
    },
  },
  {
    // The plain JavaScript: browser journeys (Node files whose page.evaluate callbacks run in the page), benches,
    // scripts and these lint rules. No type checker reads them, so at least every name must be defined.
    files: [
      'e2e/**/*.js',
      'backend/bench/**/*.{js,mjs}',
      'backend/scripts/**/*.mjs',
      'backend/test/support/**/*.mjs',
      'scripts/**/*.mjs',
      'eslint/**/*.js',
      '*.js',
    ],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['e2e/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Test doubles and vendor typings describe foreign shapes loosely on purpose.
    files: ['backend/test/**/*.ts', '**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: FRAMEWORK_INTERNALS_ALLOWED,
    rules: { 'no-restricted-imports': 'off' },
  },
  // At most 400 lines per source file, the known exceptions capped at their size (eslint/size-budget.js).
  ...sizeBudget(),
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** The packages depend in one direction: jsont <- core <- server, and core <- web. */
const PACKAGE_BOUNDARIES = [
  { target: './packages/jsont', from: ['./packages/core', './packages/server', './packages/web'] },
  { target: './packages/core', from: ['./packages/server', './packages/web'] },
  { target: './packages/web', from: ['./packages/server'] },
  { target: './packages/server', from: ['./packages/web'] },
].map((zone) => ({
  ...zone,
  message: 'Wrong-direction import between packages: jsont <- core <- server, and core <- web.',
}));

/**
 * The server's features reach what they share through http/ and db/, never through each other.
 * Two debts are allowed, by name: checkout places orders from commerce's cart (its reads, rules and
 * stock updates), and accounts' pages use checkout's stylesheet.
 */
const FEATURES = [
  'accounts',
  'backoffice',
  'checkout',
  'comments',
  'commerce',
  'forms',
  'media',
  'popup',
  'restock',
  'reviews',
  'search',
  'seo',
  'sitecontent',
  'subscriptions',
  'telemetry',
];
const FEATURE_DEBTS = { checkout: { commerce: true }, accounts: { checkout: ['./pages.ts'] } };
const FEATURE_BOUNDARIES = FEATURES.flatMap((feature) =>
  FEATURES.filter((other) => other !== feature && FEATURE_DEBTS[feature]?.[other] !== true).map((other) => ({
    target: `./packages/server/src/${feature}`,
    from: `./packages/server/src/${other}`,
    except: FEATURE_DEBTS[feature]?.[other] || [],
    message: `A feature does not import another (${feature} -> ${other}): share it through http/ or db/.`,
  })),
);

/** Another package is reached through its name and public entry points, never a path into its src/. */
const FOREIGN_SRC_PATTERNS = [
  { regex: '^(\\.\\./)+(jsont|core|server|web)/src(/|$)' },
  { regex: '^@storefront/(jsont|core|server|web)/src(/|$)' },
].map((pattern) => ({
  ...pattern,
  message: 'Import another package by its name and public entry points, not by a path into its src/.',
}));

/** Browser globals that have no place in code that also runs on the server. */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'self',
  'customElements',
  'requestAnimationFrame',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'MutationObserver',
  'IntersectionObserver',
].map((name) => ({
  name,
  message: `\`${name}\` is a browser global: browser code belongs in packages/web.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'sites/**/assets/**',
      'sites/**/scripts/**',
      'sites/**/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript extensions and parser, so that rules following imports (no-cycle) read .ts files.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: PACKAGE_BOUNDARIES }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [...FOREIGN_SRC_PATTERNS],
        },
      ],
    },
  },
  {
    files: ['packages/{jsont,core,server}/src/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] },
  },
  {
    // The shipped browser code runs without Node; its suites run under Node and may use it.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/web/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FOREIGN_SRC_PATTERNS,
            { regex: '^node:', message: 'Browser code cannot use Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // "No module of server/ imports a module that imports it back."
    files: ['packages/server/src/**/*.ts'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Test support may reach into another feature's (a shop to check out, a form to fill in).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/**/testing.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...PACKAGE_BOUNDARIES, ...FEATURE_BOUNDARIES] }],
    },
  },
  {
    // Every write transaction goes through db/transaction.ts, which runs it again after a deadlock.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/platform/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Run a write transaction with writeTransaction (db/transaction.ts): it retries deadlocks.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

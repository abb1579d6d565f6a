import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import architecture, { readTableOwners } from './eslint-rules/table-owner.js';

/** Paths in zones are relative to this folder, whatever the directory ESLint runs from. */
const ROOT = import.meta.dirname;
const SERVER = 'packages/server/src';

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

/** The shipped browser code reaches the template language only through core. */
const WEB_BOUNDARIES = [
  {
    target: './packages/web',
    from: ['./packages/jsont'],
    message: 'Browser code imports only core (which brings what it needs of jsont): jsont <- core <- web.',
  },
];

/** Read when the config loads, so that a new module is covered without editing this file. */
const MODULES = readdirSync(path.join(ROOT, SERVER, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The app-level files beside app.ts (composition, configuration, start-up). */
const APP_FILES = readdirSync(path.join(ROOT, SERVER), { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name))
  .map((entry) => `./${SERVER}/${entry.name}`);

/** The aggregate of every module's tables may name their tables.ts files, until it goes. */
const DATABASE_AGGREGATE = `./${SERVER}/database.ts`;

/**
 * The server's layers: platform/ <- modules/<m>/ <- storefront/, backoffice/ <- app.ts.
 * A module is used through its index.ts only; its store, tables and other files are its own.
 */
const SERVER_BOUNDARIES = [
  {
    target: `./${SERVER}/platform`,
    from: ['modules', 'storefront', 'backoffice', 'app.ts', 'main.ts', 'database.ts'].map(
      (name) => `./${SERVER}/${name}`,
    ),
    message:
      'The platform imports no module, storefront, back office, app.ts or database.ts: take what it needs as a parameter.',
  },
  {
    target: `./${SERVER}/modules`,
    from: ['storefront', 'backoffice', 'app.ts', 'main.ts', 'database.ts'].map(
      (name) => `./${SERVER}/${name}`,
    ),
    message:
      'A module imports no storefront, back office, app.ts or database.ts: its own tables.ts types its store.',
  },
  ...MODULES.flatMap((module) =>
    MODULES.filter((other) => other !== module).map((other) => ({
      target: `./${SERVER}/modules/${module}`,
      from: `./${SERVER}/modules/${other}`,
      except: ['./index.ts'],
      message: `A module uses another only through its index.ts (modules/${module} -> modules/${other}): export what you need from modules/${other}/index.ts.`,
    })),
  ),
  ...MODULES.map((other) => ({
    target: [
      `./${SERVER}/storefront`,
      `./${SERVER}/backoffice`,
      ...APP_FILES.filter((file) => file !== DATABASE_AGGREGATE),
    ],
    from: `./${SERVER}/modules/${other}`,
    except: ['./index.ts'],
    message: `storefront/, backoffice/ and app.ts use a module only through its index.ts: export what you need from modules/${other}/index.ts.`,
  })),
];

/** Tests and test support may reach anything (a shop to check out, a table to inspect). */
const SERVER_TESTS = [
  `${SERVER}/**/*.test.ts`,
  `${SERVER}/**/*.test-d.ts`,
  `${SERVER}/testing/**`,
  `${SERVER}/**/testing.ts`,
];

const { owners: TABLE_OWNERS } = readTableOwners(path.join(ROOT, SERVER));

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
      // The TypeScript extensions and parser, so that rules following imports resolve .ts files.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: PACKAGE_BOUNDARIES }],
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
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...PACKAGE_BOUNDARIES, ...WEB_BOUNDARIES] },
      ],
    },
  },
  // Import cycles (type-only imports included) are dependency-cruiser's: .dependency-cruiser.mjs.
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...PACKAGE_BOUNDARIES, ...SERVER_BOUNDARIES] },
      ],
    },
  },
  {
    // A table is queried in its owner's store only. Migrations create the tables; tests inspect them.
    files: [`${SERVER}/**/*.ts`],
    ignores: [...SERVER_TESTS, `${SERVER}/**/migrations/**`],
    plugins: { architecture },
    rules: {
      'architecture/table-owner': ['error', { serverSource: path.join(ROOT, SERVER), owners: TABLE_OWNERS }],
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

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Besides style, lint enforces the file roles of the architecture (as Signal Desktop does):
 * - the service core (src/main/core) never imports Electron: it must run in plain Node;
 * - the renderer never imports main-process code or Node built-ins; it reaches the core only through
 *   the transport (IPC bridge or HTTP). It shares the contract tier (src/contract: schemas, their types,
 *   enumerations, limits) and the typed client with the core and scripts;
 * - the contract tier imports nothing but TypeBox, so every side can load it;
 * - the preload imports nothing but Electron's renderer-side modules and the bridge contract;
 * - the desktop main process (src/main/index.ts, src/main/desktop) imports no SQLite and no core code
 *   at run time: the core runs in its own utility process (src/main/core-host), reached over a
 *   MessagePort, so no query or fsync blocks the thread that drives the windows. Types may be imported.
 */
/** What the service core may not import (flat config replaces a rule's options whole, so a block that adds
 * to them starts from this). */
const CORE_IMPORTS = {
  paths: [{ name: 'electron', message: 'The service core runs in plain Node: no Electron here (put it in src/main/desktop).' }],
  patterns: [
    { group: ['electron/*', '@electron/*'], message: 'The service core runs in plain Node: no Electron here.' },
    { group: ['**/desktop/**', '**/cli/**', '**/headless/**', '**/mcp/**', '**/renderer/**'], message: 'The core does not depend on its adapters.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'packages/*/dist/', 'test-results/', 'playwright-report/', '.vite/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        CORE_IMPORTS,
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='require'][arguments.0.value='electron']", message: 'No Electron in the core.' },
        { selector: "ImportExpression[source.value='electron']", message: 'No Electron in the core.' },
        {
          // Issue 28: a row's columns are declared once, in its domain's rows.ts, and checked when read.
          selector: 'TSAsExpression TSTypeReference[typeName.name=/Row$/]',
          message: "Read the row through its rows.ts reader (db/row-reader.ts: reader.one/all/each), not a cast to a *Row type.",
        },
      ],
    },
  },
  {
    // The time engine sits above the domains: the steps call orders/shipping/warehouse code, and the
    // domains only write to the due-step queue (autopilot/queue.ts, a leaf). A domain importing a step,
    // the runner or the timer would close the import circle again.
    files: ['src/main/core/*/**/*.ts'],
    ignores: ['src/main/core/autopilot/**', 'src/main/core/http/**', 'src/main/core/worlds/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...CORE_IMPORTS,
          patterns: [
            ...CORE_IMPORTS.patterns,
            {
              group: ['**/autopilot/steps/**', '**/autopilot/runner*', '**/autopilot/autopilot*'],
              message: 'Domains write to the due-step queue (autopilot/queue.ts) only: the steps and the runner sit above the domains.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', 'node:*', 'electron', 'better-sqlite3', 'fastify'], message: 'The renderer reaches the core only through its transport (types and enumerations: src/contract).' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // Issue 28: Mantine's autosize measures the textarea with a forced layout at mount and on each key.
          selector: "JSXAttribute[name.name='autosize']",
          message: 'Use shared/GrowingTextarea (CSS field-sizing), not autosize: it forces a layout to measure.',
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!typebox$|typebox/|\\.{1,2}/)|^\\.\\./\\.\\./|^\\.\\./(main|renderer|preload|client)/',
              message: 'The contract tier imports nothing but TypeBox (and its own files): core, renderer and scripts all load it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/main/**', '**/renderer/**', 'node:*'], message: 'The preload is a narrow bridge: Electron renderer modules and the bridge contract only.' }] },
      ],
    },
  },
  {
    files: ['src/main/index.ts', 'src/main/desktop/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'better-sqlite3', message: 'The desktop main process runs no SQLite: the core lives in the core host (src/main/core-host).' }],
          patterns: [
            {
              group: ['**/core/**', '!**/core/data-dir.js', '**/headless/**', '**/core-host/**', '!**/core-host/protocol.js', '**/cli/**'],
              allowTypeImports: true,
              message: 'The desktop main process does not load the core (SQLite, the API): it talks to the core host over a MessagePort (desktop/core-client.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bin/**/*.js', 'scripts/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

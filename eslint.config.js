// ESLint (flat config): `npm run lint`, with `prettier --check .` after it; both run before the tests.
// typescript-eslint's type-aware rules read the project through tsconfig.json (projectService), so a
// file is linted with the same types `npm run typecheck` sees. Formatting is Prettier's alone
// (eslint-config-prettier, last, turns off every rule that would disagree with it).

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import { defineConfig } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['node_modules/', 'build/', 'dist/', 'data/', 'backups/', '.tap/', 'test/lighthouse/reports/'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: {
          // This file is outside tsconfig.json's folders; everything else is in them.
          allowDefaultProject: ['eslint.config.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript itself reports undefined names, in the .mjs files too (checkJs), and knows Node's globals.
      'no-undef': 'off',
      // A leading underscore marks a parameter or binding kept on purpose (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // tap queues a subtest when t.test() is called and runs it in order: its promise needs no await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [{ from: 'package', package: '@tapjs/test', name: ['test', 'todo', 'skip', 'only'] }],
        },
      ],
      // Fastify plugins and hooks, tap subtests and build steps are async for the API that awaits them, often with nothing to await.
      '@typescript-eslint/require-await': 'off',
      // React event handlers (onSubmit={save}) may be async: each one catches its own failures, and React ignores the promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Fastify runs a hook with `this` bound to its instance, and the admin's routes pass a decorator as their hook the
    // way Fastify documents it (preHandler: admin.csrfProtection), which @fastify/csrf-protection's types call a method.
    files: ['server/admin/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // These plain JavaScript files give a type to an untyped value with a JSDoc cast, `/** @type {T} */ (x)`,
    // which tsc honours (checkJs) but typescript-eslint cannot see: the value would still count as `any`.
    files: ['**/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x/typescript's settings, so that it reads .ts and .tsx files, with the resolver that maps
      // the `./x.js` specifiers to their .ts sources the way tsconfig.json does.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./client/components', './client/layout', './client/pages'],
              from: './client/app',
              message: 'client/app assembles the pages; what it assembles must not depend on it.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * The layering of docs/architecture.md: src/domain imports neither side; web and server never import
 * each other. Relative paths only, so that a package such as react-dom/server is not caught.
 */
const layer = (files, roots, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: `^\\.{1,2}/(.*/)?(${roots})(/|$)`, message }] }] },
});

export default defineConfig(
  { ignores: ['dist/', 'data/', 'node_modules/', 'src/server/db/migrations/', 'test-results/', 'scripts/tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  layer(['src/domain/**'], 'server|web', 'src/domain es TypeScript puro: no importa de src/server ni de src/web'),
  layer(['src/web/**'], 'server', 'src/web no importa de src/server: comparte solo src/domain'),
  layer(['src/server/**'], 'web', 'src/server no importa de src/web: comparte solo src/domain'),
);

import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import boundaries from './eslint/boundaries.js';

/** `^(a|b)(/|$)`: a package and its subpaths. */
const packages = (...names) => `^(${names.join('|')})(/|$)`;

/** Node's own modules, with or without `node:`. */
const NODE = `^node:|${packages(...builtinModules.filter((name) => !name.startsWith('_')).map((name) => name.replace('/', '\\/')))}`;
/** Drivers, ORM, HTTP server and what only runs on the server (files, mail, images, passwords, tokens). */
const SERVER_PACKAGES = packages('pg', 'pg-.*', '@electric-sql/.*', 'drizzle-orm', 'drizzle-kit', 'fastify', 'fastify-.*', '@fastify/.*', 'exceljs', 'pdfkit', 'nodemailer', 'sharp', '@node-rs/.*', 'argon2', 'jose', 'tsx');
const WEB_PACKAGES = packages('react', 'react-dom', 'react-router', 'antd', '@ant-design/.*', '@rc-component/.*', '@tanstack/.*', 'zustand');

/**
 * The layering of docs/architecture.md: src/domain imports neither side nor any I/O, driver or framework;
 * web and server never import each other, and the web no server-side package. Relative paths to the other
 * root, so that a package such as react-dom/server is not caught by them.
 */
const layer = (files, forbidden) => ({
  files,
  plugins: { boundaries },
  rules: { 'boundaries/forbidden-imports': ['error', forbidden.map(([regex, message]) => ({ regex, message }))] },
});
const relativeTo = (roots) => `^\\.{1,2}/(.*/)?(${roots})(/|$)`;

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
    // type-aware: a promise nobody awaits inside a transaction is a write lost without an error
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // React ignores what an event handler returns, and the web's async handlers (forms, modals, exports)
      // catch and show their own errors: an async onClick/onFinish/onOk is allowed, the rest is still checked
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  layer(
    ['src/domain/**'],
    [
      [relativeTo('server|web'), 'src/domain es TypeScript puro: no importa de src/server ni de src/web'],
      [NODE, 'src/domain es TypeScript puro: no usa módulos de Node (archivos, red, procesos)'],
      [SERVER_PACKAGES, 'src/domain es TypeScript puro: no usa controladores, ORM ni paquetes del servidor'],
      [WEB_PACKAGES, 'src/domain es TypeScript puro: no usa React ni paquetes de la interfaz'],
    ],
  ),
  layer(
    ['src/web/**'],
    [
      [relativeTo('server'), 'src/web no importa de src/server: comparte solo src/domain'],
      [NODE, 'src/web corre en el navegador: no usa módulos de Node'],
      [SERVER_PACKAGES, 'src/web corre en el navegador: no usa controladores, ORM ni paquetes del servidor'],
    ],
  ),
  layer(['src/server/**'], [[relativeTo('web'), 'src/server no importa de src/web: comparte solo src/domain']]),
  {
    // an area is used by others through its index.ts only (src/server/modules/<área>, src/web/features/<área>)
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/area-index': 'error' },
  },
  // formatting is Prettier's (.prettierrc.json): it reports here so that `npm run lint` and `npm test` check it;
  // `npm run format` rewrites. Also turns off the style rules that would fight it.
  { ...prettierRecommended, files: ['src/**', 'tests/**', 'scripts/**'] },
);

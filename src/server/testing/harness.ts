import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedDemo } from '../db/demo/seed';
import { DEMO_PASSWORD } from '../db/demo/data';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { Mail } from '../platform/mail';
import type { RouteRecord } from '../platform/auth/guard';
import { databaseNameOf, suiteDatabaseUrl, testDatabaseUrl } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteRecord[];
  outbox: Mail[];
  database: Database;
  signIn(username: string, password?: string, extra?: Record<string, unknown>): Promise<{ token: string; refresh_token: string }>;
  as(token: string): (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the suite owns the database, so each test file gets it recreated from a template database
 * that was migrated and seeded once per source version (CREATE DATABASE … TEMPLATE copies it in a moment).
 */
async function freshPostgres(url: string, seed: boolean): Promise<{ uploadsDir: string }> {
  const name = databaseNameOf(url);
  // one template for the whole run, named after TEST_DATABASE_URL's database whichever worker's copy this is
  const suite = databaseNameOf(suiteDatabaseUrl() ?? url);
  const template = `${suite}_tpl_${templateKey()}`;
  const uploadsDir = path.join(os.tmpdir(), 'clinic-test-templates', `pg-${template}`, 'uploads');
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    // the template's photos live under the system temp dir, which may have been cleared without the database
    if (!found.rowCount || !existsSync(uploadsDir)) {
      // a suite's file never drops templates: the other worker may be copying one right now
      if (!seed) throw new Error(`Falta la plantilla ${template}: la siembra el globalSetup de vitest (testing/global-setup.ts) antes de las pruebas`);
      const stale = await admin.query('select datname from pg_database where datname like $1', [`${suite}\\_tpl\\_%`]);
      for (const row of stale.rows as { datname: string }[]) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${template}"`);
      const seeding = new URL(url);
      seeding.pathname = '/' + template;
      const database = await openDatabase({ url: seeding.toString() });
      await migrateDatabase(database);
      await seedDemo(database.db, uploadsDir);
      await database.close();
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return { uploadsDir };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateKey: string;
  }
}

/**
 * The name of the seeded databases: the global setup's (provided to every suite's worker, so a run that crosses
 * midnight keeps loading what it seeded), or, outside a suite, the one of today's sources.
 */
let setupKey: string | undefined;
function templateKey(): string {
  if (setupKey) return setupKey;
  let provided: string | undefined;
  try {
    provided = inject('templateKey');
  } catch {
    // the global setup itself, before any worker
  }
  return provided ?? sourcesKey();
}

/** Everything the seeded database depends on: the migrations, the schema, the demo data and its domain rules, and the day. */
export function sourcesKey(): string {
  const hash = createHash('sha1').update(new Date().toISOString().slice(0, 10));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.endsWith('.test.ts')) hash.update(path.relative(process.cwd(), file)).update(readFileSync(file));
    }
  };
  for (const dir of ['src/server/db', 'src/domain']) walk(path.resolve(dir));
  return hash.digest('hex').slice(0, 16);
}

/** Images no suite has loaded for an hour (each load touches its directory). */
async function removeStaleTemplates(root: string) {
  for (const name of readdirSync(root)) {
    const dir = path.join(root, name);
    // another suite may be removing the same directory right now
    const stats = statSync(dir, { throwIfNoEntry: false });
    if (stats && Date.now() - stats.mtimeMs > 60 * 60_000) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Migrating and seeding takes seconds, so the first embedded suite saves the seeded PGlite data directory
 * (and the demo photos) under the system temp dir and every later suite loads that image instead.
 */
export async function seededImage(): Promise<{ image: Blob; uploadsDir: string }> {
  const dir = path.join(os.tmpdir(), 'clinic-test-templates', templateKey());
  const file = path.join(dir, 'db.tar');
  const uploadsDir = path.join(dir, 'uploads');
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(dir, now, now);
    return { image: new Blob([await readFile(file)]), uploadsDir };
  }
  await mkdir(dir, { recursive: true });
  await removeStaleTemplates(path.dirname(dir));
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemo(database.db, uploadsDir);
  const image = await database.dump!();
  await database.close();
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, file);
  return { image, uploadsDir };
}

/** The seeded PGlite image and, with TEST_DATABASE_URL, the PostgreSQL template: built once before the suites (global-setup.ts). */
export async function prepareSeededDatabases(key: string): Promise<void> {
  setupKey = key;
  await seededImage();
  const url = testDatabaseUrl();
  if (url) await freshPostgres(url, true);
}

/** A fresh database with the demo data and the app built in process (no port). */
export async function createTestApp(
  env: Record<string, string> = {},
  /** connect: the address the app reaches the test database by (a test's proxy in between), from its real one */
  opts: { web?: boolean; embedded?: boolean; connect?: (url: string) => string } = {},
): Promise<TestApp> {
  const testUrl = opts.embedded ? undefined : testDatabaseUrl();
  const template = testUrl ? { image: undefined, ...(await freshPostgres(testUrl, false)) } : await seededImage();
  const url = testUrl && opts.connect ? opts.connect(testUrl) : testUrl;
  const database = await openDatabase({ url, image: template.image });
  const outbox: Mail[] = [];
  // an operator's DATABASE_URL never reaches the app under test: it sees the test database's, or none
  // the app's own copy of the demo photos: a test that replaces or deletes one must not take it from the next suite
  const uploadsDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'clinic-test-uploads-')), 'uploads');
  await cp(template.uploadsDir, uploadsDir, { recursive: true });
  const baseEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: '/tmp/clinic-test-data', JWT_SECRET: 'test-secret-' + Math.random(), UPLOADS_DIR: uploadsDir };
  const config = loadConfig({ ...baseEnv, ...env }, opts.web ? {} : { webDir: undefined });
  const { app, routes, ctx } = await buildApp({ database, config, logger: false, mailer: { send: async (m) => void outbox.push(m) } });
  await app.ready();
  const signIn = async (username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) => {
    const res = await app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { username, password, ...extra } });
    if (res.statusCode !== 200) throw new Error(`sign-in ${username} → ${res.statusCode} ${res.body}`);
    return res.json() as { token: string; refresh_token: string };
  };
  return {
    app,
    ctx,
    routes,
    outbox,
    database,
    signIn,
    as: (token) => (opts) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } }),
    close: async () => {
      await app.close();
      await database.close();
      await rm(path.dirname(uploadsDir), { recursive: true, force: true });
    },
  };
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const res = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return rows[0].n;
}

/** Rows of a raw SQL query. */
export async function queryRows<T = Record<string, unknown>>(t: TestApp, q: SQL): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A list's `search` query parameter for one field. */
export const searchParam = (value: string, filter = 'name') => encodeURIComponent(JSON.stringify({ filter, value }));

export type Caller = ReturnType<TestApp['as']>;

/**
 * A test file's app, made before its tests and closed after them, with a caller signed in for each named demo
 * user: `const { t, admin } = useTestApp({ admin: 'admin@demo.mx' })`. `t` and the callers may be used inside
 * hooks and tests (not while the file is being read, before the app exists).
 */
export function useTestApp<const U extends Record<string, string>>(
  users: U,
  ...options: Parameters<typeof createTestApp>
): { t: TestApp } & { [K in keyof U]: Caller } {
  let current: TestApp | undefined;
  const signedIn = new Map<string, Caller>();
  beforeAll(async () => {
    current = await createTestApp(...options);
    for (const [name, username] of Object.entries(users)) signedIn.set(name, current.as((await current.signIn(username)).token));
  });
  afterAll(() => current?.close());
  const app = (): TestApp => {
    if (!current) throw new Error('La aplicación de prueba aún no existe: úsela dentro de un beforeAll o de una prueba');
    return current;
  };
  const t = new Proxy({} as TestApp, {
    get: (_, key) => {
      const value: unknown = Reflect.get(app(), key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(app()) : value;
    },
  });
  const callers = Object.fromEntries(Object.keys(users).map((name) => [name, (opts: Parameters<Caller>[0]) => signedIn.get(name)!(opts)]));
  return { t, ...callers } as { t: TestApp } & { [K in keyof U]: Caller };
}

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedDemo } from '../db/demo/seed';
import { DEMO_PASSWORD } from '../db/demo/data';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import type { Mail } from '../platform/mail';
import type { RouteRecord } from '../platform/auth/guard';

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

/** PostgreSQL: the suite owns the database, so its schema is recreated for each test file. */
async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
  await client.end();
}

/** A fresh database with the demo data and the app built in process (no port). */
export async function createTestApp(env: Record<string, string> = {}, opts: { web?: boolean; embedded?: boolean } = {}): Promise<TestApp> {
  const url = opts.embedded ? undefined : process.env.DATABASE_URL;
  if (url) await resetPostgres(url);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const outbox: Mail[] = [];
  const config = loadConfig({ ...process.env, DATA_DIR: '/tmp/clinic-test-data', JWT_SECRET: 'test-secret-' + Math.random(), ...env }, opts.web ? {} : { webDir: undefined });
  await seedDemo(database.db, config.uploadsDir);
  const { app, routes, ctx } = await buildApp({
    database,
    config,
    logger: false,
    mailer: { send: async (m) => void outbox.push(m) },
  });
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
    },
  };
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const res = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return rows[0].n;
}

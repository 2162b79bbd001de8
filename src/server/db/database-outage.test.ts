import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../testing/harness';
import { TcpProxy } from '../testing/tcp-proxy';
import { databaseNameOf, testDatabaseUrl } from '../testing/test-database';
import { errorCatalogue } from '../../domain/errors';

const url = testDatabaseUrl();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a PostgreSQL restart, a failover or a pooler's idle timeout do to the app's connections. */
async function terminateBackends(testUrl: string): Promise<number> {
  const name = databaseNameOf(testUrl);
  const admin = new pg.Client({ connectionString: testUrl.replace(/\/[^/?]*(\?|$)/, '/postgres$1') });
  await admin.connect();
  try {
    const res = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!url)('PostgreSQL that drops connections or goes away', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let get: (path: string) => ReturnType<ReturnType<TestApp['as']>>;

  beforeAll(async () => {
    const target = new URL(url!);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.up();
    t = await createTestApp({}, { connect: (u) => proxy.via(u) });
    const { token } = await t.signIn('admin@demo.mx');
    const api = t.as(token);
    get = (path) => api({ method: 'GET', url: path });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
  });

  it('survives every backend being terminated while requests run, and the next requests succeed', async () => {
    // several idle pooled connections, the ones a terminated backend leaves dead in the pool
    await Promise.all(Array.from({ length: 6 }, () => get('/v1/categories')));
    const during = Array.from({ length: 20 }, (_, i) => sleep(i * 5).then(() => get('/v1/categories')));
    expect(await terminateBackends(url!)).toBeGreaterThan(0);
    for (const res of await Promise.all(during)) {
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json().message).toBe(errorCatalogue.DATABASE_UNAVAILABLE.message);
    }
    await terminateBackends(url!);
    await sleep(50);
    const after = await Promise.all(Array.from({ length: 8 }, () => get('/v1/categories')));
    expect(after.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });

  it('answers 503 in Spanish while the database is down, health included, and recovers by itself', async () => {
    await proxy.down();
    try {
      const res = await get('/v1/categories');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: errorCatalogue.DATABASE_UNAVAILABLE.message });
      const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'error', db: 'postgres', version: t.ctx.config.version, migrations: null });
    } finally {
      await proxy.up();
    }
    expect((await get('/v1/categories')).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.statusCode).toBe(200);
    const body = health.json();
    expect(body).toMatchObject({ status: 'ok', db: 'postgres', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(10);
  });
});

import pg from 'pg';

/**
 * The API tests drop and recreate the database they run on, so they never take DATABASE_URL (an operator's
 * shell may hold production's): only TEST_DATABASE_URL, and only a database whose name says it is a test one.
 */
export const TEST_DATABASE_NAME = /(^|_)test(_|$)/i;

/** The database a PostgreSQL address names (`…/test_w1` → `test_w1`). */
export const databaseNameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = suiteDatabaseUrl(env);
  // each vitest worker runs its files on a database of its own (test_w1, test_w2…), so files run in parallel
  return url && env.VITEST_POOL_ID ? siblingDatabaseUrl(url, `w${env.VITEST_POOL_ID}`) : url;
}

/** TEST_DATABASE_URL itself, checked: the database the global setup prepares and whose name the template carries. */
export function suiteDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.TEST_DATABASE_URL;
  if (!url) return undefined;
  let name: string;
  try {
    name = databaseNameOf(url);
  } catch {
    throw new Error(`TEST_DATABASE_URL no es una dirección válida de PostgreSQL: ${url}`);
  }
  if (!TEST_DATABASE_NAME.test(name)) {
    throw new Error(
      `Las pruebas borran y recrean su base de datos: TEST_DATABASE_URL debe nombrar una base de pruebas («test», «test_…» o «…_test»), no «${name}».`,
    );
  }
  return url;
}

/** The same server, another database (for tests that need one of their own beside the suite's). */
export function siblingDatabaseUrl(url: string, suffix: string): string {
  const u = new URL(url);
  u.pathname = `/${databaseNameOf(url)}_${suffix}`;
  return u.toString();
}

/** The server's maintenance database, from which a test database is dropped and created. */
export function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/** Drops (closing its connections) and creates an empty database of the test server. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  if (!TEST_DATABASE_NAME.test(name)) throw new Error(`«${name}» no es una base de pruebas`);
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './test-database';

describe('the database the API tests recreate', () => {
  it('is never DATABASE_URL, whatever it names', () => {
    expect(testDatabaseUrl({ DATABASE_URL: 'postgres://clinicas@db.interna/clinicas' })).toBeUndefined();
    expect(testDatabaseUrl({ DATABASE_URL: 'postgres://postgres@127.0.0.1/test' })).toBeUndefined();
  });

  it('is TEST_DATABASE_URL only when its name marks it as a test database', () => {
    for (const name of ['test', 'test_clinicas', 'clinicas_test', 'ci_test_2']) {
      expect(testDatabaseUrl({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` })).toBe(`postgres://postgres@127.0.0.1:5432/${name}`);
    }
    for (const name of ['clinicas', 'produccion', 'testigos', 'latest', 'contest']) {
      expect(() => testDatabaseUrl({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` })).toThrow(
        `Las pruebas borran y recrean su base de datos: TEST_DATABASE_URL debe nombrar una base de pruebas («test», «test_…» o «…_test»), no «${name}».`,
      );
    }
    expect(() => testDatabaseUrl({ TEST_DATABASE_URL: 'no es una dirección' })).toThrow('TEST_DATABASE_URL no es una dirección válida');
  });
});

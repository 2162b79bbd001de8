import { describe, expect, it } from 'vitest';
import { openDatabase, migrateDatabase, migrationStatus } from './client';
import { recreateDatabase, siblingDatabaseUrl, testDatabaseUrl } from '../testing/test-database';

const url = testDatabaseUrl();

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('run once when two servers start together on an empty database', async () => {
    const empty = siblingDatabaseUrl(url!, 'migrate');
    await recreateDatabase(empty);
    const servers = await Promise.all([openDatabase({ url: empty }), openDatabase({ url: empty })]);
    try {
      const results = await Promise.allSettled(servers.map((s) => migrateDatabase(s)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const status = await migrationStatus(servers[0].db);
      expect(status.applied).toBe(status.expected);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});

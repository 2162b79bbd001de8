import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, seededImage } from '../testing/harness';
import { testDatabaseUrl } from '../testing/test-database';
import { backup, restore } from './backup';

const url = testDatabaseUrl();
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clinicas-respaldo-prueba-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

/** Every table with its row count, and every uploaded file with its hash: what a restore must bring back. */
async function snapshot(database: Database, uploadsDir: string) {
  const tables = rowsOf(
    await database.db.execute(
      sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((r) => String(r.name));
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number(rowsOf(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
  const files: Record<string, string> = {};
  for (const entry of await readdir(uploadsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(uploadsDir, file)] = createHash('sha1')
      .update(await readFile(file))
      .digest('hex');
  }
  return { counts, files };
}

async function snapshotOf(config: AppConfig) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    return await snapshot(database, config.uploadsDir);
  } finally {
    await database.close();
  }
}

/** A photo uploaded after the demo data, so the backup is seen to take the directory as it is. */
const addPhoto = (config: AppConfig) => writeFile(path.join(config.uploadsDir, 'respaldo-prueba.jpg'), Buffer.from('foto de prueba'));

async function expectRoundTrip(config: AppConfig, destroy: () => Promise<void>) {
  await addPhoto(config);
  const before = await snapshotOf(config);
  expect(Object.values(before.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
  expect(Object.keys(before.files).length).toBeGreaterThan(10);
  const { file, bytes } = await backup(config, path.join(await tempDir(), 'respaldo.tar.gz'));
  expect(bytes).toBeGreaterThan(0);
  await destroy();
  await rm(config.uploadsDir, { recursive: true, force: true });
  const manifest = await restore(config, file);
  expect(manifest.kind).toBe(config.databaseUrl ? 'postgres' : 'pglite');
  expect(await snapshotOf(config)).toEqual(before);
}

/** A round trip dumps and reloads the whole seeded demo (a year of sales, closings and commissions): minutes on a busy machine. */
const ROUND_TRIP_MS = 240_000;

describe('backup and restore', () => {
  it(
    'bring back every row and photo of the embedded database',
    async () => {
      const dataDir = await tempDir();
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x' });
      const template = await seededImage();
      await (await openDatabase({ dataDir, image: template.image })).close();
      await cp(template.uploadsDir, config.uploadsDir, { recursive: true });
      await expectRoundTrip(config, () => rm(path.join(dataDir, 'pglite'), { recursive: true, force: true }));
    },
    ROUND_TRIP_MS,
  );

  it('refuse a file that is not a backup, and a backup of the other kind of database', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir(), JWT_SECRET: 'x' });
    await expect(restore(config, '/no/existe.tar.gz')).rejects.toThrow('No existe el archivo /no/existe.tar.gz');
    const notBackup = path.join(await tempDir(), 'otro.tar.gz');
    await writeFile(notBackup, 'hola');
    await expect(restore(config, notBackup)).rejects.toThrow(/tar/);
  });

  it.skipIf(!url)(
    'bring back every row and photo of PostgreSQL',
    async () => {
      const t = await createTestApp();
      const uploadsDir = path.join(await tempDir(), 'uploads');
      await cp(t.ctx.config.uploadsDir, uploadsDir, { recursive: true });
      await t.close();
      const config = loadConfig({ DATABASE_URL: url!, DATA_DIR: await tempDir(), UPLOADS_DIR: uploadsDir, JWT_SECRET: 'x' });
      await expectRoundTrip(config, async () => {
        const database = await openDatabase({ url: url! });
        await database.db.execute(sql`drop schema drizzle cascade; drop schema public cascade; create schema public`);
        await database.close();
      });
      const pgliteConfig = loadConfig({ DATA_DIR: await tempDir(), JWT_SECRET: 'x' });
      const { file } = await backup(config, path.join(await tempDir(), 'pg.tar.gz'));
      await expect(restore(pgliteConfig, file)).rejects.toThrow('El respaldo es de PostgreSQL y el servidor está configurado con la base integrada');
    },
    ROUND_TRIP_MS,
  );
});

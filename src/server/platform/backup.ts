import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { migrationStatus, openDatabase } from '../db/client';
import { takeLock } from '../db/lock-file';

/**
 * A backup is one .tar.gz: manifest.json, the database (PostgreSQL's own custom-format dump, or the embedded
 * database's data-directory dump) and uploads/ (every photo with its thumbnail).
 */
interface Manifest {
  format: 1;
  kind: 'postgres' | 'pglite';
  createdAt: string;
  version: string;
  migrations: { applied: number; expected: number };
}

const PG_DUMP_FILE = 'database.dump';
const PGLITE_DUMP_FILE = 'pglite.tar.gz';

/** Runs a command, failing with its own error output (pg_dump and tar explain themselves). */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `No se encontró ${cmd}: instálelo (en Debian: apt-get install -y ${cmd === 'tar' ? 'tar' : 'postgresql-client'})`
            : err.message,
        ),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} terminó con error ${code}: ${errors.trim()}`))));
  });
}

/** libpq reads the password from the environment rather than from the command line, where `ps` would show it. */
function libpqTarget(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) || process.env.PGPASSWORD };
  u.password = '';
  return { args: ['--dbname', u.toString()], env };
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');

export const defaultBackupFile = (config: AppConfig) => path.resolve('backups', `clinicas-${config.databaseUrl ? 'postgres' : 'integrada'}-${stamp()}.tar.gz`);

async function dumpDatabase(config: AppConfig, staging: string): Promise<Manifest['kind']> {
  if (config.databaseUrl) {
    const target = libpqTarget(config.databaseUrl);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(staging, PG_DUMP_FILE), ...target.args], target.env);
    return 'postgres';
  }
  // opening it takes the lock file: a running server keeps its database to itself (stop it first)
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await writeFile(path.join(staging, PGLITE_DUMP_FILE), Buffer.from(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  return 'pglite';
}

async function currentMigrations(config: AppConfig) {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    return await migrationStatus(database.db);
  } finally {
    await database.close();
  }
}

/** Writes a backup of the configured database and the uploaded photos; returns the file and its size. */
export async function backup(config: AppConfig, file = defaultBackupFile(config)): Promise<{ file: string; bytes: number }> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'clinicas-respaldo-'));
  try {
    const migrations = await currentMigrations(config);
    const kind = await dumpDatabase(config, staging);
    if (existsSync(config.uploadsDir)) await cp(config.uploadsDir, path.join(staging, 'uploads'), { recursive: true });
    else await mkdir(path.join(staging, 'uploads'));
    const manifest: Manifest = { format: 1, kind, createdAt: new Date().toISOString(), version: config.version, migrations };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.parcial`;
    await run('tar', ['-czf', partial, '-C', staging, '.']);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== 1) throw new Error();
    return manifest;
  } catch {
    throw new Error('El archivo no es un respaldo de este sistema (falta manifest.json)');
  }
}

/** Other sessions on the database: a server still running would write into the restore, or lose its connections. */
async function assertNoOtherSessions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0].n > 0) throw new Error(`La base de datos tiene ${rows[0].n} conexión(es) abierta(s): detenga los servidores antes de restaurar`);
    // everything the dump recreates, and whatever was added since, goes
    await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
  } finally {
    await client.end();
  }
}

async function restoreDatabase(config: AppConfig, manifest: Manifest, staging: string): Promise<void> {
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== wanted) {
    const names = { postgres: 'PostgreSQL', pglite: 'la base integrada' };
    throw new Error(`El respaldo es de ${names[manifest.kind]} y el servidor está configurado con ${names[wanted]}`);
  }
  if (config.databaseUrl) {
    await assertNoOtherSessions(config.databaseUrl);
    const target = libpqTarget(config.databaseUrl);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...target.args, path.join(staging, PG_DUMP_FILE)], target.env);
    return;
  }
  const release = takeLock(config.dataDir);
  try {
    const dir = path.join(config.dataDir, 'pglite');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const image = new Blob([await readFile(path.join(staging, PGLITE_DUMP_FILE))]);
    await (await openDatabase({ dataDir: config.dataDir, image })).close();
  } finally {
    release();
  }
}

/** Replaces the configured database and the uploaded photos with a backup's. */
export async function restore(config: AppConfig, file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new Error(`No existe el archivo ${file}`);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'clinicas-restauracion-'));
  try {
    await run('tar', ['-xzf', file, '-C', staging]);
    const manifest = await readManifest(staging);
    await restoreDatabase(config, manifest, staging);
    await rm(config.uploadsDir, { recursive: true, force: true });
    await cp(path.join(staging, 'uploads'), config.uploadsDir, { recursive: true });
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

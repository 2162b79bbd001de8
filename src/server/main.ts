import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from './config';
import { DatabaseOpenError, migrateDatabase, openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { PLATFORM_JOBS, startJobs } from './platform/jobs';
import { MODULE_JOBS } from './modules';
import { databaseIsEmpty, hasDemoAccounts, seedDemo } from './db/demo/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PIN } from './db/demo/data';

/** A start-up failure whose message is already clear Spanish for the operator. */
class StartError extends Error {}

/**
 * Whether the port can be taken on HOST, asked before any work so a busy one is reported at once and leaves
 * nothing behind; on the same address the server then listens on.
 */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(new StartError(portProblem(port, host, err))));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function portProblem(port: number, host: string, err: NodeJS.ErrnoException): string {
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN')
    return `La dirección HOST=${host} no es de esta máquina. Use 0.0.0.0 (todas sus interfaces) o 127.0.0.1 (solo esta PC): HOST=0.0.0.0 npm start`;
  if (err.code === 'EADDRINUSE')
    return `El puerto ${port} ya está en uso por otro programa (¿otro servidor ya está corriendo?). Deténgalo o use otro puerto: PORT=3001 npm start`;
  if (err.code === 'EACCES') return `No hay permiso para usar el puerto ${port} (los menores a 1024 requieren privilegios). Use otro: PORT=3000 npm start`;
  return `No se pudo abrir el puerto ${port}: ${err.message}`;
}

async function prepareData(database: Database, config: AppConfig): Promise<void> {
  await migrateDatabase(database);
  if (!(await databaseIsEmpty(database.db))) return;
  if (config.demoData) {
    console.log('Base de datos vacía: cargando datos de demostración (un año de ventas hechas con los servicios del sistema; unos minutos, solo esta vez)…');
    await seedDemo(database.db, config.uploadsDir, { log: (message) => console.log(message) });
    return;
  }
  const stop = database.kind === 'pglite' ? 'Detenga el servidor y cree' : 'Cree';
  console.log(
    `La base de datos no tiene usuarios. ${stop} el primer Super Administrador con:\n  npm run admin:create -- --email direccion@clinica.mx --password 'Clave2026!' --pin 1234`,
  );
}

function printWelcome(config: AppConfig, demo: boolean) {
  const where = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`\nBack office listo en http://${where}:${config.port}`);
  if (!demo) return;
  console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}, PIN ${DEMO_PIN}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(22)} ${a.role}`);
}

/**
 * SIGTERM or Ctrl-C: stop taking connections, let the requests in flight finish (up to SHUTDOWN_TIMEOUT_MS),
 * stop the jobs, close the database (which frees the embedded one's lock file) and exit. A second signal
 * after a second exits at once.
 */
function stopOnSignals(config: AppConfig, parts: { app?: FastifyInstance; stopJobs?: () => Promise<void>; database?: Database }) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error('Segunda señal: saliendo sin esperar');
      await parts.database?.close().catch(() => undefined);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: deteniendo el servidor (espera a las peticiones en curso)…`);
    const force = setTimeout(() => parts.app?.server.closeAllConnections(), config.shutdownTimeoutMs);
    try {
      await parts.app?.close();
      await parts.stopJobs?.();
    } finally {
      clearTimeout(force);
      await parts.database?.close().catch(() => undefined);
    }
    console.log('Servidor detenido.');
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}

const parts: Parameters<typeof stopOnSignals>[1] = {};

async function main() {
  const config = loadConfig();
  await assertPortFree(config.port, config.host);
  stopOnSignals(config, parts);
  parts.database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await prepareData(parts.database, config);
  const { app, ctx } = await buildApp({ database: parts.database, config });
  parts.app = app;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    throw new StartError(portProblem(config.port, config.host, err as NodeJS.ErrnoException));
  }
  parts.stopJobs = startJobs(ctx, app.log, [...PLATFORM_JOBS, ...MODULE_JOBS]);
  printWelcome(config, await hasDemoAccounts(ctx.db));
}

main().catch(async (err) => {
  const known = err instanceof StartError || err instanceof DatabaseOpenError;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  console.error(known ? (err as Error).message : `No se pudo iniciar el servidor: ${cause instanceof Error ? cause.message : String(cause)}`);
  await parts.database?.close().catch(() => undefined);
  process.exit(1);
});

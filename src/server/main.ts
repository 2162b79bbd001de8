import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { buildApp } from './app';
import { startJobs } from './platform/jobs';
import { databaseIsEmpty, seedDemo } from './db/demo/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PIN } from './db/demo/data';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await migrateDatabase(database);
  // demo data only for the embedded database; a real server starts empty (npm run admin:create)
  if (!config.databaseUrl && (await databaseIsEmpty(database.db))) {
    console.log('Base de datos vacía: cargando datos de demostración…');
    await seedDemo(database.db, config.uploadsDir);
  }
  const { app, ctx } = await buildApp({ database, config });
  const stopJobs = startJobs(ctx, app.log);
  const shutdown = async () => {
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  console.log(`\nBack office listo en http://localhost:${config.port}`);
  if (!config.databaseUrl) {
    console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}, PIN ${DEMO_PIN}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(22)} ${a.role}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

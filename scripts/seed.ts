/**
 * Loads the demo data into the configured database (DATABASE_URL, or the embedded one in DATA_DIR)
 * when it has no users yet:  npm run seed  [-- --scale medium|large]
 * (large: 20 clinics, 300 cabins, 200,000 customers and 2,000,000 appointments; see src/server/db/demo/large.ts)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PIN } from '../src/server/db/demo/data';
import { databaseIsEmpty, seedDemo } from '../src/server/db/demo/seed';
import { SCALES, seedLarge, todayIn } from '../src/server/db/demo/large';

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' } } });
  const scale = values.scale === 'demo' ? undefined : SCALES[values.scale];
  if (values.scale !== 'demo' && !scale) {
    console.error(`Escala desconocida: ${values.scale}. Uso: npm run seed [-- --scale demo|medium|large]`);
    process.exit(1);
  }
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `la base de datos integrada en ${config.dataDir}`;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    await migrateDatabase(database);
    if (!(await databaseIsEmpty(database.db))) {
      console.log(`No se cargaron datos de demostración: ${where} ya tiene usuarios.`);
      return;
    }
    const started = Date.now();
    if (scale) {
      console.log(
        `Cargando la escala "${scale.name}" (${scale.customers.toLocaleString('es-MX')} clientes, ${scale.appointments.toLocaleString('es-MX')} citas)…`,
      );
      await seedLarge(database.db, config.uploadsDir, scale, { today: todayIn('America/Tijuana') });
      console.log(`Carga completa en ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    } else await seedDemo(database.db, config.uploadsDir, { log: (message) => console.log(message) });
  } finally {
    await database.close();
  }
  console.log(`Datos de demostración cargados en ${where}.`);
  console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}, PIN ${DEMO_PIN}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(22)} ${a.role}`);
}

main().catch((err) => {
  // drizzle wraps the database's error (its message repeats the whole query): show the cause
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  console.error(`No se pudieron cargar los datos: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exit(1);
});

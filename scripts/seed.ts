/**
 * Loads the demo data into the configured database (DATABASE_URL, or the embedded one in DATA_DIR)
 * when it has no users yet:  npm run seed  [-- --scale large]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PIN } from '../src/server/db/demo/data';
import { databaseIsEmpty, seedDemo } from '../src/server/db/demo/seed';

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: 'demo' } } });
  if (values.scale === 'large') {
    console.error('La escala "large" (datos de volumen de una cadena) todavía no está disponible.');
    process.exit(1);
  }
  if (values.scale !== 'demo') {
    console.error(`Escala desconocida: ${values.scale}. Uso: npm run seed [-- --scale large]`);
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
    await seedDemo(database.db, config.uploadsDir);
  } finally {
    await database.close();
  }
  console.log(`Datos de demostración cargados en ${where}.`);
  console.log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}, PIN ${DEMO_PIN}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(22)} ${a.role}`);
}

main().catch((err) => {
  console.error(`No se pudieron cargar los datos: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

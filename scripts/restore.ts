/**
 * Replaces the configured database and the uploaded photos with a backup made by `npm run backup`:
 *   npm run restore -- backups/clinicas-postgres-2026-11-25-10-00-00.tar.gz
 * Stop every server first: the restore refuses a database with open connections (or a locked embedded one).
 */
import { BUSINESS_TIME_ZONE } from '../src/domain/dates';
import { loadConfig } from '../src/server/config';
import { restore } from '../src/server/platform/backup';

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('indique el archivo: npm run restore -- respaldo.tar.gz');
  const config = loadConfig();
  const manifest = await restore(config, file);
  const created = new Date(manifest.createdAt).toLocaleString('es-MX', { timeZone: BUSINESS_TIME_ZONE });
  console.log(`Restaurado el respaldo del ${created} (versión ${manifest.version}, ${manifest.migrations.applied} migraciones).`);
  console.log('Al arrancar, el servidor aplica las migraciones que le falten a esa copia.');
}

main().catch((err) => {
  console.error(`No se pudo restaurar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

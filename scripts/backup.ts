/**
 * A backup of the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and the uploaded photos:
 *   npm run backup                    (writes backups/clinicas-<base>-<fecha>.tar.gz)
 *   npm run backup -- respaldo.tar.gz (writes that file)
 * PostgreSQL is dumped while the servers run; the embedded database only with its server stopped.
 */
import { loadConfig } from '../src/server/config';
import { backup } from '../src/server/platform/backup';

async function main() {
  const config = loadConfig();
  const { file, bytes } = await backup(config, process.argv[2]);
  console.log(`Respaldo guardado en ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB): base de datos y fotos.`);
  console.log(`Para restaurarlo: npm run restore -- ${file}`);
}

main().catch((err) => {
  console.error(`No se pudo respaldar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

/**
 * The first Super Administrador of a real database (DATABASE_URL), which starts without demo data:
 *   npm run admin:create -- --email a@b.mx --password 'Secret2026!' [--pin 1234] [--name Nombre --last-name Apellido]
 * Also works on the embedded database (DATA_DIR) while the server is stopped.
 */
import { parseArgs } from 'node:util';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ROLE_NAMES } from '../src/domain/roles';
import { email as emailSchema, pin as pinSchema, strongPassword } from '../src/domain/validation';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { seedRoles } from '../src/server/db/demo/seed';
import { roles, users } from '../src/server/db/schema';
import { hashSecret } from '../src/server/platform/auth/passwords';
import { recordChange } from '../src/server/platform/change-log';

const USAGE = "Uso: npm run admin:create -- --email correo@dominio.mx --password 'Secreta2026!' [--pin 1234] [--name Nombre --last-name Apellido]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const res = schema.safeParse(value);
  if (!res.success) fail(res.error.issues[0]?.message ?? 'Valor inválido');
  return res.data;
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, pin: { type: 'string' }, name: { type: 'string' }, 'last-name': { type: 'string' } },
    });
    if (!values.email || !values.password) fail(USAGE);
    return {
      email: check(emailSchema(), values.email).toLowerCase(),
      password: check(strongPassword(), values.password),
      pin: values.pin === undefined ? undefined : check(pinSchema(), values.pin),
      name: values.name?.trim() || 'Administrador',
      lastName: values['last-name']?.trim() || 'General',
    };
  } catch (err) {
    fail(`Opciones inválidas (${err instanceof Error ? err.message : String(err)}).\n${USAGE}`);
  }
}

async function createAdmin(database: Database, opts: ReturnType<typeof readOptions>) {
  const { db } = database;
  await migrateDatabase(database);
  await seedRoles(db);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${opts.email}`, isNull(users.deletedAt)))
    .limit(1);
  if (existing) throw new Error(`Ya existe un usuario con el correo ${opts.email}; no se creó otro.`);
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, ROLE_NAMES.superAdmin), isNull(roles.deletedAt)))
    .limit(1);
  if (!role) throw new Error(`No existe el rol ${ROLE_NAMES.superAdmin}.`);
  const [passwordHash, pinHash] = await Promise.all([hashSecret(opts.password), opts.pin ? hashSecret(opts.pin) : null]);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ name: opts.name, lastName: opts.lastName, username: opts.email, passwordHash, pinHash, roleId: role.id, mainBranchId: null })
      .returning({ id: users.id });
    const after = { username: opts.email, name: opts.name, lastName: opts.lastName, role: ROLE_NAMES.superAdmin, pin: opts.pin ? 'asignado' : null };
    await recordChange(tx, null, { module: 'users', action: 'crear', entityId: user.id, after });
    return user.id;
  });
}

async function main() {
  const opts = readOptions();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    await createAdmin(database, opts);
  } finally {
    await database.close();
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `la base de datos integrada en ${config.dataDir}`;
  console.log(`Usuario ${opts.email} creado con el rol ${ROLE_NAMES.superAdmin} en ${where}.`);
  if (!opts.pin) console.log('Sin PIN: el acceso rápido con PIN queda desactivado hasta que lo asigne en «Cambiar PIN».');
}

main().catch((err) => fail(`No se pudo crear el administrador: ${err instanceof Error ? err.message : String(err)}`));

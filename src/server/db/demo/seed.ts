import { and, count, eq, like, sql } from 'drizzle-orm';
import { DEFAULT_ROLES, ROLE_NAMES } from '../../../domain/roles';
import { hashSecret } from '../../platform/auth/passwords';
import type { Db } from '../client';
import { branchSchedules, branches, categories, changeLog, departments, jobPositions, rolePrivileges, roles, settings, users } from '../schema';
import {
  DEMO_ACCOUNTS,
  DEMO_BRANCHES,
  DEMO_CATEGORIES,
  DEMO_DOMAIN,
  DEMO_DEPARTMENTS,
  DEMO_JOB_POSITIONS,
  DEMO_PASSWORD,
  DEMO_PIN,
  DEMO_SCHEDULE,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  LAST_NAMES,
  type DemoUser,
} from './data';
import { demoId, seededRandom } from './random';
import { seedLookups } from './lookups';
import { seedCustomers } from './customers';
import { demoUserRow, seedStaffFiles, userPhotoName, writeUserPhotos } from './staff';
import { seedAppliances } from './catalogue-appliances';
import { seedCabins } from './catalogue-branches';
import { seedCoupons } from './catalogue-coupons';
import { seedPackages } from './catalogue-packages';
import { seedProducts } from './catalogue-products';
import { seedProviders } from './catalogue-providers';
import { syncAppointmentNumbers } from '../sequences';
import { seedTreatmentSupplies } from './supplies';
import { planInventoryYear, seedInventoryToday } from './inventory';
import { Timeline } from './timeline';
import { ledgerMismatches } from '../../modules/inventory';
import { rebuildReportSummaries } from '../../modules/reports';
import { seedTreatments } from './catalogue-treatments';
import { live } from '../live';
import { seedCommissions } from './commissions';

/** The demo accounts (whose password the README publishes) can still sign in. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(like(users.username, `%@${DEMO_DOMAIN}`), live(users), eq(users.status, 'activo')));
  return row.n > 0;
}

export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n === 0;
}

/** Roles with their default privileges; also used on an empty real database by admin:create. */
export async function seedRoles(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of DEFAULT_ROLES) {
    const id = demoId('role:' + role.name);
    await db
      .insert(roles)
      .values({ id, name: role.name, branchBound: role.branchBound, extendedCancellationLimit: role.extendedCancellationLimit })
      .onConflictDoNothing();
    const rows = Object.entries(role.privileges).map(([module, actions]) => ({ roleId: id, module, actions: actions as string[] }));
    if (rows.length) await db.insert(rolePrivileges).values(rows).onConflictDoNothing();
    ids.set(role.name, id);
  }
  return ids;
}

async function seedBranches(db: Db) {
  for (const b of DEMO_BRANCHES) {
    const id = demoId('branch:' + b.key);
    // the demo's own fields (key, exchange rate) stay out; every other one is a column of the branch
    const { key: _key, exchangeRate: _exchangeRate, franchise = false, distributionCenter = false, ...columns } = b;
    await db
      .insert(branches)
      .values({
        id,
        ...columns,
        franchise,
        distributionCenter,
        showInClients: !distributionCenter,
        description: distributionCenter ? 'Centro de distribución de insumos y productos' : `Clínica ${b.name}`,
      });
    await db.insert(branchSchedules).values(DEMO_SCHEDULE.map((s) => ({ branchId: id, ...s })));
  }
}

async function seedHr(db: Db) {
  for (const name of DEMO_DEPARTMENTS) await db.insert(departments).values({ id: demoId('department:' + name), name });
  for (const p of DEMO_JOB_POSITIONS) {
    await db.insert(jobPositions).values({ id: demoId('job:' + p.name), name: p.name, departmentId: demoId('department:' + p.department) });
  }
}

/** Each clinic gets a manager, two medics and three cosmetologists besides the demo accounts. */
function staffOfBranches(): DemoUser[] {
  const rnd = seededRandom(2026);
  const staff: DemoUser[] = [];
  const person = (role: string, branch: string, female: boolean, n: number) => {
    const name = rnd.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
    const lastName = rnd.pick(LAST_NAMES);
    const motherLastName = rnd.pick(LAST_NAMES);
    const slug = `${name}.${lastName}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    staff.push({ username: `${slug}.${branch}${n}@demo.mx`, name, lastName, motherLastName, role, branch, female });
  };
  for (const b of DEMO_BRANCHES) {
    if (b.distributionCenter) continue;
    if (b.key !== 'tijuana') person(b.franchise ? ROLE_NAMES.franchisee : ROLE_NAMES.branchManager, b.key, rnd.next() < 0.6, 1);
    for (let i = 1; i <= 2; i++) person(ROLE_NAMES.medic, b.key, rnd.next() < 0.5, i);
    for (let i = 1; i <= 3; i++) person(ROLE_NAMES.cosmetologist, b.key, true, i);
  }
  return staff;
}

/** Every demo user with an avatar and a complete staff file (staff.ts). */
async function seedUsers(db: Db, roleIds: Map<string, string>, uploadsDir: string) {
  const all = [...DEMO_ACCOUNTS, ...staffOfBranches()];
  // one hash for the shared demo password and PIN keeps seeding fast
  const [passwordHash, pinHash] = await Promise.all([hashSecret(DEMO_PASSWORD), hashSecret(DEMO_PIN), writeUserPhotos(uploadsDir, all)]);
  await db.insert(users).values(all.map((u) => ({ ...demoUserRow(u, roleIds.get(u.role)!, { passwordHash, pinHash }), photo: userPhotoName(u.username) })));
  await seedStaffFiles(db, all);
}

/** The history an administrator would have left while setting the catalogue up. */
function catalogueHistory(rows: { id: string; name: string; type: string }[]) {
  const admin = demoId('user:admin@demo.mx');
  const tijuana = demoId('branch:tijuana');
  const start = Date.UTC(2026, 0, 5, 17, 0);
  return rows.map((c, i) => ({
    module: 'categories',
    action: 'crear',
    entityId: c.id,
    after: { id: c.id, name: c.name, type: c.type, active: true },
    userId: admin,
    branchId: tijuana,
    metadata: { userAgent: 'Carga inicial del catálogo' },
    createdAt: new Date(start + i * 37 * 60_000),
  }));
}

async function seedCatalogue(db: Db) {
  const rows = DEMO_CATEGORIES.map((c) => ({ id: demoId(`category:${c.type}:${c.name}`), ...c }));
  await db.insert(categories).values(rows);
  await db.insert(changeLog).values(catalogueHistory(rows));
  await db.insert(settings).values({
    id: demoId('settings'),
    paymentProcessType: 'terminal',
    exchangeRate: Object.fromEntries(DEMO_BRANCHES.filter((b) => !b.distributionCenter).map((b) => [demoId('branch:' + b.key), b.exchangeRate])),
    // the busiest clinic keeps more change in its drawer; the others open with the default float
    openingFloat: { [demoId('branch:cdmx')]: 3000 },
  });
}

/**
 * The deterministic demo data set: the same rows, with the same ids, on every run. `uploadsDir` receives
 * the generated demo photos (users, products, treatments, packages, notes). The customers' history
 * (sales, agenda, points) is anchored to 2026-11-22 (sales.ts DEMO_TODAY).
 */
export async function seedDemo(db: Db, uploadsDir: string, opts: { log?: (message: string) => void } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const roleIds = await seedRoles(t);
    await seedBranches(t);
    await seedHr(t);
    await seedUsers(t, roleIds, uploadsDir);
    await seedCatalogue(t);
    // the catalogue, in dependency order: each step reads what the previous ones created
    await seedLookups(t);
    await seedProviders(t);
    await seedProducts(t, uploadsDir);
    await seedAppliances(t);
    await seedTreatments(t, uploadsDir);
    await seedPackages(t, uploadsDir);
    await seedCoupons(t);
    await seedCabins(t);
    // the past on one clock: the inventory's year runs among the sales history (timeline.ts)
    const timeline = new Timeline();
    await planInventoryYear(t, timeline);
    await seedCustomers(t, uploadsDir, timeline, opts.log);
    // after the agenda: the clinics' lots of what their booked treatments consume
    await seedTreatmentSupplies(t);
    // what waits for a user today: restocks and transfers asked or on their way, sales of stock to third parties
    await seedInventoryToday(t);
    const broken = await ledgerMismatches(t);
    if (broken.length) throw new Error(`Lotes cuya cantidad no es la suma de sus movimientos: ${broken.join(', ')}`);
    await seedCommissions(t);
    await syncAppointmentNumbers(t);
    // the agenda's history went in with the triggers off: the reports' summaries are made from what was written
    await rebuildReportSummaries(t);
  });
  // fresh planner statistics for the tables just filled (PGlite has no autovacuum to do it)
  await db.execute(sql`analyze`);
}

export { demoId };

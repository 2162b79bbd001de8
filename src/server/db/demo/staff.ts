import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { PrivilegeMap } from '../../../domain/privileges';
import { ROLE_NAMES } from '../../../domain/roles';
import { BLOOD_TYPES, STAFF_MARITAL_STATUSES, WORK_SHIFTS } from '../../../domain/staff.schemas';
import type { Db } from '../client';
import { rolePrivileges, roles, staffContacts, staffFiles, staffSignatures, users } from '../schema';
import { bulkInsert, dayNumber, isoOfDay } from './bulk';
import { DEMO_BRANCHES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, type DemoUser } from './data';
import { DEMO_TODAY } from './demo-day';
import { demoId, seededRandom } from './random';
import { toCents } from '../../../domain/money';

/** The job position of each role; medics and cosmetologists alternate between two. */
const POSITIONS: Record<string, [string, string?]> = {
  [ROLE_NAMES.superAdmin]: ['Director General'],
  [ROLE_NAMES.logistics]: ['Gerente de Logística'],
  [ROLE_NAMES.branchManager]: ['Gerente de Sucursal'],
  [ROLE_NAMES.operations]: ['Gerente Operativo'],
  [ROLE_NAMES.franchisee]: ['Franquiciatario'],
  [ROLE_NAMES.medic]: ['Médico Estético', 'Médico General'],
  [ROLE_NAMES.cosmetologist]: ['Cosmetóloga', 'Cosmetóloga Senior'],
};
const DEPARTMENT: Record<string, string> = {
  'Médico Estético': 'Médica',
  'Médico General': 'Médica',
  Cosmetóloga: 'Cosmetológica',
  'Cosmetóloga Senior': 'Cosmetológica',
};
/** Monthly gross salary in pesos. */
const SALARY: Record<string, number> = {
  'Director General': 85_000,
  'Gerente Operativo': 55_000,
  'Gerente de Logística': 42_000,
  Franquiciatario: 40_000,
  'Gerente de Sucursal': 32_000,
  'Médico Estético': 38_000,
  'Médico General': 30_000,
  'Cosmetóloga Senior': 16_500,
  Cosmetóloga: 13_000,
  Recepcionista: 10_500,
};
const PROFESSION: Record<string, [string, string]> = {
  'Director General': ['Lic. en Administración de Empresas', 'superior'],
  'Gerente Operativo': ['Ing. Industrial', 'superior'],
  'Gerente de Logística': ['Lic. en Logística', 'superior'],
  Franquiciatario: ['Lic. en Negocios Internacionales', 'superior'],
  'Gerente de Sucursal': ['Lic. en Administración', 'superior'],
  'Médico Estético': ['Médico Cirujano', 'superior'],
  'Médico General': ['Médico Cirujano', 'superior'],
  'Cosmetóloga Senior': ['Lic. en Cosmetología', 'superior'],
  Cosmetóloga: ['Técnica en Cosmetología', 'media superior'],
  Recepcionista: ['Bachillerato técnico en administración', 'media superior'],
};

/** Birth places: state, its CURP code and a city. */
const BIRTHPLACES: [string, string, string][] = [
  ['Baja California', 'BC', 'Tijuana'],
  ['Baja California', 'BC', 'Mexicali'],
  ['Sonora', 'SR', 'Hermosillo'],
  ['Sinaloa', 'SL', 'Culiacán'],
  ['Jalisco', 'JC', 'Guadalajara'],
  ['Ciudad de México', 'DF', 'Ciudad de México'],
  ['Nuevo León', 'NL', 'Monterrey'],
  ['Chihuahua', 'CH', 'Ciudad Juárez'],
  ['Michoacán', 'MN', 'Morelia'],
  ['Puebla', 'PL', 'Puebla'],
  ['Veracruz', 'VZ', 'Xalapa'],
  ['México', 'MC', 'Toluca'],
  ['Guanajuato', 'GT', 'León'],
];
const STREETS = [
  'Av. Revolución',
  'Calle Francisco I. Madero',
  'Av. Benito Juárez',
  'Calle Miguel Hidalgo',
  'Blvd. Díaz Ordaz',
  'Calle Niños Héroes',
  'Av. Constitución',
  'Calle 5 de Mayo',
  'Av. Insurgentes',
  'Calle Morelos',
];
const SUBURBS = [
  'Centro',
  'Jardines del Lago',
  'Las Palmas',
  'Del Valle',
  'Santa Fe',
  'Lomas Verdes',
  'Residencial del Bosque',
  'Chapultepec',
  'Hipódromo',
  'La Mesa',
];
const COMPANIES = [
  'Hospital Ángeles',
  'Clínica San Rafael',
  'Farmacias Guadalajara',
  'Spa Bella Vida',
  'Grupo Salinas',
  'Liverpool',
  'Dermaclinic',
  'Hospital Star Médica',
  'Cosmetics Bahía',
  'Hotel Fiesta Inn',
];
const REF_POSITIONS: Record<string, string[]> = {
  Médica: ['Médico adscrito', 'Médico residente', 'Médico de consulta externa'],
  Cosmetológica: ['Cosmetóloga', 'Esteticista', 'Terapeuta de spa'],
  Administrativa: ['Gerente de tienda', 'Coordinador administrativo', 'Jefe de operaciones'],
};
const BANKS = ['012', '002', '014', '072', '021', '044'];
/** Where the demo avatars live and how the app names them (see platform/files.ts). */
const PHOTO_FOLDER = 'users';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, 'X');
const VOWELS = 'AEIOU';
const internalVowel = (w: string) => [...w.slice(1)].find((ch) => VOWELS.includes(ch)) ?? 'X';
const internalConsonant = (w: string) => [...w.slice(1)].find((ch) => !VOWELS.includes(ch)) ?? 'X';

/** The first four letters shared by CURP and RFC: paternal surname, its first inner vowel, maternal surname, name. */
function initials4(p: DemoUser): string {
  const last = fold(p.lastName);
  const mother = fold(p.motherLastName);
  return last[0] + internalVowel(last) + mother[0] + fold(p.name)[0];
}

/** A CURP built like RENAPO does: initials, YYMMDD, sex, state, inner consonants, century character and a digit. */
export function demoCurp(p: DemoUser, birthdate: string, stateCode: string, check: number): string {
  const ymd = birthdate.slice(2, 4) + birthdate.slice(5, 7) + birthdate.slice(8, 10);
  const consonants = internalConsonant(fold(p.lastName)) + internalConsonant(fold(p.motherLastName)) + internalConsonant(fold(p.name));
  const century = Number(birthdate.slice(0, 4)) < 2000 ? String(check % 10) : 'A';
  return initials4(p) + ymd + (p.female ? 'M' : 'H') + stateCode + consonants + century + String((check * 7) % 10);
}

export function demoRfc(p: DemoUser, birthdate: string, n: number): string {
  const alnum = 'ABCDEFGHJKLMNPRSTUVWXYZ123456789';
  const ymd = birthdate.slice(2, 4) + birthdate.slice(5, 7) + birthdate.slice(8, 10);
  return initials4(p) + ymd + alnum[n % alnum.length] + alnum[(n * 7 + 3) % alnum.length] + String(n % 10);
}

/** An 18-digit CLABE: bank, plaza, account and the weighted check digit. */
function clabe(bank: string, n: number): string {
  const body = bank + String(180 + (n % 700)).padStart(3, '0') + String(10_000_000_000 + n * 7_919_311).slice(-11);
  const sum = [...body].reduce((s, d, i) => s + ((Number(d) * [3, 7, 1][i % 3]) % 10), 0);
  return body + ((10 - (sum % 10)) % 10);
}

const digits = (rnd: ReturnType<typeof seededRandom>, n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? rnd.int(1, 9) : rnd.int(0, 9))).join('');

/** The stored photo name of a demo user: a UUID-like name as files.ts gives uploads. */
export const userPhotoName = (username: string) => `${demoId('photo:users:' + username)}.jpg`;

const HUES = [210, 330, 160, 20, 270, 190, 45, 300];
function avatarSvg(p: DemoUser, i: number): string {
  const letters = (fold(p.name)[0] + fold(p.lastName)[0]).replace(/X/g, '');
  const hue = HUES[i % HUES.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="hsl(${hue},42%,58%)"/><circle cx="120" cy="96" r="46" fill="rgba(255,255,255,0.35)"/><ellipse cx="120" cy="222" rx="84" ry="66" fill="rgba(255,255,255,0.35)"/><text x="120" y="112" font-size="44" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">${letters}</text></svg>`;
}

/**
 * A 240 px JPEG avatar per user, stored as original and thumbnail (already thumbnail size), skipped when
 * present from an earlier seed; a machine without fonts or a writable disk still seeds.
 */
export async function writeUserPhotos(uploadsDir: string, people: DemoUser[]): Promise<void> {
  try {
    const dir = path.join(uploadsDir, PHOTO_FOLDER);
    await mkdir(path.join(dir, 'thumbnails'), { recursive: true });
    await Promise.all(
      people.map(async (p, i) => {
        const file = userPhotoName(p.username);
        if (existsSync(path.join(dir, 'thumbnails', file))) return;
        const jpg = await sharp(Buffer.from(avatarSvg(p, i)))
          .jpeg({ quality: 78 })
          .toBuffer();
        for (const target of [path.join(dir, file), path.join(dir, 'thumbnails', file)]) {
          const tmp = `${target}.${process.pid}.tmp`;
          await writeFile(tmp, jpg);
          await rename(tmp, target);
        }
      }),
    );
  } catch {
    /* demo pictures are decoration */
  }
}

/**
 * A receptionist's role: the demo clinics' front desk (agenda, appointments, customers, the till), bound
 * to its branch. Not one of the seven default roles of src/domain/roles.ts; a chain makes it in
 * /dashboard/roles, the demo brings it ready (docs/decisions.md).
 */
export const RECEPTIONIST_ROLE = 'Recepcionista';
const RECEPTIONIST_PRIVILEGES: PrivilegeMap = {
  dairy: ['show', 'create', 'edit', 'view'],
  blockers: ['show', 'view'],
  appointment: ['show', 'create', 'edit', 'view'],
  clients: ['show', 'create', 'edit', 'view'],
  history: ['show', 'view'],
  loyalty_system: ['show', 'view'],
  members: ['show', 'view'],
  miss_you: ['show', 'view'],
  cabains: ['show', 'view'],
  treatments: ['show', 'view'],
  packages: ['show', 'view'],
  promotions: ['show', 'view'],
  coupons: ['show', 'view'],
  pos: ['show', 'create'],
  sales: ['show', 'view', 'refund'],
  cash_closing: ['show', 'create', 'view'],
};

interface ExtraStaff extends DemoUser {
  position: string;
  status: 'activo' | 'inactivo';
  admission: string;
  departure?: string;
  reentry?: string;
}

/**
 * Staff beyond the seven demo accounts and the clinics' clinical teams: a receptionist at every clinic
 * (Ensenada's left in 2023 and came back), and two people who left and are inactive. None of them has
 * a role the sales history picks its sellers and professionals from (sales.ts), so that history stays as it is.
 * The coupon history draws its sellers from everyone at a clinic, status aside (catalogue-coupons.ts): with
 * today's draw no redemption falls on the inactive receptionist in Guadalajara.
 */
const EXTRA_STAFF: ExtraStaff[] = [
  {
    username: 'recepcion.tijuana@demo.mx',
    name: 'Paola',
    lastName: 'Serrano',
    motherLastName: 'Beltrán',
    female: true,
    branch: 'tijuana',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2021-08-02',
  },
  {
    username: 'recepcion.mexicali@demo.mx',
    name: 'Itzel',
    lastName: 'Navarro',
    motherLastName: 'Camacho',
    female: true,
    branch: 'mexicali',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2022-02-14',
  },
  {
    username: 'recepcion.ensenada@demo.mx',
    name: 'Daniela',
    lastName: 'Orozco',
    motherLastName: 'Valdez',
    female: true,
    branch: 'ensenada',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2020-06-01',
    departure: '2023-06-30',
    reentry: '2024-02-05',
  },
  {
    username: 'recepcion.cdmx@demo.mx',
    name: 'Sebastián',
    lastName: 'Arriaga',
    motherLastName: 'Luna',
    female: false,
    branch: 'cdmx',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2023-01-09',
  },
  {
    username: 'recepcion.guadalajara@demo.mx',
    name: 'Regina',
    lastName: 'Estrada',
    motherLastName: 'Solís',
    female: true,
    branch: 'guadalajara',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2022-09-05',
  },
  {
    username: 'recepcion.monterrey@demo.mx',
    name: 'Mariana',
    lastName: 'Treviño',
    motherLastName: 'Cantú',
    female: true,
    branch: 'monterrey',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'activo',
    admission: '2023-04-17',
  },
  {
    username: 'karla.fuentes.baja@demo.mx',
    name: 'Karla',
    lastName: 'Fuentes',
    motherLastName: 'Ibarra',
    female: true,
    branch: 'guadalajara',
    role: RECEPTIONIST_ROLE,
    position: 'Recepcionista',
    status: 'inactivo',
    admission: '2019-03-04',
    departure: '2021-07-30',
  },
  {
    username: 'ruben.salgado.baja@demo.mx',
    name: 'Rubén',
    lastName: 'Salgado',
    motherLastName: 'Ochoa',
    female: false,
    branch: 'cedis',
    role: ROLE_NAMES.logistics,
    position: 'Gerente de Logística',
    status: 'inactivo',
    admission: '2018-05-07',
    departure: '2024-05-31',
  },
];

/** The receptionist role with its privileges; the demo accounts' roles come from seedRoles (seed.ts). */
async function seedReceptionistRole(db: Db): Promise<string> {
  const id = demoId('role:' + RECEPTIONIST_ROLE);
  await db.insert(roles).values({ id, name: RECEPTIONIST_ROLE, branchBound: true, extendedCancellationLimit: false }).onConflictDoNothing();
  const rows = Object.entries(RECEPTIONIST_PRIVILEGES).map(([module, actions]) => ({ roleId: id, module, actions: actions as string[] }));
  await db.insert(rolePrivileges).values(rows).onConflictDoNothing();
  return id;
}

/** A demo user's account row: id, names, username, the shared secrets' hashes, role and main branch. */
export function demoUserRow(u: DemoUser, roleId: string, secrets: Pick<typeof users.$inferInsert, 'passwordHash' | 'pinHash'>) {
  return {
    id: demoId('user:' + u.username),
    name: u.name,
    lastName: u.lastName,
    motherLastName: u.motherLastName,
    username: u.username,
    passwordHash: secrets.passwordHash,
    pinHash: secrets.pinHash,
    roleId,
    mainBranchId: demoId('branch:' + u.branch),
  };
}

/** Accounts for EXTRA_STAFF with the demo password and PIN (the hashes of admin@demo.mx), no photo. */
async function seedExtraUsers(db: Db): Promise<void> {
  await seedReceptionistRole(db);
  const [admin] = await db.select({ passwordHash: users.passwordHash, pinHash: users.pinHash }).from(users).where(eq(users.username, 'admin@demo.mx')).limit(1);
  if (!admin) return;
  const stamp = new Date(Date.UTC(2025, 0, 6, 17, 0));
  await db
    .insert(users)
    .values(EXTRA_STAFF.map((u) => ({ ...demoUserRow(u, demoId('role:' + u.role), admin), status: u.status, createdAt: stamp, updatedAt: stamp })));
}

/** Kin of an emergency contact: the word agrees with the person's sex, and the surnames with the family. */
type Kin = { relationship: string; female: boolean; surnames: 'father' | 'mother' | 'sibling' | 'paternal' | 'other' };
const MAIN_KIN: Kin[] = [
  { relationship: 'Madre', female: true, surnames: 'mother' },
  { relationship: 'Padre', female: false, surnames: 'father' },
  { relationship: 'Hermana', female: true, surnames: 'sibling' },
  { relationship: 'Hermano', female: false, surnames: 'sibling' },
];
const SECONDARY_KIN: Kin[] = [
  { relationship: 'Hermana', female: true, surnames: 'sibling' },
  { relationship: 'Hermano', female: false, surnames: 'sibling' },
  { relationship: 'Tía', female: true, surnames: 'paternal' },
  { relationship: 'Tío', female: false, surnames: 'paternal' },
  { relationship: 'Prima', female: true, surnames: 'paternal' },
  { relationship: 'Primo', female: false, surnames: 'paternal' },
  { relationship: 'Amiga', female: true, surnames: 'other' },
  { relationship: 'Amigo', female: false, surnames: 'other' },
];
const MARRIED = new Set(['Casado', 'Concubinato']);

/** A complete personnel file, contacts, references and 1–4 contract signatures for every demo user. */
export async function seedStaffFiles(db: Db, people: DemoUser[]): Promise<void> {
  await seedExtraUsers(db);
  const rnd = seededRandom(5150);
  const files: (typeof staffFiles.$inferInsert)[] = [];
  const contacts: (typeof staffContacts.$inferInsert)[] = [];
  const signatures: (typeof staffSignatures.$inferInsert)[] = [];
  const today = dayNumber(DEMO_TODAY);
  const clinical = new Set<string>([ROLE_NAMES.medic, ROLE_NAMES.cosmetologist]);
  const counters: Record<string, number> = {};
  const stamp = new Date(Date.UTC(2025, 0, 6, 17, 0));
  const extras = new Map(EXTRA_STAFF.map((e) => [e.username, e]));

  [...people, ...EXTRA_STAFF].forEach((p, i) => {
    const extra = extras.get(p.username);
    const userId = demoId('user:' + p.username);
    const options = POSITIONS[p.role] ?? ['Gerente de Sucursal'];
    if (!extra) counters[p.role] = (counters[p.role] ?? 0) + 1;
    const position = extra?.position ?? (options[1] && counters[p.role] % 2 === 0 ? options[1] : options[0]);
    const department = DEPARTMENT[position] ?? 'Administrativa';
    const branch = DEMO_BRANCHES.find((b) => b.key === p.branch) ?? DEMO_BRANCHES[0];
    const birthdate = `${rnd.int(1972, 2000)}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
    // clinical staff joined before the demo history (October 2025) so every attended appointment has its author
    const admission = extra ? dayNumber(extra.admission) : dayNumber('2018-01-08') + rnd.int(0, clinical.has(p.role) ? 2700 : 2900);
    const [birthState, stateCode, birthCity] = i < 3 ? BIRTHPLACES[i] : rnd.pick(BIRTHPLACES);
    const salary = Math.round((SALARY[position] ?? 20_000) * (0.92 + rnd.next() * 0.16));
    const [profession, degree] = PROFESSION[position] ?? ['Lic. en Administración', 'superior'];
    const medic = department === 'Médica';
    const street = `${rnd.pick(STREETS)} ${rnd.int(100, 9999)}, Col. ${rnd.pick(SUBURBS)}`;
    const movedIn = rnd.next() < 0.3;
    const phone = (n: number) => branch.mobilePhone.slice(0, 3) + String(1_000_000 + ((i * 7_919 + n * 104_729) % 9_000_000)).padStart(7, '0');
    const slug = `${p.name}.${p.lastName}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const maritalStatus = rnd.pick(STAFF_MARITAL_STATUSES);
    files.push({
      id: demoId('staff-file:' + p.username),
      userId,
      employeeNumber: `EMP${String(i + 1).padStart(3, '0')}`,
      jobPositionId: demoId('job:' + position),
      departmentId: demoId('department:' + department),
      workShift: p.role === ROLE_NAMES.cosmetologist ? WORK_SHIFTS[i % 3] : i % 4 === 0 ? 'vespertino' : 'matutino',
      birthdate,
      admissionDate: isoOfDay(admission),
      departureDate: extra?.departure ?? null,
      reentryDate: extra?.reentry ?? null,
      phone: phone(0),
      salary: toCents(salary),
      // ISR is the percentage withheld from a medic's fees (the commission reports apply it)
      isr: medic ? toCents(10) : null,
      bankAccount: clabe(rnd.pick(BANKS), i + 1),
      gender: p.female ? 'Femenino' : 'Masculino',
      maritalStatus,
      nationality: 'Mexicana',
      birthState,
      birthCity,
      nss: digits(rnd, 11),
      curp: demoCurp(p, birthdate, stateCode, i),
      rfc: demoRfc(p, birthdate, i),
      ocr: digits(rnd, 13),
      infonavit: rnd.next() < 0.35,
      educationalDegree: degree,
      profession,
      professionalLicense: medic || position === 'Cosmetóloga Senior' ? digits(rnd, rnd.next() < 0.5 ? 7 : 8) : null,
      provisionalProfesionalLicense: null,
      childrens: rnd.pick([0, 0, 1, 1, 2, 2, 3]),
      personalEmail: `${slug}.${i}@gmail.com`,
      bloodType: rnd.pick(BLOOD_TYPES),
      diseases: rnd.next() < 0.85 ? 'Ninguna' : rnd.pick(['Asma leve', 'Hipotiroidismo controlado', 'Migraña']),
      allergies: rnd.next() < 0.8 ? 'Ninguna' : rnd.pick(['Polen', 'Mariscos', 'Ácaros']),
      drugAllergies: rnd.next() < 0.88 ? 'Ninguna' : rnd.pick(['Penicilina', 'Sulfas', 'Ácido acetilsalicílico']),
      address: street,
      city: branch.city,
      state: branch.state,
      addressINE: movedIn ? `${rnd.pick(STREETS)} ${rnd.int(100, 9999)}, Col. ${rnd.pick(SUBURBS)}` : street,
      cityINE: movedIn ? birthCity : branch.city,
      stateINE: movedIn ? birthState : branch.state,
      createdAt: stamp,
      updatedAt: stamp,
    });
    // a mother carries the person's maternal surname first, a father and the paternal family the paternal one
    const kinName = (k: Kin) => {
      const first = rnd.pick((k.female ? FIRST_NAMES_F : FIRST_NAMES_M).filter((n) => n !== p.name));
      const other = rnd.pick(LAST_NAMES);
      if (k.surnames === 'mother') return `${first} ${p.motherLastName} ${other}`;
      if (k.surnames === 'father' || k.surnames === 'paternal') return `${first} ${p.lastName} ${other}`;
      if (k.surnames === 'sibling') return `${first} ${p.lastName} ${p.motherLastName}`;
      return `${first} ${other} ${rnd.pick(LAST_NAMES)}`;
    };
    // married people name their spouse first; the spouse is of the other sex in the demo
    const spouse: Kin = { relationship: p.female ? 'Esposo' : 'Esposa', female: !p.female, surnames: 'other' };
    const main = MARRIED.has(maritalStatus) && rnd.next() < 0.7 ? spouse : rnd.pick(MAIN_KIN);
    const second = rnd.pick(SECONDARY_KIN);
    contacts.push(
      {
        id: demoId(`staff-contact:${p.username}:1`),
        userId,
        kind: 'contact',
        main: true,
        name: kinName(main),
        relationship: main.relationship,
        phone: phone(1),
        createdAt: stamp,
        updatedAt: stamp,
      },
      {
        id: demoId(`staff-contact:${p.username}:2`),
        userId,
        kind: 'contact',
        main: false,
        name: kinName(second),
        relationship: second.relationship,
        phone: phone(2),
        createdAt: stamp,
        updatedAt: stamp,
      },
      {
        id: demoId(`staff-contact:${p.username}:3`),
        userId,
        kind: 'reference',
        main: true,
        company: rnd.pick(COMPANIES),
        position: rnd.pick(REF_POSITIONS[department]),
        boss: `${rnd.pick([...FIRST_NAMES_F, ...FIRST_NAMES_M])} ${rnd.pick(LAST_NAMES)}`,
        phone: phone(3),
        createdAt: stamp,
        updatedAt: stamp,
      },
    );
    if (rnd.next() < 0.6) {
      contacts.push({
        id: demoId(`staff-contact:${p.username}:4`),
        userId,
        kind: 'reference',
        main: false,
        company: rnd.pick(COMPANIES),
        position: rnd.pick(REF_POSITIONS[department]),
        boss: `${rnd.pick([...FIRST_NAMES_F, ...FIRST_NAMES_M])} ${rnd.pick(LAST_NAMES)}`,
        phone: phone(4),
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
    // contracts: the first at admission (or re-entry), then at 1, 3 and 12 months while they fall before today and the departure
    const start = extra?.reentry ? dayNumber(extra.reentry) : admission;
    const end = extra?.departure && !extra.reentry ? dayNumber(extra.departure) : today;
    const steps = [0, 30, 90, 365];
    const wanted = rnd.next() < 0.45 ? 4 : rnd.int(1, 3);
    for (let n = 0; n < wanted && start + steps[n] <= end; n++) signatures.push({ userId, number: n + 1, date: isoOfDay(start + steps[n]) });
  });
  await bulkInsert(db, staffFiles, files);
  await bulkInsert(db, staffContacts, contacts);
  await bulkInsert(db, staffSignatures, signatures);
}

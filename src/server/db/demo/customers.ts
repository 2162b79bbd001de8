import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ageOn, ADULT_AGE } from '../../../domain/age';
import { NOTE_TYPES } from '../../../domain/customers.schemas';
import type { Db } from '../client';
import { customerNotes, customers } from '../schema';
import { bulkInsert, idMaker } from './bulk';
import { DEMO_BRANCHES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './data';
import { demoId, seededRandom } from './random';
import { insertHistory, planSalesAndAgenda } from './sales';

export const DEMO_CUSTOMER_COUNT = 3000;
const TODAY = '2026-11-22';
const AREA_CODES: Record<string, string> = { tijuana: '664', mexicali: '686', ensenada: '646', cdmx: '55', guadalajara: '33', monterrey: '81' };
const NOTE_TEXTS = [
  ['Alergia', 'Refiere alergia a la lidocaína; usar anestesia alternativa.'],
  ['Preferencia de horario', 'Prefiere citas por la tarde después de las 17:00.'],
  ['Seguimiento', 'Llamar a los 15 días para revisar la evolución del tratamiento.'],
  ['Queja', 'Comentó demora de 20 minutos en su última cita; se ofreció disculpa.'],
  ['Indicaciones', 'Evitar exposición solar 7 días después del peeling.'],
];

type CustomerRow = typeof customers.$inferInsert;

function birthdayFor(rnd: ReturnType<typeof seededRandom>, minor: boolean): string {
  const year = minor ? 2026 - rnd.int(8, 17) : 2026 - rnd.int(19, 70);
  return `${year}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
}

/**
 * A few thousand customers (minors with tutors, blacklisted ones, cancellations) with notes, some with a
 * photo, and their history: sales, purchased treatments, appointments and the points ledger (sales.ts).
 */
export async function seedCustomers(db: Db, uploadsDir: string): Promise<void> {
  const rnd = seededRandom(1810);
  const clinics = DEMO_BRANCHES.filter((b) => !b.distributionCenter);
  const rows: CustomerRow[] = [];
  const tutorsByBranch = new Map<string, string[]>();
  for (let i = 0; i < DEMO_CUSTOMER_COUNT; i++) {
    const branch = clinics[i % clinics.length];
    const female = rnd.next() < 0.78;
    const minor = i > 200 && rnd.next() < 0.07 && (tutorsByBranch.get(branch.key)?.length ?? 0) > 0;
    const birthday = birthdayFor(rnd, minor);
    const adult = ageOn(birthday, TODAY) >= ADULT_AGE;
    const id = demoId('customer:' + i);
    const name = rnd.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
    const lastName = rnd.pick(LAST_NAMES);
    const isTutor = adult && rnd.next() < 0.12;
    if (isTutor) tutorsByBranch.set(branch.key, [...(tutorsByBranch.get(branch.key) ?? []), id]);
    const area = AREA_CODES[branch.key] ?? '664';
    const mobile = adult ? `${area}${String(2000000 + i * 7).padStart(10 - area.length, '0')}`.slice(0, 10) : null;
    rows.push({
      id,
      name,
      lastName,
      motherLastName: rnd.next() < 0.92 ? rnd.pick(LAST_NAMES) : null,
      gender: female ? 'Femenino' : rnd.next() < 0.97 ? 'Masculino' : 'Otro',
      birthday,
      mobilePhone: mobile,
      phone: adult && rnd.next() < 0.2 ? `${area}${String(5000000 + i).padStart(10 - area.length, '0')}`.slice(0, 10) : null,
      email: adult && rnd.next() < 0.7 ? `${name}.${lastName}.${i}@correo.mx`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase() : null,
      maritalStatus: adult ? rnd.pick(['Soltero', 'Casado', 'Casado', 'Divorciado', 'Viudo', 'Otro'] as const) : 'Soltero',
      originCountry: 'México',
      tutorId: adult ? null : rnd.pick(tutorsByBranch.get(branch.key)!),
      relationship: adult ? null : rnd.pick(['Madre', 'Padre', 'Tutor legal'] as const),
      isTutor,
      blackList: rnd.next() < 0.02,
      cancellations: rnd.next() < 0.06 ? rnd.int(1, 3) : 0,
      active: rnd.next() > 0.03,
      registryBranchId: demoId('branch:' + branch.key),
      createdAt: new Date(Date.UTC(2023, 0, 1) + Math.floor(rnd.next() * 3.8 * 365) * 86_400_000),
    });
  }
  const notes = customerNotesFor(rows, rnd);
  const people = rows.map((c) => ({ id: c.id!, registryBranchId: c.registryBranchId!, createdAt: c.createdAt as Date, cancellations: c.cancellations!, blackList: c.blackList!, active: c.active!, points: 0 }));
  const history = await planSalesAndAgenda(db, people);
  // the cached balance is the running sum of the ledger the history wrote
  people.forEach((p, i) => (rows[i].points = p.points));
  rows.forEach((r, i) => ((r.customerNumber = 1000 + i), (r.updatedAt = r.createdAt)));
  await bulkInsert(db, customers, rows);
  // explicit numbers: the sequence continues after them for customers created in the app
  await db.execute(sql`select setval('customer_number_seq', ${999 + rows.length})`);
  await bulkInsert(db, customerNotes, notes);
  await insertHistory(db, history);
  await writeNotePhotos(uploadsDir);
}

const NOTE_PHOTO_COUNT = 6;
/** The stored names of the demo note photos (UUID-like, as files.ts names uploads). */
const notePhoto = (k: number) => `${demoId('photo:notes:' + k)}.jpg`;
const NOTE_PHOTO_LABELS = ['Antes', 'Después', 'Zona tratada', 'Evolución', 'Seguimiento', 'Control'];

/** Notes for one customer in ten; a third of them carry one of a few generated photos. */
function customerNotesFor(rows: CustomerRow[], rnd: ReturnType<typeof seededRandom>) {
  const notes: (typeof customerNotes.$inferInsert)[] = [];
  const noteId = idMaker('customer-note');
  const authors = ['gerente@demo.mx', 'medico@demo.mx', 'cosmetologa@demo.mx'].map((u) => demoId('user:' + u));
  rows.forEach((c) => {
    if (rnd.next() < 0.1) {
      const [title, note] = rnd.pick(NOTE_TEXTS);
      const created = (c.createdAt as Date).getTime();
      const at = new Date(created + Math.floor(rnd.next() * Math.max(86_400_000, Date.UTC(2026, 10, 21) - created)));
      notes.push({
        id: noteId(notes.length),
        customerId: c.id!,
        noteType: rnd.pick(NOTE_TYPES),
        title,
        note,
        photo: rnd.next() < 0.33 ? notePhoto(notes.length % NOTE_PHOTO_COUNT) : null,
        userId: rnd.pick(authors),
        createdAt: at,
        updatedAt: at,
      });
    }
  });
  return notes;
}

/** A few clinical-looking pictures (original 480×360 and a 240 px thumbnail) under uploads/notes. */
async function writeNotePhotos(uploadsDir: string): Promise<void> {
  try {
    const dir = path.join(uploadsDir, 'notes');
    await mkdir(path.join(dir, 'thumbnails'), { recursive: true });
    await Promise.all(
      NOTE_PHOTO_LABELS.map(async (label, k) => {
        const file = notePhoto(k);
        if (existsSync(path.join(dir, 'thumbnails', file))) return;
        const hue = 18 + k * 6;
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><defs><radialGradient id="g" cx="0.45" cy="0.4" r="0.8"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${hue},40%,52%)"/></radialGradient></defs><rect width="480" height="360" fill="url(#g)"/><ellipse cx="${200 + k * 15}" cy="170" rx="70" ry="46" fill="hsla(${hue - 10},60%,45%,0.35)"/><rect x="0" y="310" width="480" height="50" fill="rgba(0,0,0,0.35)"/><text x="20" y="344" font-size="26" font-family="sans-serif" fill="#fff">${label}</text></svg>`;
        const original = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
        const thumbnail = await sharp(original).resize(240, 240, { fit: 'cover' }).jpeg().toBuffer();
        for (const [target, data] of [
          [path.join(dir, file), original],
          [path.join(dir, 'thumbnails', file), thumbnail],
        ] as const) {
          const tmp = `${target}.${process.pid}.tmp`;
          await writeFile(tmp, data);
          await rename(tmp, target);
        }
      }),
    );
  } catch {
    /* demo pictures are decoration */
  }
}

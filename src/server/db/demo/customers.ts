import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ageOn, ADULT_AGE } from '../../../domain/age';
import { NOTE_TYPES } from '../../../domain/customers.schemas';
import type { Db } from '../client';
import { customerNotes, customers } from '../schema';
import { branchInstant, bulkInsert, idMaker } from './bulk';
import { DEMO_BRANCHES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './data';
import { DEMO_TODAY, demoMs } from './demo-day';
import { demoId, seededRandom } from './random';
import { planSalesAndAgenda } from './sales';
import type { Timeline } from './timeline';
import { recordSalesHistory } from './sales-history';

export const DEMO_CUSTOMER_COUNT = 3000;
const AREA_CODES: Record<string, string> = { tijuana: '664', mexicali: '686', ensenada: '646', cdmx: '55', guadalajara: '33', monterrey: '81' };
type NoteType = (typeof NOTE_TYPES)[number];
/** Title and text by note type, so a 'Queja' note reads as a complaint and a 'Médica' one as a medical remark. */
const NOTE_TEXTS: Record<NoteType, readonly (readonly [title: string, note: string])[]> = {
  General: [
    ['Preferencia de horario', 'Prefiere citas por la tarde después de las 17:00.'],
    ['Confirmación', 'Pide que la cita se le confirme por WhatsApp un día antes.'],
  ],
  Médica: [
    ['Alergia', 'Refiere alergia a la lidocaína; usar anestesia alternativa.'],
    ['Antecedentes', 'Hipertensión controlada; tomar la presión antes de cada sesión.'],
  ],
  Cosmetológica: [
    ['Indicaciones', 'Evitar exposición solar 7 días después del peeling.'],
    ['Seguimiento', 'Llamar a los 15 días para revisar la evolución del tratamiento.'],
  ],
  Administrativa: [
    ['Facturación', 'Solicita factura a nombre de su empresa en cada compra.'],
    ['Datos de contacto', 'Actualizó su correo; enviar los recibos a la nueva dirección.'],
  ],
  Queja: [
    ['Queja por demora', 'Comentó demora de 20 minutos en su última cita; se ofreció disculpa.'],
    ['Queja por atención', 'No se le explicó el costo de la sesión antes de iniciar; la gerente lo aclaró.'],
  ],
};
/** Only clinical notes carry a picture of the treated zone. */
const PHOTO_NOTE_TYPES: readonly NoteType[] = ['Médica', 'Cosmetológica'];

type CustomerRow = typeof customers.$inferInsert;

const DEMO_YEAR = Number(DEMO_TODAY.slice(0, 4));

function birthdayFor(rnd: ReturnType<typeof seededRandom>, minor: boolean): string {
  const year = minor ? DEMO_YEAR - rnd.int(8, 17) : DEMO_YEAR - rnd.int(19, 70);
  return `${year}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
}

/**
 * A few thousand customers (minors with tutors, blacklisted ones, cancellations) with notes, some with a
 * photo, and their history: sales, purchased treatments, appointments and the points ledger (sales.ts).
 */
export async function seedCustomers(db: Db, uploadsDir: string, timeline: Timeline, log?: (message: string) => void): Promise<void> {
  const rnd = seededRandom(1810);
  const clinics = DEMO_BRANCHES.filter((b) => !b.distributionCenter);
  const rows: CustomerRow[] = [];
  const tutorsByBranch = new Map<string, string[]>();
  for (let i = 0; i < DEMO_CUSTOMER_COUNT; i++) {
    const branch = clinics[i % clinics.length];
    const female = rnd.next() < 0.78;
    const minor = i > 200 && rnd.next() < 0.07 && (tutorsByBranch.get(branch.key)?.length ?? 0) > 0;
    const birthday = birthdayFor(rnd, minor);
    const adult = ageOn(birthday, DEMO_TODAY) >= ADULT_AGE;
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
      email:
        adult && rnd.next() < 0.7
          ? `${name}.${lastName}.${i}@correo.mx`
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
              .toLowerCase()
          : null,
      maritalStatus: adult ? rnd.pick(['Soltero', 'Casado', 'Casado', 'Divorciado', 'Viudo', 'Otro'] as const) : 'Soltero',
      originCountry: 'México',
      tutorId: adult ? null : rnd.pick(tutorsByBranch.get(branch.key)!),
      relationship: adult ? null : rnd.pick(['Madre', 'Padre', 'Tutor legal'] as const),
      isTutor,
      blackList: rnd.next() < 0.02,
      cancellations: rnd.next() < 0.06 ? rnd.int(1, 3) : 0,
      active: rnd.next() > 0.03,
      registryBranchId: demoId('branch:' + branch.key),
      // one customer in twenty has an avatar (by position, so the random sequence is the same as without avatars)
      photo: i % AVATAR_EVERY === AVATAR_EVERY - 1 ? avatarPhoto(Math.floor(i / AVATAR_EVERY) % AVATAR_COUNT) : null,
      // registered at the front desk in the branch's own hours (09:30–19:00 local), by position: no extra draw
      createdAt: branchInstant(branch.timeZone, demoMs(Date.UTC(2023, 0, 1)) / 86_400_000 + Math.floor(rnd.next() * 3.8 * 365), 9 * 60 + 30 + ((i * 37) % 570)),
    });
  }
  const notes = customerNotesFor(rows, rnd);
  const people = rows.map((c) => ({
    id: c.id!,
    registryBranchId: c.registryBranchId!,
    createdAt: c.createdAt as Date,
    cancellations: c.cancellations!,
    blackList: c.blackList!,
    active: c.active!,
    points: 0,
  }));
  const plan = await planSalesAndAgenda(db, people);
  rows.forEach((r, i) => ((r.customerNumber = 1000 + i), (r.updatedAt = r.createdAt)));
  await bulkInsert(db, customers, rows);
  // explicit numbers: the sequence continues after them for customers created in the app
  await db.execute(sql`select setval('customer_number_seq', ${999 + rows.length})`);
  await bulkInsert(db, customerNotes, notes);
  // the balances start at zero: the sales history moves them through the points ledger
  await recordSalesHistory(db, plan, people, timeline, log);
  await writeNotePhotos(uploadsDir);
  await writeAvatarPhotos(uploadsDir);
}

const NOTE_PHOTO_COUNT = 6;
/** The stored names of the demo note photos (UUID-like, as files.ts names uploads). */
const notePhoto = (k: number) => `${demoId('photo:notes:' + k)}.jpg`;
const NOTE_PHOTO_LABELS = ['Antes', 'Después', 'Zona tratada', 'Evolución', 'Seguimiento', 'Control'];

const AVATAR_EVERY = 20;
const AVATAR_COUNT = 8;
/** The stored names of the demo avatars (UUID-like, as files.ts names uploads). */
const avatarPhoto = (k: number) => `${demoId('photo:customers:' + k)}.jpg`;

/** Notes for one customer in ten, titled after their type; a third of the clinical ones carry one of a few generated photos. */
function customerNotesFor(rows: CustomerRow[], rnd: ReturnType<typeof seededRandom>) {
  const notes: (typeof customerNotes.$inferInsert)[] = [];
  const noteId = idMaker('customer-note');
  const authors = ['gerente@demo.mx', 'medico@demo.mx', 'cosmetologa@demo.mx'].map((u) => demoId('user:' + u));
  rows.forEach((c) => {
    if (rnd.next() < 0.1) {
      // as many draws per note as before, in the same places: the rest of the demo data does not move
      const noteType = rnd.pick(NOTE_TYPES);
      const created = (c.createdAt as Date).getTime();
      const at = new Date(created + Math.floor(rnd.next() * Math.max(86_400_000, demoMs(Date.UTC(2026, 10, 21)) - created)));
      const [title, note] = rnd.pick(NOTE_TEXTS[noteType]);
      const withPhoto = rnd.next() < 0.33 && PHOTO_NOTE_TYPES.includes(noteType);
      notes.push({
        id: noteId(notes.length),
        customerId: c.id!,
        noteType,
        title,
        note,
        photo: withPhoto ? notePhoto(notes.length % NOTE_PHOTO_COUNT) : null,
        userId: rnd.pick(authors),
        createdAt: at,
        updatedAt: at,
      });
    }
  });
  return notes;
}

/** A few clinical-looking pictures (original 480×360 and a 240 px thumbnail) under uploads/notes. */
function writeNotePhotos(uploadsDir: string): Promise<void> {
  return writeDemoPhotos(
    path.join(uploadsDir, 'notes'),
    NOTE_PHOTO_LABELS.map((label, k) => {
      const hue = 18 + k * 6;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><defs><radialGradient id="g" cx="0.45" cy="0.4" r="0.8"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${hue},40%,52%)"/></radialGradient></defs><rect width="480" height="360" fill="url(#g)"/><ellipse cx="${200 + k * 15}" cy="170" rx="70" ry="46" fill="hsla(${hue - 10},60%,45%,0.35)"/><rect x="0" y="310" width="480" height="50" fill="rgba(0,0,0,0.35)"/><text x="20" y="344" font-size="26" font-family="sans-serif" fill="#fff">${label}</text></svg>`;
      return { file: notePhoto(k), svg };
    }),
  );
}

/** A few portrait silhouettes (480×480 and a 240 px thumbnail) under uploads/customers: the demo avatars. */
function writeAvatarPhotos(uploadsDir: string): Promise<void> {
  const skins = ['#f1c7a5', '#e0ac84', '#c68a62', '#a86f4c'];
  return writeDemoPhotos(
    path.join(uploadsDir, 'customers'),
    Array.from({ length: AVATAR_COUNT }, (_, k) => {
      const hue = (k * 47 + 190) % 360;
      const skin = skins[k % skins.length];
      const hair = k % 2 ? '#3b2a20' : '#1f1a17';
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><defs><linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,82%)"/><stop offset="1" stop-color="hsl(${hue},35%,62%)"/></linearGradient></defs><rect width="480" height="480" fill="url(#b)"/><ellipse cx="240" cy="470" rx="170" ry="120" fill="hsl(${(hue + 160) % 360},30%,40%)"/><rect x="212" y="300" width="56" height="60" fill="${skin}"/><ellipse cx="240" cy="${k % 2 ? 200 : 190}" rx="${k % 2 ? 104 : 96}" ry="${k % 2 ? 130 : 104}" fill="${hair}"/><ellipse cx="240" cy="225" rx="80" ry="98" fill="${skin}"/></svg>`;
      return { file: avatarPhoto(k), svg };
    }),
  );
}

/** Writes each picture once (original and thumbnail), atomically; demo pictures are decoration, so failures are ignored. */
async function writeDemoPhotos(dir: string, photos: { file: string; svg: string }[]): Promise<void> {
  try {
    await mkdir(path.join(dir, 'thumbnails'), { recursive: true });
    await Promise.all(
      photos.map(async ({ file, svg }) => {
        if (existsSync(path.join(dir, 'thumbnails', file))) return;
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

import { ageOn, ADULT_AGE } from '../../../domain/age';
import { NOTE_TYPES } from '../../../domain/customers.schemas';
import type { Db } from '../client';
import { customerNotes, customers, pointLedger } from '../schema';
import { DEMO_BRANCHES, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './data';
import { demoId, seededRandom } from './random';

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

/** A few thousand customers: minors with tutors, blacklisted ones, cancellations, notes and points. */
export async function seedCustomers(db: Db): Promise<void> {
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
  const { ledger, notes } = pointsAndNotes(rows, rnd);
  for (let i = 0; i < rows.length; i += 500) await db.insert(customers).values(rows.slice(i, i + 500));
  for (let i = 0; i < ledger.length; i += 1000) await db.insert(pointLedger).values(ledger.slice(i, i + 1000));
  for (let i = 0; i < notes.length; i += 1000) await db.insert(customerNotes).values(notes.slice(i, i + 1000));
}

/** Points histories (the cached balance is their running sum) and notes. */
function pointsAndNotes(rows: CustomerRow[], rnd: ReturnType<typeof seededRandom>) {
  const ledger: (typeof pointLedger.$inferInsert)[] = [];
  const notes: (typeof customerNotes.$inferInsert)[] = [];
  rows.forEach((c, i) => {
    if (rnd.next() < 0.4) {
      let balance = 0;
      const purchases = rnd.int(1, 4);
      for (let k = 0; k < purchases; k++) {
        const earned = rnd.int(5, 120);
        balance += earned;
        ledger.push({ customerId: c.id!, movement: 'earned', points: earned, balanceAfter: balance, orderNumber: `POS-${String(100000 + i * 4 + k)}`, reason: 'Compra' });
      }
      if (rnd.next() < 0.3) {
        const redeemed = rnd.int(1, balance);
        balance -= redeemed;
        if (redeemed) ledger.push({ customerId: c.id!, movement: 'redeemed', points: -redeemed, balanceAfter: balance, reason: 'Canje en punto de venta' });
      }
      c.points = balance;
    }
    if (rnd.next() < 0.1) {
      const [title, note] = rnd.pick(NOTE_TEXTS);
      notes.push({ customerId: c.id!, noteType: rnd.pick(NOTE_TYPES), title, note, userId: demoId('user:gerente@demo.mx') });
    }
  });
  return { ledger, notes };
}

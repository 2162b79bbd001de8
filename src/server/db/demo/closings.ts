import { sql } from 'drizzle-orm';
import { closingNumber, closingTotals, countedDrawer, countFor, drawerDifference, expectedDrawer, type ClosingTotals } from '../../../domain/cash-closings';
import { cents, fromCents, type Cents } from '../../../domain/money';
import { closingInputsByDay, type DayInputs } from '../../modules/sales';
import type { Db } from '../client';
import { branches, dailyCashClosings } from '../schema';
import { branchInstant, bulkInsert, dayNumber } from './bulk';
import { DEMO_BRANCHES } from './data';
import { demoId, seededRandom } from './random';
import { DEMO_TODAY } from './sales';

/** Bills a person miscounts or leaves out: the demo's few drawers with a difference (pesos). */
const SLIPS = [-20, -50, -100, 10, 20, -0.5];

/** A drawer holding `amount` counted to the 50 centavos (the smallest coin the count takes), nearest first. */
function countedAround(amount: Cents): Record<string, number> {
  const rounded = cents(Math.round(Math.max(0, amount) / 50) * 50);
  return countFor('MXN', rounded);
}

/** The same count with one bill more or less (a slip of `pesos`). */
function withSlip(counts: Record<string, number>, pesos: number): Record<string, number> {
  const key = String(Math.abs(pesos));
  const next = { ...counts, [key]: Math.max(0, (counts[key] ?? 0) + Math.sign(pesos)) };
  if (!next[key]) delete next[key];
  return next;
}

const inPesos = (t: ClosingTotals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fromCents(v as Cents)]));

/**
 * A past branch-day's closing as the demo tells it (the small demo and the volume data alike), its figures from
 * closingTotals: most closed at night by `closer` counting the drawer, about one in twelve left to the nightly job
 * (Automático), about one in fifteen counted drawers a bill off. Numbered by the caller.
 */
export function demoClosingRow(
  rnd: ReturnType<typeof seededRandom>,
  day: DayInputs,
  who: { timeZone: string; closer: string },
): typeof dailyCashClosings.$inferInsert {
  const totals = closingTotals(day.rows, day.changes);
  const expected = expectedDrawer(totals);
  const automatic = rnd.next() < 0.08;
  const slip = !automatic && rnd.next() < 0.07 ? rnd.pick(SLIPS) : 0;
  const count: { MXN: Record<string, number>; USD: Record<string, number> } | null = automatic
    ? null
    : { MXN: withSlip(countedAround(expected.MXN), slip), USD: countFor('USD', cents(Math.round(Math.max(0, expected.USD) / 100) * 100)) };
  const counted = count && countedDrawer(count);
  const difference = counted && drawerDifference(counted, expected);
  const at = automatic
    ? branchInstant(who.timeZone, dayNumber(day.date) + 1, rnd.int(0, 14))
    : branchInstant(who.timeZone, dayNumber(day.date), rnd.int(20 * 60 + 5, 21 * 60 + 30));
  return {
    id: demoId(`closing:${day.branchId}:${day.date}`),
    closingNumber: '',
    branchId: day.branchId,
    businessDate: day.date,
    userId: automatic ? null : who.closer,
    expected: { ...inPesos(totals), MXN: fromCents(expected.MXN), USD: fromCents(expected.USD) },
    counted: count,
    countedCash: counted?.MXN ?? null,
    countedDollars: counted?.USD ?? null,
    differenceCash: difference?.MXN ?? null,
    differenceDollars: difference?.USD ?? null,
    ...totals,
    comments: slip ? 'Diferencia al contar la caja' : null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The closings of the demo's past days: every branch-day of the history that had payments or refunds, with the
 * totals of the closings' own function. Most were closed at night by the branch's receptionist, counting the
 * drawer; about one in twelve was left to the nightly job (Automático); about one in fifteen counted drawers
 * has a bill too many or too few.
 */
export async function seedClosings(db: Db): Promise<void> {
  const zones = new Map((await db.select({ id: branches.id, timeZone: branches.timeZone }).from(branches)).map((b) => [b.id, b.timeZone]));
  const keys = new Map(DEMO_BRANCHES.map((b) => [demoId('branch:' + b.key), b.key]));
  const rnd = seededRandom(1717);
  const days = await closingInputsByDay(db, { before: DEMO_TODAY });
  const rows = days.map((day, i) => ({
    ...demoClosingRow(rnd, day, { timeZone: zones.get(day.branchId)!, closer: demoId(`user:recepcion.${keys.get(day.branchId)}@demo.mx`) }),
    closingNumber: closingNumber(i + 1),
  }));
  await bulkInsert(db, dailyCashClosings, rows);
  if (rows.length) await db.execute(sql`select setval('closing_number_seq', ${rows.length})`);
}

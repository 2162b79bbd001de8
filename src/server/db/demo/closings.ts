import { closingTotals, countedDrawer, countFor, drawerDifference, expectedDrawer, type ClosingTotals } from '../../../domain/cash-closings';
import { dateInZone } from '../../../domain/dates';
import { cents, fromCents, subtractCents, sumCents, toCents, type Cents } from '../../../domain/money';
import { isCardMethod, POINTS_TENDER } from '../../../domain/sales';
import type { AppContext } from '../../context';
import type { Actor } from '../../platform/auth/actor';
import { salesServices, type DayInputs } from '../../modules/sales';
import type { dailyCashClosings } from '../schema';
import { branchInstant, dayNumber } from './bulk';
import { demoId, type seededRandom } from './random';

/** Bills a person miscounts or leaves out: the demo's few drawers with a difference (pesos). */
export const SLIPS = [-20, -50, -100, 10, 20, -0.5];

/**
 * How a receptionist counts a drawer expected to hold `expected` (cents per currency): the pesos to the 50 centavos
 * (the smallest coin the count takes), the dollars to the dollar, and `slip` pesos off when she miscounts.
 */
export function demoDrawerCount(expected: { MXN: Cents; USD: Cents }, slip = 0): { MXN: Record<string, number>; USD: Record<string, number> } {
  const pesos = Math.round(Math.max(0, expected.MXN) / 50) * 50;
  return {
    MXN: countFor('MXN', cents(Math.max(0, pesos + Math.round(slip * 100)))),
    USD: countFor('USD', cents(Math.round(Math.max(0, expected.USD) / 100) * 100)),
  };
}

/**
 * The most cash a refund of a sale by `method` can hand over (cents): its money (tenders but points, less the change),
 * less what goes back to its cards when the refund is by card.
 */
export function cashBackAtMost(method: string, sale: { change: number; payments: { method: string; amountMxn: number }[] }): Cents {
  const money = sumCents(sale.payments.filter((p) => p.method !== POINTS_TENDER).map((p) => toCents(p.amountMxn)));
  const cards = sumCents(sale.payments.filter((p) => isCardMethod(p.method)).map((p) => toCents(p.amountMxn)));
  if (method === 'Puntos') return cents(0);
  return subtractCents(subtractCents(money, toCents(sale.change)), method === 'Tarjeta' ? cards : cents(0));
}

/**
 * Whether a branch's drawer holds `amount` (cents) at `at`, by the X report of its day so far (its float included):
 * the demo hands a refund back in cash only then, as a receptionist cannot give money the drawer lacks.
 */
export async function drawerHolds(ctx: AppContext, actor: Actor, branch: { id: string; timeZone: string }, at: Date, amount: Cents): Promise<boolean> {
  if (amount <= 0) return true;
  const x = await salesServices.previewClosing(ctx, actor, { branchId: branch.id, date: dateInZone(branch.timeZone, at) });
  return toCents(x.expected.MXN) >= amount;
}

const inPesos = (t: ClosingTotals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fromCents(v as Cents)]));

/**
 * A past branch-day's closing as the volume data tells it, its figures from
 * closingTotals with the clinic's opening float: most closed at night by `closer` counting the drawer (float included),
 * about one in twelve left to the nightly job (Automático), about one in fifteen counted drawers a bill off. Numbered
 * by the caller.
 */
export function demoClosingRow(
  rnd: ReturnType<typeof seededRandom>,
  day: DayInputs,
  who: { timeZone: string; closer: string; openingFloat: Cents },
): typeof dailyCashClosings.$inferInsert {
  const totals = closingTotals(day.rows, day.changes, who.openingFloat);
  const expected = expectedDrawer(totals);
  const automatic = rnd.next() < 0.08;
  const slip = !automatic && rnd.next() < 0.07 ? rnd.pick(SLIPS) : 0;
  const count = automatic ? null : demoDrawerCount(expected, slip);
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

import { and, asc, count, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../domain/agenda';
import { dateInZone } from '../../../domain/dates';
import { goalProgress } from '../../../domain/goals';
import { HOME_EXPIRY_DAYS, HOME_LOTS_LIMIT, type HomeTodayDto } from '../../../domain/home.contract';
import { addDays } from '../../../domain/inventory';
import { addCents, type Cents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { live } from '../../db/live';
import { pesos } from '../../db/money';
import { appointments, branches, cashOrders, goals, orders, productStocks, products } from '../../db/schema';
import { branchScope, userCan, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/errors';

/**
 * The dashboard home: one branch's today (its own time zone) in a few indexed reads: the appointments of
 * the day by status, what it sold so far against the day's share of the month's goal, and its lots close to
 * expiry. A block the actor may not read is answered as null and never queried.
 */

interface Branch {
  id: string;
  name: string;
  timeZone: string;
}

const branchRequired = () =>
  new AppError('VALIDATION_FAILED', 'El campo sucursal es requerido', [{ field: 'branchId', message: 'El campo sucursal es requerido' }]);

/** The branch asked for (a branch-bound actor only their own), else the actor's signed-in branch. */
async function homeBranch(db: DbOrTx, actor: Actor, requested: string | undefined): Promise<Branch> {
  const branchId = branchScope(actor, requested) ?? actor.branchId;
  if (!branchId) throw branchRequired();
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  return branch;
}

/** The day's appointments of the branch counted by status (every status present, 0 when none). */
async function appointmentsOfDay(db: DbOrTx, branchId: string, date: string): Promise<NonNullable<HomeTodayDto['appointments']>> {
  const rows = await db
    .select({ status: appointments.status, n: count() })
    .from(appointments)
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), live(appointments)))
    .groupBy(appointments.status);
  const byStatus = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<AppointmentStatus, number>;
  for (const r of rows) if (r.status in byStatus) byStatus[r.status as AppointmentStatus] = r.n;
  return { total: APPOINTMENT_STATUSES.reduce((sum, s) => sum + byStatus[s], 0), byStatus };
}

/** The count and Σ total (cents) of one sales table's paid, not refunded sales of the branch-day: the goals' rule. */
async function salesOfDay(db: DbOrTx, table: typeof orders | typeof cashOrders, branchId: string, date: string) {
  const [row] = await db
    .select({ n: count(), total: sql<Cents>`coalesce(sum(${table.total}), 0)`.mapWith(table.total) })
    .from(table)
    .where(and(eq(table.branchId, branchId), eq(table.businessDate, date), eq(table.paymentStatus, 'paid'), sql`${table.refundedAt} is null`, live(table)));
  return { count: row!.n, total: row!.total };
}

async function monthGoal(db: DbOrTx, branchId: string, year: number, month: number): Promise<Cents | null> {
  const [row] = await db
    .select({ goal: goals.goal })
    .from(goals)
    .where(and(eq(goals.branchId, branchId), eq(goals.year, year), eq(goals.month, month), live(goals)))
    .limit(1);
  return row?.goal ?? null;
}

/** The day's share of the month's goal (goal ÷ days of the month) and how far today's sales went against it. */
export function dayGoal(goal: Cents, sold: Cents, year: number, month: number) {
  const { dailyGoal } = goalProgress(goal, sold, year, month);
  // the month's formula again, with the day's share as the goal: percent = sold / dailyGoal × 100, remaining = dailyGoal − sold
  const day = goalProgress(dailyGoal, sold, year, month);
  return { monthGoal: pesos(goal), dailyGoal: pesos(dailyGoal), percent: day.percent, remaining: pesos(day.remaining) };
}

async function salesOfToday(db: DbOrTx, branchId: string, date: string): Promise<NonNullable<HomeTodayDto['sales']>> {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const [sold, cashSold, goal] = await Promise.all([
    salesOfDay(db, orders, branchId, date),
    salesOfDay(db, cashOrders, branchId, date),
    monthGoal(db, branchId, year, month),
  ]);
  const total = addCents(sold.total, cashSold.total);
  return {
    total: pesos(total),
    orders: { count: sold.count, total: pesos(sold.total) },
    cashOrders: { count: cashSold.count, total: pesos(cashSold.total) },
    goal: goal === null ? null : dayGoal(goal, total, year, month),
  };
}

const lotsWithUnits = (branchId: string) => and(eq(productStocks.branchId, branchId), live(productStocks), gt(productStocks.quantity, 0));

/** The branch's lots with units that expire from today through HOME_EXPIRY_DAYS ahead, soonest first; the totals over all of them come with the first rows. */
async function lotsExpiringSoon(db: DbOrTx, branchId: string, today: string) {
  const rows = await db
    .select({
      stockId: productStocks.id,
      productId: productStocks.productId,
      product: products.name,
      sku: products.sku,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      quantity: productStocks.quantity,
      lots: sql<number>`count(*) over ()`.mapWith(Number),
      units: sql<number>`sum(${productStocks.quantity}) over ()`.mapWith(Number),
    })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .where(and(lotsWithUnits(branchId), gte(productStocks.expiresAt, today), lte(productStocks.expiresAt, addDays(today, HOME_EXPIRY_DAYS))))
    .orderBy(asc(productStocks.expiresAt), asc(products.name), asc(productStocks.allotment))
    .limit(HOME_LOTS_LIMIT);
  // the filter keeps only lots with an expiry
  const items = rows.map(({ lots: _lots, units: _units, expiresAt, ...lot }) => ({ ...lot, expiresAt: expiresAt! }));
  return { count: rows[0]?.lots ?? 0, units: rows[0]?.units ?? 0, items };
}

/** The branch's expired lots that still hold units (waiting for a write-off): how many, and their units. */
async function expiredLots(db: DbOrTx, branchId: string, today: string) {
  const [row] = await db
    .select({ count: count(), units: sql<number>`coalesce(sum(${productStocks.quantity}), 0)`.mapWith(Number) })
    .from(productStocks)
    .where(and(lotsWithUnits(branchId), lt(productStocks.expiresAt, today)));
  return row!;
}

async function lotsExpiring(db: DbOrTx, branchId: string, today: string): Promise<NonNullable<HomeTodayDto['expiringLots']>> {
  const [soon, expired] = await Promise.all([lotsExpiringSoon(db, branchId, today), expiredLots(db, branchId, today)]);
  return { ...soon, expired };
}

const readsAppointments = (actor: Actor) => userCan(actor, 'dairy', 'show') || userCan(actor, 'appointment', 'show');
const readsSales = (actor: Actor) => userCan(actor, 'sales', 'show') || userCan(actor, 'goal', 'show');
const readsInventory = (actor: Actor) => userCan(actor, 'inventory', 'show');

/** GET /v1/home/today: the three blocks of the branch's today that the actor may read. */
export async function homeToday(ctx: AppContext, actor: Actor, requested: string | undefined, now = new Date()): Promise<HomeTodayDto> {
  const branch = await homeBranch(ctx.db, actor, requested);
  const date = dateInZone(branch.timeZone, now);
  const [appointmentsBlock, sales, expiringLots] = await Promise.all([
    readsAppointments(actor) ? appointmentsOfDay(ctx.db, branch.id, date) : null,
    readsSales(actor) ? salesOfToday(ctx.db, branch.id, date) : null,
    readsInventory(actor) ? lotsExpiring(ctx.db, branch.id, date) : null,
  ]);
  return { branch, date, appointments: appointmentsBlock, sales, expiringLots };
}

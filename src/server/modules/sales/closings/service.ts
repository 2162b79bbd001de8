import { and, count, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  AUTOMATIC_LABEL,
  CLOSING_MESSAGES,
  closingNumber,
  countedDrawer,
  DENOMINATIONS,
  drawerDifference,
  expectedDrawer,
  refundsTotal,
  type ClosingTotals,
  type DrawerCount,
  type DrawerCurrency,
} from '../../../../domain/cash-closings';
import type { ClosingCreateInput, ClosingListQuery } from '../../../../domain/cash-closings.contract';
import { dateInZone } from '../../../../domain/dates';
import type { ListQuery } from '../../../../domain/list';
import { fromCents, type Cents } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, dailyCashClosings, users } from '../../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { isViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import type { ListSpec } from '../../../platform/list';
import { selectRows } from '../../../platform/records';
import { openingFloatOf } from '../../settings';
import { lockBranchDay } from '../intake/cash-day';
import { branchDayTotals } from './totals';

const MODULE = 'cash_closing';
const UNIQUE_INDEX = 'daily_cash_closings_branch_day_unique';

const closingExists = () => new AppError('CLOSING_EXISTS', undefined, [{ field: 'date', message: 'El corte de caja de esa sucursal y día ya existe' }]);
const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

interface ClosingBranch {
  id: string;
  name: string;
  timeZone: string;
}

/** The branch of a closing: a live branch with a till (a distribution centre sells nothing). */
async function closingBranch(db: DbOrTx, branchId: string): Promise<ClosingBranch> {
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone, distributionCenter: branches.distributionCenter })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  if (branch.distributionCenter) throw refuse('branchId', CLOSING_MESSAGES.distributionCenter);
  return branch;
}

const inPesos = (t: ClosingTotals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fromCents(v as Cents)])) as Record<keyof ClosingTotals, number>;
const perCurrency = (d: Record<DrawerCurrency, Cents>) => ({ MXN: fromCents(d.MXN), USD: fromCents(d.USD) });

// ---- reading closings ----

const closingUser = { id: users.id, name: users.name, lastName: users.lastName, motherLastName: users.motherLastName };

const selectClosings = (db: DbOrTx) =>
  db
    .select({ c: dailyCashClosings, branchName: branches.name, user: closingUser })
    .from(dailyCashClosings)
    .innerJoin(branches, eq(branches.id, dailyCashClosings.branchId))
    .leftJoin(users, eq(users.id, dailyCashClosings.userId))
    .$dynamic();

type ClosingRow = Awaited<ReturnType<ReturnType<typeof selectClosings>['execute']>>[number];

const fullName = (u: { name: string; lastName: string; motherLastName: string | null }) => [u.name, u.lastName, u.motherLastName].filter(Boolean).join(' ');
const userOf = (r: ClosingRow) => (r.user?.id ? r.user : null);
const userNameOf = (r: ClosingRow) => {
  const u = userOf(r);
  return u ? fullName(u) : AUTOMATIC_LABEL;
};

/** The totals columns of a stored closing. */
function storedTotals(c: typeof dailyCashClosings.$inferSelect): ClosingTotals {
  return {
    openingFloat: c.openingFloat,
    creditCardTotal: c.creditCardTotal,
    debitCardTotal: c.debitCardTotal,
    cashTotal: c.cashTotal,
    cashTotalDollars: c.cashTotalDollars,
    pointsTotal: c.pointsTotal,
    transferTotal: c.transferTotal,
    depositTotal: c.depositTotal,
    refundCash: c.refundCash,
    refundCreditCardTotal: c.refundCreditCardTotal,
    refundDebitCardTotal: c.refundDebitCardTotal,
    refundPoints: c.refundPoints,
    total: c.total,
    productCashTotal: c.productCashTotal,
    productCashTotalDollars: c.productCashTotalDollars,
    productRefundCash: c.productRefundCash,
    productTotal: c.productTotal,
  };
}

function toClosingDto(r: ClosingRow) {
  const c = r.c;
  const counted = c.countedCash === null || c.countedDollars === null ? null : { MXN: c.countedCash, USD: c.countedDollars };
  const difference = c.differenceCash === null || c.differenceDollars === null ? null : { MXN: c.differenceCash, USD: c.differenceDollars };
  return {
    id: c.id,
    dailyCashClosingNumber: c.closingNumber,
    branchId: c.branchId,
    branch: { id: c.branchId, name: r.branchName },
    date: c.businessDate,
    userId: c.userId,
    user: userOf(r),
    userName: userNameOf(r),
    automatic: c.userId === null,
    ...inPesos(storedTotals(c)),
    refundTotal: fromCents(refundsTotal(storedTotals(c))),
    expected: perCurrency(expectedDrawer(storedTotals(c))),
    counted: c.counted ? { MXN: c.counted.MXN ?? {}, USD: c.counted.USD ?? {} } : null,
    countedTotals: counted && perCurrency(counted),
    difference: difference && perCurrency(difference),
    comments: c.comments,
    created_at: c.createdAt,
  };
}
export type ClosingDto = ReturnType<typeof toClosingDto>;

async function readClosing(db: DbOrTx, id: string): Promise<ClosingDto> {
  const [row] = await selectClosings(db).where(eq(dailyCashClosings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toClosingDto(row);
}

async function liveClosingOf(db: DbOrTx, branchId: string, date: string) {
  const [row] = await selectClosings(db)
    .where(and(eq(dailyCashClosings.branchId, branchId), eq(dailyCashClosings.businessDate, date), live(dailyCashClosings)))
    .limit(1);
  return row;
}

// ---- X report and closing ----

/** GET /daily-cash-closing/preview: the X report of a branch-day so far, by the closing's own function; nothing written. */
export async function previewClosing(ctx: AppContext, actor: Actor, q: { branchId: string; date: string }) {
  assertBranchAccess(actor, q.branchId);
  const branch = await closingBranch(ctx.db, q.branchId);
  const closed = await liveClosingOf(ctx.db, branch.id, q.date);
  // an open day: the float its drawer holds now (the branch's setting); a closed one: the float its closing counted
  const totals = closed ? storedTotals(closed.c) : await branchDayTotals(ctx.db, branch.id, q.date, await openingFloatOf(ctx.db, branch.id));
  return {
    branchId: branch.id,
    branch: { id: branch.id, name: branch.name },
    date: q.date,
    ...inPesos(totals),
    expected: perCurrency(expectedDrawer(totals)),
    closedBy: closed ? userNameOf(closed) : null,
  };
}

/** GET /daily-cash-closing/status: whether the branch-day is closed, asked before its drawer is counted; no amounts. */
export async function closingDayStatus(ctx: AppContext, actor: Actor, q: { branchId: string; date: string }) {
  assertBranchAccess(actor, q.branchId);
  const branch = await closingBranch(ctx.db, q.branchId);
  const closed = await liveClosingOf(ctx.db, branch.id, q.date);
  return {
    branchId: branch.id,
    date: q.date,
    closed: Boolean(closed),
    dailyCashClosingNumber: closed?.c.closingNumber ?? null,
    closedBy: closed ? userNameOf(closed) : null,
    closedAt: closed?.c.createdAt ?? null,
  };
}

/** The count as stored: each currency's denominations in their order, whole counts. */
function storedCount(count: DrawerCount): Record<DrawerCurrency, Record<string, number>> {
  const of = (currency: DrawerCurrency) =>
    Object.fromEntries(DENOMINATIONS[currency].map(String).flatMap((d) => (count[currency]?.[d] ? [[d, count[currency][d]]] : [])));
  return { MXN: of('MXN'), USD: of('USD') };
}

/** The database's clock now (not the transaction's start): the clock the sales' rows are stamped by. */
async function databaseNow(tx: DbOrTx): Promise<Date> {
  const result = (await tx.execute(sql`select clock_timestamp() as at`)) as unknown as { rows: { at: Date | string }[] };
  return new Date(result.rows[0]!.at);
}

async function nextClosingNumber(tx: DbOrTx): Promise<string> {
  const result = (await tx.execute(sql`select nextval('closing_number_seq')::text as n`)) as unknown as { rows: { n: string }[] };
  return closingNumber(result.rows[0]!.n);
}

/**
 * Closes one branch-day in the caller's transaction: alone on the branch's cash day (sales wait), refused when the
 * day already has a live closing; the totals are the day's rows now and the branch's float, the count (null for the
 * nightly job) compared with the drawer they expect. Stamped when it holds the lock (`day.at` only for a told moment,
 * the demo's history): a sale that committed while it waited is earlier than the closing that counts it. Answers the
 * closing's id.
 */
async function closeDay(
  tx: DbOrTx,
  actor: Actor | null,
  branch: ClosingBranch,
  day: { date: string; at?: Date },
  count: DrawerCount | null,
  comments: string | null,
) {
  const { date } = day;
  await lockBranchDay(tx, branch.id, 'exclusive');
  const at = day.at ?? (await databaseNow(tx));
  if (await liveClosingOf(tx, branch.id, date)) throw closingExists();
  const totals = await branchDayTotals(tx, branch.id, date, await openingFloatOf(tx, branch.id));
  const expected = expectedDrawer(totals);
  const counted = count && countedDrawer(count);
  const difference = counted && drawerDifference(counted, expected);
  const number = await nextClosingNumber(tx);
  const [row] = await tx
    .insert(dailyCashClosings)
    .values({
      closingNumber: number,
      branchId: branch.id,
      businessDate: date,
      userId: actor?.id ?? null,
      expected: { ...inPesos(totals), ...perCurrency(expected) },
      counted: count && storedCount(count),
      countedCash: counted?.MXN ?? null,
      countedDollars: counted?.USD ?? null,
      differenceCash: difference?.MXN ?? null,
      differenceDollars: difference?.USD ?? null,
      ...totals,
      comments,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: dailyCashClosings.id });
  await recordChange(tx, actor, {
    module: MODULE,
    action: actor ? 'cerrar' : 'cerrar automáticamente',
    entityId: row!.id,
    orderNumber: number,
    affectedBranchId: branch.id,
    after: {
      closingNumber: number,
      businessDate: date,
      openingFloat: fromCents(totals.openingFloat),
      expected: perCurrency(expected),
      counted: counted && perCurrency(counted),
      difference: difference && perCurrency(difference),
      total: fromCents(totals.total),
    },
    at,
  });
  return row!.id;
}

/** The unique index settles two closings racing past the check (they also queue on the branch's lock). */
async function oneClosingPerDay<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isViolation(err, 'unique', UNIQUE_INDEX)) throw closingExists();
    throw err;
  }
}

/**
 * POST /daily-cash-closing/create: the blind closing of a branch-day by the person who counted its drawer.
 * at: the closing's moment when it is told at a past one (the demo's history); default when it holds the lock.
 */
export async function createClosing(ctx: AppContext, actor: Actor, input: ClosingCreateInput, at?: Date): Promise<ClosingDto> {
  assertBranchAccess(actor, input.branchId);
  const branch = await closingBranch(ctx.db, input.branchId);
  if (input.date > dateInZone(branch.timeZone, at ?? new Date())) throw refuse('date', CLOSING_MESSAGES.futureDate);
  const id = await oneClosingPerDay(() =>
    ctx.db.transaction((tx) => closeDay(tx, actor, branch, { date: input.date, at }, input.counted, input.comments ?? null)),
  );
  return readClosing(ctx.db, id);
}

/** How far back the nightly job looks for a day left open (a server stopped for longer leaves older days to a person). */
export const AUTO_CLOSE_LOOKBACK_DAYS = 60;

/**
 * The nightly job: every day of a branch that had payments or refunds, has ended in the branch's own zone and
 * nobody closed, closed as 'Automático' (no user, no count), oldest first. Answers how many it closed.
 */
export async function closeUnclosedDays(db: DbOrTx, at?: Date): Promise<number> {
  const now = at ?? new Date();
  const list = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(and(live(branches), eq(branches.distributionCenter, false)));
  let closed = 0;
  for (const branch of list) {
    const today = dateInZone(branch.timeZone, now);
    const days = (
      (await db.execute(sql`select distinct p.business_date::text as day from sale_payments p
        where p.branch_id = ${branch.id} and p.business_date < ${today}::date
          and p.business_date >= ${today}::date - ${AUTO_CLOSE_LOOKBACK_DAYS}::int
          and not exists (select 1 from daily_cash_closings c where c.branch_id = p.branch_id and c.business_date = p.business_date and c.deleted_at is null)
        order by 1`)) as unknown as { rows: { day: string }[] }
    ).rows;
    for (const { day } of days) {
      try {
        await oneClosingPerDay(() => db.transaction((tx) => closeDay(tx, null, branch, { date: day, at }, null, null)));
        closed += 1;
      } catch (err) {
        // a person closed it meanwhile
        if (!(err instanceof AppError && err.code === 'CLOSING_EXISTS')) throw err;
      }
    }
  }
  return closed;
}

// ---- lists ----

/** The filters every closings list shares: live, the branch (a branch-bound reader's own), the date range. */
function closingFilters(actor: Actor, q: ClosingListQuery | (ListQuery & { branchId: string; date: string })): (SQL | undefined)[] {
  const scope = branchScope(actor, q.branchId);
  const range = 'date' in q ? { startDate: q.date, endDate: q.date } : q;
  return [
    live(dailyCashClosings),
    scope ? eq(dailyCashClosings.branchId, scope) : undefined,
    range.startDate ? gte(dailyCashClosings.businessDate, range.startDate) : undefined,
    range.endDate ? lte(dailyCashClosings.businessDate, range.endDate) : undefined,
  ];
}

const userSort = [users.name, users.lastName];

function listOf<Row>(db: DbOrTx, filters: (SQL | undefined)[], view: (r: ClosingRow) => Row, totalColumn: AnyColumn = dailyCashClosings.total): ListSpec<Row> {
  return {
    sortable: {
      date: [dailyCashClosings.businessDate, dailyCashClosings.createdAt],
      number: dailyCashClosings.closingNumber,
      branch: branches.name,
      user: userSort,
      cashTotal: dailyCashClosings.cashTotal,
      difference: dailyCashClosings.differenceCash,
      total: totalColumn,
      created_at: dailyCashClosings.createdAt,
    },
    defaultSort: { field: 'date', order: 'DESC' },
    searchable: { branch: branches.name, number: dailyCashClosings.closingNumber },
    filters,
    rows: selectRows(
      () => selectClosings(db),
      [branches.name, dailyCashClosings.id],
      (rows) => rows.map(view),
    ),
    count: async (where) =>
      (
        await db
          .select({ n: count() })
          .from(dailyCashClosings)
          .innerJoin(branches, eq(branches.id, dailyCashClosings.branchId))
          .leftJoin(users, eq(users.id, dailyCashClosings.userId))
          .where(where)
      )[0]!.n,
  };
}

/** GET /daily-cash-closing: every closing with its totals per method. */
export const closingListSpec = (db: DbOrTx, actor: Actor, q: ClosingListQuery) => listOf(db, closingFilters(actor, q), toClosingDto);

const toProductClosing = (r: ClosingRow) => ({
  id: r.c.id,
  dailyCashClosignCashNumber: r.c.closingNumber,
  branchId: r.c.branchId,
  branch: { id: r.c.branchId, name: r.branchName },
  date: r.c.businessDate,
  cashTotal: fromCents(r.c.productCashTotal),
  cashTotalDollars: fromCents(r.c.productCashTotalDollars),
  refundCash: fromCents(r.c.productRefundCash),
  total: fromCents(r.c.productTotal),
  userId: r.c.userId,
  userName: userNameOf(r),
  created_at: r.c.createdAt,
});
export type ProductClosingDto = ReturnType<typeof toProductClosing>;

/** GET /daily-cash-closing-cash: the product (cash order) part of each closing. */
export const productClosingListSpec = (db: DbOrTx, actor: Actor, q: ClosingListQuery) =>
  listOf(db, closingFilters(actor, q), toProductClosing, dailyCashClosings.productTotal);

/** GET /daily-cash-closing/branch: the closings of one branch and date (the detail modal of the product closings). */
export function branchDayListSpec(db: DbOrTx, actor: Actor, q: ListQuery & { branchId: string; date: string }) {
  return listOf(db, closingFilters(actor, q), (r) => ({
    id: r.c.id,
    dailyCashClosingNumber: r.c.closingNumber,
    branchId: r.c.branchId,
    branch: { id: r.c.branchId, name: r.branchName },
    date: r.c.businessDate,
    cashTotal: fromCents(r.c.cashTotal),
    cashTotalDollars: fromCents(r.c.cashTotalDollars),
    refundCash: fromCents(r.c.refundCash),
    total: fromCents(r.c.total),
    userId: r.c.userId,
    userName: userOf(r)?.name ?? AUTOMATIC_LABEL,
    userLastName: userOf(r)?.lastName ?? null,
    userFullName: userNameOf(r),
  }));
}

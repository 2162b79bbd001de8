import { and, countDistinct, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  COMMISSION_TYPES_OF,
  type CommissionKind,
  type CommissionQuery,
  type CommissionType,
  type CommissionTypeTotals,
  type CosmeticLine,
  type CosmeticSummary,
  type MedicalLine,
  type MedicalSummary,
} from '../../../../domain/commissions.contract';
import { zonedClock } from '../../../../domain/dates';
import { fromCents, toCents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { pesos } from '../../../db/money';
import { appointments, branches, cashOrders, commissions, customers, staffFiles, treatments, users } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { matches, type ListSpec } from '../../../platform/list';
import { commissionFilters } from './scope';

/** A numeric sum read as exact decimal text, in pesos. */
const sumOf = (expr: SQL | AnyColumn) => sql<string>`coalesce(sum(${expr}), 0)::text`;
const money = (v: string) => fromCents(toCents(v));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const fullName = sql`${users.name} || ' ' || ${users.lastName} || ' ' || coalesce(${users.motherLastName}, '')`;

/** The sale a cosmetology line is a share of, signed: a refund's reversal line takes it back. */
const signedSale = sql`case when ${commissions.reversalOf} is null then ${cashOrders.total} else -${cashOrders.total} end`;

const SUMS = {
  commission: sumOf(commissions.commission),
  isrAmount: sumOf(commissions.isrAmount),
  payable: sumOf(commissions.payable),
  total: sumOf(signedSale),
};

/** Per type of the list, in the same pass: its lines, commission and payable (`<type>:<sum>`). */
function typeSums(kind: CommissionKind): Record<string, SQL<string>> {
  return Object.fromEntries(
    COMMISSION_TYPES_OF[kind].flatMap((type) => {
      const of = sql`${commissions.type} = ${type}`;
      return [
        [`${type}:lines`, sql<string>`(count(*) filter (where ${of}))::text`],
        [`${type}:commission`, sql<string>`coalesce(sum(${commissions.commission}) filter (where ${of}), 0)::text`],
        [`${type}:payable`, sql<string>`coalesce(sum(${commissions.payable}) filter (where ${of}), 0)::text`],
      ];
    }),
  );
}
const sumsOf = (kind: CommissionKind) => ({ ...SUMS, ...typeSums(kind) });

const byTypeOf = (kind: CommissionKind, row: Record<string, unknown>): CommissionTypeTotals[] =>
  COMMISSION_TYPES_OF[kind].map((type) => ({
    type,
    lines: Number(row[`${type}:lines`]),
    commission: money(String(row[`${type}:commission`])),
    payable: money(String(row[`${type}:payable`])),
  }));

export interface MedicalTotals {
  commission: number;
  isrAmount: number;
  payable: number;
  byType: CommissionTypeTotals[];
}
export interface CosmeticTotals {
  total: number;
  commission: number;
  byType: CommissionTypeTotals[];
}
type Totals = MedicalTotals & CosmeticTotals;
const NO_TOTALS: Totals = { commission: 0, isrAmount: 0, payable: 0, total: 0, byType: [] };
const totalsOf = (kind: CommissionKind, row: Record<keyof typeof SUMS, string> & Record<string, unknown>): Totals => ({
  commission: money(row.commission),
  isrAmount: money(row.isrAmount),
  payable: money(row.payable),
  total: money(row.total),
  byType: byTypeOf(kind, row),
});
const lineTotals = (row: Record<keyof typeof SUMS, string>) => ({
  commission: money(row.commission),
  isrAmount: money(row.isrAmount),
  payable: money(row.payable),
  total: money(row.total),
});

const personSearch = { name: (value: string) => matches(fullName, value), employeeNumber: staffFiles.employeeNumber };

type Summary = MedicalSummary & CosmeticSummary;

/**
 * One row per person (doctor or seller) with the sums of their lines in the filtered period; `totals()` answers the
 * sums of every filtered line once the page has been read.
 */
export function summarySpec(db: DbOrTx, actor: Actor, kind: CommissionKind, q: CommissionQuery): ListSpec<Summary> & { totals: () => Totals } {
  let totals = NO_TOTALS;
  return {
    sortable: {
      employeeNumber: staffFiles.employeeNumber,
      name: [users.name, users.lastName],
      lastName: [users.lastName, users.motherLastName],
      commission: sql`sum(${commissions.commission})`,
      isrAmount: sql`sum(${commissions.isrAmount})`,
      payable: sql`sum(${commissions.payable})`,
      total: sql`sum(${signedSale})`,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: personSearch,
    filters: commissionFilters(actor, kind, q),
    rows: async ({ where, orderBy, limit, offset }) => {
      const page = db
        .select({
          userId: users.id,
          name: users.name,
          lastName: users.lastName,
          motherLastName: users.motherLastName,
          employeeNumber: staffFiles.employeeNumber,
          lines: sql<number>`count(*)::int`,
          ...SUMS,
        })
        .from(commissions)
        .innerJoin(users, eq(users.id, commissions.userId))
        .leftJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
        .leftJoin(cashOrders, eq(cashOrders.id, commissions.cashOrderId))
        .where(where)
        .groupBy(users.id, staffFiles.employeeNumber)
        .orderBy(...orderBy, users.id)
        .offset(offset);
      const rows = await (limit ? page.limit(limit) : page);
      return rows.map((r) => ({
        id: r.userId,
        userId: r.userId,
        employeeNumber: r.employeeNumber,
        name: r.name,
        lastName: r.lastName,
        motherLastName: r.motherLastName,
        lines: r.lines,
        ...lineTotals(r),
      }));
    },
    count: async (where) => {
      const [row] = await db
        .select({ n: countDistinct(commissions.userId), ...sumsOf(kind) })
        .from(commissions)
        .innerJoin(users, eq(users.id, commissions.userId))
        .leftJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
        .leftJoin(cashOrders, eq(cashOrders.id, commissions.cashOrderId))
        .where(where);
      totals = totalsOf(kind, row!);
      return row!.n;
    },
    totals: () => totals,
  };
}

const personOf = (p: { id: string; name: string; lastName: string; motherLastName: string | null } | null) =>
  p ? { id: p.id, name: p.name, lastName: p.lastName, motherLastName: p.motherLastName } : null;

const customerRef = { id: customers.id, name: customers.name, lastName: customers.lastName, motherLastName: customers.motherLastName };
const userRef = { id: users.id, name: users.name, lastName: users.lastName, motherLastName: users.motherLastName };

/** Medical lines with their appointment, branch, customer, treatment and doctor. */
export function selectMedicalLines(db: DbOrTx) {
  return db
    .select({
      line: commissions,
      appointmentNumber: appointments.appointmentNumber,
      date: appointments.date,
      startTime: appointments.startTime,
      branch: { id: branches.id, name: branches.name },
      customer: customerRef,
      treatment: { id: treatments.id, name: treatments.name },
      doctor: userRef,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.userId))
    .innerJoin(branches, eq(branches.id, commissions.branchId))
    .leftJoin(appointments, eq(appointments.id, commissions.appointmentId))
    .leftJoin(customers, eq(customers.id, commissions.customerId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .$dynamic();
}
type MedicalRow = Awaited<ReturnType<ReturnType<typeof selectMedicalLines>['execute']>>[number];

export function toMedicalLine(r: MedicalRow): MedicalLine {
  const l = r.line;
  return {
    id: l.id,
    appointmentId: l.appointmentId,
    appointmentNumber: r.appointmentNumber,
    branch: r.branch,
    date: r.date ?? l.businessDate,
    time: r.startTime?.slice(0, 5) ?? '',
    businessDate: l.businessDate,
    customer: personOf(r.customer),
    treatment: r.treatment,
    doctor: personOf(r.doctor)!,
    commission: pesos(l.commission),
    isrPercent: l.isrPercent ?? 0,
    isrAmount: pesos(l.isrAmount),
    payable: pesos(l.payable),
    reversal: Boolean(l.reversalOf),
    type: l.type as CommissionType,
    concept: l.concept,
  };
}

/** The per-doctor detail: that doctor's medical lines, newest first. */
export function medicalLinesSpec(db: DbOrTx, actor: Actor, userId: string, q: CommissionQuery): ListSpec<MedicalLine> & { totals: () => MedicalTotals } {
  let totals = NO_TOTALS;
  return {
    sortable: {
      businessDate: [commissions.businessDate, commissions.createdAt],
      appointmentNumber: appointments.appointmentNumber,
      date: [appointments.date, appointments.startTime],
      commission: commissions.commission,
      payable: commissions.payable,
    },
    defaultSort: { field: 'businessDate', order: 'DESC' },
    searchable: { appointmentNumber: appointments.appointmentNumber, customer: { expr: customers.searchName, mode: 'normalized' } },
    filters: commissionFilters(actor, 'medical', q, userId),
    rows: async ({ where, orderBy, limit, offset }) => {
      const page = selectMedicalLines(db)
        .where(where)
        .orderBy(...orderBy, commissions.id)
        .offset(offset);
      return (await (limit ? page.limit(limit) : page)).map(toMedicalLine);
    },
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, ...sumsOf('medical') })
        .from(commissions)
        .leftJoin(appointments, eq(appointments.id, commissions.appointmentId))
        .leftJoin(customers, eq(customers.id, commissions.customerId))
        .leftJoin(cashOrders, eq(cashOrders.id, commissions.cashOrderId))
        .where(where);
      totals = totalsOf('medical', row!);
      return row!.n;
    },
    totals: () => totals,
  };
}

function selectCosmeticLines(db: DbOrTx) {
  return db
    .select({
      line: commissions,
      orderNumber: cashOrders.orderNumber,
      total: cashOrders.total,
      soldAt: cashOrders.createdAt,
      branch: { id: branches.id, name: branches.name, timeZone: branches.timeZone },
      customer: customerRef,
      seller: userRef,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.userId))
    .innerJoin(branches, eq(branches.id, commissions.branchId))
    .leftJoin(cashOrders, eq(cashOrders.id, commissions.cashOrderId))
    .leftJoin(customers, eq(customers.id, commissions.customerId))
    .$dynamic();
}
type CosmeticRow = Awaited<ReturnType<ReturnType<typeof selectCosmeticLines>['execute']>>[number];

function toCosmeticLine(r: CosmeticRow): CosmeticLine {
  const l = r.line;
  const reversal = Boolean(l.reversalOf);
  // the sale's hour at its branch; a line written later (a refund's reversal, a seller change, by hand) is its own
  const at = reversal || l.concept ? l.createdAt : (r.soldAt ?? l.createdAt);
  const total = r.total === null ? 0 : pesos(r.total);
  return {
    id: l.id,
    cashOrderId: l.cashOrderId,
    orderNumber: l.orderNumber ?? r.orderNumber,
    seller: personOf(r.seller)!,
    branch: { id: r.branch.id, name: r.branch.name },
    date: l.businessDate,
    time: hhmm(zonedClock(r.branch.timeZone, at).minutes),
    customer: personOf(r.customer),
    total: reversal ? -total : total,
    base: pesos(l.base),
    percent: l.percent ?? 0,
    commission: pesos(l.commission),
    reversal,
    type: l.type as CommissionType,
    concept: l.concept,
  };
}

/** One cosmetology line as the lists show it. */
export async function readCosmeticLine(db: DbOrTx, id: string): Promise<CosmeticLine> {
  const [row] = await selectCosmeticLines(db).where(eq(commissions.id, id)).limit(1);
  return toCosmeticLine(row!);
}

/** The per-seller detail: that seller's cosmetology lines (sales and refund reversals), newest first. */
export function cosmeticLinesSpec(db: DbOrTx, actor: Actor, userId: string, q: CommissionQuery): ListSpec<CosmeticLine> & { totals: () => CosmeticTotals } {
  let totals = NO_TOTALS;
  return {
    sortable: {
      businessDate: [commissions.businessDate, commissions.createdAt],
      orderNumber: commissions.orderNumber,
      commission: commissions.commission,
      total: cashOrders.total,
    },
    defaultSort: { field: 'businessDate', order: 'DESC' },
    searchable: { orderNumber: commissions.orderNumber, customer: { expr: customers.searchName, mode: 'normalized' } },
    filters: commissionFilters(actor, 'cosmetology', q, userId),
    rows: async ({ where, orderBy, limit, offset }) => {
      const page = selectCosmeticLines(db)
        .where(where)
        .orderBy(...orderBy, commissions.id)
        .offset(offset);
      return (await (limit ? page.limit(limit) : page)).map(toCosmeticLine);
    },
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, ...sumsOf('cosmetology') })
        .from(commissions)
        .leftJoin(cashOrders, eq(cashOrders.id, commissions.cashOrderId))
        .leftJoin(customers, eq(customers.id, commissions.customerId))
        .where(where);
      totals = totalsOf('cosmetology', row!);
      return row!.n;
    },
    totals: () => totals,
  };
}

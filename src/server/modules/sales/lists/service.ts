import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { SALE_TYPES, saleListMessages, type SaleListQuery } from '../../../../domain/sale-lists.contract';
import { dateInZone } from '../../../../domain/dates';
import { fromCents, toCents } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { namedRead } from '../../../db/prepared';
import { branches, customers, users } from '../../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/errors';
import { matches, type ListSpec } from '../../../platform/list';
import { isBranchUser } from '../commissions/medical-line';
import { moveSaleCommission } from '../commissions/seller-change';
import { paidWith, readSale, saleTable, selectSales, sellers, toSaleItem, type SaleItem, type SaleTableKind } from './queries';

/** What the lists sum over every filtered row. */
export interface SaleTotals {
  total: number;
  subtotal: number;
  taxes: number;
  discountTotal: number;
  points: number;
  pointsRedeemed: number;
}

const NO_TOTALS: SaleTotals = { total: 0, subtotal: 0, taxes: 0, discountTotal: 0, points: 0, pointsRedeemed: 0 };

/** The list's own filters (besides the search), the branch limited to the actor's own for branch-bound roles. */
function saleFilters(actor: Actor, kind: SaleTableKind, q: SaleListQuery): (SQL | undefined)[] {
  const t = saleTable(kind);
  const branchId = branchScope(actor, q.branchId);
  const days = branchId && q.startDate && q.endDate ? { branchId, from: q.startDate, to: q.endDate } : undefined;
  return [
    live(t),
    branchId ? eq(t.branchId, branchId) : undefined,
    q.saleType ? eq(t.channel, SALE_TYPES[q.saleType]) : undefined,
    // the sale's business day: the branch's own calendar day, fixed when it happened
    q.startDate ? gte(t.businessDate, q.startDate) : undefined,
    q.endDate ? lte(t.businessDate, q.endDate) : undefined,
    // an unpaid sale has no tender rows yet: its own method still tells. The sale's own column first: PostgreSQL tries an
    // OR's terms in order, so the tender rows are looked up only for the sales of another (or mixed) method
    q.paymentMethod ? or(eq(t.paymentMethod, q.paymentMethod), paidWith(kind, q.paymentMethod, days)) : undefined,
    q.paymentStatus ? eq(t.paymentStatus, q.paymentStatus) : undefined,
    q.sellerId ? eq(t.sellerId, q.sellerId) : undefined,
    q.customerId ? eq(t.customerId, q.customerId) : undefined,
    q.status === 'Devolución' ? isNotNull(t.refundedAt) : q.status === 'Venta' ? isNull(t.refundedAt) : undefined,
  ];
}

const sellerName = sql`${users.name} || ' ' || ${users.lastName} || ' ' || ${users.motherLastName}`;

/**
 * A sales list with the totals of all its filtered rows: the count reads the same joins and filters and sums the
 * amounts in the same pass, so `totals()` answers after the page has been read.
 */
export function saleListSpec(db: DbOrTx, actor: Actor, kind: SaleTableKind, q: SaleListQuery): ListSpec<SaleItem> & { totals: () => SaleTotals } {
  const t = saleTable(kind);
  let totals = NO_TOTALS;
  const select = () => selectSales(db, kind);
  return {
    sortable: {
      orderNumber: t.orderNumber,
      created_at: t.createdAt,
      businessDate: [t.businessDate, t.createdAt],
      total: t.total,
      discountTotal: t.discountTotal,
      points: t.points,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      refundedAt: t.refundedAt,
      branch: branches.name,
      customer: customers.searchName,
      seller: [sellers.name, sellers.lastName],
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: {
      orderNumber: t.orderNumber,
      customer: { expr: customers.searchName, mode: 'normalized' },
      seller: (value) => {
        const ids = db.select({ id: users.id }).from(users).where(matches(sellerName, value));
        return inArray(t.sellerId, ids);
      },
    },
    filters: saleFilters(actor, kind, q),
    rows: async ({ where, orderBy, limit, offset }) => {
      const page = select()
        .where(where)
        .orderBy(...orderBy, t.id)
        .offset(offset);
      // unnamed: a kept (generic) plan does not know the page's limit and sorts the whole range instead of walking the index
      return (await (limit ? page.limit(limit) : page)).map(toSaleItem);
    },
    count: async (where) => {
      // only a search by customer name reads a join; the sums are over the sales themselves
      const [row] = await namedRead(
        db
          .select({
            n: sql<number>`count(*)::int`,
            total: sql<string>`coalesce(sum(${t.total}), 0)::text`,
            subtotal: sql<string>`coalesce(sum(${t.subtotal}), 0)::text`,
            taxes: sql<string>`coalesce(sum(${t.taxes}), 0)::text`,
            discountTotal: sql<string>`coalesce(sum(${t.discountTotal}), 0)::text`,
            points: sql<string>`coalesce(sum(${t.points}), 0)::bigint`,
            pointsRedeemed: sql<string>`coalesce(sum(${t.pointsRedeemed}), 0)::bigint`,
          })
          .from(t)
          .leftJoin(customers, eq(customers.id, t.customerId))
          .where(where),
      );
      // numeric sums, read as exact decimal text
      const money = (v: string) => fromCents(toCents(v));
      totals = {
        total: money(row!.total),
        subtotal: money(row!.subtotal),
        taxes: money(row!.taxes),
        discountTotal: money(row!.discountTotal),
        points: Number(row!.points),
        pointsRedeemed: Number(row!.pointsRedeemed),
      };
      return row!.n;
    },
    totals: () => totals,
  };
}

const notFound = () => new AppError('ORDER_NOT_FOUND', 'Venta no encontrada');

/** One sale with its lines, payments and refunds; a branch-bound role reads only its own branch's. */
export async function getSale(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string) {
  const sale = await readSale(ctx.db, kind, id);
  if (!sale) throw notFound();
  assertBranchAccess(actor, sale.branchId);
  return sale;
}

/** The branch's calendar day at a moment. */
async function branchToday(db: DbOrTx, branchId: string, at: Date): Promise<string> {
  const [b] = await db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, branchId)).limit(1);
  return dateInZone(b!.timeZone, at);
}

/**
 * Section 6: the seller (cosmetologist) of a product sale changes, except on a refunded one. The row is locked so a
 * refund running at the same time either comes first (409 here) or sees the new seller; the change log keeps both.
 * The sale's commission follows the seller (reversed on the old one, written for the new one on today's day).
 */
export async function updateCashOrderSeller(ctx: AppContext, actor: Actor, id: string, userId: string) {
  const t = saleTable('cashOrder');
  await ctx.db.transaction(async (tx) => {
    const [sale] = await tx
      .select({ id: t.id, branchId: t.branchId, sellerId: t.sellerId, refundedAt: t.refundedAt, orderNumber: t.orderNumber })
      .from(t)
      .where(and(eq(t.id, id), live(t)))
      .for('update');
    if (!sale) throw notFound();
    assertBranchAccess(actor, sale.branchId);
    if (sale.refundedAt) throw new AppError('ORDER_WRONG_STATE', saleListMessages.sellerOnRefunded);
    if (!(await isBranchUser(tx, userId, sale.branchId))) {
      throw new AppError('VALIDATION_FAILED', saleListMessages.sellerNotOfBranch, [{ field: 'userId', message: saleListMessages.sellerNotOfBranch }]);
    }
    if (sale.sellerId === userId) return;
    const now = new Date();
    await tx.update(t).set({ sellerId: userId, updatedAt: now }).where(eq(t.id, id));
    await moveSaleCommission(tx, id, userId, await branchToday(tx, sale.branchId, now), now);
    await recordChange(tx, actor, {
      module: 'sales',
      action: 'cambiar vendedor',
      entityId: id,
      orderNumber: sale.orderNumber,
      before: { sellerId: sale.sellerId },
      after: { sellerId: userId },
      affectedBranchId: sale.branchId,
    });
  });
  return getSale(ctx, actor, 'cashOrder', id);
}

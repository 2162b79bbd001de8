import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isOrderStatus } from '../../../../domain/assortment-orders.schemas';
import type { z } from 'zod';
import type { assortmentListQuery } from '../../../../domain/assortment-orders.contract';
import { isExpired, orderTypeLabels, type OrderStatus, type OrderType } from '../../../../domain/inventory';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { assortmentOrderLots, assortmentOrderProducts, assortmentOrders, branches, maxMins, productStocks, products, users } from '../../../db/schema';
import { branchScope, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { businessDaysFilter } from '../../../platform/business-day';
import type { ListSpec } from '../../../platform/list';
import { liveUnlessWithDeleted } from '../../../platform/records';
import { orderList } from '../order-list';
import { branchToday } from '../steps';
import { namedRead } from '../../../db/prepared';

type AssortmentListQuery = z.output<typeof assortmentListQuery>;

/** Reads of restock (assortment) orders: the list, one order with its lines and lots, and the form's lookups. */

const origin = alias(branches, 'origin_branch');
const orderer = alias(users, 'order_by');
const approver = alias(users, 'approved_by');
const finisher = alias(users, 'finished_by');
const fullName = (u: { name: AnyPgColumn; lastName: AnyPgColumn; motherLastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${u.name} || ' ' || ${u.lastName} || ' ' || coalesce(${u.motherLastName}, '')), '')`;

const hasDifference = sql<boolean>`(${assortmentOrders.status} = 'Terminada' and exists (select 1 from ${assortmentOrderProducts} d
  where d.assortment_order_id = ${assortmentOrders.id} and coalesce(d.received_quantity, 0) <> coalesce(d.stocked_quantity, 0)))`;

const orderColumns = {
  order: assortmentOrders,
  branchName: branches.name,
  originName: origin.name,
  orderBy: fullName(orderer),
  approvedBy: fullName(approver),
  finishedBy: fullName(finisher),
  hasDifference,
};

function orderQuery(db: DbOrTx) {
  return db
    .select(orderColumns)
    .from(assortmentOrders)
    .innerJoin(branches, eq(branches.id, assortmentOrders.branchId))
    .leftJoin(origin, eq(origin.id, assortmentOrders.originBranchId))
    .leftJoin(orderer, eq(orderer.id, assortmentOrders.orderById))
    .leftJoin(approver, eq(approver.id, assortmentOrders.approvedById))
    .leftJoin(finisher, eq(finisher.id, assortmentOrders.finishedById));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

function toOrderDto(r: OrderRow) {
  const o = r.order;
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    orderType: o.orderType as OrderType,
    orderTypeLabel: orderTypeLabels[o.orderType as OrderType] ?? o.orderType,
    branchId: o.branchId,
    branch: { id: o.branchId, name: r.branchName },
    originBranch: o.originBranchId ? { id: o.originBranchId, name: r.originName ?? '' } : null,
    status: o.status as OrderStatus,
    comments: o.comments,
    orderById: o.orderById,
    orderBy: r.orderBy,
    approvedBy: r.approvedBy,
    finishedBy: r.finishedBy,
    approvedAt: o.approvedAt,
    sentAt: o.sentAt,
    finishedAt: o.finishedAt,
    rejectedAt: o.rejectedAt,
    hasDifference: Boolean(r.hasDifference),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    deleted_at: o.deletedAt,
  };
}
export type AssortmentOrderDto = ReturnType<typeof toOrderDto>;

export function assortmentListSpec(db: DbOrTx, actor: Actor, q: AssortmentListQuery): ListSpec<AssortmentOrderDto> {
  const branchId = branchScope(actor, q.branchId);
  const status = isOrderStatus(q.status) ? q.status : undefined;
  return orderList(db, () => orderQuery(db), assortmentOrders.id, toOrderDto, {
    sortable: {
      orderNumber: assortmentOrders.orderNumber,
      orderType: assortmentOrders.orderType,
      created_at: assortmentOrders.createdAt,
      branch: branches.name,
      status: assortmentOrders.status,
    },
    searchable: { orderNumber: assortmentOrders.orderNumber, branch: branches.name },
    filters: [
      // deleted orders show with withDeleted or when their status is asked for
      status === 'Eliminada' ? undefined : liveUnlessWithDeleted(q, assortmentOrders),
      status ? eq(assortmentOrders.status, status) : undefined,
      branchId ? eq(assortmentOrders.branchId, branchId) : undefined,
      q.orderType ? eq(assortmentOrders.orderType, q.orderType) : undefined,
      businessDaysFilter(db, assortmentOrders.createdAt, branchId ?? actor.branchId, q),
    ],
  });
}

/** The order's row (any status, deleted too), locked when asked: the transitions lock it so a repeated click waits and sees the new state. */
export async function findOrder(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(assortmentOrders).where(eq(assortmentOrders.id, id)).limit(1);
  const [row] = lock ? await namedRead(q.for('update')) : await namedRead(q);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}
export type OrderRecord = Awaited<ReturnType<typeof findOrder>>;

export function orderLines(db: DbOrTx, orderId: string) {
  return db.select().from(assortmentOrderProducts).where(eq(assortmentOrderProducts.assortmentOrderId, orderId)).orderBy(asc(assortmentOrderProducts.id));
}

/** The lots each line was sent from, with their lot number, expiry and price, first expiry first. */
export function sentLots(db: DbOrTx, lineIds: string[]) {
  if (!lineIds.length) return Promise.resolve([]);
  return db
    .select({
      id: assortmentOrderLots.id,
      lineId: assortmentOrderLots.lineId,
      stockId: assortmentOrderLots.stockId,
      quantity: assortmentOrderLots.quantity,
      receivedQuantity: assortmentOrderLots.receivedQuantity,
      destinationStockId: assortmentOrderLots.destinationStockId,
      productId: productStocks.productId,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      price: productStocks.price,
    })
    .from(assortmentOrderLots)
    .innerJoin(productStocks, eq(productStocks.id, assortmentOrderLots.stockId))
    .where(inArray(assortmentOrderLots.lineId, lineIds))
    .orderBy(sql`${productStocks.expiresAt} asc nulls last`, asc(productStocks.allotment), asc(assortmentOrderLots.id));
}
export type SentLot = Awaited<ReturnType<typeof sentLots>>[number];

/** Which branch is the distribution centre (the origin of every restock): the oldest live, active one marked so. */
const distributionCenterColumns = { id: branches.id, name: branches.name, timeZone: branches.timeZone };
const isDistributionCenter = and(eq(branches.distributionCenter, true), eq(branches.active, true), live(branches));
const oldestFirst = asc(branches.createdAt);

/** The live distribution centre. */
export async function distributionCenter(db: DbOrTx) {
  const [dc] = await db.select(distributionCenterColumns).from(branches).where(isDistributionCenter).orderBy(oldestFirst).limit(1);
  if (!dc) throw new AppError('NO_DISTRIBUTION_CENTER');
  return dc;
}

/** Stock of products at a branch, summed over its live lots. */
async function stockOf(db: DbOrTx, branchId: string, productIds?: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: productStocks.productId, stock: sql<number>`sum(${productStocks.quantity})::int` })
    .from(productStocks)
    .where(and(eq(productStocks.branchId, branchId), live(productStocks), productIds ? inArray(productStocks.productId, productIds) : undefined))
    .groupBy(productStocks.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.stock)]));
}

/** The max of products at a branch (max_mins). */
export async function maxOf(db: DbOrTx, branchId: string, productIds?: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: maxMins.productId, max: maxMins.max })
    .from(maxMins)
    .where(and(eq(maxMins.branchId, branchId), live(maxMins), productIds ? inArray(maxMins.productId, productIds) : undefined));
  return new Map(rows.map((r) => [r.productId, r.max]));
}

/** The distribution centre's valid lots with units of these products (what an approver may send). */
async function dcLots(db: DbOrTx, dcId: string, productIds: string[]) {
  if (!productIds.length) return [];
  const today = await branchToday(db, dcId);
  const lots = await db
    .select({
      stockId: productStocks.id,
      productId: productStocks.productId,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      quantity: productStocks.quantity,
    })
    .from(productStocks)
    .where(and(eq(productStocks.branchId, dcId), inArray(productStocks.productId, productIds), gt(productStocks.quantity, 0), live(productStocks)))
    .orderBy(sql`${productStocks.expiresAt} asc nulls last`, asc(productStocks.allotment));
  return lots.filter((l) => !isExpired(l.expiresAt, today));
}

/** The approved, active products a branch may order, with its stock and max of each. */
export async function restockProducts(db: DbOrTx, branchId: string) {
  const [list, stock, max] = await Promise.all([
    db
      .select({ productId: products.id, sku: products.sku, name: products.name })
      .from(products)
      .where(and(live(products), eq(products.active, true), sql`${products.approvedAt} is not null`))
      .orderBy(asc(products.name)),
    stockOf(db, branchId),
    maxOf(db, branchId),
  ]);
  return list.map((p) => ({ ...p, stock: stock.get(p.productId) ?? 0, max: max.get(p.productId) ?? null }));
}

async function lineDtos(db: DbOrTx, order: OrderRecord, withDcLots: boolean) {
  // each line with the branch's stock (its live lots) and max of the product, in the same statement
  const lines = await namedRead(
    db
      .select({
        line: assortmentOrderProducts,
        sku: products.sku,
        name: products.name,
        stock: sql<number>`(select coalesce(sum(s.quantity), 0)::int from ${productStocks} s
          where s.branch_id = ${order.branchId} and s.product_id = ${assortmentOrderProducts.productId} and s.deleted_at is null)`,
        max: sql<number | null>`(select m.max from ${maxMins} m
          where m.branch_id = ${order.branchId} and m.product_id = ${assortmentOrderProducts.productId} and m.deleted_at is null limit 1)`,
      })
      .from(assortmentOrderProducts)
      .innerJoin(products, eq(products.id, assortmentOrderProducts.productId))
      .where(eq(assortmentOrderProducts.assortmentOrderId, order.id))
      .orderBy(asc(products.name), asc(assortmentOrderProducts.id)),
  );
  const productIds = lines.map((l) => l.line.productId);
  const dc = withDcLots && order.status === 'En proceso' ? await distributionCenter(db).catch(() => null) : null;
  const [lots, valid] = await Promise.all([
    // an order in process has sent nothing yet
    sentLots(db, order.status === 'En proceso' ? [] : lines.map((l) => l.line.id)),
    dc ? dcLots(db, dc.id, productIds) : Promise.resolve([]),
  ]);
  return lines.map(({ line, sku, name, stock, max }) => {
    const choices = valid.filter((l) => l.productId === line.productId).map(({ productId: _, ...l }) => l);
    return {
      id: line.id,
      productId: line.productId,
      product: { id: line.productId, sku, name },
      max,
      stock: Number(stock),
      dcStock: choices.reduce((sum, l) => sum + l.quantity, 0),
      dcLots: choices,
      orderedQuantity: line.orderedQuantity,
      stockedQuantity: line.stockedQuantity,
      receivedQuantity: line.receivedQuantity,
      lots: lots
        .filter((l) => l.lineId === line.id)
        .map((l) => ({
          stockId: l.stockId,
          allotment: l.allotment,
          expiresAt: l.expiresAt,
          quantity: l.quantity,
          receivedQuantity: l.receivedQuantity,
          destinationStockId: l.destinationStockId,
        })),
    };
  });
}

/**
 * One order as the wire sends it, with its lines, their lots and the stock the form shows; without `withDcLots` the
 * distribution centre's lots an approver may choose from (dcStock, dcLots) are left empty: the change log never keeps them.
 */
export async function orderDetail(db: DbOrTx, id: string, withDcLots = true) {
  return (await orderWithDetail(db, id, { withDcLots, lock: false })).detail;
}
export type AssortmentOrderDetailDto = Awaited<ReturnType<typeof orderDetail>>;

/**
 * orderDetail with the order's row, in one read; locked (as findOrder's lock) for a transition that reads and writes
 * in one transaction.
 */
export async function orderWithDetail(db: DbOrTx, id: string, { withDcLots, lock }: { withDcLots: boolean; lock: boolean }) {
  const q = orderQuery(db).where(eq(assortmentOrders.id, id)).limit(1);
  const [row] = await namedRead(lock ? q.for('update', { of: assortmentOrders }) : q);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return { order: row.order, detail: { ...toOrderDto(row), assortmentOrderProducts: await lineDtos(db, row.order, withDcLots) } };
}

/** What an approval needs besides the order, in one read: the live distribution centre and the approver's name as the order's reads show it. */
export async function approvalContext(db: DbOrTx, approverId: string) {
  const [row] = await namedRead(
    db
      .select({ ...distributionCenterColumns, approvedBy: sql<string | null>`(select ${fullName(users)} from ${users} where ${users.id} = ${approverId})` })
      .from(branches)
      .where(isDistributionCenter)
      .orderBy(oldestFirst)
      .limit(1),
  );
  if (!row) throw new AppError('NO_DISTRIBUTION_CENTER');
  const { approvedBy, ...dc } = row;
  return { dc, approvedBy };
}

import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { fromCents } from '../../../../domain/money';
import {
  assortmentOrderLots,
  assortmentOrderProducts,
  assortmentOrders,
  productStocks,
  products,
  productTypes,
  transferProducts,
  transfers,
} from '../../../db/schema';

/** Rows of a raw query (PGlite and pg answer `{ rows }`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The lots of a branch with units, with what the order forms show of their product. */
export async function lotsAtBranch(db: DbOrTx, branchId: string, productIds?: string[]) {
  const rows = await db
    .select({
      stockId: productStocks.id,
      productId: productStocks.productId,
      sku: products.sku,
      name: products.name,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      quantity: productStocks.quantity,
      price: productStocks.price,
      productTypeRequiresLot: productTypes.requiresLot,
    })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(
      and(
        eq(productStocks.branchId, branchId),
        gt(productStocks.quantity, 0),
        live(productStocks),
        productIds ? inArray(productStocks.productId, productIds.length ? productIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(productStocks.expiresAt), asc(productStocks.allotment));
  return rows.map((r) => ({ ...r, price: r.price === null ? null : fromCents(r.price) }));
}

/** Units sent to a branch and not yet received, per product: restocks and transfers in transit. */
export async function inTransitTo(db: DbOrTx, branchId: string | undefined, productIds?: string[]): Promise<Map<string, number>> {
  const restock = db
    .select({
      productId: assortmentOrderProducts.productId,
      branchId: assortmentOrders.branchId,
      units: sql<number>`sum(${assortmentOrderLots.quantity})::int`,
    })
    .from(assortmentOrderLots)
    .innerJoin(assortmentOrderProducts, eq(assortmentOrderProducts.id, assortmentOrderLots.lineId))
    .innerJoin(assortmentOrders, eq(assortmentOrders.id, assortmentOrderProducts.assortmentOrderId))
    .where(
      and(
        eq(assortmentOrders.status, 'En tránsito'),
        branchId ? eq(assortmentOrders.branchId, branchId) : undefined,
        productIds ? inArray(assortmentOrderProducts.productId, productIds) : undefined,
      ),
    )
    .groupBy(assortmentOrderProducts.productId, assortmentOrders.branchId);
  const transfer = db
    .select({ productId: transferProducts.productId, branchId: transfers.destinyBranchId, units: sql<number>`sum(${transferProducts.stockedQuantity})::int` })
    .from(transferProducts)
    .innerJoin(transfers, eq(transfers.id, transferProducts.transferId))
    .where(
      and(
        eq(transfers.status, 'En tránsito'),
        branchId ? eq(transfers.destinyBranchId, branchId) : undefined,
        productIds ? inArray(transferProducts.productId, productIds) : undefined,
      ),
    )
    .groupBy(transferProducts.productId, transfers.destinyBranchId);
  const totals = new Map<string, number>();
  for (const r of [...(await restock), ...(await transfer)]) {
    const key = `${r.productId}:${r.branchId}`;
    totals.set(key, (totals.get(key) ?? 0) + Number(r.units));
  }
  return totals;
}

/** Units a branch asked for in restock orders not yet approved, per product. */
export async function pendingOrdered(db: DbOrTx, branchId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: assortmentOrderProducts.productId, units: sql<number>`sum(${assortmentOrderProducts.orderedQuantity})::int` })
    .from(assortmentOrderProducts)
    .innerJoin(assortmentOrders, eq(assortmentOrders.id, assortmentOrderProducts.assortmentOrderId))
    .where(and(eq(assortmentOrders.branchId, branchId), eq(assortmentOrders.status, 'En proceso'), live(assortmentOrders)))
    .groupBy(assortmentOrderProducts.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.units)]));
}

/** The lots with units and an expiry of some (product, branch) pairs: the tags of the inventory rows. */
export async function expiriesOf(db: DbOrTx, pairs: { productId: string; branchId: string }[]) {
  if (!pairs.length) return [];
  return db
    .select({
      productId: productStocks.productId,
      branchId: productStocks.branchId,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      quantity: productStocks.quantity,
    })
    .from(productStocks)
    .where(
      and(
        inArray(productStocks.productId, [...new Set(pairs.map((p) => p.productId))]),
        inArray(productStocks.branchId, [...new Set(pairs.map((p) => p.branchId))]),
        gt(productStocks.quantity, 0),
        isNotNull(productStocks.expiresAt),
        live(productStocks),
      ),
    )
    .orderBy(asc(productStocks.expiresAt));
}

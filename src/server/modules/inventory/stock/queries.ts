import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { pesos } from '../../../db/money';
import {
  assortmentOrderLots,
  assortmentOrderProducts,
  assortmentOrders,
  productStocks,
  products,
  productTypes,
  saleOrderProducts,
  saleOrders,
  transferProducts,
  transfers,
} from '../../../db/schema';

/** A lot that may still be used (applied to a patient, sold): no expiry, or not past it on the branch's `today`. */
export const validLot = (today: string) => sql`(${productStocks.expiresAt} is null or ${productStocks.expiresAt} >= ${today})`;

/** Which lots of a branch a form may choose, and how they are counted and priced. */
export interface LotChoice {
  /** Only these products' lots. */
  productIds?: string[];
  /** Only the lots still valid (validLot) on this day: the branch's today. */
  validOn?: string;
  /** The sale order being edited: the units it holds count as the lot's, so its lots stay even without stock. */
  heldBy?: string;
  /** Priced at the product's sale price, else the lot's unit price. */
  salePrice?: boolean;
}

/** The units a live sale order holds of each lot. */
function heldBySaleOrder(db: DbOrTx, saleOrderId: string) {
  return db
    .select({ stockId: saleOrderProducts.stockId, units: sql<number>`sum(${saleOrderProducts.quantity})::int`.as('units') })
    .from(saleOrderProducts)
    .innerJoin(saleOrders, eq(saleOrders.id, saleOrderProducts.saleOrderId))
    .where(and(eq(saleOrderProducts.saleOrderId, saleOrderId), live(saleOrders)))
    .groupBy(saleOrderProducts.stockId)
    .as('held');
}

/** The lots of a branch with units, with what the order forms show of their product. */
export async function lotsAtBranch(db: DbOrTx, branchId: string, choice: LotChoice = {}) {
  const { productIds, validOn, heldBy, salePrice } = choice;
  const held = heldBy ? heldBySaleOrder(db, heldBy) : undefined;
  const query = db
    .select({
      stockId: productStocks.id,
      productId: productStocks.productId,
      sku: products.sku,
      name: products.name,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      quantity: held ? sql<number>`(${productStocks.quantity} + coalesce(${held.units}, 0))::int` : productStocks.quantity,
      price: productStocks.price,
      productTypeRequiresLot: productTypes.requiresLot,
      productPrice: products.salePrice,
    })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .$dynamic();
  const rows = await (held ? query.leftJoin(held, eq(held.stockId, productStocks.id)) : query)
    .where(
      and(
        eq(productStocks.branchId, branchId),
        held ? or(gt(productStocks.quantity, 0), gt(held.units, 0)) : gt(productStocks.quantity, 0),
        live(productStocks),
        validOn ? validLot(validOn) : undefined,
        productIds ? inArray(productStocks.productId, productIds.length ? productIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(asc(products.name), asc(productStocks.expiresAt), asc(productStocks.allotment));
  return rows.map(({ productPrice, ...r }) => ({ ...r, price: pesos(salePrice ? (productPrice ?? r.price) : r.price) }));
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

/**
 * The units in transit to one (branch, product) of an outer row (restocks and transfers sent and not received): a
 * correlated subquery, so a list page reads its rows' transit in the same statement.
 */
export const inTransitOfRow = (branchId: SQL, productId: SQL): SQL => sql`((select coalesce(sum(al.quantity), 0) from ${assortmentOrders} ao
    join ${assortmentOrderProducts} ap on ap.assortment_order_id = ao.id join ${assortmentOrderLots} al on al.line_id = ap.id
    where ao.status = 'En tránsito' and ao.branch_id = ${branchId} and ap.product_id = ${productId})
  + (select coalesce(sum(tp.stocked_quantity), 0) from ${transfers} t join ${transferProducts} tp on tp.transfer_id = t.id
    where t.status = 'En tránsito' and t.destiny_branch_id = ${branchId} and tp.product_id = ${productId}))::int`;

/** The lots with units and an expiry of one (branch, product) of an outer row, soonest first, as JSON: the tags of an inventory row. */
export const expiriesOfRow = (branchId: SQL, productId: SQL): SQL =>
  sql`(select coalesce(json_agg(json_build_object('allotment', s.allotment, 'expiresAt', s.expires_at, 'quantity', s.quantity) order by s.expires_at), '[]')
    from ${productStocks} s where s.branch_id = ${branchId} and s.product_id = ${productId} and s.deleted_at is null and s.quantity > 0 and s.expires_at is not null)`;

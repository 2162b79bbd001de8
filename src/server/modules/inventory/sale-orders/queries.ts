import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fromCents, multiplyCents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { pesos } from '../../../db/money';
import { branches, productStocks, products, saleOrderProducts, saleOrders, users } from '../../../db/schema';
import { stamps } from '../../dto';

/** Reads of sale orders: the order with its branch and author, its lines with lot and product. */

export type SaleOrderRow = typeof saleOrders.$inferSelect;

const author = sql<string | null>`case when ${users.id} is null then null else ${users.name} || ' ' || ${users.lastName} end`;

/** Sale orders with their branch (name and zone) and who created them. */
export function selectSaleOrders(db: DbOrTx) {
  return db
    .select({ order: saleOrders, branchName: branches.name, timeZone: branches.timeZone, createdBy: author })
    .from(saleOrders)
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .leftJoin(users, eq(users.id, saleOrders.createdById));
}

type OrderJoin = Awaited<ReturnType<typeof selectSaleOrders>>[number];

export function toSaleOrderItem({ order: o, branchName, timeZone, createdBy }: OrderJoin) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    name: o.name,
    rfc: o.rfc,
    phone: o.phone,
    note: o.note,
    comments: o.comments,
    totalAmount: pesos(o.totalAmount),
    branchId: o.branchId,
    branch: { id: o.branchId, name: branchName, timeZone },
    createdBy,
    ...stamps(o),
  };
}
export type SaleOrderItem = ReturnType<typeof toSaleOrderItem>;

/** The lines of some orders, each with its lot and product, in the order they were written. */
export async function linesOf(db: DbOrTx, orderIds: string[]) {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ line: saleOrderProducts, sku: products.sku, product: products.name, allotment: productStocks.allotment, expiresAt: productStocks.expiresAt })
    .from(saleOrderProducts)
    .innerJoin(productStocks, eq(productStocks.id, saleOrderProducts.stockId))
    .innerJoin(products, eq(products.id, saleOrderProducts.productId))
    .where(inArray(saleOrderProducts.saleOrderId, orderIds))
    .orderBy(asc(products.name), asc(productStocks.allotment), asc(saleOrderProducts.id));
  return rows.map(({ line, ...r }) => ({
    orderId: line.saleOrderId,
    id: line.id,
    stockId: line.stockId,
    productId: line.productId,
    sku: r.sku,
    product: r.product,
    allotment: r.allotment,
    expiresAt: r.expiresAt,
    quantity: line.quantity,
    price: pesos(line.price),
    subtotal: fromCents(multiplyCents(line.price, line.quantity)),
  }));
}

/** The order with its lines (deleted ones too: a deleted order can still be read and printed). */
export async function readSaleOrder(db: DbOrTx, id: string) {
  const [row] = await selectSaleOrders(db).where(eq(saleOrders.id, id)).limit(1);
  if (!row) return null;
  const lines = await linesOf(db, [id]);
  return { ...toSaleOrderItem(row), saleOrderProducts: lines.map(({ orderId: _, ...l }) => l) };
}
export type SaleOrderDetail = NonNullable<Awaited<ReturnType<typeof readSaleOrder>>>;

/** The lots named by a payload: their product and branch (live lots only). */
export async function lotsByIds(db: DbOrTx, stockIds: string[]) {
  if (!stockIds.length) return [];
  return db
    .select({ id: productStocks.id, productId: productStocks.productId, branchId: productStocks.branchId })
    .from(productStocks)
    .where(and(inArray(productStocks.id, stockIds), live(productStocks)));
}

import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { PayMethod, PayStatus } from '../../../../domain/inventory';
import type { ListQuery } from '../../../../domain/list';
import { multiplyCents, sumCents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { pesos } from '../../../db/money';
import { branches, productProviders, products, productTypes, providers, purchaseOrderProducts, purchaseOrders } from '../../../db/schema';
import type { ListSpec } from '../../../platform/list';
import { liveUnlessWithDeleted } from '../../../platform/records';
import { stamps } from '../../dto';
import { orderList } from '../order-list';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

const orderColumns = {
  order: purchaseOrders,
  provider: { id: providers.id, name: providers.name, payConditions: providers.payConditions },
  receivedBranch: { id: branches.id, name: branches.name },
};
type JoinedRow = {
  order: PurchaseOrderRow;
  provider: { id: string; name: string; payConditions: number };
  receivedBranch: { id: string; name: string } | null;
};

const joined = (db: DbOrTx) =>
  db
    .select(orderColumns)
    .from(purchaseOrders)
    .innerJoin(providers, eq(providers.id, purchaseOrders.providerId))
    .leftJoin(branches, eq(branches.id, purchaseOrders.receivedBranchId));

export function toItemDto({ order: o, provider, receivedBranch }: JoinedRow) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    invoiceNumber: o.invoiceNumber,
    providerId: o.providerId,
    provider,
    payMethod: o.payMethod as PayMethod,
    arrivedAt: o.arrivedAt,
    creditExpiration: o.creditExpiration,
    payStatus: o.payStatus as PayStatus,
    payedAt: o.payedAt,
    tax: o.tax,
    amount: pesos(o.amount),
    total: pesos(o.amount),
    comments: o.comments,
    assortmentedAt: o.assortmentedAt,
    receivedBranch,
    ...stamps(o),
  };
}
export type PurchaseOrderItemDto = ReturnType<typeof toItemDto>;

export interface PurchaseOrderFilters extends ListQuery {
  providerId?: string;
  payStatus?: PayStatus;
  payMethod?: PayMethod;
  startDate?: string;
  endDate?: string;
}

/** The list: order, invoice and provider searchable; provider, payment and arrival-date filters (dates compare as days). */
export function purchaseOrderListSpec(db: DbOrTx, q: PurchaseOrderFilters): ListSpec<PurchaseOrderItemDto> {
  return orderList(db, () => joined(db), purchaseOrders.id, toItemDto, {
    sortable: {
      orderNumber: purchaseOrders.orderNumber,
      invoiceNumber: purchaseOrders.invoiceNumber,
      provider: providers.name,
      payMethod: purchaseOrders.payMethod,
      amount: purchaseOrders.amount,
      total: purchaseOrders.amount,
      payStatus: purchaseOrders.payStatus,
      payedAt: purchaseOrders.payedAt,
      arrivedAt: purchaseOrders.arrivedAt,
      created_at: purchaseOrders.createdAt,
    },
    searchable: { orderNumber: purchaseOrders.orderNumber, invoiceNumber: purchaseOrders.invoiceNumber, provider: providers.name },
    filters: [
      liveUnlessWithDeleted(q, purchaseOrders),
      q.providerId ? eq(purchaseOrders.providerId, q.providerId) : undefined,
      q.payStatus ? eq(purchaseOrders.payStatus, q.payStatus) : undefined,
      q.payMethod ? eq(purchaseOrders.payMethod, q.payMethod) : undefined,
      q.startDate ? gte(purchaseOrders.arrivedAt, q.startDate) : undefined,
      q.endDate ? lte(purchaseOrders.arrivedAt, q.endDate) : undefined,
    ],
  });
}

/** The order's lines with their product (SKU, name, barcode, lot rule). */
export async function orderLines(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({
      line: purchaseOrderProducts,
      product: { id: products.id, sku: products.sku, name: products.name, barCode: products.barCode, requiresLot: productTypes.requiresLot },
    })
    .from(purchaseOrderProducts)
    .innerJoin(products, eq(products.id, purchaseOrderProducts.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(eq(purchaseOrderProducts.purchaseOrderId, orderId))
    .orderBy(asc(products.name), asc(purchaseOrderProducts.id));
  return rows;
}
export type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

/** The whole order as the wire carries it: the list's fields, its lines and their sum. */
export async function orderDto(db: DbOrTx, id: string) {
  const [row] = await joined(db).where(eq(purchaseOrders.id, id)).limit(1);
  const lines = await orderLines(db, id);
  const subtotals = lines.map(({ line }) => multiplyCents(line.price, line.quantity));
  return {
    ...toItemDto(row!),
    subtotal: pesos(sumCents(subtotals)),
    purchaseOrderProducts: lines.map(({ line, product }, i) => ({
      id: line.id,
      productId: line.productId,
      product,
      quantity: line.quantity,
      price: pesos(line.price),
      subtotal: pesos(subtotals[i]!),
      allotment: line.allotment,
      expiresAt: line.expiresAt,
      stockId: line.stockId,
    })),
  };
}
export type PurchaseOrderDto = Awaited<ReturnType<typeof orderDto>>;

/** The products a purchase may order, with the lot rule of their type and their providers. */
export async function purchaseProducts(db: DbOrTx) {
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: products.name, barCode: products.barCode, requiresLot: productTypes.requiresLot, cost: products.cost })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(live(products), eq(products.active, true)))
    .orderBy(asc(products.name));
  const links = rows.length
    ? await db
        .select({ productId: productProviders.productId, providerId: productProviders.providerId })
        .from(productProviders)
        .where(
          inArray(
            productProviders.productId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({ ...r, cost: pesos(r.cost), providerIds: links.filter((l) => l.productId === r.id).map((l) => l.providerId) }));
}

/** Product facts the service checks lines against: whether each exists (live) and requires a lot. */
export async function lotRules(db: DbOrTx, productIds: string[]): Promise<Map<string, boolean>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ id: products.id, requiresLot: productTypes.requiresLot })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(inArray(products.id, productIds), live(products)));
  return new Map(rows.map((r) => [r.id, r.requiresLot]));
}

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { saleStatusOf } from '../../../../domain/sale-lists.contract';
import { multiplyCents, type Cents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { pesos } from '../../../db/money';
import {
  branches,
  cashOrderDetails,
  cashOrders,
  coupons,
  customers,
  orderDetails,
  orders,
  packages,
  products,
  salePayments,
  treatments,
  users,
} from '../../../db/schema';

/** Reads of sales: orders (treatments, packages) and cash orders (products) with their names, lines and payments. */

/** Which table a request reads: `order` or `cashOrder`, as sale_payments.order_kind names them. */
export type SaleTableKind = 'order' | 'cashOrder';

export const saleTable = (kind: SaleTableKind) => (kind === 'cashOrder' ? cashOrders : orders);

/** The seller's user row, under its own name. */
export const sellers = alias(users, 'seller');

/** Sales of one kind with their branch, seller, customer and coupon (a list's joins: each one more costs its page planning time). */
export function selectSales(db: DbOrTx, kind: SaleTableKind) {
  const t = saleTable(kind);
  return db
    .select({
      sale: t,
      branchName: branches.name,
      timeZone: branches.timeZone,
      seller: { id: sellers.id, name: sellers.name, lastName: sellers.lastName, motherLastName: sellers.motherLastName },
      customer: {
        id: customers.id,
        customerId: customers.customerNumber,
        name: customers.name,
        lastName: customers.lastName,
        motherLastName: customers.motherLastName,
      },
      coupon: { id: coupons.id, name: coupons.name },
    })
    .from(t)
    .innerJoin(branches, eq(branches.id, t.branchId))
    .leftJoin(sellers, eq(sellers.id, t.sellerId))
    .leftJoin(customers, eq(customers.id, t.customerId))
    .leftJoin(coupons, eq(coupons.id, t.couponId));
}

export type SaleJoin = Awaited<ReturnType<typeof selectSales>>[number];

/** A joined reference that the left join may have left empty. */
const present = <T extends { id: string | null }>(ref: T | null): (T & { id: string }) | null => (ref?.id ? (ref as T & { id: string }) : null);

export function toSaleItem({ sale: s, branchName, timeZone, seller, customer, coupon }: SaleJoin) {
  return {
    id: s.id,
    orderNumber: s.orderNumber,
    channel: s.channel,
    seller: present(seller) as { id: string; name: string; lastName: string; motherLastName: string } | null,
    customer: present(customer) as { id: string; customerId: number; name: string; lastName: string; motherLastName: string | null } | null,
    branchId: s.branchId,
    branch: { id: s.branchId, name: branchName, timeZone },
    created_at: s.createdAt,
    businessDate: s.businessDate,
    subtotal: pesos(s.subtotal),
    taxes: pesos(s.taxes),
    discountTotal: pesos(s.discountTotal),
    coupon: present(coupon) as { id: string; name: string } | null,
    points: s.points,
    pointsRedeemed: s.pointsRedeemed,
    total: pesos(s.total),
    change: pesos(s.change),
    paymentMethod: s.paymentMethod,
    paymentStatus: s.paymentStatus,
    paymentGateway: s.paymentGateway,
    payReference: s.payReference,
    payReferenceDebit: s.payReferenceDebit,
    payReferenceCredit: s.payReferenceCredit,
    currency: s.currency,
    refundedAt: s.refundedAt,
    refundMethod: s.refundMethod,
    refundReason: s.refundReason,
    refundBusinessDate: s.refundBusinessDate,
    status: saleStatusOf(s.refundedAt),
  };
}
export type SaleItem = ReturnType<typeof toSaleItem>;

/**
 * Whether one of the sale's tenders (refund rows aside) used `method`. Given the list's branch and days, the tenders of
 * those days are read once from the branch-day index (a hashed set) instead of probing each sale's; a tender counts on
 * its sale's day or, when that day was already closed, on the next one.
 */
export function paidWith(kind: SaleTableKind, method: string, days?: { branchId: string; from: string; to: string }): SQL {
  const t = saleTable(kind);
  const tender = sql`${salePayments.orderKind} = ${kind} and ${salePayments.kind} = 'payment' and ${salePayments.method} = ${method}`;
  if (!days) return sql`exists (select 1 from ${salePayments} where ${salePayments.orderId} = ${t.id} and ${tender})`;
  return sql`${t.id} in (select ${salePayments.orderId} from ${salePayments} where ${salePayments.branchId} = ${days.branchId}
    and ${salePayments.businessDate} >= ${days.from}::date and ${salePayments.businessDate} <= ${days.to}::date + 1 and ${tender})`;
}

const lineAmount = (price: Cents, quantity: number) => pesos(multiplyCents(price, quantity));

/** The lines of an order: each treatment or package with its units and prices (pesos). */
async function orderLines(db: DbOrTx, orderId: string) {
  const rows = await db
    .select({ line: orderDetails, treatment: treatments.name, treatmentSku: treatments.sku, pkg: packages.name })
    .from(orderDetails)
    .leftJoin(treatments, eq(treatments.id, orderDetails.treatmentId))
    .leftJoin(packages, eq(packages.id, orderDetails.packageId))
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.createdAt), asc(orderDetails.id));
  return rows.map(({ line, ...r }) => ({
    id: line.id,
    kind: line.packageId ? ('package' as const) : ('treatment' as const),
    itemId: (line.packageId ?? line.treatmentId)!,
    name: (line.packageId ? r.pkg : r.treatment) ?? '',
    sku: line.packageId ? null : r.treatmentSku,
    quantity: line.quantity,
    salePrice: pesos(line.salePrice),
    price: pesos(line.price),
    amount: lineAmount(line.salePrice, line.quantity),
  }));
}

/** The lines of a cash order: each product with its units and prices (pesos). */
async function cashOrderLines(db: DbOrTx, cashOrderId: string) {
  const rows = await db
    .select({ line: cashOrderDetails, product: products.name, sku: products.sku })
    .from(cashOrderDetails)
    .innerJoin(products, eq(products.id, cashOrderDetails.productId))
    .where(eq(cashOrderDetails.cashOrderId, cashOrderId))
    .orderBy(asc(cashOrderDetails.createdAt), asc(cashOrderDetails.id));
  return rows.map(({ line, product, sku }) => ({
    id: line.id,
    kind: 'product' as const,
    itemId: line.productId,
    name: product,
    sku,
    quantity: line.quantity,
    salePrice: pesos(line.salePrice),
    price: pesos(line.price),
    amount: lineAmount(line.salePrice, line.quantity),
  }));
}

/** Every payment and refund row of a sale, oldest first. */
async function paymentsOf(db: DbOrTx, kind: SaleTableKind, id: string) {
  const rows = await db
    .select()
    .from(salePayments)
    .where(and(eq(salePayments.orderId, id), eq(salePayments.orderKind, kind)))
    .orderBy(asc(salePayments.createdAt), asc(salePayments.id));
  return rows.map((p) => ({
    id: p.id,
    kind: p.kind as 'payment' | 'refund',
    method: p.method,
    currency: p.currency,
    amount: pesos(p.amount),
    exchangeRate: Number(p.exchangeRate),
    amountMxn: pesos(p.amountMxn),
    reference: p.reference,
    businessDate: p.businessDate,
    created_at: p.createdAt,
  }));
}

/** One sale with its lines, payments and refunds, or null. */
export async function readSale(db: DbOrTx, kind: SaleTableKind, id: string) {
  const t = saleTable(kind);
  const [row] = await selectSales(db, kind).where(eq(t.id, id)).limit(1);
  if (!row) return null;
  const refunderId = row.sale.refundedById;
  const [details, moves, refundedBy] = await Promise.all([
    kind === 'cashOrder' ? cashOrderLines(db, id) : orderLines(db, id),
    paymentsOf(db, kind, id),
    refunderId
      ? db
          .select({ id: users.id, name: users.name, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, refunderId))
          .then((r) => r[0] ?? null)
      : null,
  ]);
  return { ...toSaleItem(row), refundedBy, details, payments: moves.filter((p) => p.kind === 'payment'), refunds: moves.filter((p) => p.kind === 'refund') };
}
export type SaleDetailRow = NonNullable<Awaited<ReturnType<typeof readSale>>>;

/** The branch's letterhead for a ticket: trade and business names, RFC, address and phones. */
export async function branchLetterhead(db: DbOrTx, branchId: string) {
  const [b] = await db.select().from(branches).where(eq(branches.id, branchId)).limit(1);
  return b!;
}

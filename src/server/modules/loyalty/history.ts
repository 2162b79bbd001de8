import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIn } from '../../../domain/age';
import { listMeta } from '../../../domain/list';
import type { DbOrTx } from '../../db/client';
import {
  appointmentCancellations,
  appointments,
  branches,
  cabins,
  cashOrderDetails,
  cashOrders,
  customers,
  orderDetails,
  orders,
  packages,
  products,
  purchasedProducts,
  treatmentTypes,
  treatments,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import { areasAndProducts, treatmentPartsOf } from '../treatments';
import { pesos } from '../../db/money';
import { live } from '../../db/live';

/** A customer's history tabs (Citas, Órdenes, Órdenes en efectivo, Productos adquiridos): newest first, paged. */

export interface Paging {
  page: number;
  take: number;
}

const pageWindow = ({ page, take }: Paging) => ({ limit: take || undefined, offset: take ? (page - 1) * take : 0 });

async function assertCustomer(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), live(customers)))
    .limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
}

export type OrderKind = 'order' | 'cash';

/** Orders (treatments and packages) or cash orders (products) of one customer, with their lines. */
export async function customerOrders(db: DbOrTx, customerId: string, kind: OrderKind, paging: Paging) {
  await assertCustomer(db, customerId);
  const t = kind === 'cash' ? cashOrders : orders;
  const where = and(eq(t.customerId, customerId), live(t));
  const { limit, offset } = pageWindow(paging);
  const base = db
    .select({
      id: t.id,
      orderNumber: t.orderNumber,
      total: t.total,
      points: t.points,
      createdAt: t.createdAt,
      refundedAt: t.refundedAt,
      paymentStatus: t.paymentStatus,
      paymentMethod: t.paymentMethod,
      channel: t.channel,
      branchId: branches.id,
      branchName: branches.name,
    })
    .from(t)
    .innerJoin(branches, eq(branches.id, t.branchId))
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .offset(offset);
  const [rows, [{ n }]] = await Promise.all([limit ? base.limit(limit) : base, db.select({ n: count() }).from(t).where(where)]);
  const ids = rows.map((r) => r.id);
  const lines = ids.length ? await (kind === 'cash' ? cashLines(db, ids) : orderLines(db, ids)) : [];
  const items = rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    total: pesos(r.total),
    points: r.points,
    created_at: r.createdAt,
    refundedAt: r.refundedAt,
    paymentStatus: r.paymentStatus,
    paymentMethod: r.paymentMethod,
    origin: r.channel,
    branch: { id: r.branchId, name: r.branchName },
    details: lines.filter((l) => l.orderId === r.id).map(({ orderId: _orderId, ...l }) => l),
  }));
  return { items, meta: listMeta(paging.page, paging.take, n) };
}

async function orderLines(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({
      id: orderDetails.id,
      orderId: orderDetails.orderId,
      treatmentName: treatments.name,
      packageName: packages.name,
      quantity: orderDetails.quantity,
      salePrice: orderDetails.salePrice,
      price: orderDetails.price,
    })
    .from(orderDetails)
    .leftJoin(treatments, eq(treatments.id, orderDetails.treatmentId))
    .leftJoin(packages, eq(packages.id, orderDetails.packageId))
    .where(and(inArray(orderDetails.orderId, ids), live(orderDetails)))
    .orderBy(orderDetails.createdAt, orderDetails.id);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    name: r.packageName ?? r.treatmentName ?? '',
    quantity: r.quantity,
    salePrice: pesos(r.salePrice),
    price: pesos(r.price),
  }));
}

async function cashLines(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({
      id: cashOrderDetails.id,
      orderId: cashOrderDetails.cashOrderId,
      name: products.name,
      quantity: cashOrderDetails.quantity,
      salePrice: cashOrderDetails.salePrice,
      price: cashOrderDetails.price,
    })
    .from(cashOrderDetails)
    .innerJoin(products, eq(products.id, cashOrderDetails.productId))
    .where(and(inArray(cashOrderDetails.cashOrderId, ids), live(cashOrderDetails)))
    .orderBy(cashOrderDetails.createdAt, cashOrderDetails.id);
  return rows.map((r) => ({ ...r, salePrice: pesos(r.salePrice), price: pesos(r.price) }));
}

/** A treatment still in process past its expiry date reads as expired, whether or not a job has marked it yet. */
export function effectiveStatus(status: string, expiredAt: string | null, today: string): string {
  return status === 'onProcess' && expiredAt !== null && expiredAt < today ? 'expired' : status;
}

/** The treatments a customer has bought (alone or in a package) and their sessions. */
export async function customerPurchasedProducts(db: DbOrTx, customerId: string, paging: Paging) {
  await assertCustomer(db, customerId);
  const where = and(eq(purchasedProducts.customerId, customerId), live(purchasedProducts));
  const { limit, offset } = pageWindow(paging);
  const base = db
    .select({
      p: purchasedProducts,
      treatmentName: treatments.name,
      treatmentConsent: treatments.consent,
      typeId: treatmentTypes.id,
      typeName: treatmentTypes.name,
      packageName: packages.name,
      orderNumber: orders.orderNumber,
    })
    .from(purchasedProducts)
    .innerJoin(treatments, eq(treatments.id, purchasedProducts.treatmentId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, treatments.treatmentTypeId))
    .leftJoin(packages, eq(packages.id, purchasedProducts.packageId))
    .leftJoin(orders, eq(orders.id, purchasedProducts.orderId))
    .where(where)
    .orderBy(desc(purchasedProducts.createdAt), desc(purchasedProducts.id))
    .offset(offset);
  const [rows, [{ n }]] = await Promise.all([limit ? base.limit(limit) : base, db.select({ n: count() }).from(purchasedProducts).where(where)]);
  const today = todayIn();
  const parts = await areasAndProducts(db, [...new Set(rows.map((r) => r.p.treatmentId))]);
  const items = rows.map(({ p, ...r }) => ({
    id: p.id,
    treatment: {
      id: p.treatmentId,
      name: r.treatmentName,
      consent: r.treatmentConsent,
      treatmentType: { id: r.typeId, name: r.typeName },
      ...treatmentPartsOf(parts, p.treatmentId),
    },
    package: p.packageId ? { id: p.packageId, name: r.packageName ?? '' } : null,
    sessions: p.sessions,
    currentSession: p.currentSession,
    limit: p.limit,
    status: effectiveStatus(p.status, p.expiredAt, today),
    created_at: p.createdAt,
    order: r.orderNumber ? { orderNumber: r.orderNumber } : null,
    expiredAt: p.expiredAt,
    consent: p.consent,
  }));
  return { items, meta: listMeta(paging.page, paging.take, n) };
}

const promos = alias(packages, 'promo');

/** A customer's appointments, newest first, with who attended and every cancellation or reschedule. */
export async function customerAppointments(db: DbOrTx, customerId: string, paging: Paging) {
  await assertCustomer(db, customerId);
  const where = and(eq(appointments.customerId, customerId), live(appointments));
  const { limit, offset } = pageWindow(paging);
  const base = db
    .select({
      a: appointments,
      branchName: branches.name,
      cabinName: cabins.name,
      treatmentName: treatments.name,
      packageName: packages.name,
      promoName: promos.name,
      attendedName: users.name,
      attendedLastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .innerJoin(cabins, eq(cabins.id, appointments.cabinId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .leftJoin(packages, eq(packages.id, appointments.packageId))
    .leftJoin(promos, eq(promos.id, appointments.promoId))
    .leftJoin(users, eq(users.id, appointments.attendedById))
    .where(where)
    .orderBy(desc(appointments.date), desc(appointments.startTime), desc(appointments.id))
    .offset(offset);
  const [rows, [{ n }]] = await Promise.all([limit ? base.limit(limit) : base, db.select({ n: count() }).from(appointments).where(where)]);
  const ids = rows.map((r) => r.a.id);
  const cancellations = ids.length
    ? await db
        .select({
          appointmentId: appointmentCancellations.appointmentId,
          type: appointmentCancellations.type,
          cancellationReason: appointmentCancellations.cancellationReason,
          comment: appointmentCancellations.comment,
          created_at: appointmentCancellations.createdAt,
        })
        .from(appointmentCancellations)
        .where(and(inArray(appointmentCancellations.appointmentId, ids), live(appointmentCancellations)))
        .orderBy(appointmentCancellations.createdAt)
    : [];
  const items = rows.map(({ a, ...r }) => ({
    id: a.id,
    appointmentNumber: a.appointmentNumber,
    status: a.status,
    date: a.date,
    startTime: a.startTime,
    endTime: a.endTime,
    appointmentOption: a.appointmentOption,
    branch: { id: a.branchId, name: r.branchName },
    cabain: { id: a.cabinId, name: r.cabinName },
    treatment: a.treatmentId ? { id: a.treatmentId, name: r.treatmentName ?? '' } : null,
    package: a.packageId ? { id: a.packageId, name: r.packageName ?? '' } : null,
    promotion: a.promoId ? { id: a.promoId, name: r.promoName ?? '' } : null,
    attendedBy: a.attendedById ? { name: r.attendedName ?? '', lastName: r.attendedLastName ?? '' } : null,
    confirmMethod: a.confirmMethod,
    cancellations: cancellations.filter((c) => c.appointmentId === a.id).map(({ appointmentId: _id, ...c }) => c),
  }));
  return { items, meta: listMeta(paging.page, paging.take, n) };
}

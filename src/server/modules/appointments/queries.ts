import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ageOn, ADULT_AGE, todayIn } from '../../../domain/age';
import { allowedStatuses, isEditable, nowIn } from '../../../domain/appointment-rules';
import type { DbOrTx } from '../../db/client';
import {
  appointmentCancellations,
  appointments,
  areas,
  branches,
  cabins,
  customers,
  packages,
  products,
  purchasedProducts,
  treatmentAreas,
  treatmentProducts,
  treatments,
  treatmentTypes,
  users,
} from '../../db/schema';

export const promos = alias(packages, 'promo');
export const attendants = alias(users, 'attendant');
export const schedulers = alias(users, 'scheduler');

/** Search expressions of the list (customer full name, phones). */
export const customerNameExpr = sql`${customers.name} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.motherLastName}, '')`;
export const customerPhoneExpr = sql`coalesce(${customers.mobilePhone}, '') || ' ' || coalesce(${customers.phone}, '')`;

export function selectAppointments(db: DbOrTx) {
  return db
    .select({
      a: appointments,
      customer: {
        id: customers.id,
        customerId: customers.customerNumber,
        name: customers.name,
        lastName: customers.lastName,
        motherLastName: customers.motherLastName,
        mobilePhone: customers.mobilePhone,
        phone: customers.phone,
        blackList: customers.blackList,
        cancellations: customers.cancellations,
        birthday: customers.birthday,
      },
      treatmentTypeName: treatmentTypes.name,
      treatmentName: treatments.name,
      packageName: packages.name,
      promoName: promos.name,
      attendantName: attendants.name,
      attendantLastName: attendants.lastName,
      schedulerName: schedulers.name,
      schedulerLastName: schedulers.lastName,
      branchName: branches.name,
      branchTimeZone: branches.timeZone,
      cabinName: cabins.name,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .innerJoin(cabins, eq(cabins.id, appointments.cabinId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .leftJoin(packages, eq(packages.id, appointments.packageId))
    .leftJoin(promos, eq(promos.id, appointments.promoId))
    .leftJoin(attendants, eq(attendants.id, appointments.attendedById))
    .leftJoin(schedulers, eq(schedulers.id, appointments.userId));
}

export type AppointmentJoined = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

const hm = (t: string) => t.slice(0, 5);

/** A card plus branch, cabin, scheduler and method: the list row. */
export function toAppointmentItem(r: AppointmentJoined) {
  const a = r.a;
  const now = nowIn(r.branchTimeZone);
  return {
    id: a.id,
    appointmentNumber: a.appointmentNumber,
    status: a.status,
    date: a.date,
    startTime: hm(a.startTime),
    endTime: hm(a.endTime),
    confirmMethod: a.confirmMethod,
    appointmentOption: a.appointmentOption,
    appointmentMethod: a.appointmentMethod,
    customer: {
      id: r.customer.id,
      customerId: r.customer.customerId,
      name: r.customer.name,
      lastName: r.customer.lastName,
      motherLastName: r.customer.motherLastName,
      mobilePhone: r.customer.mobilePhone,
      phone: r.customer.phone,
      blackList: r.customer.blackList,
      cancellations: r.customer.cancellations,
      isAdult: ageOn(r.customer.birthday, todayIn()) >= ADULT_AGE,
    },
    treatmentType: { id: a.treatmentTypeId, name: r.treatmentTypeName },
    treatment: a.treatmentId ? { id: a.treatmentId, name: r.treatmentName ?? '' } : null,
    package: a.packageId ? { id: a.packageId, name: r.packageName ?? '' } : null,
    promotion: a.promoId ? { id: a.promoId, name: r.promoName ?? '' } : null,
    attendedBy: a.attendedById ? { id: a.attendedById, name: r.attendantName ?? '', lastName: r.attendantLastName ?? '' } : null,
    branch: { id: a.branchId, name: r.branchName },
    cabain: { id: a.cabinId, name: r.cabinName },
    user: a.userId ? { id: a.userId, name: r.schedulerName ?? '', lastName: r.schedulerLastName ?? '' } : null,
    editable: isEditable(a.status, a.date, a.endTime, now),
    allowedStatuses: allowedStatuses(a.status),
  };
}

/** The full record of one appointment (GET /appointment/:id and every write's answer). */
export async function findAppointmentDetail(db: DbOrTx, id: string) {
  const [row] = await selectAppointments(db)
    .where(and(eq(appointments.id, id), isNull(appointments.deletedAt)))
    .limit(1);
  if (!row) return null;
  const a = row.a;
  const item = toAppointmentItem(row);

  let treatment = null;
  if (a.treatmentId) {
    const [t] = await db.select().from(treatments).where(eq(treatments.id, a.treatmentId)).limit(1);
    const areaRows = await db
      .select({ id: areas.id, name: areas.name })
      .from(treatmentAreas)
      .innerJoin(areas, eq(areas.id, treatmentAreas.areaId))
      .where(eq(treatmentAreas.treatmentId, a.treatmentId))
      .orderBy(asc(areas.name));
    const productRows = await db
      .select({ id: products.id, name: products.name, quantity: treatmentProducts.quantity })
      .from(treatmentProducts)
      .innerJoin(products, eq(products.id, treatmentProducts.productId))
      .where(eq(treatmentProducts.treatmentId, a.treatmentId))
      .orderBy(asc(products.name));
    treatment = {
      id: t.id,
      name: t.name,
      consent: t.consent,
      durationMinutes: t.durationMinutes,
      areas: areaRows,
      treatmentProduct: productRows.map((p) => ({ product: { id: p.id, name: p.name }, quantity: p.quantity })),
    };
  }

  let purchasedProduct = null;
  if (a.purchasedProductId) {
    const [pp] = await db
      .select({ p: purchasedProducts, treatmentName: treatments.name })
      .from(purchasedProducts)
      .innerJoin(treatments, eq(treatments.id, purchasedProducts.treatmentId))
      .where(eq(purchasedProducts.id, a.purchasedProductId))
      .limit(1);
    if (pp) {
      purchasedProduct = {
        id: pp.p.id,
        sessions: pp.p.sessions,
        currentSession: pp.p.currentSession,
        consent: pp.p.consent,
        status: pp.p.status,
        treatment: { id: pp.p.treatmentId, name: pp.treatmentName },
      };
    }
  }

  const cancellations = await db
    .select({
      type: appointmentCancellations.type,
      cancellationReason: appointmentCancellations.cancellationReason,
      comment: appointmentCancellations.comment,
      customerCancellation: appointmentCancellations.customerCancellation,
      created_at: appointmentCancellations.createdAt,
    })
    .from(appointmentCancellations)
    .where(and(eq(appointmentCancellations.appointmentId, id), isNull(appointmentCancellations.deletedAt)))
    .orderBy(asc(appointmentCancellations.createdAt));

  return {
    ...item,
    term: a.term,
    observations: a.observations,
    sessions: a.sessions,
    consent: a.consent,
    reschedules: a.reschedules,
    treatment,
    treatmentsIds: a.treatmentsIds,
    categoriesIds: a.categoriesIds,
    sessionAreas: a.sessionAreas,
    packageId: a.packageId,
    promoId: a.promoId,
    purchasedProductId: a.purchasedProductId,
    purchasedProduct,
    medicalFee: a.medicalFee,
    finishedAt: a.finishedAt,
    cancellations,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}
export type AppointmentDetail = NonNullable<Awaited<ReturnType<typeof findAppointmentDetail>>>;

export async function treatmentAreaIds(db: DbOrTx, treatmentId: string): Promise<string[]> {
  return (await db.select({ id: treatmentAreas.areaId }).from(treatmentAreas).where(eq(treatmentAreas.treatmentId, treatmentId))).map((r) => r.id);
}

export async function areaIdsOfType(db: DbOrTx, treatmentTypeId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.select({ id: areas.id }).from(areas).where(and(eq(areas.treatmentTypeId, treatmentTypeId), inArray(areas.id, ids)))).map((r) => r.id);
}

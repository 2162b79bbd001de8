import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { LIVE_STATUSES, lockBlocks, weekDay, type AppointmentInput, type LockType } from '../../../domain/agenda';
import type { cancelSchema, confirmSchema, finishSchema } from '../../../domain/agenda';
import {
  appointmentNumber,
  appointmentSequence,
  appointmentTerm,
  cabinDayHours,
  canCancel,
  canConfirm,
  canFinish,
  canSetOnProcess,
  canUpdate,
  chargeTreatmentChange,
  CONSENT_REQUIRED,
  endMinutes,
  endTimeOf,
  finishSessionsProblem,
  isInPast,
  isReschedule,
  mayBookWithCancellations,
  mayReschedule,
  medicalFeeOf,
  NOT_CANCELLABLE,
  NOT_CONFIRMABLE,
  NOT_FINISHABLE,
  NOT_SCHEDULED,
  NOT_STARTABLE,
  nowIn,
  professionalDepartment,
  purchasedProductProblem,
  sameDayOrder,
  stockSelectionProblem,
  treatmentKind,
  unitsNeeded,
} from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  appointmentCancellations,
  appointmentProducts,
  appointments,
  branchSchedules,
  branches,
  cabinSchedules,
  cabinTypes,
  cabins,
  customers,
  departments,
  jobPositions,
  locks,
  packages,
  productStocks,
  purchasedProducts,
  roles,
  staffFiles,
  treatmentProducts,
  treatments,
  treatmentTypes,
  users,
} from '../../db/schema';
import { assertBranchAccess } from '../../platform/auth/guard';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { areaIdsOfType, findAppointmentDetail, treatmentAreaIds } from './queries';

type CancelInput = z.output<typeof cancelSchema>;
type ConfirmInput = z.output<typeof confirmSchema>;
type FinishInput = z.output<typeof finishSchema>;

/** Serialises bookings chain-wide for the number sequence and the friendly overlap check (the exclusion constraint stays the real guard). */
const BOOKING_LOCK = 7_410_021;
const MODULE = 'appointment';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

export async function getAppointment(ctx: AppContext, req: FastifyRequest, id: string) {
  const detail = await findAppointmentDetail(ctx.db, id);
  if (!detail) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(req, detail.branch.id);
  return detail;
}

async function detailOf(tx: DbOrTx, id: string) {
  const detail = await findAppointmentDetail(tx, id);
  if (!detail) throw new AppError('APPOINTMENT_NOT_FOUND');
  return detail;
}

/** The row, locked for the rest of the transaction so two writes to one appointment queue up. */
async function lockedAppointment(tx: DbOrTx, req: FastifyRequest, id: string) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), isNull(appointments.deletedAt)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(req, row.branchId);
  return row;
}
type AppointmentRow = Awaited<ReturnType<typeof lockedAppointment>>;

async function extendedLimit(tx: DbOrTx, roleId: string): Promise<boolean> {
  const [role] = await tx.select({ extended: roles.extendedCancellationLimit }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return role?.extended ?? false;
}

interface Booking {
  treatmentId: string | null;
  purchasedProductId: string | null;
  packageId: string | null;
  promoId: string | null;
  term: number;
  endTime: string;
}

/** Every booking rule of create and reschedule; returns the derived columns. */
async function checkBooking(tx: DbOrTx, req: FastifyRequest, input: AppointmentInput, existing: AppointmentRow | null, slotChanged: boolean): Promise<Booking> {
  assertBranchAccess(req, input.branchId);
  const [branch] = await tx
    .select({ id: branches.id, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), isNull(branches.deletedAt), eq(branches.active, true)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  const now = nowIn(branch.timeZone);
  if (slotChanged && isInPast(input.date, input.startTime, now)) throw new AppError('APPOINTMENT_IN_PAST');

  const [cabin] = await tx
    .select({ id: cabins.id, branchId: cabins.branchId, active: cabins.active, treatmentTypeId: cabinTypes.treatmentTypeId })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .where(and(eq(cabins.id, input.cabainId), isNull(cabins.deletedAt)))
    .limit(1);
  if (!cabin) throw new AppError('CABIN_NOT_FOUND');
  if (cabin.branchId !== input.branchId || !cabin.active) throw invalid('cabainId', 'La cabina no pertenece a la sucursal o no está activa');
  const [type] = await tx.select().from(treatmentTypes).where(eq(treatmentTypes.id, input.treatmentTypeId)).limit(1);
  if (!type) throw new AppError('TREATMENT_TYPE_NOT_FOUND');
  if (cabin.treatmentTypeId !== input.treatmentTypeId) throw invalid('treatmentTypeId', 'El tipo de cita no corresponde al tipo de la cabina');

  const [customer] = await tx
    .select({ id: customers.id, active: customers.active, cancellations: customers.cancellations })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
    .limit(1);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  if (!customer.active) throw invalid('customerId', 'El paciente no está activo');
  if (!mayBookWithCancellations(customer.cancellations, await extendedLimit(tx, req.user.roleId), input.appointmentOption)) {
    throw new AppError('CUSTOMER_TOO_MANY_CANCELLATIONS');
  }

  // what is booked: a purchased treatment, a new treatment, a package or a promotion
  let treatmentId: string | null = null;
  let purchasedProductId: string | null = null;
  let packageId: string | null = null;
  let promoId: string | null = null;
  let packageMinutes: number | null = null;
  if (input.appointmentOption === 'purchasedProducts') {
    const [pp] = await tx.select().from(purchasedProducts).where(and(eq(purchasedProducts.id, input.purchasedProductId!), isNull(purchasedProducts.deletedAt))).limit(1);
    if (!pp) throw new AppError('NOT_FOUND', 'Tratamiento adquirido no encontrado');
    const problem = purchasedProductProblem(pp, input.customerId, input.sessions, existing?.purchasedProductId);
    if (problem) throw invalid(pp.customerId !== input.customerId ? 'purchasedProductId' : 'sessions', problem);
    purchasedProductId = pp.id;
    treatmentId = pp.treatmentId;
  } else if (input.appointmentOption === 'newTreatments') {
    treatmentId = input.treatmentId ?? input.treatmentsIds[0];
  } else {
    const id = input.appointmentOption === 'packages' ? input.packageId! : input.promoId!;
    const [pkg] = await tx.select({ id: packages.id, cabainTime: packages.cabainTime }).from(packages).where(and(eq(packages.id, id), isNull(packages.deletedAt))).limit(1);
    if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
    packageMinutes = pkg.cabainTime;
    if (input.appointmentOption === 'packages') packageId = pkg.id;
    else promoId = pkg.id;
    treatmentId = input.treatmentId ?? null;
  }
  let treatmentMinutes: number | null = null;
  if (treatmentId) {
    const [t] = await tx.select({ id: treatments.id, durationMinutes: treatments.durationMinutes }).from(treatments).where(and(eq(treatments.id, treatmentId), isNull(treatments.deletedAt))).limit(1);
    if (!t) throw new AppError('TREATMENT_NOT_FOUND');
    treatmentMinutes = t.durationMinutes;
  }

  const term = appointmentTerm(input.term, treatmentMinutes, packageMinutes);
  const endTime = endTimeOf(input.startTime, term);
  // an appointment ends by 23:30 at the latest: the exclusion constraint's range cannot cross midnight
  if (!endTime || endTime === '00:00') throw new AppError('APPOINTMENT_OUTSIDE_HOURS');
  const day = weekDay(input.date);
  const branchDays = await tx.select({ day: branchSchedules.day, opening: branchSchedules.opening, closing: branchSchedules.closing }).from(branchSchedules).where(and(eq(branchSchedules.branchId, input.branchId), isNull(branchSchedules.deletedAt)));
  const cabinDays = await tx.select({ day: cabinSchedules.day, opening: cabinSchedules.opening, closing: cabinSchedules.closing }).from(cabinSchedules).where(and(eq(cabinSchedules.cabinId, input.cabainId), isNull(cabinSchedules.deletedAt)));
  const hm = (l: { day: number; opening: string; closing: string }[]) => l.map((e) => ({ day: e.day, opening: e.opening.slice(0, 5), closing: e.closing.slice(0, 5) }));
  const hours = cabinDayHours(hm(branchDays), hm(cabinDays), day);
  if (!hours || minutes(input.startTime) < hours[0] || endMinutes(endTime) > hours[1]) throw new AppError('APPOINTMENT_OUTSIDE_HOURS');

  const branchLocks = await tx.select().from(locks).where(and(eq(locks.branchId, input.branchId), isNull(locks.deletedAt), lte(locks.date, input.date)));
  if (branchLocks.some((l) => lockBlocks({ ...l, type: l.type as LockType }, input.cabainId, input.date, input.startTime, endTime))) {
    throw new AppError('APPOINTMENT_CABIN_BLOCKED');
  }

  const sameCabin = await tx
    .select({ startTime: appointments.startTime, endTime: appointments.endTime })
    .from(appointments)
    .where(
      and(
        eq(appointments.cabinId, input.cabainId),
        eq(appointments.date, input.date),
        isNull(appointments.deletedAt),
        inArray(appointments.status, [...LIVE_STATUSES]),
        existing ? ne(appointments.id, existing.id) : undefined,
      ),
    );
  const [s, e] = [minutes(input.startTime), endMinutes(endTime)];
  if (sameCabin.some((o) => minutes(o.startTime) < e && endMinutes(o.endTime) > s)) throw new AppError('APPOINTMENT_SLOT_TAKEN');

  const sameDay = await tx
    .select({ startTime: appointments.startTime, typeName: treatmentTypes.name })
    .from(appointments)
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
    .where(
      and(
        eq(appointments.customerId, input.customerId),
        eq(appointments.date, input.date),
        isNull(appointments.deletedAt),
        inArray(appointments.status, [...LIVE_STATUSES]),
        existing ? ne(appointments.id, existing.id) : undefined,
      ),
    );
  const order = sameDayOrder(
    treatmentKind(type.name),
    input.startTime,
    sameDay.map((o) => ({ kind: treatmentKind(o.typeName), startTime: o.startTime.slice(0, 5) })),
  );
  if (order) throw new AppError(order);

  return { treatmentId, purchasedProductId, packageId, promoId, term, endTime };
}

async function nextNumber(tx: DbOrTx): Promise<string> {
  // numbers are CITA- + 6 digits, so the text order of the unique index is the numeric order
  const [last] = await tx.select({ n: appointments.appointmentNumber }).from(appointments).orderBy(sql`${appointments.appointmentNumber} desc`).limit(1);
  return appointmentNumber(appointmentSequence(last?.n) + 1);
}

function columnsOf(input: AppointmentInput, b: Booking) {
  return {
    branchId: input.branchId,
    cabinId: input.cabainId,
    customerId: input.customerId,
    treatmentTypeId: input.treatmentTypeId,
    treatmentId: b.treatmentId,
    packageId: b.packageId,
    promoId: b.promoId,
    purchasedProductId: b.purchasedProductId,
    date: input.date,
    startTime: input.startTime,
    endTime: b.endTime,
    term: b.term,
    appointmentMethod: input.appointmentMethod,
    appointmentOption: input.appointmentOption,
    sessions: input.sessions,
    categoriesIds: input.categoriesIds,
    treatmentsIds: input.treatmentsIds,
    observations: input.observations ?? null,
  };
}

export async function createAppointment(ctx: AppContext, req: FastifyRequest, input: AppointmentInput) {
  return ctx.db.transaction(async (tx) => {
    assertBranchAccess(req, input.branchId);
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const booking = await checkBooking(tx, req, input, null, true);
    const number = await nextNumber(tx);
    const [row] = await tx
      .insert(appointments)
      .values({ ...columnsOf(input, booking), appointmentNumber: number, status: 'scheduled', userId: req.user.id })
      .returning({ id: appointments.id });
    const after = await detailOf(tx, row.id);
    await recordChange(tx, req, { module: MODULE, action: 'crear', entityId: row.id, orderNumber: number, after, affectedBranchId: input.branchId });
    return after;
  });
}

/** A cancellation or reschedule charged to the purchased treatment; the third one ends it (status expired). */
async function chargeChange(tx: DbOrTx, purchasedProductId: string | null, today: string, reschedule: boolean) {
  if (!purchasedProductId) return;
  const [pp] = await tx.select().from(purchasedProducts).where(eq(purchasedProducts.id, purchasedProductId)).for('update').limit(1);
  if (!pp) return;
  const charged = chargeTreatmentChange(pp.changes);
  await tx
    .update(purchasedProducts)
    .set({
      changes: charged.changes,
      reschedules: reschedule ? pp.reschedules + 1 : pp.reschedules,
      ...(charged.ends && pp.status === 'onProcess' ? { status: 'expired', expiredAt: today } : {}),
      updatedAt: new Date(),
    })
    .where(eq(purchasedProducts.id, pp.id));
}

async function branchToday(tx: DbOrTx, branchId: string): Promise<string> {
  const [b] = await tx.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, branchId)).limit(1);
  return nowIn(b?.timeZone ?? 'America/Tijuana').date;
}

export async function updateAppointment(ctx: AppContext, req: FastifyRequest, id: string, input: AppointmentInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedAppointment(tx, req, id);
    assertBranchAccess(req, input.branchId);
    if (!canUpdate(row.status)) throw new AppError('CONFLICT', NOT_SCHEDULED);
    const reschedule = row.branchId !== input.branchId || isReschedule(row, { date: input.date, startTime: input.startTime, cabinId: input.cabainId });
    if (reschedule && !mayReschedule(row.reschedules)) throw new AppError('APPOINTMENT_TOO_MANY_CHANGES');
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK})`);
    const before = await detailOf(tx, id);
    const booking = await checkBooking(tx, req, input, row, reschedule);
    await tx
      .update(appointments)
      .set({ ...columnsOf(input, booking), reschedules: reschedule ? row.reschedules + 1 : row.reschedules, updatedAt: new Date() })
      .where(eq(appointments.id, id));
    if (reschedule) {
      await tx.insert(appointmentCancellations).values({ appointmentId: id, customerId: row.customerId, type: 'reschedule', cancellationReason: 'Unspecified', userId: req.user.id });
      await chargeChange(tx, row.purchasedProductId, await branchToday(tx, row.branchId), true);
    }
    const after = await detailOf(tx, id);
    await recordChange(tx, req, { module: MODULE, action: reschedule ? 'reagendar' : 'editar', entityId: id, orderNumber: row.appointmentNumber, before, after, affectedBranchId: input.branchId });
    return after;
  });
}

export async function cancelAppointment(ctx: AppContext, req: FastifyRequest, id: string, input: CancelInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedAppointment(tx, req, id);
    if (!canCancel(row.status)) throw new AppError('CONFLICT', NOT_CANCELLABLE);
    const before = await detailOf(tx, id);
    await tx.update(appointments).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(appointments.id, id));
    await tx.insert(appointmentCancellations).values({
      appointmentId: id,
      customerId: row.customerId,
      type: input.type,
      cancellationReason: input.cancellationReason,
      comment: input.comment ?? null,
      customerCancellation: input.customerCancellation,
      userId: req.user.id,
    });
    if (input.customerCancellation) {
      await tx.update(customers).set({ cancellations: sql`${customers.cancellations} + 1`, updatedAt: new Date() }).where(eq(customers.id, row.customerId));
    }
    await chargeChange(tx, row.purchasedProductId, await branchToday(tx, row.branchId), false);
    const after = await detailOf(tx, id);
    await recordChange(tx, req, { module: MODULE, action: 'cancelar', entityId: id, orderNumber: row.appointmentNumber, before, after, affectedBranchId: row.branchId });
    return after;
  });
}

async function simpleChange(ctx: AppContext, req: FastifyRequest, id: string, allowed: (s: string) => boolean, refusal: string, action: string, set: Partial<typeof appointments.$inferInsert>) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedAppointment(tx, req, id);
    if (!allowed(row.status)) throw new AppError('CONFLICT', refusal);
    await tx.update(appointments).set({ ...set, updatedAt: new Date() }).where(eq(appointments.id, id));
    const after = await detailOf(tx, id);
    const keys = Object.keys(set) as (keyof typeof row)[];
    await recordChange(tx, req, {
      module: MODULE,
      action,
      entityId: id,
      orderNumber: row.appointmentNumber,
      before: Object.fromEntries(keys.map((k) => [k, row[k]])),
      after: set,
      affectedBranchId: row.branchId,
    });
    return after;
  });
}

export const setOnProcess = (ctx: AppContext, req: FastifyRequest, id: string) => simpleChange(ctx, req, id, canSetOnProcess, NOT_STARTABLE, 'en proceso', { status: 'inProcess' });

export const confirmAppointment = (ctx: AppContext, req: FastifyRequest, id: string, input: ConfirmInput) =>
  simpleChange(ctx, req, id, canConfirm, NOT_CONFIRMABLE, 'confirmar', { confirmMethod: input.confirmMethod });

export async function finishAppointment(ctx: AppContext, req: FastifyRequest, id: string, input: FinishInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedAppointment(tx, req, id);
    if (!canFinish(row.status)) throw new AppError('CONFLICT', NOT_FINISHABLE);
    const before = await detailOf(tx, id);
    const [type] = await tx.select({ name: treatmentTypes.name }).from(treatmentTypes).where(eq(treatmentTypes.id, row.treatmentTypeId)).limit(1);
    const kind = treatmentKind(type?.name);

    // the professional: active staff of the branch in the Médica / Cosmetológica department
    const wanted = professionalDepartment(kind);
    const [pro] = await tx
      .select({ id: users.id, department: sql<string>`immutable_unaccent(lower(${departments.name}))` })
      .from(users)
      .innerJoin(staffFiles, and(eq(staffFiles.userId, users.id), isNull(staffFiles.deletedAt)))
      .innerJoin(jobPositions, eq(jobPositions.id, staffFiles.jobPositionId))
      .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
      .where(and(eq(users.id, input.attendedById), eq(users.mainBranchId, row.branchId), eq(users.status, 'activo'), isNull(users.deletedAt)))
      .limit(1);
    if (!pro || (wanted ? pro.department !== wanted : !['medica', 'cosmetologica'].includes(pro.department))) throw new AppError('PROFESSIONAL_REQUIRED');

    const [treatment] = row.treatmentId ? await tx.select().from(treatments).where(eq(treatments.id, row.treatmentId)).limit(1) : [];
    const [pp] = row.purchasedProductId ? await tx.select().from(purchasedProducts).where(eq(purchasedProducts.id, row.purchasedProductId)).for('update').limit(1) : [];
    const remaining = pp ? pp.sessions - pp.currentSession : null;
    const sessionsProblem = finishSessionsProblem(input.sessions, input.sessionAreas.length, remaining);
    if (sessionsProblem) throw invalid(input.sessionAreas.length !== input.sessions && (remaining === null || input.sessions <= remaining) ? 'sessionAreas' : 'sessions', sessionsProblem);

    const allowedAreas = treatment ? await treatmentAreaIds(tx, treatment.id) : [];
    const areaIds = allowedAreas.length ? allowedAreas : await areaIdsOfType(tx, row.treatmentTypeId, input.sessionAreas);
    if (input.sessionAreas.some((a) => !areaIds.includes(a))) throw invalid('sessionAreas', 'El área no corresponde al tratamiento');

    // one lot per unit the treatment consumes; each lot of the branch loses one unit
    const stockIds = input.treatmentProducts.length ? input.treatmentProducts : (input.stockIds ?? []);
    const needs = treatment ? await tx.select({ productId: treatmentProducts.productId, quantity: treatmentProducts.quantity }).from(treatmentProducts).where(eq(treatmentProducts.treatmentId, treatment.id)) : [];
    const lots = stockIds.length
      ? await tx
          .select({ id: productStocks.id, productId: productStocks.productId })
          .from(productStocks)
          .where(and(inArray(productStocks.id, [...new Set(stockIds)]), eq(productStocks.branchId, row.branchId), isNull(productStocks.deletedAt)))
      : [];
    const lotOf = new Map(lots.map((l) => [l.id, l]));
    if (stockIds.some((s) => !lotOf.has(s))) throw invalid('treatmentProducts', 'El lote no pertenece a la sucursal');
    const stockProblem = stockSelectionProblem(unitsNeeded(needs, input.sessions), stockIds.map((s) => lotOf.get(s)!));
    if (stockProblem) throw invalid('treatmentProducts', stockProblem);

    const consentNeeded = Boolean(treatment?.consent) && !(pp?.consent || row.consent);
    if (consentNeeded && input.consent !== true) throw invalid('consent', CONSENT_REQUIRED);
    const consent = row.consent || Boolean(pp?.consent) || input.consent === true;

    for (const stockId of stockIds) {
      const taken = await tx
        .update(productStocks)
        .set({ quantity: sql`${productStocks.quantity} - 1`, updatedAt: new Date() })
        .where(and(eq(productStocks.id, stockId), sql`${productStocks.quantity} >= 1`))
        .returning({ id: productStocks.id });
      if (!taken.length) throw new AppError('INSUFFICIENT_INVENTORY');
    }
    if (stockIds.length) {
      await tx.insert(appointmentProducts).values(stockIds.map((stockId) => ({ appointmentId: id, stockId, productId: lotOf.get(stockId)!.productId, quantity: 1 })));
    }
    if (pp) {
      const current = pp.currentSession + input.sessions;
      await tx
        .update(purchasedProducts)
        .set({ currentSession: current, consent: pp.consent || consent, ...(current >= pp.sessions ? { status: 'finished' } : {}), updatedAt: new Date() })
        .where(eq(purchasedProducts.id, pp.id));
    }
    await tx
      .update(appointments)
      .set({
        status: 'finished',
        attendedById: input.attendedById,
        sessions: input.sessions,
        sessionAreas: input.sessionAreas,
        consent,
        medicalFee: medicalFeeOf(kind, treatment?.medicalFee, input.sessions),
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(appointments.id, id));
    // cancellations count consecutively: an attended appointment resets them
    await tx.update(customers).set({ cancellations: 0, updatedAt: new Date() }).where(and(eq(customers.id, row.customerId), ne(customers.cancellations, 0)));
    const after = await detailOf(tx, id);
    await recordChange(tx, req, { module: MODULE, action: 'terminar', entityId: id, orderNumber: row.appointmentNumber, before, after: { ...after, stockIds }, affectedBranchId: row.branchId });
    return after;
  });
}

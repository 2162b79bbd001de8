import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { lockBlocks, weekDay, type AppointmentInput } from '../../../domain/agenda';
import type { cancelSchema, confirmSchema } from '../../../domain/agenda';
import {
  ABSENCE_TOO_EARLY,
  appointmentNumber,
  appointmentTerm,
  cabinDayHours,
  CABIN_TYPE_MISMATCH,
  canCancel,
  canConfirm,
  canMarkAbsence,
  canSetOnProcess,
  chargeTreatmentChange,
  endMinutes,
  endTimeOf,
  hasStarted,
  isReschedule,
  itemChanged,
  missingAppliance,
  mayBookWithCancellations,
  mayReschedule,
  NOT_ABSENTABLE,
  NOT_CANCELLABLE,
  NOT_CONFIRMABLE,
  NOT_STARTABLE,
  nowIn,
  packageProblem,
  purchasedProductProblem,
  requestedItem,
  sameDayOrder,
  slotIsPast,
  storedItem,
  TREATMENT_TYPE_MISMATCH,
  treatmentKind,
  UNDO_ENDED_TREATMENT,
  undoRescheduleProblem,
  treatmentTypeProblem,
  updateProblem,
  type PackageLike,
} from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { todayIn } from '../../../domain/age';
import { bookedSessionsProblem, isPurchasedExpired } from '../../../domain/session-rules';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { nextAppointmentNumber } from '../../db/sequences';
import {
  appointmentCancellations,
  appointments,
  branches,
  categories,
  changeLog,
  customers,
  packageBranches,
  packages,
  packageTreatments,
  purchasedProducts,
  treatments,
} from '../../db/schema';
import { assertBranchAccess, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { asLockLike, branchLocks } from '../agenda';
import {
  activeBranch,
  bookedCustomer,
  bookedSessions,
  bookedTreatment,
  bookingSchedules,
  cabinDayTimes,
  cabinWithType,
  customerDayTypes,
  extendedLimit,
  lockBookingKeys,
  lockTreatmentAppliances,
  treatmentTypeById,
  applianceBookings,
  workingUnits,
} from './booking-reads';
import { cancelExpiredBookings } from './expiry';
import { appointmentOwner, asCustomerWrite, sameCustomer } from './customer-write';
import { findAppointmentDetail, storedAppointment, storedChanges, type AppointmentRow } from './queries';
import { live } from '../../db/live';

type CancelInput = z.output<typeof cancelSchema>;
type ConfirmInput = z.output<typeof confirmSchema>;

export const MODULE = 'appointment';

export const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

export async function getAppointment(ctx: AppContext, actor: Actor, id: string) {
  const detail = await findAppointmentDetail(ctx.db, id);
  if (!detail) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(actor, detail.branch.id);
  return detail;
}

export async function detailOf(tx: DbOrTx, id: string) {
  const detail = await findAppointmentDetail(tx, id);
  if (!detail) throw new AppError('APPOINTMENT_NOT_FOUND');
  return detail;
}

/** The row, locked for the rest of the transaction so two writes to one appointment queue up. */
export async function lockedAppointment(tx: DbOrTx, actor: Actor, id: string): Promise<AppointmentRow> {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), live(appointments)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(actor, row.branchId);
  return row;
}

export async function branchZone(tx: DbOrTx, branchId: string): Promise<string> {
  const [b] = await tx
    .select({ timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!b) throw new AppError('BRANCH_NOT_FOUND');
  return b.timeZone;
}

/** What is booked: a purchased treatment, a new treatment, a package or a promotion, with the durations it brings. */
interface Item {
  treatmentId: string | null;
  purchasedProductId: string | null;
  packageId: string | null;
  promoId: string | null;
  treatmentMinutes: number | null;
  packageMinutes: number | null;
  pkg: { row: PackageLike; offeredAtBranch: boolean; treatmentIds: string[] } | null;
}

/**
 * The purchased treatment a booking uses, locked for the rest of the transaction so two bookings of its last session
 * queue up: not expired, the customer's, and with sessions left that no other live appointment already holds.
 */
async function bookablePurchased(tx: DbOrTx, input: AppointmentInput, existing: AppointmentRow | null) {
  const [pp] = await tx
    .select()
    .from(purchasedProducts)
    .where(and(eq(purchasedProducts.id, input.purchasedProductId!), live(purchasedProducts)))
    .for('update')
    .limit(1);
  if (!pp) throw new AppError('NOT_FOUND', 'Tratamiento adquirido no encontrado');
  if (pp.customerId === input.customerId && isPurchasedExpired(pp.status, pp.expiredAt, todayIn())) throw new AppError('PURCHASED_TREATMENT_EXPIRED');
  const problem = purchasedProductProblem(pp, input.customerId, input.sessions, existing?.purchasedProductId);
  if (problem) throw invalid(pp.customerId !== input.customerId ? 'purchasedProductId' : 'sessions', problem);
  const booked = await bookedSessions(tx, pp.id, pp.customerId, existing?.id ?? null);
  const overbooked = bookedSessionsProblem(pp.sessions - pp.currentSession, booked, input.sessions);
  if (overbooked) throw new AppError('PURCHASED_SESSIONS_BOOKED', overbooked, [{ field: 'sessions', message: overbooked }]);
  return pp;
}

/** Reads and checks what the payload books (existence, kind, the treatment's type); the package's dates and hours wait for the end time. */
async function resolveItem(tx: DbOrTx, input: AppointmentInput, existing: AppointmentRow | null): Promise<Item> {
  const item: Item = { treatmentId: null, purchasedProductId: null, packageId: null, promoId: null, treatmentMinutes: null, packageMinutes: null, pkg: null };
  const option = input.appointmentOption;
  if (option === 'purchasedProducts') {
    const pp = await bookablePurchased(tx, input, existing);
    item.purchasedProductId = pp.id;
    item.treatmentId = pp.treatmentId;
  } else if (option === 'newTreatments') {
    item.treatmentId = input.treatmentId ?? input.treatmentsIds[0];
  } else {
    const promo = option === 'promotion';
    const id = promo ? input.promoId! : input.packageId!;
    const [pkg] = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.id, id), live(packages)))
      .limit(1);
    if (!pkg) throw new AppError('PACKAGE_NOT_FOUND', promo ? 'Promoción no encontrada' : undefined);
    const [offered] = await tx
      .select({ id: packageBranches.branchId })
      .from(packageBranches)
      .where(and(eq(packageBranches.packageId, id), eq(packageBranches.branchId, input.branchId)))
      .limit(1);
    const included = await tx
      .select({ id: packageTreatments.treatmentId })
      .from(packageTreatments)
      .where(and(eq(packageTreatments.packageId, id), live(packageTreatments)));
    item.pkg = { row: pkg, offeredAtBranch: Boolean(offered), treatmentIds: included.map((t) => t.id) };
    item.packageMinutes = pkg.cabainTime;
    if (promo) item.promoId = pkg.id;
    else item.packageId = pkg.id;
    item.treatmentId = input.treatmentId ?? null;
  }
  if (item.treatmentId) {
    const t = await bookedTreatment(tx, item.treatmentId);
    if (!t) throw new AppError('TREATMENT_NOT_FOUND');
    const purchased = option === 'purchasedProducts';
    const mismatch = treatmentTypeProblem(input.treatmentTypeId, t.treatmentTypeId, purchased);
    if (mismatch) throw invalid(purchased ? 'purchasedProductId' : 'treatmentId', mismatch);
    if (option === 'newTreatments' && !t.active) throw invalid('treatmentId', 'El tratamiento no está activo');
    item.treatmentMinutes = t.durationMinutes;
  }
  return item;
}

interface Plan {
  item: Item | null;
  term: number;
  endTime: string;
  /** Branch, cabin, date, start or end changed (or a new appointment): hours, locks, overlap and the past are checked. */
  moved: boolean;
  /** Customer, type, option, treatment, package, promotion, purchased treatment or sessions changed. */
  rebooked: boolean;
  /** Branch, cabin, date or start changed on an existing appointment: counted as a reschedule. */
  reschedule: boolean;
}

/** What the payload changes and the columns it derives. An edit that neither moves nor rebooks reads nothing and checks no slot rule. */
async function planBooking(tx: DbOrTx, input: AppointmentInput, existing: AppointmentRow | null): Promise<Plan> {
  const rebooked = !existing || itemChanged(storedItem(existing), requestedItem(input));
  const reschedule =
    Boolean(existing) &&
    (existing!.branchId !== input.branchId || isReschedule(existing!, { date: input.date, startTime: input.startTime, cabinId: input.cabainId }));
  const basicMove = !existing || reschedule;
  if (existing) {
    const problem = updateProblem(existing.status, { moved: basicMove, rebooked });
    if (problem) throw new AppError('CONFLICT', problem);
  }
  let item = rebooked || basicMove ? await resolveItem(tx, input, existing) : null;
  // an existing appointment keeps its own length unless the payload gives one or the item changes
  const term = appointmentTerm(input.term ?? (existing && !rebooked ? existing.term : null), item?.treatmentMinutes, item?.packageMinutes, input.sessions);
  const endTime = endTimeOf(input.startTime, term);
  // an appointment ends by 23:30 at the latest: the exclusion constraint's range cannot cross midnight
  if (!endTime || endTime === '00:00') throw new AppError('APPOINTMENT_OUTSIDE_HOURS');
  const moved = basicMove || endTime !== existing!.endTime.slice(0, 5);
  if (existing) {
    const problem = updateProblem(existing.status, { moved, rebooked });
    if (problem) throw new AppError('CONFLICT', problem);
  }
  if (moved && !item) item = await resolveItem(tx, input, existing);
  return { item, term, endTime, moved, rebooked, reschedule };
}

/** The slot rules of a new, moved or rebooked appointment: branch, cabin, type, customer, package, past, hours, locks, overlap, same-day order. */
async function checkBooking(tx: DbOrTx, actor: Actor, input: AppointmentInput, existing: AppointmentRow | null, plan: Plan) {
  await lockBookingKeys(tx, input.cabainId, input.customerId, input.date);
  const branch = await activeBranch(tx, input.branchId);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  if (plan.moved && slotIsPast(input.date, input.startTime, nowIn(branch.timeZone))) throw new AppError('APPOINTMENT_IN_PAST');

  const cabin = await cabinWithType(tx, input.cabainId);
  if (!cabin) throw new AppError('CABIN_NOT_FOUND');
  if (cabin.branchId !== input.branchId || !cabin.active) throw invalid('cabainId', 'La cabina no pertenece a la sucursal o no está activa');
  const type = await treatmentTypeById(tx, input.treatmentTypeId);
  if (!type) throw new AppError('TREATMENT_TYPE_NOT_FOUND');
  if (cabin.treatmentTypeId !== input.treatmentTypeId) throw invalid('treatmentTypeId', CABIN_TYPE_MISMATCH);

  const customer = await bookedCustomer(tx, input.customerId);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  if (!customer.active) throw invalid('customerId', 'El paciente no está activo');
  if (!mayBookWithCancellations(customer.cancellations, await extendedLimit(tx, actor.roleId), input.appointmentOption)) {
    throw new AppError('CUSTOMER_TOO_MANY_CANCELLATIONS');
  }

  const pkg = plan.item?.pkg;
  if (pkg) {
    const option = input.appointmentOption as 'packages' | 'promotion';
    const problem = packageProblem(pkg.row, {
      option,
      treatmentTypeId: input.treatmentTypeId,
      offeredAtBranch: pkg.offeredAtBranch,
      date: input.date,
      startTime: input.startTime,
      endTime: plan.endTime,
      treatmentId: input.treatmentId,
      packageTreatmentIds: pkg.treatmentIds,
    });
    if (problem) throw invalid(option === 'promotion' ? 'promoId' : 'packageId', problem);
  }

  if (plan.moved) {
    const day = weekDay(input.date);
    const hm = (l: { day: number; opening: string; closing: string }[]) =>
      l.map((e) => ({ day: e.day, opening: e.opening.slice(0, 5), closing: e.closing.slice(0, 5) }));
    const schedules = await bookingSchedules(tx, input.branchId, input.cabainId);
    const hours = cabinDayHours(hm(schedules.branch), hm(schedules.cabin), day);
    if (!hours || minutes(input.startTime) < hours[0] || endMinutes(plan.endTime) > hours[1]) throw new AppError('APPOINTMENT_OUTSIDE_HOURS');

    const dayLocks = await branchLocks(tx, input.branchId, input.date);
    if (dayLocks.some((l) => lockBlocks(asLockLike(l), input.cabainId, input.date, input.startTime, plan.endTime))) {
      throw new AppError('APPOINTMENT_CABIN_BLOCKED');
    }

    const sameCabin = await cabinDayTimes(tx, input.cabainId, input.date, existing?.id ?? null);
    const [s, e] = [minutes(input.startTime), endMinutes(plan.endTime)];
    if (sameCabin.some((o) => minutes(o.startTime) < e && endMinutes(o.endTime) > s)) throw new AppError('APPOINTMENT_SLOT_TAKEN');
  }

  const sameDay = await customerDayTypes(tx, input.customerId, input.date, existing?.id ?? null);
  // the patient is in one cabin at a time (also the database's appointments_customer_no_overlap)
  const [from, to] = [minutes(input.startTime), endMinutes(plan.endTime)];
  if (sameDay.some((o) => minutes(o.startTime) < to && endMinutes(o.endTime) > from)) throw new AppError('PATIENT_SLOT_TAKEN');
  const order = sameDayOrder(
    treatmentKind(type.name),
    input.startTime,
    sameDay.map((o) => ({ kind: treatmentKind(o.typeName), startTime: o.startTime.slice(0, 5) })),
  );
  if (order) throw new AppError(order);

  await checkAppliances(tx, input, existing, plan);
}

/**
 * The treatment's equipment: each appliance it needs must have a working unit at the branch that the branch's other
 * live appointments at that time (whose treatments need it) do not already hold. Read after the appliance's day lock.
 */
async function checkAppliances(tx: DbOrTx, input: AppointmentInput, existing: AppointmentRow | null, plan: Plan) {
  const treatmentId = plan.item?.treatmentId;
  if (!treatmentId) return;
  const needed = await lockTreatmentAppliances(tx, treatmentId, input.branchId, input.date);
  if (!needed.length) return;
  const needs = [];
  for (const a of needed) {
    needs.push({
      name: a.name,
      working: await workingUnits(tx, a.id, input.branchId),
      others: await applianceBookings(tx, a.id, input.branchId, input.date, input.startTime, plan.endTime, existing?.id ?? null),
    });
  }
  const missing = missingAppliance(needs, input.startTime, plan.endTime);
  // on the start time too: the form shows it under 'Hora de inicio' besides its message
  if (missing) throw new AppError('APPLIANCE_UNAVAILABLE', missing, [{ field: 'startTime', message: missing }]);
}

/** Categories must be treatment categories and treatmentsIds treatments of the appointment's type (only ids the appointment does not hold yet). */
async function checkLists(tx: DbOrTx, input: AppointmentInput, existing: AppointmentRow | null) {
  const newCategories = [...new Set(input.categoriesIds.filter((id) => !existing?.categoriesIds.includes(id)))];
  if (newCategories.length) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, newCategories), eq(categories.type, 'treatment'), live(categories)));
    if (found.length !== newCategories.length) throw invalid('categoriesIds', 'La categoría no existe o no es de tratamientos');
  }
  const newTreatments = [...new Set(input.treatmentsIds.filter((id) => !existing?.treatmentsIds.includes(id)))];
  if (newTreatments.length) {
    const found = await tx
      .select({ id: treatments.id, treatmentTypeId: treatments.treatmentTypeId })
      .from(treatments)
      .where(and(inArray(treatments.id, newTreatments), live(treatments)));
    if (found.length !== newTreatments.length) throw invalid('treatmentsIds', 'El tratamiento no existe');
    if (found.some((t) => t.treatmentTypeId !== input.treatmentTypeId)) throw invalid('treatmentsIds', TREATMENT_TYPE_MISMATCH);
  }
}

function columnsOf(input: AppointmentInput, plan: Plan, existing: AppointmentRow | null) {
  const ids = plan.item ?? existing!;
  return {
    branchId: input.branchId,
    cabinId: input.cabainId,
    customerId: input.customerId,
    treatmentTypeId: input.treatmentTypeId,
    treatmentId: ids.treatmentId,
    packageId: ids.packageId,
    promoId: ids.promoId,
    purchasedProductId: ids.purchasedProductId,
    date: input.date,
    startTime: input.startTime,
    endTime: plan.endTime,
    term: plan.term,
    appointmentMethod: input.appointmentMethod,
    appointmentOption: input.appointmentOption,
    sessions: input.sessions,
    categoriesIds: input.categoriesIds,
    treatmentsIds: input.treatmentsIds,
    observations: input.observations ?? null,
  };
}

/**
 * Inserts with the next CITA- number from its sequence. A row written with its own number (imported data)
 * may already hold it: the insert then writes nothing and the next number is taken. An overlap still fails
 * (23P01, the exclusion constraint, is not this statement's arbiter).
 */
async function insertNumbered(tx: DbOrTx, values: Omit<typeof appointments.$inferInsert, 'appointmentNumber'>): Promise<AppointmentRow> {
  for (let attempt = 1; ; attempt++) {
    const number = appointmentNumber(await nextAppointmentNumber(tx));
    const [row] = await tx
      .insert(appointments)
      .values({ ...values, appointmentNumber: number })
      .onConflictDoNothing({ target: appointments.appointmentNumber })
      .returning();
    if (row) return row;
    if (attempt >= 20) throw new AppError('CONFLICT', 'No se encontró un número de cita libre');
  }
}

export async function createAppointment(ctx: AppContext, actor: Actor, input: AppointmentInput) {
  return ctx.db.transaction(async (tx) => {
    assertBranchAccess(actor, input.branchId);
    const plan = await planBooking(tx, input, null);
    await checkBooking(tx, actor, input, null, plan);
    await checkLists(tx, input, null);
    const row = await insertNumbered(tx, { ...columnsOf(input, plan, null), status: 'scheduled', userId: actor.id });
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'crear',
      entityId: row.id,
      orderNumber: row.appointmentNumber,
      after: storedAppointment(row),
      affectedBranchId: input.branchId,
    });
    return detailOf(tx, row.id);
  });
}

/**
 * A cancellation or reschedule charged to the purchased treatment; the third one ends it (status expired) and cancels
 * its other bookings from today on, which could never be finished.
 */
async function chargeChange(tx: DbOrTx, actor: Actor, purchasedProductId: string | null, today: string, reschedule: boolean) {
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
    })
    .where(eq(purchasedProducts.id, pp.id));
  if (charged.ends && (pp.status === 'onProcess' || pp.status === 'expired')) await cancelExpiredBookings(tx, pp, actor);
}

const branchToday = async (tx: DbOrTx, branchId: string) => nowIn(await branchZone(tx, branchId)).date;

/**
 * A change of a booking takes its customer first, as a cancellation, a finish and a refund do: a reschedule may end the
 * purchased treatment and cancel its other bookings, which another reschedule of the same treatment holds (a deadlock
 * when each held its own appointment and waited for the other's).
 */
export async function updateAppointment(ctx: AppContext, actor: Actor, id: string, input: AppointmentInput) {
  const owner = await appointmentOwner(ctx.db, id);
  return asCustomerWrite(ctx, owner, async (tx) => {
    const row = await lockedAppointment(tx, actor, id);
    sameCustomer(owner, row.customerId);
    assertBranchAccess(actor, input.branchId);
    const plan = await planBooking(tx, input, row);
    if (plan.reschedule && !mayReschedule(row.reschedules)) throw new AppError('APPOINTMENT_TOO_MANY_CHANGES');
    if (plan.moved || plan.rebooked) await checkBooking(tx, actor, input, row, plan);
    await checkLists(tx, input, row);
    const [after] = await tx
      .update(appointments)
      .set({ ...columnsOf(input, plan, row), reschedules: plan.reschedule ? row.reschedules + 1 : row.reschedules })
      .where(eq(appointments.id, id))
      .returning();
    if (plan.reschedule) {
      await tx
        .insert(appointmentCancellations)
        .values({ appointmentId: id, customerId: row.customerId, type: 'reschedule', cancellationReason: 'Unspecified', userId: actor.id });
      await chargeChange(tx, actor, row.purchasedProductId, await branchToday(tx, row.branchId), true);
    }
    await recordChange(tx, actor, {
      module: MODULE,
      action: plan.reschedule ? 'reagendar' : 'editar',
      entityId: id,
      orderNumber: row.appointmentNumber,
      ...storedChanges(row, after),
      affectedBranchId: input.branchId,
    });
    return detailOf(tx, id);
  });
}

/**
 * The agenda's 'Deshacer' after a drag: the appointment's last change must be a reschedule by the same user less than
 * UNDO_RESCHEDULE_SECONDS ago. It goes back to the slot the change log's 'before' names (checked as any move: hours,
 * locks, cabin and patient overlap, equipment) and the change is given back: the appointment's reschedule count, its
 * 'reschedule' cancellation row (soft-deleted) and the purchased treatment's change. A reschedule that ended the
 * purchased treatment (its third change: the treatment expired, its bookings cancelled) is not undone.
 */
export async function undoReschedule(ctx: AppContext, actor: Actor, id: string) {
  const owner = await appointmentOwner(ctx.db, id);
  return asCustomerWrite(ctx, owner, async (tx) => {
    const row = await lockedAppointment(tx, actor, id);
    sameCustomer(owner, row.customerId);
    const [last] = await tx
      .select({ action: changeLog.action, userId: changeLog.userId, at: changeLog.createdAt, before: changeLog.before })
      .from(changeLog)
      .where(and(eq(changeLog.module, MODULE), eq(changeLog.entityId, id)))
      // a reschedule that ended the purchased treatment logs its cancellations in the same transaction (same time): the reschedule is read first
      .orderBy(desc(changeLog.createdAt), desc(sql`${changeLog.action} = 'reagendar'`), desc(changeLog.id))
      .limit(1);
    const [pp] = row.purchasedProductId
      ? await tx.select().from(purchasedProducts).where(eq(purchasedProducts.id, row.purchasedProductId)).for('update').limit(1)
      : [];
    if (last?.action === 'reagendar' && pp?.status === 'expired') throw new AppError('CONFLICT', UNDO_ENDED_TREATMENT);
    const problem = undoRescheduleProblem(row.status, last ?? null, actor.id, new Date());
    if (problem) throw new AppError('CONFLICT', problem);
    const was = (last!.before ?? {}) as Partial<Record<'branchId' | 'cabainId' | 'date' | 'startTime' | 'endTime' | 'term', unknown>>;
    const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
    const input: AppointmentInput = {
      branchId: str(was.branchId, row.branchId),
      cabainId: str(was.cabainId, row.cabinId),
      treatmentTypeId: row.treatmentTypeId,
      customerId: row.customerId,
      date: str(was.date, row.date),
      startTime: str(was.startTime, row.startTime).slice(0, 5),
      term: typeof was.term === 'number' ? was.term : row.term,
      appointmentMethod: row.appointmentMethod as AppointmentInput['appointmentMethod'],
      appointmentOption: row.appointmentOption as AppointmentInput['appointmentOption'],
      observations: row.observations,
      promoId: row.promoId,
      packageId: row.packageId,
      treatmentId: row.treatmentId,
      purchasedProductId: row.purchasedProductId,
      sessions: row.sessions,
      categoriesIds: row.categoriesIds,
      treatmentsIds: row.treatmentsIds,
    };
    const plan = await planBooking(tx, input, row);
    await checkBooking(tx, actor, input, row, { ...plan, moved: true, reschedule: false });
    const [after] = await tx
      .update(appointments)
      .set({ ...columnsOf(input, plan, row), reschedules: Math.max(0, row.reschedules - 1) })
      .where(eq(appointments.id, id))
      .returning();
    const [given] = await tx
      .select({ id: appointmentCancellations.id })
      .from(appointmentCancellations)
      .where(and(eq(appointmentCancellations.appointmentId, id), eq(appointmentCancellations.type, 'reschedule'), live(appointmentCancellations)))
      .orderBy(desc(appointmentCancellations.createdAt), desc(appointmentCancellations.id))
      .limit(1);
    if (given) await tx.update(appointmentCancellations).set({ deletedAt: new Date() }).where(eq(appointmentCancellations.id, given.id));
    if (pp) {
      await tx
        .update(purchasedProducts)
        .set({ changes: Math.max(0, pp.changes - 1), reschedules: Math.max(0, pp.reschedules - 1) })
        .where(eq(purchasedProducts.id, pp.id));
    }
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'deshacer reagenda',
      entityId: id,
      orderNumber: row.appointmentNumber,
      ...storedChanges(row, after),
      affectedBranchId: after.branchId,
    });
    return detailOf(tx, id);
  });
}

export async function cancelAppointment(ctx: AppContext, actor: Actor, id: string, input: CancelInput) {
  const owner = await appointmentOwner(ctx.db, id);
  return asCustomerWrite(ctx, owner, async (tx) => {
    const row = await lockedAppointment(tx, actor, id);
    sameCustomer(owner, row.customerId);
    if (!canCancel(row.status)) throw new AppError('CONFLICT', NOT_CANCELLABLE);
    const [after] = await tx.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id)).returning();
    const cancellation = {
      type: input.type,
      cancellationReason: input.cancellationReason,
      comment: input.comment ?? null,
      customerCancellation: input.customerCancellation,
    };
    await tx.insert(appointmentCancellations).values({ appointmentId: id, customerId: row.customerId, ...cancellation, userId: actor.id });
    if (input.customerCancellation) {
      await tx
        .update(customers)
        .set({ cancellations: sql`${customers.cancellations} + 1` })
        .where(eq(customers.id, row.customerId));
    }
    await chargeChange(tx, actor, row.purchasedProductId, await branchToday(tx, row.branchId), false);
    const changes = storedChanges(row, after);
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'cancelar',
      entityId: id,
      orderNumber: row.appointmentNumber,
      before: changes.before,
      after: { ...changes.after, cancellation },
      affectedBranchId: row.branchId,
    });
    return detailOf(tx, id);
  });
}

/** A status or confirmation change: the refusal (or null), then the columns, a log row of what changed. */
async function simpleChange(
  ctx: AppContext,
  actor: Actor,
  id: string,
  refusal: (row: AppointmentRow, tx: DbOrTx) => string | null | Promise<string | null>,
  action: string,
  set: Partial<typeof appointments.$inferInsert>,
) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockedAppointment(tx, actor, id);
    const problem = await refusal(row, tx);
    if (problem) throw new AppError('CONFLICT', problem);
    const [after] = await tx
      .update(appointments)
      .set({ ...set })
      .where(eq(appointments.id, id))
      .returning();
    await recordChange(tx, actor, {
      module: MODULE,
      action,
      entityId: id,
      orderNumber: row.appointmentNumber,
      ...storedChanges(row, after),
      affectedBranchId: row.branchId,
    });
    return detailOf(tx, id);
  });
}

export const setOnProcess = (ctx: AppContext, actor: Actor, id: string) =>
  simpleChange(ctx, actor, id, (r) => (canSetOnProcess(r.status) ? null : NOT_STARTABLE), 'en proceso', { status: 'inProcess' });

export const confirmAppointment = (ctx: AppContext, actor: Actor, id: string, input: ConfirmInput) =>
  simpleChange(ctx, actor, id, (r) => (canConfirm(r.status) ? null : NOT_CONFIRMABLE), 'confirmar', { confirmMethod: input.confirmMethod });

/** Manual Inasistencia: a scheduled appointment whose start has come; it counts among the customer's missed appointments. */
export const markAbsence = (ctx: AppContext, actor: Actor, id: string) =>
  simpleChange(
    ctx,
    actor,
    id,
    async (r, tx) => {
      if (!canMarkAbsence(r.status)) return NOT_ABSENTABLE;
      return hasStarted(r.date, r.startTime, nowIn(await branchZone(tx, r.branchId))) ? null : ABSENCE_TOO_EARLY;
    },
    'inasistencia',
    { status: 'absence' },
  );

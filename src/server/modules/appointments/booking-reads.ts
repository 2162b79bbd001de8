import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../../domain/agenda';
import { BOOKED_STATUSES } from '../../../domain/session-rules';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  appliances,
  appointments,
  branchAppliances,
  branchSchedules,
  branches,
  cabinSchedules,
  cabinTypes,
  cabins,
  customers,
  roles,
  treatmentAppliances,
  treatments,
  treatmentTypes,
} from '../../db/schema';
import { live } from '../../db/live';

/**
 * What a booking reads, each a prepared statement: a booking runs some twenty statements in its transaction,
 * and building each one's SQL again cost the API more than running it cost the database.
 */

const id = sql.placeholder('id');
/** An appointment left out of the day's others (the one being edited); null leaves none out. */
const notThis = sql`${appointments.id} is distinct from ${sql.placeholder('exceptId')}::uuid`;

/**
 * Bookings of one cabin on one day queue up behind each other (the friendly overlap check), and so do one
 * customer's bookings of one day (the same-day order rule): two advisory locks, taken in this order.
 */
const CABIN_DAY_LOCK = 7_410_021;
const CUSTOMER_DAY_LOCK = 7_410_022;
export async function lockBookingKeys(db: DbOrTx, cabinId: string, customerId: string, date: string): Promise<void> {
  await prepared(db, 'booking_locks', (d) =>
    d
      .select({
        cabin: sql`pg_advisory_xact_lock(${CABIN_DAY_LOCK}::int, hashtext(${sql.placeholder('cabinDay')}::text))`,
        customer: sql`pg_advisory_xact_lock(${CUSTOMER_DAY_LOCK}::int, hashtext(${sql.placeholder('customerDay')}::text))`,
      })
      .from(sql`(select) as keys`)
      .prepare('booking_locks'),
  ).execute({ cabinDay: `${cabinId}:${date}`, customerDay: `${customerId}:${date}` });
}

/**
 * The appliances a treatment needs, each locked for the branch and day (third in the order, after the cabin's and the
 * customer's day): two bookings that need the same appliance at one branch on one day queue up here, whatever their
 * cabins, so two can never both take its last free unit. Locked in the appliances' id order, so two treatments that
 * need the same two appliances take them in the same order.
 */
const APPLIANCE_DAY_LOCK = 7_410_023;
export async function lockTreatmentAppliances(db: DbOrTx, treatmentId: string, branchId: string, date: string) {
  const needed = await prepared(db, 'booking_treatment_appliances', (d) =>
    d
      .select({ id: appliances.id, name: appliances.name })
      .from(treatmentAppliances)
      .innerJoin(appliances, eq(appliances.id, treatmentAppliances.applianceId))
      .where(and(eq(treatmentAppliances.treatmentId, id), live(appliances)))
      .orderBy(asc(appliances.id))
      .prepare('booking_treatment_appliances'),
  ).execute({ id: treatmentId });
  for (const a of needed) await db.execute(sql`select pg_advisory_xact_lock(${APPLIANCE_DAY_LOCK}::int, hashtext(${`${branchId}:${a.id}:${date}`}::text))`);
  return needed;
}

/** Working units (status Funcionando) of an appliance at a branch. */
export async function workingUnits(db: DbOrTx, applianceId: string, branchId: string): Promise<number> {
  const statement = prepared(db, 'booking_working_units', (d) =>
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(branchAppliances)
      .where(
        and(
          eq(branchAppliances.applianceId, id),
          eq(branchAppliances.branchId, sql.placeholder('branchId')),
          eq(branchAppliances.status, 'Funcionando'),
          live(branchAppliances),
        ),
      )
      .prepare('booking_working_units'),
  );
  return (await statement.execute({ id: applianceId, branchId }))[0]?.n ?? 0;
}

/** The branch's other live appointments of the day overlapping [start, end) whose treatment needs the appliance. */
export async function applianceBookings(db: DbOrTx, applianceId: string, branchId: string, date: string, start: string, end: string, exceptId: string | null) {
  const statement = prepared(db, 'booking_appliance_day', (d) =>
    d
      .select({ startTime: appointments.startTime, endTime: appointments.endTime })
      .from(appointments)
      .innerJoin(treatmentAppliances, and(eq(treatmentAppliances.treatmentId, appointments.treatmentId), eq(treatmentAppliances.applianceId, id)))
      .where(
        and(
          eq(appointments.branchId, sql.placeholder('branchId')),
          eq(appointments.date, sql.placeholder('date')),
          live(appointments),
          inArray(appointments.status, [...LIVE_STATUSES]),
          lt(appointments.startTime, sql`${sql.placeholder('end')}::time`),
          gt(appointments.endTime, sql`${sql.placeholder('start')}::time`),
          notThis,
        ),
      )
      .prepare('booking_appliance_day'),
  );
  return statement.execute({ id: applianceId, branchId, date, start, end, exceptId });
}

export async function bookedTreatment(db: DbOrTx, treatmentId: string) {
  const statement = prepared(db, 'booking_treatment', (d) =>
    d
      .select({ durationMinutes: treatments.durationMinutes, treatmentTypeId: treatments.treatmentTypeId, active: treatments.active })
      .from(treatments)
      .where(and(eq(treatments.id, id), live(treatments)))
      .prepare('booking_treatment'),
  );
  return (await statement.execute({ id: treatmentId }))[0];
}

export async function activeBranch(db: DbOrTx, branchId: string) {
  const statement = prepared(db, 'booking_branch', (d) =>
    d
      .select({ id: branches.id, timeZone: branches.timeZone })
      .from(branches)
      .where(and(eq(branches.id, id), live(branches), eq(branches.active, true)))
      .prepare('booking_branch'),
  );
  return (await statement.execute({ id: branchId }))[0];
}

export async function cabinWithType(db: DbOrTx, cabinId: string) {
  const statement = prepared(db, 'booking_cabin', (d) =>
    d
      .select({ id: cabins.id, branchId: cabins.branchId, active: cabins.active, treatmentTypeId: cabinTypes.treatmentTypeId })
      .from(cabins)
      .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
      .where(and(eq(cabins.id, id), live(cabins)))
      .prepare('booking_cabin'),
  );
  return (await statement.execute({ id: cabinId }))[0];
}

export async function treatmentTypeById(db: DbOrTx, typeId: string) {
  const statement = prepared(db, 'booking_treatment_type', (d) =>
    d.select({ id: treatmentTypes.id, name: treatmentTypes.name }).from(treatmentTypes).where(eq(treatmentTypes.id, id)).prepare('booking_treatment_type'),
  );
  return (await statement.execute({ id: typeId }))[0];
}

export async function bookedCustomer(db: DbOrTx, customerId: string) {
  const statement = prepared(db, 'booking_customer', (d) =>
    d
      .select({ id: customers.id, active: customers.active, cancellations: customers.cancellations })
      .from(customers)
      .where(and(eq(customers.id, id), live(customers)))
      .prepare('booking_customer'),
  );
  return (await statement.execute({ id: customerId }))[0];
}

/** Whether the role books past the usual cancellation limit. */
export async function extendedLimit(db: DbOrTx, roleId: string): Promise<boolean> {
  const statement = prepared(db, 'booking_role_limit', (d) =>
    d.select({ extended: roles.extendedCancellationLimit }).from(roles).where(eq(roles.id, id)).prepare('booking_role_limit'),
  );
  return (await statement.execute({ id: roleId }))[0]?.extended ?? false;
}

/** The live schedule rows of the branch and of the cabin ('HH:mm:ss' times). */
export async function bookingSchedules(db: DbOrTx, branchId: string, cabinId: string) {
  const ofBranch = prepared(db, 'booking_branch_schedule', (d) =>
    d
      .select({ day: branchSchedules.day, opening: branchSchedules.opening, closing: branchSchedules.closing })
      .from(branchSchedules)
      .where(and(eq(branchSchedules.branchId, id), live(branchSchedules)))
      .prepare('booking_branch_schedule'),
  );
  const ofCabin = prepared(db, 'booking_cabin_schedule', (d) =>
    d
      .select({ day: cabinSchedules.day, opening: cabinSchedules.opening, closing: cabinSchedules.closing })
      .from(cabinSchedules)
      .where(and(eq(cabinSchedules.cabinId, id), live(cabinSchedules)))
      .prepare('booking_cabin_schedule'),
  );
  return { branch: await ofBranch.execute({ id: branchId }), cabin: await ofCabin.execute({ id: cabinId }) };
}

const liveThatDay = (column: typeof appointments.cabinId | typeof appointments.customerId) =>
  and(eq(column, id), eq(appointments.date, sql.placeholder('date')), live(appointments), inArray(appointments.status, [...LIVE_STATUSES]), notThis);

/** The cabin's other live appointments of the day. */
export async function cabinDayTimes(db: DbOrTx, cabinId: string, date: string, exceptId: string | null) {
  const statement = prepared(db, 'booking_cabin_day', (d) =>
    d
      .select({ startTime: appointments.startTime, endTime: appointments.endTime })
      .from(appointments)
      .where(liveThatDay(appointments.cabinId))
      .prepare('booking_cabin_day'),
  );
  return statement.execute({ id: cabinId, date, exceptId });
}

/** The customer's other live appointments of the day, with their type's name (the same-day order rule). */
export async function customerDayTypes(db: DbOrTx, customerId: string, date: string, exceptId: string | null) {
  const statement = prepared(db, 'booking_customer_day', (d) =>
    d
      .select({ startTime: appointments.startTime, endTime: appointments.endTime, typeName: treatmentTypes.name })
      .from(appointments)
      .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
      .where(liveThatDay(appointments.customerId))
      .prepare('booking_customer_day'),
  );
  return statement.execute({ id: customerId, date, exceptId });
}

/**
 * Sessions of a purchased treatment held by its live bookings (scheduled or in process), but the one being edited.
 * Read through the customer's index: a customer has few appointments.
 */
export async function bookedSessions(db: DbOrTx, purchasedProductId: string, customerId: string, exceptId: string | null): Promise<number> {
  const statement = prepared(db, 'booking_purchased_sessions', (d) =>
    d
      .select({ n: sql<number>`coalesce(sum(${appointments.sessions}), 0)::int` })
      .from(appointments)
      .where(
        and(
          eq(appointments.customerId, sql.placeholder('customerId')),
          eq(appointments.purchasedProductId, id),
          live(appointments),
          inArray(appointments.status, [...BOOKED_STATUSES]),
          notThis,
        ),
      )
      .prepare('booking_purchased_sessions'),
  );
  return (await statement.execute({ id: purchasedProductId, customerId, exceptId }))[0]?.n ?? 0;
}

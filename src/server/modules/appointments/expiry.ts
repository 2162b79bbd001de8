import type { Actor } from '../../platform/auth/actor';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/age';
import { BOOKED_STATUSES, isPurchasedExpired } from '../../../domain/session-rules';
import type { DbOrTx } from '../../db/client';
import { appointmentCancellations, appointments, branches, purchasedProducts } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { storedChanges } from './queries';
import { live } from '../../db/live';

/** The reason written on the bookings an expired purchased treatment leaves behind. */
export const EXPIRED_REASON = 'Tratamiento vencido';

const bookedFromToday = (now: Date) =>
  and(
    live(appointments),
    inArray(appointments.status, [...BOOKED_STATUSES]),
    // today or later in the appointment's own branch zone; the absence job closes the days already gone
    sql`${appointments.date} >= (${now.toISOString()}::timestamptz at time zone ${branches.timeZone})::date`,
  );

/**
 * Cancels the live bookings (scheduled or in process, from today on) of an expired purchased treatment: they could never
 * be finished. Each one gets its cancellation row (reason 'Tratamiento vencido', not the customer's) and a change-log row
 * like a manual cancellation; `actor` is the user whose action expired it, or null for the periodic job. Returns how many.
 */
export function cancelExpiredBookings(tx: DbOrTx, pp: { id: string; customerId: string }, actor: Actor | null, now = new Date()): Promise<number> {
  return cancelBookings(tx, pp, actor, EXPIRED_REASON, now);
}

/** The reason written on the bookings of a purchase that was refunded. */
export const REFUNDED_REASON = 'Venta devuelta';

/**
 * Cancels the live bookings (scheduled or in process, from today on) of a purchased treatment that can no longer be
 * given (expired, or its sale refunded), with `reason` on each cancellation row (not the customer's); sessions already
 * given stay as they are. Returns how many.
 */
export async function cancelBookings(
  tx: DbOrTx,
  pp: { id: string; customerId: string },
  actor: Actor | null,
  reason: string,
  now = new Date(),
): Promise<number> {
  const booked = await tx
    .select({ a: appointments })
    .from(appointments)
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .where(and(eq(appointments.customerId, pp.customerId), eq(appointments.purchasedProductId, pp.id), bookedFromToday(now)))
    .orderBy(appointments.id)
    .for('update', { of: appointments });
  const cancellation = { type: 'cancellation', cancellationReason: reason, comment: null, customerCancellation: false };
  for (const { a: row } of booked) {
    const [after] = await tx.update(appointments).set({ status: 'cancelled', updatedAt: now }).where(eq(appointments.id, row.id)).returning();
    await tx.insert(appointmentCancellations).values({ appointmentId: row.id, customerId: row.customerId, ...cancellation, userId: actor?.id ?? null });
    const changes = storedChanges(row, after);
    await recordChange(tx, actor, {
      module: 'appointment',
      action: 'cancelar',
      entityId: row.id,
      orderNumber: row.appointmentNumber,
      before: changes.before,
      after: { ...changes.after, cancellation },
      affectedBranchId: row.branchId,
    });
  }
  return booked.length;
}

/**
 * The expiry job: purchased treatments that are expired (marked so, or in process past their limit date in the business
 * zone) and still hold bookings from today on get those bookings cancelled, one treatment per transaction. Idempotent:
 * a cancelled booking is not found again. Starts from the upcoming bookings (the date index), not from every treatment.
 */
export async function expirePurchasedTreatments(db: DbOrTx, now = new Date()): Promise<number> {
  const today = todayIn(undefined, now);
  const due = await db
    .selectDistinct({ id: purchasedProducts.id, customerId: purchasedProducts.customerId })
    .from(appointments)
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .innerJoin(purchasedProducts, eq(purchasedProducts.id, appointments.purchasedProductId))
    .where(
      and(
        // a bound the date index serves (no branch zone is more than a day from the business one), then the exact day
        sql`${appointments.date} >= ${today}::date - 1`,
        bookedFromToday(now),
        live(purchasedProducts),
        sql`(${purchasedProducts.status} = 'expired' or (${purchasedProducts.status} = 'onProcess' and ${purchasedProducts.expiredAt} < ${today}))`,
      ),
    );
  let total = 0;
  for (const pp of due) {
    total += await db.transaction(async (tx) => {
      // the treatment is read, not locked (an expiry never goes back); its bookings are locked as a cancellation locks them
      const [current] = await tx.select().from(purchasedProducts).where(eq(purchasedProducts.id, pp.id)).limit(1);
      if (!current || !isPurchasedExpired(current.status, current.expiredAt, today)) return 0;
      return cancelExpiredBookings(tx, pp, null, now);
    });
  }
  return total;
}

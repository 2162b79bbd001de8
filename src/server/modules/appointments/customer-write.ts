import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appointments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { customerWork, lockCustomer } from '../customers';

/**
 * A finish or a cancellation writes on the customer (cancellations counted or reset, next to the same customer's
 * sales and refunds): it queues and locks as every write on a customer does (customers/lock.ts), the customer before
 * the appointment, the purchased treatment and the lots. The owner is read first, unlocked.
 */
export function asCustomerWrite<T>(ctx: AppContext, customerId: string | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return customerWork.run(customerId, () =>
    ctx.db.transaction(async (tx) => {
      if (customerId) await lockCustomer(tx, customerId);
      return work(tx);
    }),
  );
}

/** The customer an appointment is booked for, read without a lock (undefined when it does not exist). */
export async function appointmentOwner(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ customerId: appointments.customerId }).from(appointments).where(eq(appointments.id, id)).limit(1);
  return row?.customerId;
}

/** The booking was moved to another customer between the read and the lock: the caller tries again. */
export function sameCustomer(locked: string | undefined, actual: string): void {
  if (locked && locked !== actual) throw new AppError('CONCURRENT_CHANGE');
}

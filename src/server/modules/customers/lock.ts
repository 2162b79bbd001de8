import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { KeyedQueue } from '../../platform/keyed-queue';

/**
 * Lock order of every write that touches a customer's money, points or sessions (sale, refund, points movement,
 * appointment finish): the customer's row first, then the sale or appointment, the purchased treatments, the
 * coupon, the branch's cash day, the lots by id, and last the rows inserted (payments, commissions, ledger).
 *
 * The customer's row is taken `for no key update`, once, before anything names it: a row inserted with a foreign key
 * to the customer (the sale, a ledger line) takes a key-share lock on it, which this mode does not conflict with,
 * so no step ever upgrades a lock it got through a foreign key (two sales of one customer used to deadlock there).
 */
export async function lockCustomer(tx: DbOrTx, customerId: string): Promise<void> {
  await tx.execute(sql`select 1 from customers where id = ${customerId} for no key update`);
}

/** One customer's writes queue here in this process, before they take a pooled connection (platform/keyed-queue.ts). */
export const customerWork = new KeyedQueue();

import type { Actor } from '../../platform/auth/actor';
import { and, count, desc, eq } from 'drizzle-orm';
import { listMeta } from '../../../domain/list';
import { balanceAfter, type LedgerEntry, type PointAdjustment } from '../../../domain/loyalty';
import type { DbOrTx } from '../../db/client';
import { customers, pointLedger, users } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { stamps } from '../dto';
import { live } from '../../db/live';
import { customerWork } from '../customers';

export interface PointMovementInput extends LedgerEntry {
  customerId: string;
  reason?: string | null;
  orderNumber?: string | null;
  /** When it happened (default now): a sale or refund told at a past moment writes its own. */
  at?: Date;
}

/**
 * Writes one ledger row and the customer's cached balance in the caller's transaction. The customer's row
 * is locked first, so two movements at once add up instead of one overwriting the other.
 */
export async function postPointMovement(tx: DbOrTx, actor: Actor | null, input: PointMovementInput) {
  const [customer] = await tx
    .select({ id: customers.id, points: customers.points })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), live(customers)))
    // not 'for update': a sale or ledger row inserted in this transaction already holds a key-share lock on the customer
    .for('no key update');
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  let balance: number;
  try {
    balance = balanceAfter(customer.points, input);
  } catch (err) {
    if (err instanceof RangeError && err.message.includes('negativo'))
      throw new AppError('POINTS_BALANCE_NEGATIVE', `El saldo de puntos no puede quedar negativo (saldo actual: ${customer.points})`);
    throw new AppError('VALIDATION_FAILED', (err as Error).message, [{ field: 'points', message: (err as Error).message }]);
  }
  const [row] = await tx
    .insert(pointLedger)
    .values({
      customerId: customer.id,
      movement: input.movement,
      points: input.points,
      balanceAfter: balance,
      reason: input.reason ?? null,
      orderNumber: input.orderNumber ?? null,
      userId: actor?.id ?? null,
      ...(input.at && { createdAt: input.at, updatedAt: input.at }),
    })
    .returning();
  await tx.update(customers).set({ points: balance }).where(eq(customers.id, customer.id));
  await recordChange(tx, actor, {
    module: 'clients',
    action: `puntos: ${input.movement}`,
    entityId: customer.id,
    before: { points: customer.points },
    after: { points: balance, movement: input.movement, reason: input.reason ?? null },
    at: input.at,
  });
  return toMovement(row, actor ? { name: actor.fullname, lastName: '' } : null);
}

type LedgerRow = typeof pointLedger.$inferSelect;

function toMovement(p: LedgerRow, user: { name: string; lastName: string } | null) {
  return { id: p.id, movement: p.movement, points: p.points, balanceAfter: p.balanceAfter, reason: p.reason, orderNumber: p.orderNumber, user, ...stamps(p) };
}

/** A manual correction by staff with clients.edit. */
export function adjustPoints(db: DbOrTx, actor: Actor, customerId: string, body: PointAdjustment) {
  return customerWork.run(customerId, () =>
    db.transaction((tx) => postPointMovement(tx, actor, { customerId, movement: 'adjusted', points: body.points, reason: body.reason })),
  );
}

/** The customer's ledger, newest first: each row says what moved, why, who, and the balance it left. */
export async function pointHistory(db: DbOrTx, customerId: string, q: { page: number; take: number }) {
  const [customer] = await db
    .select({ id: customers.id, points: customers.points })
    .from(customers)
    .where(and(eq(customers.id, customerId), live(customers)));
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const where = eq(pointLedger.customerId, customerId);
  const page = db
    .select({ p: pointLedger, userName: users.name, userLastName: users.lastName })
    .from(pointLedger)
    .leftJoin(users, eq(users.id, pointLedger.userId))
    .where(where)
    .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
    .offset(q.take ? (q.page - 1) * q.take : 0);
  const [rows, [{ n }]] = await Promise.all([q.take ? page.limit(q.take) : page, db.select({ n: count() }).from(pointLedger).where(where)]);
  return {
    balance: customer.points,
    items: rows.map(({ p, userName, userLastName }) => toMovement(p, userName ? { name: userName, lastName: userLastName ?? '' } : null)),
    meta: listMeta(q.page, q.take, n),
  };
}

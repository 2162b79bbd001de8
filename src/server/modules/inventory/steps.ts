import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates';
import { EXPIRED_LOT, EXPIRED_LOT_EXITS, INVENTORY_MESSAGES, isExpired, pickFefo, type MovementCause } from '../../../domain/inventory';
import type { Cents } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { live } from '../../db/live';
import { branches, productStocks, stockMovements } from '../../db/schema';
import type { Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/app-error';

/**
 * The only code that changes a lot's quantity. Each step changes one lot under a guard that keeps it ≥ 0 and
 * writes its movement row (signed quantity, balance after, cause, document, user) in the caller's transaction,
 * so a lot's quantity is always the sum of its movements.
 */

export type DocumentType = 'purchase' | 'assortment' | 'transfer' | 'sale' | 'cash_order' | 'appointment' | 'purchased_product' | 'adjustment';

export interface Movement {
  cause: MovementCause;
  document?: { type: DocumentType; id: string; number?: string | null };
  note?: string | null;
  /** The refusal when the lot lacks the units (default 'Inventario insuficiente'). */
  shortMessage?: string;
}

export type Lot = typeof productStocks.$inferSelect;

const lotColumns = {
  id: productStocks.id,
  productId: productStocks.productId,
  branchId: productStocks.branchId,
  allotment: productStocks.allotment,
  quantity: productStocks.quantity,
  price: productStocks.price,
  expiresAt: productStocks.expiresAt,
};

async function writeMovement(tx: DbOrTx, actor: Actor | null, lot: Pick<Lot, 'id' | 'productId' | 'branchId'>, quantity: number, balance: number, m: Movement) {
  await tx
    .insert(stockMovements)
    .values({
      stockId: lot.id,
      productId: lot.productId,
      branchId: lot.branchId,
      quantity,
      balance,
      cause: m.cause,
      documentType: m.document?.type ?? null,
      documentId: m.document?.id ?? null,
      documentNumber: m.document?.number ?? null,
      note: m.note ?? null,
      userId: actor?.id ?? null,
    });
}

/** Today at a branch (its own time zone): what decides whether a lot has expired. */
export async function branchToday(tx: DbOrTx, branchId: string): Promise<string> {
  const [b] = await tx.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!b) throw new AppError('BRANCH_NOT_FOUND');
  return dateInZone(b.timeZone);
}

function assertPositive(units: number) {
  if (!Number.isInteger(units) || units <= 0) throw new AppError('BAD_REQUEST', 'La cantidad debe ser un número entero mayor a 0');
}

/**
 * Takes units from a lot. Refused with 422 when it lacks them (two requests racing for the last units: the guard in
 * the UPDATE lets one through) and with 409 when the lot has expired, unless the cause is a way out of an expired lot.
 */
export async function takeFromLot(tx: DbOrTx, actor: Actor | null, stockId: string, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [lot] = await tx
    .select()
    .from(productStocks)
    .where(and(eq(productStocks.id, stockId), live(productStocks)))
    .for('update')
    .limit(1);
  if (!lot) throw new AppError('STOCK_NOT_FOUND');
  if (!EXPIRED_LOT_EXITS.includes(m.cause) && isExpired(lot.expiresAt, await branchToday(tx, lot.branchId)))
    throw new AppError('LOT_EXPIRED', EXPIRED_LOT(lot.allotment, lot.expiresAt!));
  const [after] = await tx
    .update(productStocks)
    .set({ quantity: sql`${productStocks.quantity} - ${units}` })
    .where(and(eq(productStocks.id, stockId), sql`${productStocks.quantity} >= ${units}`))
    .returning();
  if (!after) throw new AppError('INSUFFICIENT_INVENTORY', m.shortMessage ?? INVENTORY_MESSAGES.insufficient);
  await writeMovement(tx, actor, after, -units, after.quantity, m);
  return after;
}

/** Puts units back into a known lot (a return, a rejection after sending, a deleted sale). */
export async function returnToLot(tx: DbOrTx, actor: Actor | null, stockId: string, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [after] = await tx
    .update(productStocks)
    .set({ quantity: sql`${productStocks.quantity} + ${units}` })
    .where(eq(productStocks.id, stockId))
    .returning();
  if (!after) throw new AppError('STOCK_NOT_FOUND');
  await writeMovement(tx, actor, after, units, after.quantity, m);
  return after;
}

export interface LotIdentity {
  productId: string;
  branchId: string;
  allotment: string;
  expiresAt: string | null;
  price: Cents | null;
}

/** Puts units into a branch's lot by product and lot number, creating the lot when the branch has none. */
export async function putIntoLot(tx: DbOrTx, actor: Actor | null, lot: LotIdentity, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [after] = await tx
    .insert(productStocks)
    .values({ ...lot, quantity: units })
    .onConflictDoUpdate({
      target: [productStocks.productId, productStocks.branchId, productStocks.allotment],
      targetWhere: sql`${productStocks.deletedAt} is null`,
      set: { quantity: sql`${productStocks.quantity} + ${units}` },
    })
    .returning();
  await writeMovement(tx, actor, after!, units, after!.quantity, m);
  return after!;
}

/** Records a count that does not move units (sent 10, received 8): the lot goes down by the difference, with its cause. */
export async function recordDifference(tx: DbOrTx, actor: Actor | null, stockId: string, missing: number, m: Movement): Promise<void> {
  if (missing > 0) await takeFromLot(tx, actor, stockId, missing, { ...m, cause: 'receipt_difference' });
}

/**
 * Takes units of a product at a branch first expiry first, from valid lots only: every automatic pick. Lots are
 * locked in id order so two picks over the same lots wait for each other instead of deadlocking.
 */
export async function takeFirstExpiry(
  tx: DbOrTx,
  actor: Actor | null,
  where: { productId: string; branchId: string },
  units: number,
  m: Movement,
): Promise<{ lot: Lot; units: number }[]> {
  assertPositive(units);
  const lots = await tx
    .select(lotColumns)
    .from(productStocks)
    .where(and(eq(productStocks.productId, where.productId), eq(productStocks.branchId, where.branchId), gt(productStocks.quantity, 0), live(productStocks)))
    .orderBy(asc(productStocks.id))
    .for('update');
  const picks = pickFefo(lots, units, await branchToday(tx, where.branchId));
  if (!picks) throw new AppError('INSUFFICIENT_INVENTORY', m.shortMessage ?? INVENTORY_MESSAGES.insufficient);
  const taken: { lot: Lot; units: number }[] = [];
  for (const p of picks) taken.push({ lot: await takeFromLot(tx, actor, p.lot.id, p.units, m), units: p.units });
  return taken;
}

/** Lots whose quantity is not the sum of their movements: none, ever (the demo seed and the tests check it). */
export async function ledgerMismatches(tx: DbOrTx): Promise<string[]> {
  const result = (await tx.execute(
    sql`select s.id from product_stocks s left join (select stock_id, sum(quantity) as total from stock_movements group by stock_id) m on m.stock_id = s.id
        where s.quantity <> coalesce(m.total, 0)`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

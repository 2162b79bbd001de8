import { and, eq, isNull, sql } from 'drizzle-orm';
import { SELLER_CHANGE_CONCEPT } from '../../../../domain/commissions.contract';
import type { Cents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { commissions } from '../../../db/schema';

const neg = (c: Cents) => -c as Cents;

/**
 * The lines of a product sale that still count: written by the sale (or by a seller change) and not reversed yet. A
 * refund reverses these, and a seller change moves these, so a line is never reversed twice.
 */
export async function standingSaleLines(tx: DbOrTx, cashOrderId: string) {
  const reversals = sql`(select r.reversal_of from commissions r where r.cash_order_id = ${cashOrderId} and r.reversal_of is not null and r.deleted_at is null)`;
  return tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.cashOrderId, cashOrderId), isNull(commissions.reversalOf), live(commissions), sql`${commissions.id} not in ${reversals}`));
}

/**
 * A product sale's seller changed: each standing cosmetology line of the sale is reversed on the old seller and written
 * again, same base, percent and commission, for the new one, both on the change's business day with the concept
 * 'Cambio de vendedor'. The sale's own day is never edited, so a closed month keeps its totals (as with a refund), and a
 * later refund reverses the new seller's line.
 */
export async function moveSaleCommission(tx: DbOrTx, cashOrderId: string, sellerId: string, businessDate: string, at: Date): Promise<void> {
  const lines = await standingSaleLines(tx, cashOrderId);
  if (!lines.length) return;
  await tx.insert(commissions).values(
    lines.flatMap(({ id, createdAt: _c, updatedAt: _u, ...l }) => [
      {
        ...l,
        businessDate,
        base: neg(l.base),
        commission: neg(l.commission),
        isrAmount: neg(l.isrAmount),
        payable: neg(l.payable),
        reversalOf: id,
        concept: SELLER_CHANGE_CONCEPT,
        createdAt: at,
        updatedAt: at,
      },
      { ...l, userId: sellerId, businessDate, concept: SELLER_CHANGE_CONCEPT, createdAt: at, updatedAt: at },
    ]),
  );
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { dateInZone } from '../../../../domain/dates';
import { fromCents, type Cents } from '../../../../domain/money';
import type { z } from 'zod';
import type { refundAnswerDto, RefundInput } from '../../../../domain/sales.contract';
import { refundPlan } from '../../../../domain/sales';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { branches, cashOrderDetails, commissions, purchasedProducts, salePayments, users } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { verifySecret } from '../../../platform/auth/passwords';
import { AppError } from '../../../platform/app-error';
import { recordChange } from '../../../platform/change-log';
import { returnToLot } from '../../inventory';
import { postPointMovement } from '../../loyalty';
import { standingSaleLines } from '../commissions/seller-change';
import { cashDayOf, lockBranchDay } from '../intake/cash-day';
import { saleAnswer, tableOf, tenderDto, type SaleKind } from '../intake/service';

type RefundAnswer = z.input<typeof refundAnswerDto>;

/** The user's current password, checked before anything changes (a wrong one is 403: 401 would sign them out). */
async function assertPassword(db: DbOrTx, actor: Actor, password: string) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!(await verifySecret(u?.hash, password))) throw new AppError('REFUND_PASSWORD_WRONG');
}

/**
 * POST /order/:orderNumber/refund and /cash-order/:orderNumber/refund: a paid sale not refunded yet goes back whole —
 * its money by the method chosen, its redeemed points as points, its product units to their lots, its unused sessions
 * ended, its earned points and its seller's commission reversed on the refund's day. The sale's row is locked first,
 * so of two refunds at once one goes through and the other finds it refunded.
 */
export async function refundSale(
  ctx: AppContext,
  actor: Actor,
  kind: SaleKind,
  orderNumber: string,
  input: RefundInput,
  /** at: the refund's moment when it is told at a past one (the demo's history); default now. */
  opts: { at?: Date } = {},
): Promise<RefundAnswer> {
  await assertPassword(ctx.db, actor, input.password);
  const table = tableOf(kind);
  const result = await ctx.db.transaction(async (tx) => {
    const [sale] = await tx.select().from(table).where(eq(table.orderNumber, orderNumber)).for('update').limit(1);
    if (!sale) throw new AppError('ORDER_NOT_FOUND');
    assertBranchAccess(actor, sale.branchId);
    if (sale.branchId !== input.branchId) {
      const message = 'La venta no es de esa sucursal';
      throw new AppError('VALIDATION_FAILED', message, [{ field: 'branchId', message }]);
    }
    if (sale.refundedAt) throw new AppError('SALE_REFUNDED');
    if (sale.paymentStatus !== 'paid') throw new AppError('SALE_NOT_PAID');
    const tenders = await tx
      .select({ method: salePayments.method, amountMxn: salePayments.amountMxn })
      .from(salePayments)
      .where(and(eq(salePayments.orderId, sale.id), eq(salePayments.kind, 'payment')));
    const plan = refundPlan(input.refundMethod, tenders, sale.change);
    if ('problem' in plan) throw new AppError('VALIDATION_FAILED', plan.problem, [{ field: 'refundMethod', message: plan.problem }]);
    const [branch] = await tx.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, sale.branchId)).limit(1);
    const now = opts.at ?? new Date();
    const today = dateInZone(branch!.timeZone, now);
    await lockBranchDay(tx, sale.branchId, 'shared');
    const cashDay = await cashDayOf(tx, sale.branchId, today);
    await tx
      .update(table)
      .set({
        refundedAt: now,
        refundMethod: input.refundMethod,
        refundReason: input.refundReason,
        refundedById: actor.id,
        refundBusinessDate: today,
        updatedAt: now,
      })
      .where(eq(table.id, sale.id));
    if (plan.rows.length)
      await tx
        .insert(salePayments)
        .values(
          plan.rows.map((r) => ({
            orderKind: kind,
            orderId: sale.id,
            branchId: sale.branchId,
            businessDate: cashDay,
            kind: 'refund',
            method: r.method,
            currency: 'MXN',
            amount: r.amountMxn,
            exchangeRate: 1,
            amountMxn: r.amountMxn,
            userId: actor.id,
            createdAt: now,
            updatedAt: now,
          })),
        );
    const points = await refundPoints(tx, actor, sale, plan.pointsBack, now);
    if (kind === 'cashOrder') {
      await returnUnits(tx, actor, sale.id, orderNumber, now);
      await reverseCommissions(tx, sale.id, today, now);
    } else await endSessions(tx, sale.id, now);
    await recordChange(tx, actor, {
      module: 'sales',
      action: 'devolver',
      entityId: sale.id,
      orderNumber,
      before: { refundedAt: null },
      after: {
        refundMethod: input.refundMethod,
        refundReason: input.refundReason,
        refunded: plan.rows.map((r) => ({ method: r.method, amount: fromCents(r.amountMxn) })),
        cashForCard: plan.cashForCard,
        ...points,
      },
      affectedBranchId: sale.branchId,
      at: now,
    });
    return { id: sale.id, ...points };
  });
  return refundAnswer(ctx.db, kind, result.id, result);
}

/** The points the sale earned are taken back (as far as the balance allows); the redeemed ones, or the refund itself, credited. */
async function refundPoints(tx: DbOrTx, actor: Actor, sale: { customerId: string | null; points: number; orderNumber: string }, pointsBack: number, at: Date) {
  if (!sale.customerId) return { pointsBack: 0, pointsTakenBack: 0 };
  let pointsTakenBack = 0;
  if (sale.points) {
    const [balance] = (await tx.execute(sql`select points from customers where id = ${sale.customerId}`)).rows as { points: number }[];
    pointsTakenBack = Math.min(sale.points, Number(balance?.points ?? 0) + pointsBack);
  }
  if (pointsBack)
    await postPointMovement(tx, actor, {
      customerId: sale.customerId,
      movement: 'adjusted',
      points: pointsBack,
      orderNumber: sale.orderNumber,
      reason: `Devolución de la venta ${sale.orderNumber}: puntos devueltos`,
      at,
    });
  if (pointsTakenBack)
    await postPointMovement(tx, actor, {
      customerId: sale.customerId,
      movement: 'adjusted',
      points: -pointsTakenBack,
      orderNumber: sale.orderNumber,
      reason: `Devolución de la venta ${sale.orderNumber}: se retiran los puntos ganados`,
      at,
    });
  return { pointsBack, pointsTakenBack };
}

/** Product units go back to the very lots they left. */
async function returnUnits(tx: DbOrTx, actor: Actor, saleId: string, orderNumber: string, at: Date) {
  const lines = await tx
    .select({ stockId: cashOrderDetails.stockId, quantity: cashOrderDetails.quantity })
    .from(cashOrderDetails)
    .where(eq(cashOrderDetails.cashOrderId, saleId));
  for (const l of lines)
    if (l.stockId)
      await returnToLot(tx, actor, l.stockId, l.quantity, {
        cause: 'product_sale_refund',
        document: { type: 'cash_order', id: saleId, number: orderNumber },
        at,
      });
}

/** Unused sessions end: the sale's purchased treatments still in process become refunded. */
async function endSessions(tx: DbOrTx, saleId: string, at: Date) {
  await tx
    .update(purchasedProducts)
    .set({ status: 'refunded', updatedAt: at })
    .where(and(eq(purchasedProducts.orderId, saleId), inArray(purchasedProducts.status, ['onProcess'])));
}

/**
 * A negative line per standing commission of the sale (its seller's now: a seller change has already moved it), dated
 * on the refund's day: the sale's own day is never edited.
 */
async function reverseCommissions(tx: DbOrTx, saleId: string, today: string, at: Date) {
  const lines = await standingSaleLines(tx, saleId);
  const neg = (c: Cents) => -c as Cents;
  if (lines.length)
    await tx
      .insert(commissions)
      .values(
        lines.map(({ id, createdAt: _c, updatedAt: _u, ...l }) => ({
          ...l,
          businessDate: today,
          base: neg(l.base),
          commission: neg(l.commission),
          isrAmount: neg(l.isrAmount),
          payable: neg(l.payable),
          reversalOf: id,
          concept: null,
          createdAt: at,
          updatedAt: at,
        })),
      );
}

async function refundAnswer(db: DbOrTx, kind: SaleKind, id: string, points: { pointsBack: number; pointsTakenBack: number }): Promise<RefundAnswer> {
  const table = tableOf(kind);
  const [sale] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  const refunds = await db
    .select()
    .from(salePayments)
    .where(and(eq(salePayments.orderId, id), eq(salePayments.kind, 'refund')));
  return {
    ...(await saleAnswer(db, kind, id))!,
    refundedAt: sale!.refundedAt!,
    refundMethod: sale!.refundMethod!,
    refundReason: sale!.refundReason!,
    refunds: refunds.map(tenderDto),
    ...points,
  };
}

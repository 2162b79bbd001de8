import { and, eq, inArray, sql } from 'drizzle-orm';
import { dateInZone } from '../../../../domain/dates';
import { fromCents, subtractCents, sumCents, toCents, type Cents } from '../../../../domain/money';
import type { z } from 'zod';
import type { refundAnswerDto, RefundInput, refundPreviewDto } from '../../../../domain/sales.contract';
import { paidByMethod, POINTS_TENDER, refundPlan } from '../../../../domain/sales';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { branches, cashOrderDetails, commissions, purchasedProducts, salePayments } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { recordChange } from '../../../platform/change-log';
import { assertActorPassword } from '../../auth';
import { customerWork, lockCustomer } from '../../customers';
import { returnToLot } from '../../inventory';
import { postPointMovement } from '../../loyalty';
import { standingSaleLines } from '../commissions/seller-change';
import { cashDayOf, lockBranchDay } from '../intake/cash-day';
import { saleAnswer, tableOf, tenderDto, type SaleKind } from '../intake/service';

type RefundAnswer = z.input<typeof refundAnswerDto>;
type RefundPreview = z.input<typeof refundPreviewDto>;

/** How a refunded purchase's bookings end: appointments' cancelBookings, passed in (appointments already uses sales). */
export type BookingCanceller = (tx: DbOrTx, pp: { id: string; customerId: string }, actor: Actor | null, reason: string, now?: Date) => Promise<number>;

export interface RefundDeps {
  cancelBookings: BookingCanceller;
  /** The cancellation reason of those bookings ('Venta devuelta'). */
  refundedReason: string;
}

/**
 * POST /order/:orderNumber/refund and /cash-order/:orderNumber/refund: a paid sale not refunded yet goes back whole —
 * its money as it was paid, by the method or the split chosen (refundPlan), its redeemed points as points, its product
 * units to their lots, its unused sessions ended and their bookings from today on cancelled ('Venta devuelta'), its
 * earned points and its seller's commission reversed on the refund's day. The user's password is judged within the
 * sign-in attempt limit. Locks in the order of customers/lock.ts: the customer, then the sale (of two refunds at once
 * one goes through and the other finds it refunded), the cash day, the lots.
 */
export async function refundSale(
  ctx: AppContext,
  actor: Actor,
  kind: SaleKind,
  orderNumber: string,
  input: RefundInput,
  deps: RefundDeps,
  /** at: the refund's moment when it is told at a past one (the demo's history); default now. */
  opts: { at?: Date } = {},
): Promise<RefundAnswer> {
  const table = tableOf(kind);
  const [found] = await ctx.db
    .select({ branchId: table.branchId, customerId: table.customerId })
    .from(table)
    .where(eq(table.orderNumber, orderNumber))
    .limit(1);
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  assertBranchAccess(actor, found.branchId);
  await assertActorPassword(ctx, actor, input.password, new AppError('REFUND_PASSWORD_WRONG'));
  const result = await customerWork.run(found.customerId, () =>
    ctx.db.transaction(async (tx) => {
      if (found.customerId) await lockCustomer(tx, found.customerId);
      const [sale] = await tx.select().from(table).where(eq(table.orderNumber, orderNumber)).for('update').limit(1);
      if (!sale) throw new AppError('ORDER_NOT_FOUND');
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
      const split = (input.split ?? []).map((l) => ({ method: l.method, amountMxn: toCents(l.amount) }));
      const plan = refundPlan(input.refundMethod, tenders, sale.change, split);
      if ('problem' in plan) {
        const field = plan.field ?? 'refundMethod';
        throw new AppError('VALIDATION_FAILED', plan.problem, [{ field, message: plan.problem }]);
      }
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
      let cancelledBookings = 0;
      if (kind === 'cashOrder') {
        await returnUnits(tx, actor, sale.id, orderNumber, now);
        await reverseCommissions(tx, sale.id, today, now);
      } else cancelledBookings = await endSessions(tx, actor, sale.id, now, deps);
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
          cancelledBookings,
          ...points,
        },
        affectedBranchId: sale.branchId,
        at: now,
      });
      return { id: sale.id, ...points };
    }),
  );
  return refundAnswer(ctx.db, kind, result.id, result);
}

/** GET …/:orderNumber/refund-preview: what a refund of the sale would give back by method, and the bookings it would cancel. */
export async function refundPreview(ctx: AppContext, actor: Actor, kind: SaleKind, orderNumber: string): Promise<RefundPreview> {
  const table = tableOf(kind);
  const [sale] = await ctx.db
    .select({ id: table.id, branchId: table.branchId, change: table.change, total: table.total, pointsRedeemed: table.pointsRedeemed })
    .from(table)
    .where(eq(table.orderNumber, orderNumber))
    .limit(1);
  if (!sale) throw new AppError('ORDER_NOT_FOUND');
  assertBranchAccess(actor, sale.branchId);
  const tenders = await ctx.db
    .select({ method: salePayments.method, amountMxn: salePayments.amountMxn })
    .from(salePayments)
    .where(and(eq(salePayments.orderId, sale.id), eq(salePayments.kind, 'payment')));
  const bookings =
    kind === 'order'
      ? ((
          await ctx.db.execute(sql`select a.id, a.appointment_number, a.date::text as date, to_char(a.start_time, 'HH24:MI') as start_time,
              t.name as treatment, c.name as cabin
            from purchased_products pp
            join appointments a on a.purchased_product_id = pp.id and a.deleted_at is null and a.status in ('scheduled', 'inProcess')
            join branches b on b.id = a.branch_id
            join cabins c on c.id = a.cabin_id
            left join treatments t on t.id = pp.treatment_id
            where pp.order_id = ${sale.id} and pp.status = 'onProcess' and a.date >= (now() at time zone b.time_zone)::date
            order by a.date, a.start_time`)
        ).rows as { id: string; appointment_number: string; date: string; start_time: string; treatment: string | null; cabin: string }[])
      : [];
  return {
    orderNumber,
    money: fromCents(subtractCents(sumCents(tenders.filter((t) => t.method !== POINTS_TENDER).map((t) => t.amountMxn)), sale.change)),
    pointsRedeemed: sale.pointsRedeemed,
    paid: paidByMethod(tenders, sale.change).map((p) => ({ method: p.method, amount: fromCents(p.amountMxn) })),
    bookings: bookings.map((b) => ({
      id: b.id,
      appointmentNumber: b.appointment_number,
      date: b.date,
      startTime: b.start_time,
      treatment: b.treatment,
      cabin: b.cabin,
    })),
  };
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

/** Unused sessions end: the sale's purchased treatments still in process become refunded, and their bookings from today on are cancelled. */
async function endSessions(tx: DbOrTx, actor: Actor, saleId: string, at: Date, deps: RefundDeps): Promise<number> {
  const ended = await tx
    .update(purchasedProducts)
    .set({ status: 'refunded', updatedAt: at })
    .where(and(eq(purchasedProducts.orderId, saleId), inArray(purchasedProducts.status, ['onProcess'])))
    .returning({ id: purchasedProducts.id, customerId: purchasedProducts.customerId });
  let cancelled = 0;
  for (const pp of ended.sort((a, b) => a.id.localeCompare(b.id))) cancelled += await deps.cancelBookings(tx, pp, actor, deps.refundedReason, at);
  return cancelled;
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

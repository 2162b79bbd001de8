import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  branchFixedOnRestock,
  type ApproveAssortmentInput,
  type AssortmentOrderInput,
  type ConfirmAssortmentInput,
} from '../../../../domain/assortment-orders.schemas';
import { aboveMaxProblem, fefoOrder, INVENTORY_MESSAGES, orderStateRefusal, type OrderAction, type OrderStatus } from '../../../../domain/inventory';
import { msg } from '../../../../domain/validation';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { assortmentOrderLots, assortmentOrderProducts, assortmentOrders, branches, products } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { changeLogInsert, recordChange } from '../../../platform/change-log';
import { nextDocumentNumber } from '../documents';
import {
  ledgerWrite,
  lockAndPlan,
  lockFirstLotsAndPlan,
  putIntoLot,
  recordDifference,
  returnToLot,
  takenMovements,
  type Movement,
  type Picks,
  type PlanRequest,
} from '../steps';
import { namedRows } from '../../../db/prepared';
import { dateInZone } from '../../../../domain/dates';
import {
  approvalContext,
  findOrder,
  maxOf,
  orderDetail,
  orderLines,
  orderWithDetail,
  restockProducts,
  sentLots,
  type AssortmentOrderDetailDto,
  type OrderRecord,
} from './queries';

/**
 * Restock (assortment) orders: a branch asks (En proceso), the distribution centre sends (En tránsito), the branch
 * receives (Terminada); or it is rejected while pending (Rechazada) or deleted (Eliminada). Every transition locks the
 * order row and checks its state, so a repeated click gets the catalogue's 409 for that state and stock moves once.
 */

const MODULE = 'assortmentOrder';
type Line = { field: string; message: string };

const invalid = (errors: Line[]) => new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
const lineField = (i: number, field: string) => `assortmentOrderProducts.${i}.${field}`;
const movement = (order: OrderRecord, cause: Movement['cause'], extra: Partial<Movement> = {}): Movement => ({
  cause,
  document: { type: 'assortment', id: order.id, number: order.orderNumber },
  ...extra,
});

/** The order as the change log keeps it: without the distribution centre's lots an approver may choose from. */
const logView = (detail: AssortmentOrderDetailDto) => ({ ...detail, assortmentOrderProducts: detail.assortmentOrderProducts.map(({ dcLots: _, ...l }) => l) });

async function views(tx: DbOrTx, id: string, withDcLots = true) {
  const detail = await orderDetail(tx, id, withDcLots);
  return { detail, log: logView(detail) };
}

const snapshot = async (tx: DbOrTx, id: string) => (await views(tx, id, false)).log;

/** A past moment a step happened at: only the demo's history tells one (as the sales intake's `at`); default now. */
export interface StepMoment {
  at?: Date;
}

async function logged(tx: DbOrTx, actor: Actor, action: string, order: OrderRecord, before: unknown, at?: Date) {
  const { detail, log } = await views(tx, order.id);
  await recordChange(tx, actor, {
    module: MODULE,
    action,
    entityId: order.id,
    orderNumber: order.orderNumber,
    before,
    after: log,
    affectedBranchId: order.branchId,
    at,
  });
  return detail;
}

function assertState(order: OrderRecord, action: OrderAction, ...allowed: OrderStatus[]) {
  const status = order.status as OrderStatus;
  if (!allowed.includes(status)) throw new AppError(orderStateRefusal(action, status));
}

export async function getOrder(ctx: AppContext, actor: Actor, id: string) {
  const order = await findOrder(ctx.db, id);
  assertBranchAccess(actor, order.branchId);
  return orderDetail(ctx.db, id);
}

export async function productsForBranch(ctx: AppContext, actor: Actor, branchId: string) {
  assertBranchAccess(actor, branchId);
  return restockProducts(ctx.db, branchId);
}

async function assertReceivingBranch(tx: DbOrTx, actor: Actor, branchId: string) {
  if (branchFixedOnRestock(actor) && branchId !== actor.branchId) throw new AppError('BRANCH_FORBIDDEN');
  const [branch] = await tx
    .select({ id: branches.id, dc: branches.distributionCenter })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  if (branch.dc) throw invalid([{ field: 'branchId', message: 'El centro de distribución no puede pedir un resurtido a sí mismo' }]);
}

/** Every product exists and is approved, and no quantity is above the product's max at the branch (max 0 = no limit). */
async function assertLines(tx: DbOrTx, input: AssortmentOrderInput) {
  const ids = input.assortmentOrderProducts.map((l) => l.productId);
  const known = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), live(products)));
  const found = new Set(known.map((p) => p.id));
  const max = await maxOf(tx, input.branchId, ids);
  const errors: Line[] = [];
  input.assortmentOrderProducts.forEach((l, i) => {
    if (!found.has(l.productId)) errors.push({ field: lineField(i, 'productId'), message: msg.invalid('producto') });
    const above = aboveMaxProblem(l.orderedQuantity, max.get(l.productId));
    if (above) errors.push({ field: lineField(i, 'orderedQuantity'), message: above });
  });
  if (errors.length) throw invalid(errors);
}

export async function createOrder(ctx: AppContext, actor: Actor, input: AssortmentOrderInput, { at }: StepMoment = {}) {
  return ctx.db.transaction(async (tx) => {
    await assertReceivingBranch(tx, actor, input.branchId);
    await assertLines(tx, input);
    const [order] = await tx
      .insert(assortmentOrders)
      .values({
        orderNumber: await nextDocumentNumber(tx, 'assortment'),
        orderType: input.orderType,
        branchId: input.branchId,
        comments: input.comments ?? null,
        status: 'En proceso',
        orderById: actor.id,
        ...(at && { createdAt: at, updatedAt: at }),
      })
      .returning();
    await tx
      .insert(assortmentOrderProducts)
      .values(input.assortmentOrderProducts.map((l) => ({ assortmentOrderId: order!.id, productId: l.productId, orderedQuantity: l.orderedQuantity })));
    return logged(tx, actor, 'crear', order!, null, at);
  });
}

/** The body's lines matched to the order's: each line once, none missing, none foreign. */
function matchLines<T extends { id: string }>(lines: { id: string }[], body: T[], required: string): Map<string, { input: T; index: number }> {
  const byId = new Map(body.map((input, index) => [input.id, { input, index }]));
  const own = new Set(lines.map((l) => l.id));
  const errors: Line[] = body
    .filter((b) => !own.has(b.id))
    .map((b) => ({ field: lineField(byId.get(b.id)!.index, 'id'), message: 'La línea no pertenece a la orden' }));
  if (lines.some((l) => !byId.has(l.id))) errors.push({ field: 'assortmentOrderProducts', message: msg.required(required) });
  if (errors.length) throw invalid(errors);
  return byId;
}

/**
 * Approving sends the quantities from the distribution centre's lots, first expiry first where no lot is chosen: the
 * order is locked and checked, then only each product's first lots locked (lockFirstLotsAndPlan) and the picks written
 * in one statement, so that concurrent approvals of the same products queue on few lots and only for that statement and
 * the commit. When those lots no longer serve the order, it is approved again deciding on every lot of its products.
 */
export async function approveOrder(ctx: AppContext, actor: Actor, id: string, input: ApproveAssortmentInput, { at }: StepMoment = {}) {
  const approval = (everyLot: boolean) =>
    ctx.db.transaction(async (tx) => {
      const read = await readApproval(tx, actor, id, input, at);
      const picks = await (everyLot ? lockAndPlan : lockFirstLotsAndPlan)(tx, read.plan);
      return picks && writeApproval(tx, actor, read, picks);
    });
  return (await approval(false)) ?? (await approval(true))!;
}

type ApprovalRead = Awaited<ReturnType<typeof readApproval>>;

/** The order, locked and checked, and what its approval sends of each line. */
async function readApproval(db: DbOrTx, actor: Actor, id: string, input: ApproveAssortmentInput, moment?: Date) {
  const { order, detail: shown } = await orderWithDetail(db, id, { withDcLots: false, lock: true });
  assertState(order, 'approve', 'En proceso');
  if (order.approvedAt) throw new AppError('ORDER_ALREADY_APPROVED');
  if (order.orderById === actor.id) throw new AppError('CREATOR_CANNOT_APPROVE', INVENTORY_MESSAGES.creatorCannotApprove);
  const { dc, approvedBy } = await approvalContext(db, actor.id);
  const body = matchLines(shown.assortmentOrderProducts, input.assortmentOrderProducts, 'cantidad a enviar');
  const sending = shown.assortmentOrderProducts.flatMap((line) => {
    const { input: l, index } = body.get(line.id)!;
    return l.stockedQuantity > 0 ? [{ line, index, productId: line.productId, units: l.stockedQuantity, stockId: l.stockId }] : [];
  });
  const at = moment ?? new Date();
  const plan: PlanRequest = {
    branchId: dc.id,
    requests: sending,
    m: movement(order, 'restock_sent', { shortMessage: INVENTORY_MESSAGES.insufficientRestock, ...(moment && { at }) }),
    fieldOf: (i: number) => lineField(sending[i]!.index, 'stockedQuantity'),
    today: dateInZone(dc.timeZone, at),
  };
  return { order, shown, dc, approvedBy, body, sending, at, moment, plan };
}

/**
 * The approval's writes in one statement, on the order and lots the transaction has locked and checked: the order sent,
 * each line's quantity sent and the lots it leaves from, the lots' movements and the change log. Answers the order as
 * orderDetail reads it after.
 */
async function writeApproval(db: DbOrTx, actor: Actor, read: ApprovalRead, picks: Picks): Promise<AssortmentOrderDetailDto> {
  const { order, shown, dc, body, sending, at } = read;
  // the order as orderDetail reads it now, from the reading before and what the approval writes: the quantities sent and
  // the lots they leave from; the branch's stock and max do not move; a sent order offers no distribution-centre lots
  const sentOf = (lineId: string) =>
    fefoOrder(
      sending.flatMap((s, i) =>
        s.line.id === lineId
          ? picks[i]!.map((p) => ({
              stockId: p.lot.id,
              allotment: p.lot.allotment,
              expiresAt: p.lot.expiresAt,
              quantity: p.units,
              receivedQuantity: null,
              destinationStockId: null,
            }))
          : [],
      ),
    );
  const { assortmentOrderProducts: lines, ...header } = shown;
  const detail: AssortmentOrderDetailDto = {
    ...header,
    status: 'En tránsito',
    originBranch: { id: dc.id, name: dc.name },
    approvedBy: read.approvedBy,
    approvedAt: at,
    sentAt: at,
    updated_at: at,
    assortmentOrderProducts: lines.map((l) => ({ ...l, dcStock: 0, dcLots: [], stockedQuantity: body.get(l.id)!.input.stockedQuantity, lots: sentOf(l.id) })),
  };
  const log = changeLogInsert(db, actor, {
    module: MODULE,
    action: 'aprobar',
    entityId: order.id,
    orderNumber: order.orderNumber,
    before: logView(shown),
    after: logView(detail),
    affectedBranchId: order.branchId,
    ...(read.moment && { at }),
  });
  const movements = takenMovements(picks, read.plan.m);
  const sent = sending.flatMap((s, i) => picks[i]!.map((p) => ({ line_id: s.line.id, stock_id: p.lot.id, quantity: p.units })));
  const quantities = [...body.values()].map(({ input: l }) => ({ id: l.id, quantity: l.stockedQuantity }));
  const when = at.toISOString();
  const [written] = await namedRows<{ orders: number; moved: number }>(
    db,
    sql`with o as (
      update assortment_orders set status = 'En tránsito', approved_at = ${when}::timestamptz, sent_at = ${when}::timestamptz,
        approved_by_id = ${actor.id}, origin_branch_id = ${dc.id}, updated_at = ${when}::timestamptz
      where id = ${order.id}
      returning id
    ), l as (
      update assortment_order_products p set stocked_quantity = x.quantity
      from json_to_recordset(${JSON.stringify(quantities)}::json) as x(id uuid, quantity int) where p.id = x.id and p.assortment_order_id = ${order.id}
    ), sent as (
      insert into assortment_order_lots (line_id, stock_id, quantity)
      select x.line_id, x.stock_id, x.quantity from json_to_recordset(${JSON.stringify(sent)}::json) as x(line_id uuid, stock_id uuid, quantity int)
    ), logged as (${log.getSQL()}), ${ledgerWrite(
      actor,
      movements,
      movements.map((mv) => mv.stockId),
    )}
    select (select count(*) from o)::int as orders, (select count(*) from moved)::int as moved`,
  );
  // the lots are locked and each pick checked (live, valid, enough units): a shortfall here is a broken plan, undone
  if (written?.orders !== 1 || written.moved !== movements.length) throw new AppError('INSUFFICIENT_INVENTORY', INVENTORY_MESSAGES.insufficientRestock);
  return detail;
}

/** Units already sent go back to the lots they left (a deletion after sending). */
async function returnSent(tx: DbOrTx, actor: Actor, order: OrderRecord) {
  const lines = await orderLines(tx, order.id);
  for (const lot of await sentLots(
    tx,
    lines.map((l) => l.id),
  ))
    await returnToLot(tx, actor, lot.stockId, lot.quantity, movement(order, 'restock_returned'));
}

/** Rejects a pending order (approve mode only, section 4): once sent it is received, or deleted. */
export async function rejectOrder(ctx: AppContext, actor: Actor, id: string, { at }: StepMoment = {}) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertState(order, 'reject', 'En proceso');
    const before = await snapshot(tx, id);
    await tx
      .update(assortmentOrders)
      .set({ status: 'Rechazada', rejectedAt: at ?? new Date(), rejectedById: actor.id, ...(at && { updatedAt: at }) })
      .where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'rechazar', order, before, at);
  });
}

export async function confirmOrder(ctx: AppContext, actor: Actor, id: string, input: ConfirmAssortmentInput, { at }: StepMoment = {}) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertBranchAccess(actor, order.branchId);
    assertState(order, 'confirm', 'En tránsito');
    const before = await snapshot(tx, id);
    const lines = await orderLines(tx, id);
    const body = matchLines(lines, input.assortmentOrderProducts, 'cantidad recibida');
    const above = lines
      .filter((l) => body.get(l.id)!.input.receivedQuantity > (l.stockedQuantity ?? 0))
      .map((l) => ({ field: lineField(body.get(l.id)!.index, 'receivedQuantity'), message: INVENTORY_MESSAGES.receivedAboveSent }));
    if (above.length) throw invalid(above);
    const lots = await sentLots(
      tx,
      lines.map((l) => l.id),
    );
    for (const line of lines) {
      const received = body.get(line.id)!.input.receivedQuantity;
      await receiveLine(
        tx,
        actor,
        order,
        lots.filter((l) => l.lineId === line.id),
        received,
        at,
      );
      await tx.update(assortmentOrderProducts).set({ receivedQuantity: received }).where(eq(assortmentOrderProducts.id, line.id));
    }
    await tx
      .update(assortmentOrders)
      .set({ status: 'Terminada', finishedAt: at ?? new Date(), finishedById: actor.id, ...(at && { updatedAt: at }) })
      .where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'confirmar', order, before, at);
  });
}

/**
 * The units sent of each lot enter the branch's lot with the same number, expiry and price; what did not arrive
 * (received is spread over the lots first expiry first) leaves it again as a receipt difference.
 */
async function receiveLine(tx: DbOrTx, actor: Actor, order: OrderRecord, lots: Awaited<ReturnType<typeof sentLots>>, received: number, at?: Date) {
  let left = received;
  for (const lot of lots) {
    const arrived = Math.min(lot.quantity, left);
    left -= arrived;
    const identity = { productId: lot.productId, branchId: order.branchId, allotment: lot.allotment, expiresAt: lot.expiresAt, price: lot.price };
    const dest = await putIntoLot(tx, actor, identity, lot.quantity, movement(order, 'restock_received', { ...(at && { at }) }));
    await recordDifference(
      tx,
      actor,
      dest.id,
      lot.quantity - arrived,
      movement(order, 'receipt_difference', { note: `Enviado ${lot.quantity}, recibido ${arrived}`, ...(at && { at }) }),
    );
    await tx.update(assortmentOrderLots).set({ receivedQuantity: arrived, destinationStockId: dest.id }).where(eq(assortmentOrderLots.id, lot.id));
  }
}

export async function deleteOrder(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertBranchAccess(actor, order.branchId);
    assertState(order, 'delete', 'En proceso', 'En tránsito', 'Rechazada');
    const before = await snapshot(tx, id);
    if (order.status === 'En tránsito') await returnSent(tx, actor, order);
    await tx.update(assortmentOrders).set({ status: 'Eliminada', deletedAt: new Date() }).where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'eliminar', order, before);
  });
}

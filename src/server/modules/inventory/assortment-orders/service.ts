import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  branchFixedOnRestock,
  type ApproveAssortmentInput,
  type AssortmentOrderInput,
  type ConfirmAssortmentInput,
} from '../../../../domain/assortment-orders.schemas';
import { aboveMaxProblem, INVENTORY_MESSAGES, type OrderStatus } from '../../../../domain/inventory';
import { msg } from '../../../../domain/validation';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { assortmentOrderLots, assortmentOrderProducts, assortmentOrders, branches, products } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { recordChange } from '../../../platform/change-log';
import { nextDocumentNumber } from '../documents';
import { putIntoLot, recordDifference, returnToLot, takeMany, type Movement } from '../steps';
import { namedRows } from '../../../db/prepared';
import { dateInZone } from '../../../../domain/dates';
import {
  distributionCenter,
  findOrder,
  lockedOrderDetail,
  maxOf,
  orderDetail,
  orderLines,
  restockProducts,
  sentLots,
  type AssortmentOrderDetailDto,
  type AssortmentOrderDto,
  type OrderRecord,
} from './queries';

/**
 * Restock (assortment) orders: a branch asks (En proceso), the distribution centre sends (En tránsito), the branch
 * receives (Terminada); or it is rejected (Rechazada) or deleted (Eliminada). Every transition locks the order row
 * and checks its state, so a repeated click gets 409 ORDER_WRONG_STATE and stock moves once.
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

/** The order as the wire sends it and as the change log keeps it (without the form's lookups: the distribution centre's lots). */
/** The order as the change log keeps it: without the distribution centre's lots an approver may choose from. */
const logView = (detail: AssortmentOrderDetailDto) => ({ ...detail, assortmentOrderProducts: detail.assortmentOrderProducts.map(({ dcLots: _, ...l }) => l) });

async function views(tx: DbOrTx, id: string, withDcLots = true) {
  const detail = await orderDetail(tx, id, withDcLots);
  return { detail, log: logView(detail) };
}

const snapshot = async (tx: DbOrTx, id: string) => (await views(tx, id, false)).log;

async function logged(tx: DbOrTx, actor: Actor, action: string, order: OrderRecord, before: unknown) {
  const { detail, log } = await views(tx, order.id);
  await recordChange(tx, actor, {
    module: MODULE,
    action,
    entityId: order.id,
    orderNumber: order.orderNumber,
    before,
    after: log,
    affectedBranchId: order.branchId,
  });
  return detail;
}

function assertState(order: OrderRecord, ...allowed: OrderStatus[]) {
  if (!allowed.includes(order.status as OrderStatus)) throw new AppError('ORDER_WRONG_STATE');
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

export async function createOrder(ctx: AppContext, actor: Actor, input: AssortmentOrderInput) {
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
      })
      .returning();
    await tx
      .insert(assortmentOrderProducts)
      .values(input.assortmentOrderProducts.map((l) => ({ assortmentOrderId: order!.id, productId: l.productId, orderedQuantity: l.orderedQuantity })));
    return logged(tx, actor, 'crear', order!, null);
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

export async function approveOrder(ctx: AppContext, actor: Actor, id: string, input: ApproveAssortmentInput) {
  return ctx.db.transaction(async (tx) => {
    const { order, detail: shown } = await lockedOrderDetail(tx, id, false);
    assertState(order, 'En proceso');
    if (order.approvedAt) throw new AppError('ORDER_WRONG_STATE');
    if (order.orderById === actor.id) throw new AppError('CREATOR_CANNOT_APPROVE', INVENTORY_MESSAGES.creatorCannotApprove);
    const before = logView(shown);
    const dc = await distributionCenter(tx);
    const lines = shown.assortmentOrderProducts;
    const body = matchLines(lines, input.assortmentOrderProducts, 'cantidad a enviar');
    const sending = lines.flatMap((line) => {
      const { input: l, index } = body.get(line.id)!;
      return l.stockedQuantity > 0 ? [{ line, index, productId: line.productId, units: l.stockedQuantity, stockId: l.stockId }] : [];
    });
    // the order's own rows first (the order is locked), and only then the distribution centre's lots, which every
    // approval at the same time needs: they stay locked for the few statements after them
    const approved = await approveRows(
      tx,
      id,
      actor.id,
      dc.id,
      [...body.values()].map(({ input }) => ({ id: input.id, quantity: input.stockedQuantity })),
    );
    // the order as orderHeader would read it back now: what the approval wrote over what was read
    const { assortmentOrderProducts: _, ...read } = shown;
    const header: AssortmentOrderDto = {
      ...read,
      status: 'En tránsito',
      originBranch: { id: dc.id, name: dc.name },
      approvedBy: approved.approvedBy,
      approvedAt: approved.at,
      sentAt: approved.at,
      updated_at: approved.at,
    };
    // the distribution centre's lots, first expiry first where no lot is chosen: the lots each line leaves from and the
    // change log are written before the lots are locked (takeMany's beforeWrite)
    const m = movement(order, 'restock_sent', { shortMessage: INVENTORY_MESSAGES.insufficientRestock });
    let detail: AssortmentOrderDetailDto | undefined;
    await takeMany(tx, actor, dc.id, sending, m, (i) => lineField(sending[i]!.index, 'stockedQuantity'), {
      lockPickedOnly: true,
      today: dateInZone(dc.timeZone, m.at ?? new Date()),
      beforeWrite: async (taken) => {
        const sent = await insertSentLots(
          tx,
          sending.flatMap((s, i) => taken[i]!.map((t) => ({ line_id: s.line.id, stock_id: t.lotId, quantity: t.units }))),
        );
        // the lines as orderDetail reads them now, from the reading before: the quantity sent and the lots it left from
        // are the ones just written; the branch's stock and max did not move; a sent order offers no distribution-centre lots
        const afterLine = <L extends { id: string }>(l: L) => ({
          ...l,
          dcStock: 0,
          dcLots: [],
          stockedQuantity: body.get(l.id)!.input.stockedQuantity,
          lots: sent.filter((r) => r.lineId === l.id).map(({ lineId: _, ...r }) => r),
        });
        detail = { ...header, assortmentOrderProducts: shown.assortmentOrderProducts.map(afterLine) };
        await recordChange(tx, actor, {
          module: MODULE,
          action: 'aprobar',
          entityId: order.id,
          orderNumber: order.orderNumber,
          before,
          after: { ...header, assortmentOrderProducts: detail.assortmentOrderProducts.map(({ dcLots: _, ...l }) => l) },
          affectedBranchId: order.branchId,
        });
      },
    });
    return detail!;
  });
}

/**
 * The approval's writes to the order in one statement: each line's quantity sent, the order sent from the distribution
 * centre; answers the moment written and the approver's name as the order's reads show it.
 */
async function approveRows(tx: DbOrTx, id: string, approverId: string, dcId: string, lines: { id: string; quantity: number }[]) {
  const at = new Date();
  const now = at.toISOString();
  const [row] = await namedRows<{ approved_by: string | null }>(
    tx,
    sql`with l as (
      update assortment_order_products p set stocked_quantity = x.quantity
      from json_to_recordset(${JSON.stringify(lines)}::json) as x(id uuid, quantity int) where p.id = x.id
    )
    update assortment_orders set status = 'En tránsito', approved_at = ${now}::timestamptz, sent_at = ${now}::timestamptz, approved_by_id = ${approverId},
      origin_branch_id = ${dcId}, updated_at = ${now}::timestamptz
    where id = ${id}
    returning (select nullif(trim(u.name || ' ' || u.last_name || ' ' || coalesce(u.mother_last_name, '')), '') from users u where u.id = approved_by_id) as approved_by`,
  );
  return { at, approvedBy: row?.approved_by ?? null };
}

/** The lots each line is sent from, in one statement; answered as sentLots orders and shows them (first expiry first). */
async function insertSentLots(tx: DbOrTx, rows: { line_id: string; stock_id: string; quantity: number }[]) {
  if (!rows.length) return [];
  const sent = await namedRows<{
    line_id: string;
    stock_id: string;
    allotment: string;
    expires_at: string | null;
    quantity: number;
    received_quantity: number | null;
    destination_stock_id: string | null;
  }>(
    tx,
    sql`with ins as (
      insert into assortment_order_lots (line_id, stock_id, quantity)
      select x.line_id, x.stock_id, x.quantity from json_to_recordset(${JSON.stringify(rows)}::json) as x(line_id uuid, stock_id uuid, quantity int)
      returning id, line_id, stock_id, quantity, received_quantity, destination_stock_id
    )
    select ins.line_id, ins.stock_id, s.allotment, s.expires_at::text as expires_at, ins.quantity, ins.received_quantity, ins.destination_stock_id
    from ins join product_stocks s on s.id = ins.stock_id
    order by s.expires_at asc nulls last, s.allotment asc, ins.id asc`,
  );
  return sent.map((r) => ({
    lineId: r.line_id,
    stockId: r.stock_id,
    allotment: r.allotment,
    expiresAt: r.expires_at,
    quantity: Number(r.quantity),
    receivedQuantity: r.received_quantity,
    destinationStockId: r.destination_stock_id,
  }));
}

/** Units already sent go back to the lots they left (a rejection or deletion after sending). */
async function returnSent(tx: DbOrTx, actor: Actor, order: OrderRecord) {
  const lines = await orderLines(tx, order.id);
  for (const lot of await sentLots(
    tx,
    lines.map((l) => l.id),
  ))
    await returnToLot(tx, actor, lot.stockId, lot.quantity, movement(order, 'restock_returned'));
}

export async function rejectOrder(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertState(order, 'En proceso', 'En tránsito');
    const before = await snapshot(tx, id);
    if (order.status === 'En tránsito') await returnSent(tx, actor, order);
    await tx.update(assortmentOrders).set({ status: 'Rechazada', rejectedAt: new Date(), rejectedById: actor.id }).where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'rechazar', order, before);
  });
}

export async function confirmOrder(ctx: AppContext, actor: Actor, id: string, input: ConfirmAssortmentInput) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertBranchAccess(actor, order.branchId);
    assertState(order, 'En tránsito');
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
      );
      await tx.update(assortmentOrderProducts).set({ receivedQuantity: received }).where(eq(assortmentOrderProducts.id, line.id));
    }
    await tx.update(assortmentOrders).set({ status: 'Terminada', finishedAt: new Date(), finishedById: actor.id }).where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'confirmar', order, before);
  });
}

/**
 * The units sent of each lot enter the branch's lot with the same number, expiry and price; what did not arrive
 * (received is spread over the lots first expiry first) leaves it again as a receipt difference.
 */
async function receiveLine(tx: DbOrTx, actor: Actor, order: OrderRecord, lots: Awaited<ReturnType<typeof sentLots>>, received: number) {
  let left = received;
  for (const lot of lots) {
    const arrived = Math.min(lot.quantity, left);
    left -= arrived;
    const identity = { productId: lot.productId, branchId: order.branchId, allotment: lot.allotment, expiresAt: lot.expiresAt, price: lot.price };
    const dest = await putIntoLot(tx, actor, identity, lot.quantity, movement(order, 'restock_received'));
    await recordDifference(
      tx,
      actor,
      dest.id,
      lot.quantity - arrived,
      movement(order, 'receipt_difference', { note: `Enviado ${lot.quantity}, recibido ${arrived}` }),
    );
    await tx.update(assortmentOrderLots).set({ receivedQuantity: arrived, destinationStockId: dest.id }).where(eq(assortmentOrderLots.id, lot.id));
  }
}

export async function deleteOrder(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, true);
    assertBranchAccess(actor, order.branchId);
    assertState(order, 'En proceso', 'En tránsito', 'Rechazada');
    const before = await snapshot(tx, id);
    if (order.status === 'En tránsito') await returnSent(tx, actor, order);
    await tx.update(assortmentOrders).set({ status: 'Eliminada', deletedAt: new Date() }).where(eq(assortmentOrders.id, id));
    return logged(tx, actor, 'eliminar', order, before);
  });
}

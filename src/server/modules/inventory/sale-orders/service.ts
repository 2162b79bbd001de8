import { eq } from 'drizzle-orm';
import { INVENTORY_MESSAGES } from '../../../../domain/inventory';
import type { ListQuery } from '../../../../domain/list';
import { multiplyCents, sumCents, toCents } from '../../../../domain/money';
import type { SaleOrderInput } from '../../../../domain/sale-orders.schemas';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { softDelete } from '../../../db/live';
import { branches, saleOrderProducts, saleOrders } from '../../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../../platform/auth/actor';
import { businessDaysFilter } from '../../../platform/business-day';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/errors';
import type { ListSpec } from '../../../platform/list';
import { liveUnlessWithDeleted, lockForWrite } from '../../../platform/records';
import { nextDocumentNumber } from '../documents';
import { orderList } from '../order-list';
import { branchToday, returnToLot, takeFromLot } from '../steps';
import { lotsAtBranch } from '../stock/queries';
import { lotsByIds, readSaleOrder, selectSaleOrders, toSaleOrderItem, type SaleOrderDetail, type SaleOrderItem, type SaleOrderRow } from './queries';

/**
 * Sale orders (SO-): sales of a branch's stock to third parties. Saving takes the units from the chosen lots,
 * editing moves only the difference per lot, deleting puts every unit back; each in the order's transaction.
 */

const MODULE = 'saleOrder';
const notFound = () => new AppError('ORDER_NOT_FOUND', 'Orden de venta no encontrada');

export interface SaleOrderFilters extends ListQuery {
  branchId?: string;
  startDate?: string;
  endDate?: string;
}

export function saleOrderListSpec(db: DbOrTx, actor: Actor, q: SaleOrderFilters): ListSpec<SaleOrderItem> {
  const scope = branchScope(actor, q.branchId);
  return orderList(db, () => selectSaleOrders(db), saleOrders.id, toSaleOrderItem, {
    sortable: {
      orderNumber: saleOrders.orderNumber,
      name: saleOrders.name,
      note: saleOrders.note,
      branch: branches.name,
      totalAmount: saleOrders.totalAmount,
      created_at: saleOrders.createdAt,
    },
    searchable: {
      orderNumber: saleOrders.orderNumber,
      name: saleOrders.name,
      rfc: saleOrders.rfc,
      phone: { expr: saleOrders.phone, mode: 'digits' },
      note: saleOrders.note,
    },
    filters: [
      liveUnlessWithDeleted(q, saleOrders),
      scope ? eq(saleOrders.branchId, scope) : undefined,
      businessDaysFilter(db, saleOrders.createdAt, scope ?? actor.branchId, q),
    ],
  });
}

async function detail(db: DbOrTx, id: string): Promise<SaleOrderDetail> {
  const found = await readSaleOrder(db, id);
  if (!found) throw notFound();
  return found;
}

/** One sale order with its lines (a branch-bound reader: only its own branch's). */
export async function getSaleOrder(ctx: AppContext, actor: Actor, id: string): Promise<SaleOrderDetail> {
  const found = await detail(ctx.db, id);
  assertBranchAccess(actor, found.branchId);
  return found;
}

/** The lots the form may sell from at a branch (with the units the edited order holds counted as available). */
export async function lotsForSale(ctx: AppContext, actor: Actor, branchId: string, saleOrderId?: string) {
  assertBranchAccess(actor, branchId);
  const lots = await lotsAtBranch(ctx.db, branchId, { validOn: await branchToday(ctx.db, branchId), heldBy: saleOrderId, salePrice: true });
  return lots.map(({ productTypeRequiresLot: _, ...lot }) => lot);
}

const lineField = (i: number, field: 'stockId' | 'quantity') => `saleOrderProducts.${i}.${field}`;

/** Every lot of the payload is a live lot of the order's branch; answers each lot's product. */
async function productsOfLots(tx: DbOrTx, input: SaleOrderInput): Promise<Map<string, string>> {
  const lots = new Map(
    (
      await lotsByIds(
        tx,
        input.saleOrderProducts.map((l) => l.stockId),
      )
    ).map((l) => [l.id, l]),
  );
  const errors = input.saleOrderProducts.flatMap((line, i) => {
    const lot = lots.get(line.stockId);
    return lot && lot.branchId === input.branchId ? [] : [{ field: lineField(i, 'stockId'), message: 'El lote no pertenece a la sucursal de la orden' }];
  });
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
  return new Map([...lots].map(([id, lot]) => [id, lot.productId]));
}

const unitsByLot = (lines: readonly { stockId: string; quantity: number }[]) => new Map(lines.map((l) => [l.stockId, l.quantity]));

/** A refusal of a take (not enough units, an expired lot) pointed at the line that asked for it. */
function onLine(err: unknown, index: number | undefined): unknown {
  if (!(err instanceof AppError) || index === undefined) return err;
  if (err.code === 'INSUFFICIENT_INVENTORY') {
    const message = INVENTORY_MESSAGES.saleOrderStock;
    return new AppError('INSUFFICIENT_INVENTORY', message, [{ field: lineField(index, 'quantity'), message }]);
  }
  if (err.code === 'LOT_EXPIRED') return new AppError('LOT_EXPIRED', err.message, [{ field: lineField(index, 'stockId'), message: err.message }]);
  return err;
}

/**
 * Moves the stock from what the order held (`before`, units by lot) to what it holds now (`after`): each lot
 * moves once by the difference, in lot order so two orders over the same lots wait for each other.
 */
async function moveUnits(
  tx: DbOrTx,
  actor: Actor,
  order: Pick<SaleOrderRow, 'id' | 'orderNumber'>,
  before: Map<string, number>,
  after: Map<string, number>,
  lines: readonly { stockId: string }[] = [],
) {
  const document = { type: 'sale' as const, id: order.id, number: order.orderNumber };
  const lots = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const stockId of lots) {
    const delta = (after.get(stockId) ?? 0) - (before.get(stockId) ?? 0);
    if (delta < 0) await returnToLot(tx, actor, stockId, -delta, { cause: 'sale_order_returned', document });
    if (delta <= 0) continue;
    try {
      await takeFromLot(tx, actor, stockId, delta, { cause: 'sale_order', document, shortMessage: INVENTORY_MESSAGES.saleOrderStock });
    } catch (err) {
      const index = lines.findIndex((l) => l.stockId === stockId);
      throw onLine(err, index < 0 ? undefined : index);
    }
  }
}

function header(input: SaleOrderInput) {
  const total = sumCents(input.saleOrderProducts.map((l) => multiplyCents(toCents(l.price), l.quantity)));
  return {
    name: input.name,
    rfc: input.rfc ?? null,
    phone: input.phone,
    note: input.note,
    comments: input.comments ?? null,
    branchId: input.branchId,
    totalAmount: total,
  };
}

async function writeLines(tx: DbOrTx, orderId: string, input: SaleOrderInput, productOf: Map<string, string>) {
  await tx
    .insert(saleOrderProducts)
    .values(
      input.saleOrderProducts.map((l) => ({
        saleOrderId: orderId,
        stockId: l.stockId,
        productId: productOf.get(l.stockId)!,
        quantity: l.quantity,
        price: toCents(l.price),
      })),
    );
}

const logEntry = (action: string, order: SaleOrderDetail, sides: { before?: SaleOrderDetail; after?: SaleOrderDetail }) => ({
  module: MODULE,
  action,
  entityId: order.id,
  orderNumber: order.orderNumber,
  affectedBranchId: order.branchId,
  ...sides,
});

/** Creates the order (its SO- number) and takes its units; 422 'No se cuenta con suficiente stock' on the short line. */
export async function createSaleOrder(ctx: AppContext, actor: Actor, input: SaleOrderInput): Promise<SaleOrderDetail> {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    const productOf = await productsOfLots(tx, input);
    const orderNumber = await nextDocumentNumber(tx, 'sale');
    const [row] = await tx
      .insert(saleOrders)
      .values({ ...header(input), orderNumber, createdById: actor.id })
      .returning();
    await writeLines(tx, row!.id, input, productOf);
    await moveUnits(tx, actor, row!, new Map(), unitsByLot(input.saleOrderProducts), input.saleOrderProducts);
    const after = await detail(tx, row!.id);
    await recordChange(tx, actor, logEntry('crear', after, { after }));
    return after;
  });
}

/** The order locked for this transaction (a second delete or edit waits, then finds it deleted: 409 ORDER_ALREADY_CANCELLED). */
async function lockOrder(tx: DbOrTx, actor: Actor, id: string): Promise<SaleOrderRow> {
  const row = await lockForWrite(tx, saleOrders, id, notFound, 'ORDER_ALREADY_CANCELLED');
  assertBranchAccess(actor, row.branchId);
  return row;
}

/** Replaces the header and the lines; each lot moves by the difference between the old and the new lines. */
export async function updateSaleOrder(ctx: AppContext, actor: Actor, id: string, input: SaleOrderInput): Promise<SaleOrderDetail> {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, actor, id);
    const before = await detail(tx, id);
    const productOf = await productsOfLots(tx, input);
    await tx.delete(saleOrderProducts).where(eq(saleOrderProducts.saleOrderId, id));
    await writeLines(tx, id, input, productOf);
    await tx.update(saleOrders).set(header(input)).where(eq(saleOrders.id, id));
    await moveUnits(tx, actor, row, unitsByLot(before.saleOrderProducts), unitsByLot(input.saleOrderProducts), input.saleOrderProducts);
    const after = await detail(tx, id);
    await recordChange(tx, actor, logEntry('editar', after, { before, after }));
    return after;
  });
}

/** Puts every unit back and deletes the order softly; a second delete finds it deleted (409) and moves nothing. */
export async function deleteSaleOrder(ctx: AppContext, actor: Actor, id: string): Promise<SaleOrderDetail> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, actor, id);
    const before = await detail(tx, id);
    await moveUnits(tx, actor, row, unitsByLot(before.saleOrderProducts), new Map());
    await softDelete(tx, saleOrders, eq(saleOrders.id, id));
    await recordChange(tx, actor, logEntry('eliminar', before, { before }));
    return detail(tx, id);
  });
}

import { and, asc, eq } from 'drizzle-orm';
import { creditExpiration, INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { toCents } from '../../../../domain/money';
import {
  missingLotIssues,
  PURCHASE_LINES_LOCKED,
  type PurchaseLineInput,
  type PurchaseOrderInput,
  type PurchaseOrderUpdateInput,
} from '../../../../domain/purchase-orders.schemas';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live, softDelete } from '../../../db/live';
import { branches, providers, purchaseOrderProducts, purchaseOrders } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/errors';
import { findLive, lockForWrite } from '../../../platform/records';
import { nextDocumentNumber } from '../documents';
import { putIntoLot } from '../steps';
import { lotRules, orderDto, type PurchaseOrderDto, type PurchaseOrderRow } from './queries';

/**
 * Purchase orders (OC-) to providers: created and edited while unpaid, received once into the distribution
 * centre's lots (steps.putIntoLot, one movement per line), never deleted once received.
 */
const MODULE = 'purchaseOrder';

const findOrder = (db: DbOrTx, id: string): Promise<PurchaseOrderRow> => findLive(db, purchaseOrders, id, 'ORDER_NOT_FOUND');
/** The order locked for a write; one deleted before answers 409 ORDER_ALREADY_CANCELLED. */
const lockOrder = (db: DbOrTx, id: string): Promise<PurchaseOrderRow> => lockForWrite(db, purchaseOrders, id, 'ORDER_NOT_FOUND', 'ORDER_ALREADY_CANCELLED');

export async function getPurchaseOrder(ctx: AppContext, _actor: Actor, id: string): Promise<PurchaseOrderDto> {
  await findOrder(ctx.db, id);
  return orderDto(ctx.db, id);
}

/** Every line's product exists; lot and expiry are present where the product's type requires them (400 on the line's field). */
async function checkLines(tx: DbOrTx, lines: PurchaseLineInput[]): Promise<void> {
  const rules = await lotRules(tx, [...new Set(lines.map((l) => l.productId))]);
  if (lines.some((l) => !rules.has(l.productId))) throw new AppError('PRODUCT_NOT_FOUND');
  const issues = missingLotIssues(lines, (id) => rules.get(id) === true);
  if (issues.length) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
}

/** The order's own columns; the credit expiration is always the server's: arrival + 1 day + the provider's payment days. */
async function orderValues(tx: DbOrTx, input: PurchaseOrderInput) {
  const provider = await findLive(tx, providers, input.providerId, 'PROVIDER_NOT_FOUND');
  await checkLines(tx, input.purchaseOrderProducts);
  return {
    invoiceNumber: input.invoiceNumber,
    providerId: input.providerId,
    payMethod: input.payMethod,
    arrivedAt: input.arrivedAt,
    creditExpiration: creditExpiration(input.arrivedAt, provider.payConditions),
    tax: input.tax,
    amount: toCents(input.amount),
    comments: input.comments ?? null,
  };
}

const lineValues = (purchaseOrderId: string, lines: PurchaseLineInput[]) =>
  lines.map((l) => ({
    purchaseOrderId,
    productId: l.productId,
    quantity: l.quantity,
    price: toCents(l.price),
    allotment: l.allotment ?? null,
    expiresAt: l.expiresAt ?? null,
  }));

/** A past moment a step happened at: only the demo's history tells one (as the sales intake's `at`); default now. */
export interface StepMoment {
  at?: Date;
}

export async function createPurchaseOrder(ctx: AppContext, actor: Actor, input: PurchaseOrderInput, { at }: StepMoment = {}): Promise<PurchaseOrderDto> {
  return ctx.db.transaction(async (tx) => {
    const values = await orderValues(tx, input);
    const orderNumber = await nextDocumentNumber(tx, 'purchase');
    const [row] = await tx
      .insert(purchaseOrders)
      .values({ ...values, orderNumber, createdById: actor.id, ...(at && { createdAt: at, updatedAt: at }) })
      .returning();
    await tx.insert(purchaseOrderProducts).values(lineValues(row!.id, input.purchaseOrderProducts));
    const after = await orderDto(tx, row!.id);
    await recordChange(tx, actor, { module: MODULE, action: 'crear', entityId: row!.id, orderNumber, after, at });
    return after;
  });
}

/** A line as compared before and after an edit: product, quantity, price, lot and expiry. */
const lineKey = (l: { productId: string; quantity: number; price: number; allotment?: string | null; expiresAt?: string | null }) =>
  [l.productId, l.quantity, toCents(l.price), l.allotment ?? '', l.expiresAt ?? ''].join('|');
const sameLines = (a: Parameters<typeof lineKey>[0][], b: Parameters<typeof lineKey>[0][]) =>
  a.map(lineKey).sort().join('\n') === b.map(lineKey).sort().join('\n');

/**
 * Edits an unpaid order (edit privilege, or approve while unpaid: a Completado order refuses every edit with 409).
 * Once received, its provider and lines are what entered the stock: changing them is refused with 409.
 */
export async function updatePurchaseOrder(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: PurchaseOrderUpdateInput,
  { at }: StepMoment = {},
): Promise<PurchaseOrderDto> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.payStatus === 'Completado') throw new AppError('ORDER_FINISHED', INVENTORY_MESSAGES.purchaseCompleted);
    const before = await orderDto(tx, id);
    const values = await orderValues(tx, input);
    if (row.assortmentedAt && (input.providerId !== row.providerId || !sameLines(before.purchaseOrderProducts, input.purchaseOrderProducts)))
      throw new AppError('ORDER_FINISHED', PURCHASE_LINES_LOCKED);
    await tx
      .update(purchaseOrders)
      .set({ ...values, payStatus: input.payStatus, payedAt: input.payedAt, ...(at && { updatedAt: at }) })
      .where(eq(purchaseOrders.id, id));
    if (!row.assortmentedAt) {
      await tx.delete(purchaseOrderProducts).where(eq(purchaseOrderProducts.purchaseOrderId, id));
      await tx.insert(purchaseOrderProducts).values(lineValues(id, input.purchaseOrderProducts));
    }
    const after = await orderDto(tx, id);
    await recordChange(tx, actor, { module: MODULE, action: 'editar', entityId: id, orderNumber: row.orderNumber, before, after, at });
    return after;
  });
}

/** Deletes softly an unpaid order whose stock was not received (409 otherwise). */
export async function deletePurchaseOrder(ctx: AppContext, actor: Actor, id: string): Promise<PurchaseOrderDto> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrder(tx, id);
    if (row.assortmentedAt) throw new AppError('PURCHASE_ORDER_UNDELETABLE', INVENTORY_MESSAGES.purchaseReceived);
    if (row.payStatus === 'Completado') throw new AppError('ORDER_FINISHED', INVENTORY_MESSAGES.purchaseCompleted);
    const before = await orderDto(tx, id);
    await softDelete(tx, purchaseOrders, eq(purchaseOrders.id, id));
    await recordChange(tx, actor, { module: MODULE, action: 'eliminar', entityId: id, orderNumber: row.orderNumber, before });
    return orderDto(tx, id);
  });
}

/** The active distribution centre (the first one created when there are several), or 409. */
export async function distributionCentre(tx: DbOrTx): Promise<{ id: string; name: string }> {
  const [dc] = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.distributionCenter, true), eq(branches.active, true), live(branches)))
    .orderBy(asc(branches.createdAt), asc(branches.id))
    .limit(1);
  if (!dc) throw new AppError('NO_DISTRIBUTION_CENTER');
  return dc;
}

/**
 * Receives the order at the distribution centre: each line's units go into its lot there (same lot number, expiry
 * and price; the order number as lot for products without lots), with one 'purchase_received' movement each.
 * The order row is locked first, so a second receipt (a retried click, a parallel request) moves nothing and answers 409.
 */
export async function receivePurchaseOrder(ctx: AppContext, actor: Actor, id: string, { at }: StepMoment = {}): Promise<PurchaseOrderDto> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.assortmentedAt) throw new AppError('ORDER_FINISHED', INVENTORY_MESSAGES.purchaseNotReceivable);
    const dc = await distributionCentre(tx);
    const before = await orderDto(tx, id);
    const lines = await tx.select().from(purchaseOrderProducts).where(eq(purchaseOrderProducts.purchaseOrderId, id));
    // lots are written in one order (product, lot) so two receipts into the same lots wait instead of deadlocking
    const allotmentOf = (l: (typeof lines)[number]) => l.allotment ?? order.orderNumber;
    lines.sort((a, b) => a.productId.localeCompare(b.productId) || allotmentOf(a).localeCompare(allotmentOf(b)));
    const document = { type: 'purchase' as const, id, number: order.orderNumber };
    for (const line of lines) {
      const lot = await putIntoLot(
        tx,
        actor,
        { productId: line.productId, branchId: dc.id, allotment: allotmentOf(line), expiresAt: line.expiresAt, price: line.price },
        line.quantity,
        { cause: 'purchase_received', document, ...(at && { at }) },
      );
      await tx.update(purchaseOrderProducts).set({ stockId: lot.id }).where(eq(purchaseOrderProducts.id, line.id));
    }
    await tx
      .update(purchaseOrders)
      .set({ assortmentedAt: at ?? new Date(), receivedBranchId: dc.id, ...(at && { updatedAt: at }) })
      .where(eq(purchaseOrders.id, id));
    const after = await orderDto(tx, id);
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'recibir',
      entityId: id,
      orderNumber: order.orderNumber,
      before,
      after,
      affectedBranchId: dc.id,
      at,
    });
    return after;
  });
}

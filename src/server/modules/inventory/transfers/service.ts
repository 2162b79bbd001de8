import { and, eq, inArray } from 'drizzle-orm';
import { EXPIRED_LOT, INVENTORY_MESSAGES, isExpired, orderStateRefusal, type OrderAction, type OrderStatus } from '../../../../domain/inventory';
import { ROLE_NAMES } from '../../../../domain/roles';
import { transferDeletable, type TransferApproveInput, type TransferConfirmInput, type TransferInput } from '../../../../domain/transfers.schemas';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, transferProducts, transfers } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { recordChange } from '../../../platform/change-log';
import { nextDocumentNumber } from '../documents';
import { branchToday, putIntoLot, recordDifference, returnToLot, takeFromLot, type Movement } from '../steps';
import { findTransferRow, lotsById, readTransfer, transferLines, type TransferLineRow, type TransferRow } from './queries';

/**
 * Transfers between branches (TR-): created En proceso (no units move), approved by someone other than the creator
 * (units leave the origin lots: En tránsito), confirmed by the destination (units enter its lots, a difference is
 * its own movement: Terminada), rejected while pending (Rechazada), deleted (Eliminada; units sent go back to the
 * origin). Every transition locks the transfer row and checks its status, so a repeated click moves stock once and
 * gets the catalogue's 409 for that status.
 */

const MODULE = 'transfers';

type Tx = DbOrTx;
const field = (i: number, name: string) => `transferProducts.${i}.${name}`;
const invalid = (fieldName: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field: fieldName, message }]);

/** A branch-bound actor acts only on the transfers that leave or reach its branch. */
function assertTransferAccess(actor: Actor, t: Pick<TransferRow, 'originBranchId' | 'destinyBranchId'>) {
  if (actor.branchBound && actor.branchId !== t.originBranchId && actor.branchId !== t.destinyBranchId) throw new AppError('BRANCH_FORBIDDEN');
}

async function detail(db: DbOrTx, id: string) {
  const t = await readTransfer(db, id);
  if (!t) throw new AppError('TRANSFER_NOT_FOUND');
  return t;
}

export async function getTransfer(ctx: AppContext, actor: Actor, id: string) {
  const t = await detail(ctx.db, id);
  assertTransferAccess(actor, t);
  return t;
}

/** The transfer locked for `action` from a status in `from`, readable by the actor; any other status is the catalogue's 409. */
async function lockTransfer(tx: Tx, actor: Actor, id: string, action: OrderAction, from: OrderStatus[]): Promise<TransferRow> {
  const row = await findTransferRow(tx, id, true);
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  assertTransferAccess(actor, row);
  const status = row.deletedAt ? 'Eliminada' : (row.status as OrderStatus);
  if (!from.includes(status)) throw new AppError(orderStateRefusal(action, status));
  return row;
}

const movement = (row: TransferRow, cause: Movement['cause'], note?: string, at?: Date): Movement => ({
  cause,
  document: { type: 'transfer', id: row.id, number: row.transferNumber },
  ...(note && { note }),
  ...(at && { at }),
});

/** Writes the change-log row of a transition with the transfer as it was and as it is now. */
/** A past moment a step happened at: only the demo's history tells one (as the sales intake's `at`); default now. */
export interface StepMoment {
  at?: Date;
}

async function logged(tx: Tx, actor: Actor, action: string, before: unknown, row: TransferRow, at?: Date) {
  const after = await detail(tx, row.id);
  await recordChange(tx, actor, {
    module: MODULE,
    action,
    entityId: row.id,
    orderNumber: row.transferNumber,
    before,
    after,
    affectedBranchId: row.originBranchId,
    at,
  });
  return after;
}

/** A transition: writes the transfer's new state, then its change-log row. */
async function moved(tx: Tx, actor: Actor, id: string, action: string, before: unknown, set: Partial<typeof transfers.$inferInsert>, at?: Date) {
  const [after] = await tx
    .update(transfers)
    .set({ ...set, ...(at && { updatedAt: at }) })
    .where(eq(transfers.id, id))
    .returning();
  return logged(tx, actor, action, before, after!, at);
}

async function assertBranches(tx: Tx, ids: string[]) {
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(inArray(branches.id, ids), live(branches)));
  if (found.length !== new Set(ids).size) throw new AppError('BRANCH_NOT_FOUND');
}

/** Each line's lot: of the origin branch, not expired, holding the units asked for. */
async function checkCreateLines(tx: Tx, input: TransferInput, at?: Date) {
  const lots = await lotsById(
    tx,
    input.transferProducts.map((l) => l.stockId),
  );
  const today = await branchToday(tx, input.originBranchId, at);
  return input.transferProducts.map((l, i) => {
    const lot = lots.get(l.stockId);
    if (!lot) throw new AppError('STOCK_NOT_FOUND');
    if (lot.branchId !== input.originBranchId) throw invalid(field(i, 'stockId'), 'El lote no pertenece a la sucursal de origen');
    if (isExpired(lot.expiresAt, today)) throw new AppError('LOT_EXPIRED', EXPIRED_LOT(lot.allotment, lot.expiresAt!));
    if (l.stockedQuantity > lot.quantity)
      throw new AppError('INSUFFICIENT_INVENTORY', INVENTORY_MESSAGES.insufficient, [
        { field: field(i, 'stockedQuantity'), message: INVENTORY_MESSAGES.insufficient },
      ]);
    return { stockId: lot.id, productId: lot.productId, stockedQuantity: l.stockedQuantity };
  });
}

/** Creates a transfer En proceso; branch-bound users only from their own branch. Units do not move yet. */
export async function createTransferIn(tx: Tx, actor: Actor, input: TransferInput, { at }: StepMoment = {}) {
  assertBranchAccess(actor, input.originBranchId);
  if (input.originBranchId === input.destinyBranchId) throw invalid('destinyBranchId', INVENTORY_MESSAGES.sameBranch);
  await assertBranches(tx, [input.originBranchId, input.destinyBranchId]);
  const lines = await checkCreateLines(tx, input, at);
  const [row] = await tx
    .insert(transfers)
    .values({
      transferNumber: await nextDocumentNumber(tx, 'transfer'),
      originBranchId: input.originBranchId,
      destinyBranchId: input.destinyBranchId,
      comments: input.comments ?? null,
      status: 'En proceso',
      createdById: actor.id,
      ...(at && { createdAt: at, updatedAt: at }),
    })
    .returning();
  await tx.insert(transferProducts).values(lines.map((l) => ({ ...l, transferId: row!.id })));
  return logged(tx, actor, 'crear', null, row!, at);
}

export const createTransfer = (ctx: AppContext, actor: Actor, input: TransferInput, moment: StepMoment = {}) =>
  ctx.db.transaction((tx) => createTransferIn(tx, actor, input, moment));

/** The body's quantity for every line of the transfer: each line once, none foreign. */
function matchLines<L extends { id: string }>(lines: TransferLineRow[], given: L[]): { line: TransferLineRow; input: L; index: number }[] {
  const byId = new Map(given.map((g, index) => [g.id, { g, index }]));
  given.forEach((g, i) => {
    if (!lines.some((l) => l.id === g.id)) throw invalid(field(i, 'id'), 'La línea no pertenece a la transferencia');
  });
  return lines.map((line) => {
    const found = byId.get(line.id);
    if (!found) throw invalid('transferProducts', `Falta la cantidad del lote ${line.allotment} (${line.name})`);
    return { line, input: found.g, index: found.index };
  });
}

/** Runs `step` over lines in lot order (two transfers over the same lots wait for each other instead of deadlocking). */
async function inLotOrder<T extends { line: TransferLineRow }>(items: T[], step: (item: T) => Promise<void>) {
  for (const item of [...items].sort((a, b) => (a.line.stockId < b.line.stockId ? -1 : a.line.stockId > b.line.stockId ? 1 : 0))) await step(item);
}

/** Refusals of a line's step carry the line's field, so the form shows them where they belong. */
async function onLine(index: number, name: string, step: () => Promise<unknown>) {
  try {
    await step();
  } catch (err) {
    if (err instanceof AppError && !err.errors) throw new AppError(err.code, err.message, [{ field: field(index, name), message: err.message }]);
    throw err;
  }
}

/** Approves: never by its creator; the units sent leave the origin lots (En tránsito). */
export async function approveTransferIn(tx: Tx, actor: Actor, id: string, input: TransferApproveInput, { at }: StepMoment = {}) {
  const row = await lockTransfer(tx, actor, id, 'approve', ['En proceso']);
  if (row.createdById === actor.id) throw new AppError('CREATOR_CANNOT_APPROVE', INVENTORY_MESSAGES.creatorCannotApprove);
  const before = await detail(tx, id);
  const items = matchLines(await transferLines(tx, id), input.transferProducts);
  await inLotOrder(items, async ({ line, input: l, index }) => {
    if (l.stockedQuantity > 0)
      await onLine(index, 'stockedQuantity', () => takeFromLot(tx, actor, line.stockId, l.stockedQuantity, movement(row, 'transfer_sent', undefined, at)));
    await tx.update(transferProducts).set({ stockedQuantity: l.stockedQuantity }).where(eq(transferProducts.id, line.id));
  });
  return moved(tx, actor, id, 'aprobar', before, { status: 'En tránsito', approvedAt: at ?? new Date(), approvedById: actor.id }, at);
}

export const approveTransfer = (ctx: AppContext, actor: Actor, id: string, input: TransferApproveInput, moment: StepMoment = {}) =>
  ctx.db.transaction((tx) => approveTransferIn(tx, actor, id, input, moment));

/** Units sent go back to their origin lots (a deleted transfer in transit). */
async function returnSent(tx: Tx, actor: Actor, row: TransferRow) {
  const lines = (await transferLines(tx, row.id)).filter((l) => l.stockedQuantity > 0).map((line) => ({ line }));
  await inLotOrder(lines, async ({ line }) => {
    await returnToLot(tx, actor, line.stockId, line.stockedQuantity, movement(row, 'transfer_returned'));
  });
}

/** Rejects a pending transfer (approve mode only, section 4): Rechazada. A sent one is received, or deleted by the super administrator. */
export async function rejectTransferIn(tx: Tx, actor: Actor, id: string, { at }: StepMoment = {}) {
  await lockTransfer(tx, actor, id, 'reject', ['En proceso']);
  const before = await detail(tx, id);
  return moved(tx, actor, id, 'rechazar', before, { status: 'Rechazada', rejectedAt: at ?? new Date(), rejectedById: actor.id }, at);
}

export const rejectTransfer = (ctx: AppContext, actor: Actor, id: string, moment: StepMoment = {}) =>
  ctx.db.transaction((tx) => rejectTransferIn(tx, actor, id, moment));

/**
 * Confirms the receipt at the destination: every unit sent enters the destination's lot with the same number,
 * expiry and price; what did not arrive leaves it again as a 'receipt_difference' movement (Terminada).
 */
export async function confirmTransferIn(tx: Tx, actor: Actor, id: string, input: TransferConfirmInput, { at }: StepMoment = {}) {
  const row = await lockTransfer(tx, actor, id, 'confirm', ['En tránsito']);
  if (actor.branchBound && actor.branchId !== row.destinyBranchId) throw new AppError('BRANCH_FORBIDDEN');
  const before = await detail(tx, id);
  const items = matchLines(await transferLines(tx, id), input.transferProducts);
  for (const { line, input: l, index } of items)
    if (l.receivedQuantity > line.stockedQuantity) throw invalid(field(index, 'receivedQuantity'), INVENTORY_MESSAGES.receivedAboveSent);
  await inLotOrder(items, async ({ line, input: l, index }) => {
    let destinationStockId: string | null = null;
    if (line.stockedQuantity > 0) {
      const lot = { productId: line.productId, branchId: row.destinyBranchId, allotment: line.allotment, expiresAt: line.expiresAt, price: line.price };
      const dest = await putIntoLot(tx, actor, lot, line.stockedQuantity, movement(row, 'transfer_received', undefined, at));
      destinationStockId = dest.id;
      const note = `Enviado ${line.stockedQuantity}, recibido ${l.receivedQuantity}`;
      await onLine(index, 'receivedQuantity', () =>
        recordDifference(tx, actor, dest.id, line.stockedQuantity - l.receivedQuantity, movement(row, 'receipt_difference', note, at)),
      );
    }
    await tx.update(transferProducts).set({ receivedQuantity: l.receivedQuantity, destinationStockId }).where(eq(transferProducts.id, line.id));
  });
  return moved(tx, actor, id, 'confirmar', before, { status: 'Terminada', acceptedAt: at ?? new Date(), acceptedById: actor.id }, at);
}

export const confirmTransfer = (ctx: AppContext, actor: Actor, id: string, input: TransferConfirmInput, moment: StepMoment = {}) =>
  ctx.db.transaction((tx) => confirmTransferIn(tx, actor, id, input, moment));

const isSuperAdmin = (actor: Actor) => actor.role === ROLE_NAMES.superAdmin;

/**
 * Deletes a pending transfer (Eliminada). The super administrator may also delete one in transit (its units
 * return to the origin) and a rejected one; a finished or deleted transfer is never deleted.
 */
export async function deleteTransferIn(tx: Tx, actor: Actor, id: string) {
  const row = await lockTransfer(tx, actor, id, 'delete', ['En proceso', 'En tránsito', 'Rechazada']);
  const before = await detail(tx, id);
  const status = row.status as OrderStatus;
  if (!transferDeletable({ ...before, status }, isSuperAdmin(actor))) throw new AppError(orderStateRefusal('delete', status));
  if (row.status === 'En tránsito') await returnSent(tx, actor, row);
  const at = new Date();
  return moved(tx, actor, id, 'eliminar', before, { status: 'Eliminada', deletedAt: at, updatedAt: at });
}

export const deleteTransfer = (ctx: AppContext, actor: Actor, id: string) => ctx.db.transaction((tx) => deleteTransferIn(tx, actor, id));

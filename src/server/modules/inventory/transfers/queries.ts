import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type OrderStatus } from '../../../../domain/inventory';
import type { ListQuery } from '../../../../domain/list';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, productStocks, products, transferProducts, transfers, users } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { businessDaysFilter } from '../../../platform/business-day';
import type { ListSpec } from '../../../platform/list';
import { stamps } from '../../dto';
import { orderList } from '../order-list';

/** Reads of transfers: the list, one transfer with its lines, and the lines of one transfer. */

const origin = alias(branches, 'origin_branch');
const destiny = alias(branches, 'destiny_branch');

export type TransferRow = typeof transfers.$inferSelect;

export interface TransferFilters extends ListQuery {
  originBranchId?: string;
  destinyBranchId?: string;
  startDate?: string;
  endDate?: string;
}

/** Finished with some line whose received quantity differs from the sent one. */
const hasDifference = sql<boolean>`(${transfers.status} = 'Terminada' and exists (
  select 1 from ${transferProducts} where ${transferProducts.transferId} = ${transfers.id}
  and coalesce(${transferProducts.receivedQuantity}, 0) <> ${transferProducts.stockedQuantity}))`;

type ItemRow = { row: TransferRow; originName: string; destinyName: string; hasDifference: boolean };

function toItem({ row, originName, destinyName, hasDifference }: ItemRow) {
  return {
    id: row.id,
    transferNumber: row.transferNumber,
    originBranchId: row.originBranchId,
    destinyBranchId: row.destinyBranchId,
    originBranch: { id: row.originBranchId, name: originName },
    destinyBranch: { id: row.destinyBranchId, name: destinyName },
    status: row.status as OrderStatus,
    comments: row.comments,
    createdById: row.createdById,
    approvedAt: row.approvedAt,
    acceptedAt: row.acceptedAt,
    rejectedAt: row.rejectedAt,
    hasDifference: Boolean(hasDifference),
    ...stamps(row),
  };
}
export type TransferItem = ReturnType<typeof toItem>;

function selectItems(db: DbOrTx) {
  return db
    .select({ row: transfers, originName: origin.name, destinyName: destiny.name, hasDifference })
    .from(transfers)
    .innerJoin(origin, eq(origin.id, transfers.originBranchId))
    .innerJoin(destiny, eq(destiny.id, transfers.destinyBranchId));
}

/** A branch-bound actor sees the transfers that leave or reach its branch. */
export function transferScope(actor: Actor): SQL | undefined {
  if (!actor.branchBound) return undefined;
  const own = actor.branchId ?? '00000000-0000-0000-0000-000000000000';
  return or(eq(transfers.originBranchId, own), eq(transfers.destinyBranchId, own));
}

export function transferListSpec(db: DbOrTx, actor: Actor, q: TransferFilters): ListSpec<TransferItem> {
  const status = ORDER_STATUSES.find((s) => s === q.status);
  return orderList(db, () => selectItems(db), transfers.id, toItem, {
    sortable: {
      transferNumber: transfers.transferNumber,
      created_at: transfers.createdAt,
      status: transfers.status,
      originBranch: origin.name,
      destinyBranch: destiny.name,
    },
    searchable: { transferNumber: transfers.transferNumber, originBranch: origin.name, destinyBranch: destiny.name },
    filters: [
      transferScope(actor),
      q.originBranchId ? eq(transfers.originBranchId, q.originBranchId) : undefined,
      q.destinyBranchId ? eq(transfers.destinyBranchId, q.destinyBranchId) : undefined,
      q.status ? eq(transfers.status, status ?? '') : undefined,
      businessDaysFilter(db, transfers.createdAt, q.originBranchId ?? q.destinyBranchId ?? actor.branchId, q),
    ],
  });
}

/** The transfer with this id (deleted ones too: the form shows them read-only), locked when asked. */
export async function findTransferRow(db: DbOrTx, id: string, lock = false): Promise<TransferRow | undefined> {
  const q = db.select().from(transfers).where(eq(transfers.id, id)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** The lines of a transfer with their product and origin lot. */
const lineColumns = {
  line: transferProducts,
  sku: products.sku,
  name: products.name,
  allotment: productStocks.allotment,
  expiresAt: productStocks.expiresAt,
  stock: productStocks.quantity,
  price: productStocks.price,
};

export async function transferLines(db: DbOrTx, transferId: string) {
  const rows = await db
    .select(lineColumns)
    .from(transferProducts)
    .innerJoin(products, eq(products.id, transferProducts.productId))
    .innerJoin(productStocks, eq(productStocks.id, transferProducts.stockId))
    .where(eq(transferProducts.transferId, transferId))
    .orderBy(asc(products.name), asc(productStocks.allotment), asc(transferProducts.id));
  return rows.map((r) => ({ ...r.line, sku: r.sku, name: r.name, allotment: r.allotment, expiresAt: r.expiresAt, stock: r.stock, price: r.price }));
}
export type TransferLineRow = Awaited<ReturnType<typeof transferLines>>[number];

async function peopleNames(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`trim(${users.name} || ' ' || ${users.lastName} || ' ' || ${users.motherLastName})` })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One transfer as its form and PDF read it: branches, people and lines. */
export async function readTransfer(db: DbOrTx, id: string) {
  const [item] = await selectItems(db).where(eq(transfers.id, id)).limit(1);
  if (!item) return undefined;
  const { row } = item;
  const lines = await transferLines(db, id);
  const names = await peopleNames(db, [row.createdById, row.approvedById, row.acceptedById, row.rejectedById]);
  const person = (userId: string | null) => (userId ? { id: userId, name: names.get(userId) ?? '' } : null);
  return {
    ...toItem(item),
    createdBy: person(row.createdById),
    approvedBy: person(row.approvedById),
    acceptedBy: person(row.acceptedById),
    rejectedBy: person(row.rejectedById),
    transferProducts: lines.map((l) => ({
      id: l.id,
      stockId: l.stockId,
      product: { id: l.productId, sku: l.sku, name: l.name },
      allotment: l.allotment,
      expiresAt: l.expiresAt,
      stock: l.stock,
      stockedQuantity: l.stockedQuantity,
      receivedQuantity: l.receivedQuantity,
      destinationStockId: l.destinationStockId,
    })),
  };
}
export type TransferDetail = NonNullable<Awaited<ReturnType<typeof readTransfer>>>;

/** The lots a transfer's lines name, live ones only. */
export async function lotsById(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, typeof productStocks.$inferSelect>();
  const rows = await db
    .select()
    .from(productStocks)
    .where(and(inArray(productStocks.id, ids), live(productStocks)));
  return new Map(rows.map((r) => [r.id, r]));
}

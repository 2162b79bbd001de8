import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adjustmentSchema, maxMinSchema, StockRow } from '../../../../domain/inventory.contract';
import { adjustmentTypeLabels, hidesStockPrices, isExpired, stockRowColor, suggestedQuantity, type MovementCause } from '../../../../domain/inventory';
import { dateInZone } from '../../../../domain/dates';
import type { ListQuery } from '../../../../domain/list';
import { fromCents, multiplyCents, sumCents, toCents } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, maxMins, productStocks, products } from '../../../db/schema';
import { answerViolations } from '../../../platform/db-errors';
import { assertBranchAccess, branchScope, type Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/app-error';
import type { ListSpec } from '../../../platform/list';
import { sqlListSpec } from '../../../platform/list-sql';
import { branchToday, putIntoLot, takeFromLot, type Movement } from '../steps';
import { expiriesOfRow, inTransitOfRow, lotsAtBranch, pendingOrdered } from './queries';

type AdjustmentInput = z.output<typeof adjustmentSchema>;
type MaxMinInput = z.output<typeof maxMinSchema>;

export interface StockFilters extends ListQuery {
  branchId?: string;
  productId?: string;
  categoryId?: string;
  expiry?: 'expired' | '30' | '60';
  level?: 'below' | 'above';
}

interface StockRowRecord {
  product_id: string;
  branch_id: string;
  quantity: number;
  mm_id: string | null;
  max: number | null;
  min: number | null;
  sku: string;
  name: string;
  category: string | null;
  branch_name: string;
  distribution_center: boolean;
  time_zone: string;
  /** The lots with units and an expiry, soonest first. */
  expiries: { allotment: string; expiresAt: string; quantity: number }[];
  in_transit: number;
}

/** Every (product, branch) with lots or a max/min: lot totals beside the max/min, limited to one branch when asked. */
function stockPairs(branchId: string | undefined): SQL {
  const lotBranch = branchId ? sql`and branch_id = ${branchId}` : sql``;
  return sql`(
    select coalesce(l.product_id, m.product_id) as product_id, coalesce(l.branch_id, m.branch_id) as branch_id,
      coalesce(l.quantity, 0) as quantity, l.soonest, m.id as mm_id, m.max, m.min
    from (select product_id, branch_id, sum(quantity)::int as quantity, min(expires_at) filter (where quantity > 0) as soonest
          from product_stocks where deleted_at is null ${lotBranch} group by product_id, branch_id) l
    full join (select id, product_id, branch_id, max, min from max_mins where deleted_at is null ${lotBranch}) m
      on m.product_id = l.product_id and m.branch_id = l.branch_id
  ) k join products p on p.id = k.product_id join branches b on b.id = k.branch_id`;
}

const expiryFilter = (f: StockFilters['expiry']): SQL | undefined => {
  if (!f) return undefined;
  if (f === 'expired') return sql`k.soonest < current_date`;
  return sql`k.soonest <= current_date + ${Number(f)}::int`;
};

const levelFilter = (f: StockFilters['level']): SQL | undefined =>
  f === 'below' ? sql`k.min is not null and k.quantity < k.min` : f === 'above' ? sql`coalesce(k.max, 0) > 0 and k.quantity > k.max` : undefined;

const STATUS_LABELS = { danger: 'Próximo a caducar', above: 'Sobre máximo', below: 'Bajo mínimo', none: 'Sin existencia', ok: 'Correcto' };

function statusOf(row: { quantity: number; max: number | null; min: number | null }, color: StockRow['color']): string {
  if (color === 'danger') return STATUS_LABELS.danger;
  if (row.max && row.quantity > row.max) return STATUS_LABELS.above;
  if (row.min !== null && row.quantity < row.min) return STATUS_LABELS.below;
  return row.quantity ? STATUS_LABELS.ok : STATUS_LABELS.none;
}

function toStockRow(r: StockRowRecord): StockRow {
  const facts = { quantity: Number(r.quantity), max: r.max, min: r.min };
  const color = stockRowColor({ ...facts, lots: r.expiries }, dateInZone(r.time_zone));
  return {
    id: `${r.product_id}:${r.branch_id}`,
    productId: r.product_id,
    sku: r.sku,
    name: r.name,
    category: r.category,
    branch: { id: r.branch_id, name: r.branch_name },
    distribution_center: r.distribution_center,
    quantity: facts.quantity,
    inTransit: r.in_transit,
    mmId: r.mm_id,
    max: r.max,
    min: r.min,
    expiries: r.expiries,
    color,
    status: statusOf(facts, color),
  };
}

/** GET /stock: one row per product and branch, a branch-bound reader's own branch only. */
export function stockListSpec(db: DbOrTx, actor: Actor, q: StockFilters): ListSpec<StockRow> {
  const branchId = branchScope(actor, q.branchId);
  const category = sql`(select string_agg(c.name, ', ' order by c.name) from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id)`;
  return sqlListSpec<StockRowRecord, StockRow>(db, {
    from: stockPairs(branchId),
    columns: sql`k.product_id, k.branch_id, k.quantity, k.mm_id, k.max, k.min, p.sku, p.name, ${category} as category, b.name as branch_name,
      b.distribution_center, b.time_zone, ${expiriesOfRow(sql`k.branch_id`, sql`k.product_id`)} as expiries,
      ${inTransitOfRow(sql`k.branch_id`, sql`k.product_id`)} as in_transit`,
    tiebreak: sql`k.product_id, k.branch_id`,
    toRows: (records) => records.map(toStockRow),
    // the page groups and sorts every matching (product, branch) anyway: it counts them in the same read
    countWithPage: true,
    sortable: {
      sku: sql`p.sku`,
      name: sql`p.name`,
      branch: sql`b.name`,
      quantity: sql`k.quantity`,
      max: sql`k.max`,
      min: sql`k.min`,
      expiresIn: sql`k.soonest`,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: sql`p.name`, sku: sql`p.sku`, branch: sql`b.name` },
    filters: [
      branchId ? sql`k.branch_id = ${branchId}` : undefined,
      q.productId ? sql`k.product_id = ${q.productId}` : undefined,
      q.categoryId ? sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${q.categoryId})` : undefined,
      expiryFilter(q.expiry),
      levelFilter(q.level),
    ],
  });
}

/** GET /stock/get-stock-by-branch-id: the lots a form may pick from, or (aggregate=product) the stock per product with its max/min. */
export async function stockByBranch(db: DbOrTx, actor: Actor, q: { branchId: string; aggregate?: 'product' }) {
  assertBranchAccess(actor, q.branchId);
  const lots = await lotsAtBranch(db, q.branchId);
  const hide = hidesStockPrices(actor.role);
  if (q.aggregate !== 'product') return { lots: hide ? lots.map((l) => ({ ...l, price: null })) : lots, products: [] };
  const limits = await db
    .select()
    .from(maxMins)
    .where(and(eq(maxMins.branchId, q.branchId), live(maxMins)));
  const byProduct = new Map<string, { productId: string; sku: string; name: string; stock: number; max: number | null; min: number | null }>();
  for (const l of lots) {
    const p = byProduct.get(l.productId) ?? { productId: l.productId, sku: l.sku, name: l.name, stock: 0, max: null, min: null };
    p.stock += l.quantity;
    byProduct.set(l.productId, p);
  }
  for (const m of limits) {
    const p = byProduct.get(m.productId);
    if (p) Object.assign(p, { max: m.max, min: m.min });
  }
  return { lots: [], products: [...byProduct.values()] };
}

async function productAndBranch(db: DbOrTx, productId: string, branchId: string) {
  const [product] = await db
    .select({ id: products.id, sku: products.sku, name: products.name, cost: products.cost })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, distributionCenter: branches.distributionCenter })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  return { product, branch };
}

/** Lots of a branch (of some products) with their value; prices hidden from branch managers and franchisees. */
async function valuedLots(db: DbOrTx, actor: Actor, branchId: string, productIds?: string[]) {
  const hide = hidesStockPrices(actor.role);
  const lots = (await lotsAtBranch(db, branchId, { productIds })).map((l) => ({
    ...l,
    price: hide ? null : l.price,
    subtotal: hide || l.price === null ? null : fromCents(multiplyCents(toCents(l.price), l.quantity)),
  }));
  const total = hide ? null : fromCents(sumCents(lots.map((l) => toCents(l.subtotal ?? 0))));
  return { lots, quantity: lots.reduce((s, l) => s + l.quantity, 0), total, pricesHidden: hide };
}

/** GET /stock/:branchId/:productId/details: every lot of the product at the branch. */
export async function stockDetails(db: DbOrTx, actor: Actor, branchId: string, productId: string) {
  assertBranchAccess(actor, branchId);
  const { product, branch } = await productAndBranch(db, productId, branchId);
  return {
    product: { id: product.id, sku: product.sku, name: product.name },
    branch: { id: branch.id, name: branch.name },
    ...(await valuedLots(db, actor, branchId, [productId])),
  };
}

/** GET /report/get-stock-by-branch: every lot of a branch (the reader's own when branch-bound) with its value. */
export async function stockReport(db: DbOrTx, actor: Actor, requested?: string) {
  const branchId = branchScope(actor, requested) ?? actor.branchId;
  if (!branchId) throw new AppError('BAD_REQUEST', 'Seleccione una sucursal', [{ field: 'branchId', message: 'Seleccione una sucursal' }]);
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  const { lots, ...totals } = await valuedLots(db, actor, branchId);
  return { branch: { id: branch.id, name: branch.name }, timeZone: branch.timeZone, items: lots, ...totals };
}

const ADJUSTMENT_CAUSES: Record<AdjustmentInput['type'], MovementCause> = {
  drop: 'adjustment_drop',
  registration: 'adjustment_registration',
  expiry: 'expiry_write_off',
  return: 'provider_return',
};

/** PATCH /stock/adjustment: a drop, registration, expiry write-off or provider return of one lot, with its justification. */
export async function adjustStock(ctx: AppContext, actor: Actor, input: AdjustmentInput, { at }: { at?: Date } = {}) {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    const { product, branch } = await productAndBranch(tx, input.productId, input.branchId);
    if (branch.distributionCenter) throw new AppError('DISTRIBUTION_CENTER_STOCK');
    const [existing] = input.stockId
      ? await tx
          .select()
          .from(productStocks)
          .where(and(eq(productStocks.id, input.stockId), live(productStocks)))
          .limit(1)
      : await tx
          .select()
          .from(productStocks)
          .where(
            and(
              eq(productStocks.productId, input.productId),
              eq(productStocks.branchId, input.branchId),
              eq(productStocks.allotment, input.allotment!),
              live(productStocks),
            ),
          )
          .limit(1);
    if (input.stockId && (!existing || existing.branchId !== input.branchId || existing.productId !== input.productId)) throw new AppError('STOCK_NOT_FOUND');
    const movement: Movement = {
      cause: ADJUSTMENT_CAUSES[input.type],
      document: { type: 'adjustment', id: existing?.id ?? input.productId },
      note: input.justification,
      // a past moment: only the demo's history tells one (as the sales intake's `at`)
      ...(at && { at }),
    };
    let lot;
    if (input.type === 'registration') {
      lot = await putIntoLot(
        tx,
        actor,
        {
          productId: input.productId,
          branchId: input.branchId,
          allotment: existing?.allotment ?? input.allotment!,
          expiresAt: existing?.expiresAt ?? input.expiresIn ?? null,
          price: existing?.price ?? product.cost,
        },
        input.quantity,
        movement,
      );
    } else {
      if (!existing) throw new AppError('STOCK_NOT_FOUND');
      if (input.type === 'expiry' && !isExpired(existing.expiresAt, await branchToday(tx, input.branchId, at))) {
        const message = 'Solo un lote caducado se da de baja como merma por caducidad';
        throw new AppError('BAD_REQUEST', message, [{ field: 'type', message }]);
      }
      lot = await takeFromLot(tx, actor, existing.id, input.quantity, movement);
    }
    await recordChange(tx, actor, {
      module: 'inventory',
      action: input.type === 'registration' ? 'alta' : 'baja',
      entityId: lot.id,
      before: { quantity: existing?.quantity ?? 0 },
      after: {
        quantity: lot.quantity,
        type: adjustmentTypeLabels[input.type],
        justification: input.justification,
        product: product.name,
        allotment: lot.allotment,
        stock: lot.quantity,
      },
      affectedBranchId: input.branchId,
      at,
    });
    const [dto] = await lotsAtBranch(tx, input.branchId, { productIds: [input.productId] }).then((lots) => lots.filter((l) => l.stockId === lot.id));
    return (
      dto ?? {
        stockId: lot.id,
        productId: product.id,
        sku: product.sku,
        name: product.name,
        allotment: lot.allotment,
        expiresAt: lot.expiresAt,
        quantity: lot.quantity,
        price: null,
        productTypeRequiresLot: true,
      }
    );
  });
}

function maxMinDto(m: typeof maxMins.$inferSelect, product: string) {
  return { mmId: m.id, productId: m.productId, branchId: m.branchId, max: m.max, min: m.min, product };
}

/** GET /stock/:branchId/get-max-min-by-branch */
export async function maxMinByBranch(db: DbOrTx, actor: Actor, branchId: string) {
  assertBranchAccess(actor, branchId);
  const rows = await db
    .select({ m: maxMins, product: products.name })
    .from(maxMins)
    .innerJoin(products, eq(products.id, maxMins.productId))
    .where(and(eq(maxMins.branchId, branchId), live(maxMins)));
  return rows.map((r) => maxMinDto(r.m, r.product));
}

/** POST /stock/create-max-min: 400 when the product already has one at the branch; never at the distribution centre. */
export async function createMaxMin(ctx: AppContext, actor: Actor, input: MaxMinInput) {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    const { product, branch } = await productAndBranch(tx, input.productId, input.branchId);
    if (branch.distributionCenter) throw new AppError('DISTRIBUTION_CENTER_STOCK');
    const [row] = await answerViolations(tx.insert(maxMins).values(input).returning(), { unique: 'MAX_MIN_EXISTS' });
    await recordChange(tx, actor, {
      module: 'inventory',
      action: 'crear máximo y mínimo',
      entityId: row!.id,
      after: { ...input, product: product.name },
      affectedBranchId: input.branchId,
    });
    return maxMinDto(row!, product.name);
  });
}

/** PUT /stock/:mmId/update-max-min */
export async function updateMaxMin(ctx: AppContext, actor: Actor, id: string, input: MaxMinInput) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(maxMins)
      .where(and(eq(maxMins.id, id), live(maxMins)))
      .for('update')
      .limit(1);
    if (!before) throw new AppError('MAX_MIN_NOT_FOUND');
    assertBranchAccess(actor, before.branchId);
    const { product, branch } = await productAndBranch(tx, before.productId, before.branchId);
    if (branch.distributionCenter) throw new AppError('DISTRIBUTION_CENTER_STOCK');
    const [after] = await tx.update(maxMins).set({ max: input.max, min: input.min }).where(eq(maxMins.id, id)).returning();
    await recordChange(tx, actor, {
      module: 'inventory',
      action: 'editar máximo y mínimo',
      entityId: id,
      before: { max: before.max, min: before.min, product: product.name },
      after: { max: after!.max, min: after!.min, product: product.name },
      affectedBranchId: before.branchId,
    });
    return maxMinDto(after!, product.name);
  });
}

/** GET /stock/suggestion: every product at or below its min at the branch, up to its max, counting transit and pending orders. */
export async function restockSuggestion(db: DbOrTx, actor: Actor, branchId: string) {
  assertBranchAccess(actor, branchId);
  const limits = await db
    .select({
      productId: maxMins.productId,
      max: maxMins.max,
      min: maxMins.min,
      sku: products.sku,
      name: products.name,
      inTransit: sql<number>`${inTransitOfRow(sql`${branchId}`, sql`${maxMins.productId}`)}`,
    })
    .from(maxMins)
    .innerJoin(products, eq(products.id, maxMins.productId))
    .where(and(eq(maxMins.branchId, branchId), live(maxMins), live(products)));
  const onHand = new Map<string, number>();
  for (const l of await lotsAtBranch(db, branchId)) onHand.set(l.productId, (onHand.get(l.productId) ?? 0) + l.quantity);
  const pending = await pendingOrdered(db, branchId);
  const items = limits
    .map((m) => {
      const facts = { onHand: onHand.get(m.productId) ?? 0, inTransit: Number(m.inTransit), pending: pending.get(m.productId) ?? 0, max: m.max, min: m.min };
      return {
        productId: m.productId,
        sku: m.sku,
        name: m.name,
        stock: facts.onHand,
        inTransit: facts.inTransit,
        pending: facts.pending,
        max: m.max,
        min: m.min,
        orderedQuantity: suggestedQuantity(facts),
      };
    })
    .filter((i) => i.orderedQuantity > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return { items };
}

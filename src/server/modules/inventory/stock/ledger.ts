import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { movementDto, recallRowDto } from '../../../../domain/inventory.contract';
import { movementCauseLabels, type MovementCause } from '../../../../domain/inventory';
import { parseGs1, sameGtin } from '../../../../domain/gs1';
import type { ListQuery } from '../../../../domain/list';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { namedRows } from '../../../db/prepared';
import { productStocks, products } from '../../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import type { ListSpec } from '../../../platform/list';
import { rowsOf, sqlListSpec } from '../../../platform/list-sql';

type KardexRow = z.output<typeof movementDto>;
type RecallRow = z.output<typeof recallRowDto>;

// The ledger read back: a product's kardex, where a lot's units came from and went, and the patients who got them.

interface MovementRecord {
  seq: number;
  created_at: Date | string;
  stock_id: string;
  allotment: string;
  expires_at: string | null;
  branch_id: string;
  branch_name: string;
  quantity: number;
  lot_balance: number;
  balance: number;
  cause: MovementCause;
  document_type: string | null;
  document_id: string | null;
  document_number: string | null;
  note: string | null;
  user_name: string | null;
}

const toMovement = (r: MovementRecord): KardexRow => ({
  seq: Number(r.seq),
  created_at: new Date(r.created_at),
  stockId: r.stock_id,
  allotment: r.allotment,
  expiresAt: r.expires_at,
  branch: { id: r.branch_id, name: r.branch_name },
  quantity: r.quantity,
  lotBalance: r.lot_balance,
  balance: Number(r.balance),
  cause: r.cause,
  causeLabel: movementCauseLabels[r.cause],
  documentType: r.document_type,
  documentId: r.document_id,
  documentNumber: r.document_number,
  note: r.note,
  user: r.user_name,
});

/**
 * Movements of some lots; with `window`, the product's running balance at each branch (over all of them, before any
 * date filter). The kardex pages without it and computes the balances of its page alone (kardexBalances).
 */
function movementsFrom(scope: SQL, window = true): SQL {
  const balance = window ? sql`sum(m.quantity) over (partition by m.product_id, m.branch_id order by m.seq)` : sql`null::bigint`;
  return sql`(
    select m.seq, m.created_at, m.stock_id, s.allotment, s.expires_at, m.branch_id, b.name as branch_name, m.quantity, m.balance as lot_balance,
      ${balance} as balance,
      m.cause, m.document_type, m.document_id, m.document_number, m.note,
      nullif(concat_ws(' ', u.name, u.last_name), '') as user_name
    from stock_movements m
    join product_stocks s on s.id = m.stock_id
    join branches b on b.id = m.branch_id
    left join users u on u.id = m.user_id
    where ${scope}
  ) k`;
}

/**
 * The product's balance at the branch after each movement of a page: counted from the nearer end of the ledger
 * (the stock on hand less what came after, for the newest pages; the sum of what came before, for the oldest).
 */
async function kardexBalances(db: DbOrTx, productId: string, branchId: string, page: MovementRecord[]): Promise<MovementRecord[]> {
  if (!page.length) return page;
  const seqs = page.map((r) => Number(r.seq));
  const [first, last] = [Math.min(...seqs), Math.max(...seqs)];
  const scope = sql`product_id = ${productId} and branch_id = ${branchId}`;
  const newest = Number(page[0]!.seq) > Number(page.at(-1)!.seq);
  const base = newest
    ? sql`((select coalesce(sum(quantity), 0) from product_stocks where ${scope}) - (select coalesce(sum(quantity), 0) from stock_movements where ${scope} and seq > ${last}))::int`
    : sql`(select coalesce(sum(quantity), 0) from stock_movements where ${scope} and seq < ${first})::int`;
  // the base and the page's span of the ledger in one statement (each span row carries the base)
  const span = await rowsOf<{ seq: number; quantity: number; base: number }>(
    db,
    sql`select m.seq, m.quantity, b.n as base from (select ${base} as n) b
      join stock_movements m on m.product_id = ${productId} and m.branch_id = ${branchId} and m.seq between ${first} and ${last} order by m.seq`,
  );
  const balances = new Map<number, number>();
  const start = Number(span[0]?.base ?? 0);
  let running = newest ? start - span.reduce((sum, m) => sum + m.quantity, 0) : start;
  for (const m of span) balances.set(Number(m.seq), (running += m.quantity));
  return page.map((r) => ({ ...r, balance: balances.get(Number(r.seq))! }));
}

export interface KardexFilters extends ListQuery {
  productId: string;
  branchId: string;
  stockId?: string;
  startDate?: string;
  endDate?: string;
}

/** GET /stock/kardex: every movement of a product at a branch with its running balance, cause, document and user. */
export function kardexSpec(db: DbOrTx, actor: Actor, q: KardexFilters): ListSpec<KardexRow> {
  assertBranchAccess(actor, q.branchId);
  /** The lot and day filters on the movements under `alias` (the list's rows, or the ledger itself for the count). */
  const lotAndDays = (alias: SQL) => [
    q.stockId ? sql`${alias}.stock_id = ${q.stockId}` : undefined,
    q.startDate ? sql`${alias}.created_at >= ${q.startDate}::date` : undefined,
    q.endDate ? sql`${alias}.created_at < ${q.endDate}::date + 1` : undefined,
  ];
  const productAtBranch = sql`m.product_id = ${q.productId} and m.branch_id = ${q.branchId}`;
  const list = sqlListSpec<MovementRecord, KardexRow>(db, {
    from: movementsFrom(productAtBranch, false),
    toRows: async (page) => (await kardexBalances(db, q.productId, q.branchId, page)).map(toMovement),
    sortable: { created_at: sql`k.seq`, seq: sql`k.seq` },
    defaultSort: { field: 'seq', order: 'DESC' },
    searchable: { documentNumber: sql`k.document_number`, allotment: sql`k.allotment`, note: sql`k.note` },
    filters: lotAndDays(sql.raw('k')),
  });
  // without a search every filter is the ledger's own, and each movement has its lot and branch (foreign keys): the
  // count reads the ledger's index alone instead of joining every movement of a long kardex
  const searching = Boolean(q.search?.value.trim());
  const ledgerFilters = and(productAtBranch, ...lotAndDays(sql.raw('m')));
  return {
    ...list,
    count: async (where, limit) =>
      searching
        ? list.count(where, limit)
        : Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from stock_movements m where ${ledgerFilters}`))[0]?.n ?? 0),
  };
}

/** The lot with its product, or 404. */
async function lotById(db: DbOrTx, stockId: string) {
  const [lot] = await db
    .select({ lot: productStocks, sku: products.sku, name: products.name })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .where(eq(productStocks.id, stockId))
    .limit(1);
  if (!lot) throw new AppError('STOCK_NOT_FOUND');
  return lot;
}

/** GET /stock/:stockId/trace: the lot number across the chain, every movement of it (where it came from, where it went). */
export async function lotTrace(db: DbOrTx, actor: Actor, stockId: string) {
  const { lot, sku, name } = await lotById(db, stockId);
  assertBranchAccess(actor, lot.branchId);
  const scope = actor.branchBound ? sql`and s.branch_id = ${actor.branchId}` : sql``;
  const movements = await rowsOf<MovementRecord>(
    db,
    sql`select * from ${movementsFrom(sql`m.product_id = ${lot.productId} and s.allotment = ${lot.allotment} ${scope}`)} order by k.seq`,
  );
  const lots = await db
    .select({ stockId: productStocks.id, branchId: productStocks.branchId, quantity: productStocks.quantity })
    .from(productStocks)
    .where(and(eq(productStocks.productId, lot.productId), eq(productStocks.allotment, lot.allotment), live(productStocks)));
  const branchNames = new Map(movements.map((m) => [m.branch_id, m.branch_name]));
  return {
    product: { id: lot.productId, sku, name },
    allotment: lot.allotment,
    expiresAt: lot.expiresAt,
    branches: lots
      .filter((l) => !actor.branchBound || l.branchId === actor.branchId)
      .map((l) => ({ id: l.branchId, name: branchNames.get(l.branchId) ?? '', stockId: l.stockId, quantity: l.quantity })),
    movements: movements.map(toMovement),
  };
}

export interface RecallFilters extends ListQuery {
  productId?: string;
  allotment?: string;
  stockId?: string;
  customerId?: string;
}

interface RecallRecord {
  seq: number;
  source: RecallRow['source'];
  customer_id: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  document_number: string | null;
  date: Date | string;
  branch_id: string;
  branch_name: string;
  professional: string | null;
  product_id: string;
  sku: string;
  product_name: string;
  allotment: string;
  expires_at: string | null;
  units: number;
}

const RECALL_CAUSES = sql`m.cause in ('appointment', 'product_sale', 'sale_order') and m.quantity < 0`;

/**
 * Units that reached a person: applied in an appointment, sold at the counter or in a sale order. `movements` is the
 * ledger, or one page of it already cut (recallSpec), so that only that page is joined to who received the units.
 * The sales are read row by row (lateral, by their primary key): a hash join would scan millions of them.
 */
const recallFrom = (scope: SQL, movements: SQL = sql`stock_movements`) => sql`(
  select m.seq, m.stock_id, m.created_at as date, m.branch_id, b.name as branch_name, m.product_id, p.sku, p.name as product_name, s.allotment, s.expires_at,
    -m.quantity as units, m.document_number,
    case m.cause when 'appointment' then 'appointment' when 'product_sale' then 'cash_order' else 'sale_order' end as source,
    coalesce(a.customer_id, co.customer_id, pp.customer_id) as customer_id,
    coalesce(concat_ws(' ', c.name, c.last_name, c.mother_last_name), so.name) as customer_name,
    coalesce(c.mobile_phone, c.phone, so.phone) as customer_phone,
    case when m.cause = 'appointment' then nullif(concat_ws(' ', u.name, u.last_name, u.mother_last_name), '') else nullif(concat_ws(' ', su.name, su.last_name), '') end as professional
  from ${movements} m
  join product_stocks s on s.id = m.stock_id
  join products p on p.id = m.product_id
  join branches b on b.id = m.branch_id
  left join appointments a on m.document_type = 'appointment' and a.id = m.document_id
  left join purchased_products pp on m.document_type = 'purchased_product' and pp.id = m.document_id
  left join users u on u.id = a.attended_by_id
  left join lateral (select x.customer_id, x.seller_id from cash_orders x where m.cause = 'product_sale' and x.id = m.document_id) co on true
  left join users su on su.id = co.seller_id
  left join lateral (select x.name, x.phone from sale_orders x where m.cause = 'sale_order' and x.id = m.document_id) so on true
  left join customers c on c.id = coalesce(a.customer_id, co.customer_id, pp.customer_id)
  where ${RECALL_CAUSES} and ${scope}
) k`;

const toRecall = (r: RecallRecord): RecallRow => ({
  id: String(r.seq),
  customer: r.customer_name ? { id: r.customer_id ?? '', name: r.customer_name, phone: r.customer_phone } : null,
  source: r.source,
  documentNumber: r.document_number,
  date: new Date(r.date),
  branch: { id: r.branch_id, name: r.branch_name },
  professional: r.professional,
  product: { id: r.product_id, sku: r.sku, name: r.product_name },
  allotment: r.allotment,
  expiresAt: r.expires_at,
  units: Number(r.units),
});

/** GET /stock/recall: the patients who received units of a lot number (or of a product), or the lots a patient received. */
export async function recallSpec(db: DbOrTx, actor: Actor, q: RecallFilters): Promise<ListSpec<RecallRow>> {
  const lot = q.stockId ? (await lotById(db, q.stockId)).lot : null;
  const productId = lot?.productId ?? q.productId;
  const allotment = lot?.allotment ?? q.allotment;
  const branchId = branchScope(actor);
  // the lot, product or patient narrows the ledger inside (its indexes), before the joins that name who got the units
  const lotIds =
    allotment && productId
      ? (
          await db
            .select({ id: productStocks.id })
            .from(productStocks)
            .where(and(eq(productStocks.productId, productId), eq(productStocks.allotment, allotment)))
        ).map((l) => l.id)
      : null;
  const scope =
    and(
      lotIds ? (lotIds.length ? sql`m.stock_id in ${lotIds}` : sql`false`) : productId ? sql`m.product_id = ${productId}` : undefined,
      allotment && !productId ? sql`s.allotment = ${allotment}` : undefined,
      q.customerId ? sql`coalesce(a.customer_id, co.customer_id, pp.customer_id) = ${q.customerId}` : undefined,
      branchId ? sql`m.branch_id = ${branchId}` : undefined,
    ) ?? sql`true`;
  const from = recallFrom(scope);
  // newest first over the ledger's own columns: cut the page from the movements, then name who received them
  const ledgerOnly = !q.customerId && !(allotment && !productId);
  const pageOfLedger = (where: SQL | undefined) => ledgerOnly && !where && (q.field ?? 'date') === 'date';
  const newestFirst = (q.order ?? (q.field ? 'ASC' : 'DESC')) === 'DESC';
  const list = sqlListSpec<RecallRecord, RecallRow>(db, {
    from,
    tiebreak: sql`k.seq`,
    toRows: (records) => records.map(toRecall),
    sortable: { date: sql`k.date`, customer: sql`k.customer_name`, branch: sql`k.branch_name`, units: sql`k.units` },
    defaultSort: { field: 'date', order: 'DESC' },
    searchable: { customer: sql`k.customer_name`, documentNumber: sql`k.document_number`, professional: sql`k.professional` },
    filters: [],
  });
  return {
    ...list,
    rows: async (p) => {
      if (!pageOfLedger(p.where)) return list.rows(p);
      const page = sql`${p.limit ? sql`limit ${p.limit}` : sql``} offset ${p.offset}`;
      // a lot's few movements are read by its ids first (offset 0 keeps the planner from walking the whole ledger by date instead)
      const ledger = lotIds ? sql`(select m.* from stock_movements m where ${RECALL_CAUSES} and ${scope} offset 0)` : sql`stock_movements`;
      const movements = sql`(select m.* from ${ledger} m where ${RECALL_CAUSES} and ${scope} order by m.created_at ${sql.raw(newestFirst ? 'desc' : 'asc')}, m.seq ${page})`;
      return (await namedRows<RecallRecord>(db, sql`select * from ${recallFrom(scope, movements)} order by ${sql.join(p.orderBy, sql`, `)}, k.seq`)).map(
        toRecall,
      );
    },
    // without a search or a patient, the count needs the ledger rows alone, not who received them
    count: async (where, limit) =>
      where || !ledgerOnly
        ? list.count(where, limit)
        : Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from stock_movements m where ${RECALL_CAUSES} and ${scope}`))[0]?.n ?? 0),
  };
}

/** GET /stock/scan: a GS1 scan read into product (by its barcode), lot and expiry, and the branch's lot of that number. */
export async function readScan(db: DbOrTx, actor: Actor, code: string, branchId?: string) {
  const scan = parseGs1(code);
  let product: { id: string; sku: string; name: string } | null = null;
  if (scan.gtin) {
    const digits = scan.gtin.replace(/^0+/, '');
    const candidates = await db
      .select({ id: products.id, sku: products.sku, name: products.name, barCode: products.barCode })
      .from(products)
      .where(and(sql`ltrim(${products.barCode}, '0') = ${digits}`, live(products)))
      .limit(2);
    const match = candidates.find((c) => sameGtin(c.barCode, scan.gtin!));
    if (match) product = { id: match.id, sku: match.sku, name: match.name };
  }
  let stockId: string | null = null;
  if (product && scan.lot && branchId) {
    assertBranchAccess(actor, branchId);
    const [lot] = await db
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(and(eq(productStocks.productId, product.id), eq(productStocks.branchId, branchId), eq(productStocks.allotment, scan.lot), live(productStocks)))
      .limit(1);
    stockId = lot?.id ?? null;
  }
  return { gtin: scan.gtin, allotment: scan.lot, expiresAt: scan.expiresAt, product, stockId };
}

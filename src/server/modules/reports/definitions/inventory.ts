import { sql } from 'drizzle-orm';
import { REPORTS, type ReportColumn } from '../../../../domain/reports';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import type { ReportPeriod } from '../period';
import { uuidKey } from './drill-key';
import { branchIs, pesosOfText, rowsOf } from './money-rows';

/**
 * The branches of the scope (`ends`) and every live lot's units at the close of the period's last day (`lots`), from
 * the stock ledger: a lot held then its quantity now minus every movement written after that day ended at its branch
 * (a lot's quantity is the sum of its movements, so a lot received later held none), valued at the lot's price (none:
 * $0). A period ending today or later reads the stock as it is now. The report sums `lots` by branch; its drill lists them.
 */
const lotsAtClose = (period: ReportPeriod, branchId: string | undefined) => sql`ends as (
    select b.id, b.name, b.deleted_at, ((${period.to}::date + 1)::timestamp at time zone b.time_zone) as end_at
    from branches b where ${branchIs(sql`b.id`, branchId)}),
  later as (
    select sm.stock_id, sum(sm.quantity) as units from stock_movements sm join ends e on e.id = sm.branch_id
    -- the first bound is the index's: no zone's day ends before the UTC day before it
    where sm.created_at >= ${period.to}::date - 1 and sm.created_at >= e.end_at
    group by sm.stock_id),
  lots as (
    select s.id, s.branch_id, s.product_id, s.allotment, s.expires_at, s.quantity - coalesce(l.units, 0) as units, coalesce(s.price, 0) as price
    from product_stocks s join ends e on e.id = s.branch_id left join later l on l.stock_id = s.id
    where s.deleted_at is null)`;

/**
 * Each branch's pieces and value at the close of the period's last day (lotsAtClose). Live lots only, as the stock
 * screens. Distribution centres are listed too: their stock is the chain's. A live branch with no stock shows zero; a
 * deleted one only while it still held units.
 */
async function inventoryByBranch({ db, period, branchId }: ReportScope) {
  const rows = rowsOf<{ branch_id: string; name: string; quantity: string; amount: string }>(
    await db.execute(sql`with ${lotsAtClose(period, branchId)}
      select e.id as branch_id, e.name, coalesce(sum(lots.units), 0)::text as quantity, coalesce(sum(lots.units * lots.price), 0)::text as amount
      from ends e left join lots on lots.branch_id = e.id
      group by e.id, e.name, e.deleted_at
      having e.deleted_at is null or coalesce(sum(lots.units), 0) <> 0
      order by e.name, e.id`),
  );
  return rows.map((r) => {
    const amount = pesosOfText(r.amount);
    return { name: r.name, branchId: r.branch_id, quantity: Number(r.quantity), totalAmount: amount, total: amount };
  });
}

const LOT_COLUMNS: ReportColumn[] = [
  { key: 'sku', label: 'SKU', type: 'text' },
  { key: 'product', label: 'Producto', type: 'text' },
  { key: 'allotment', label: 'Lote', type: 'text' },
  { key: 'expiresIn', label: 'Caducidad', type: 'date' },
  { key: 'quantity', label: 'Piezas', type: 'number', sums: true },
  { key: 'price', label: 'Precio unitario', type: 'money' },
  { key: 'total', label: 'Valor', type: 'money', sums: true },
];

/** The lots one branch held at the close of the period (key = branch id): their pieces and values add up to its row. */
async function lotsOfBranch(scope: ReportScope, key: string) {
  const branchId = uuidKey(key);
  assertBranchAccess(scope.actor, branchId);
  if (scope.branchId && scope.branchId !== branchId) return { columns: LOT_COLUMNS, rows: [] };
  const rows = rowsOf<{ sku: string; product: string; allotment: string; expires_at: string | null; units: string; price: string; amount: string }>(
    await scope.db.execute(sql`with ${lotsAtClose(scope.period, branchId)}
      select p.sku, p.name as product, lots.allotment, lots.expires_at::text as expires_at, lots.units::text as units, lots.price::text as price,
        (lots.units * lots.price)::text as amount
      from lots join products p on p.id = lots.product_id
      where lots.units <> 0
      order by p.name, lots.expires_at nulls last, lots.allotment, lots.id`),
  );
  return {
    columns: LOT_COLUMNS,
    rows: rows.map((r) => ({
      sku: r.sku,
      product: r.product,
      allotment: r.allotment,
      expiresIn: r.expires_at,
      quantity: Number(r.units),
      price: pesosOfText(r.price),
      total: pesosOfText(r.amount),
    })),
  };
}

export const generalInventory: ReportDefinition = {
  meta: REPORTS['general-inventory'],
  rows: async (scope) => ({ rows: await inventoryByBranch(scope) }),
  drill: lotsOfBranch,
};

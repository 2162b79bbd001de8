import { sql } from 'drizzle-orm';
import { REPORTS } from '../../../../domain/reports';
import type { ReportDefinition } from '../definition';
import { branchIs, pesosOfText, rowsOf } from './money-rows';

/**
 * Each branch's pieces and value at the close of the period's last day, from the stock ledger: a lot held then its
 * quantity now minus every movement written after that day ended at its branch (a lot's quantity is the sum of its
 * movements, so a lot received later held none), valued at the lot's price (none: $0). Live lots only, as the stock
 * screens; a period ending today or later reads the stock as it is now. Distribution centres are listed too: their
 * stock is the chain's. A live branch with no stock shows zero; a deleted one only while it still held units.
 */
export const generalInventory: ReportDefinition = {
  meta: REPORTS['general-inventory'],
  async rows({ db, period, branchId }) {
    const rows = rowsOf<{ branch_id: string; name: string; quantity: string; amount: string }>(
      await db.execute(sql`with ends as (
          select b.id, b.name, b.deleted_at, ((${period.to}::date + 1)::timestamp at time zone b.time_zone) as end_at
          from branches b where ${branchIs(sql`b.id`, branchId)}),
        later as (
          select sm.stock_id, sum(sm.quantity) as units from stock_movements sm join ends e on e.id = sm.branch_id
          -- the first bound is the index's: no zone's day ends before the UTC day before it
          where sm.created_at >= ${period.to}::date - 1 and sm.created_at >= e.end_at
          group by sm.stock_id),
        lots as (
          select s.branch_id, s.quantity - coalesce(l.units, 0) as units, coalesce(s.price, 0) as price
          from product_stocks s join ends e on e.id = s.branch_id left join later l on l.stock_id = s.id
          where s.deleted_at is null)
        select e.id as branch_id, e.name, coalesce(sum(lots.units), 0)::text as quantity, coalesce(sum(lots.units * lots.price), 0)::text as amount
        from ends e left join lots on lots.branch_id = e.id
        group by e.id, e.name, e.deleted_at
        having e.deleted_at is null or coalesce(sum(lots.units), 0) <> 0
        order by e.name, e.id`),
    );
    return {
      rows: rows.map((r) => {
        const amount = pesosOfText(r.amount);
        return { name: r.name, branchId: r.branch_id, quantity: Number(r.quantity), totalAmount: amount, total: amount };
      }),
    };
  },
};

import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { putIntoLot } from '../../modules/inventory';
import { DEMO_TODAY } from './sales';
import { toCents } from '../../../domain/money';

/** How long the supply lots of the clinics last from the demo's day: longer than any booked appointment. */
const SUPPLY_EXPIRY = `${Number(DEMO_TODAY.slice(0, 4)) + 2}${DEMO_TODAY.slice(4)}`;
/** Units kept above what the booked appointments consume, for the walk-in and purchased-treatment finishes. */
const MARGIN = 20;

interface Shortage {
  branchId: string;
  productId: string;
  sku: string;
  code: string;
  needed: number;
  usable: number;
  cost: string | null;
}

/**
 * Every clinic gets lots of every supply its booked treatments consume, so each upcoming demo appointment can be
 * finished: where the lots with stock that outlast the bookings (no expiry, or expiring after the last one) hold fewer
 * units than the live bookings (scheduled or in process) need, one fresh lot brings the units they need plus a margin.
 */
export async function seedTreatmentSupplies(db: Db): Promise<void> {
  const shortages = (
    (await db.execute(sql`
      with need as (
        select a.branch_id, tp.product_id, sum(tp.quantity * greatest(a.sessions, 1))::int as needed, max(a.date) as last_day
        from appointments a join treatment_products tp on tp.treatment_id = a.treatment_id
        where a.status in ('scheduled', 'inProcess') and a.deleted_at is null
        group by a.branch_id, tp.product_id
      )
      select n.branch_id as "branchId", n.product_id as "productId", p.sku, b.code, n.needed, p.cost,
             coalesce((select sum(s.quantity) from product_stocks s
                       where s.branch_id = n.branch_id and s.product_id = n.product_id and s.deleted_at is null and s.quantity > 0
                         and (s.expires_at is null or s.expires_at > n.last_day)), 0)::int as usable
      from need n join products p on p.id = n.product_id join branches b on b.id = n.branch_id
      order by b.code, p.sku`)) as unknown as { rows: Shortage[] }
  ).rows.filter((s) => s.usable < s.needed);
  if (!shortages.length) return;
  // through the inventory's steps: each lot's quantity is the sum of its movements
  for (const [i, s] of shortages.entries()) {
    const lot = {
      productId: s.productId,
      branchId: s.branchId,
      // a lot number of its own: the clinic's code, the product and the year it expires
      allotment: `L${SUPPLY_EXPIRY.slice(2, 4)}-${s.code.slice(0, 4)}-${s.sku}`.slice(0, 40),
      price: s.cost === null ? null : toCents(s.cost),
      expiresAt: SUPPLY_EXPIRY,
    };
    await putIntoLot(db, null, lot, s.needed + MARGIN + (i % 5), { cause: 'adjustment_registration', note: 'Insumos para las citas agendadas' });
  }
}

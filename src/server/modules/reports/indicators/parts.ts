import { sql, type SQL } from 'drizzle-orm';
import { EXPIRING_DAYS, RETENTION_DAYS } from '../../../../domain/indicators';
import { addCents, cents, toCents, type Cents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import type { ReportScope } from '../definition';
import { appointmentsOfPeriod } from '../definitions/appointments';
import { branchIs, rowsOf } from '../definitions/money-rows';
import { occupation } from '../definitions/occupation';
import { incomeByBranchMonth } from '../definitions/sales';
import type { ReportPeriod } from '../period';

/**
 * The counts and sums each indicator's formula takes, for one branch (or, added up, for the chain). Every part adds
 * up across branches, so the chain's figure is its own ratio, never an average of the branches' figures.
 */
export interface IndicatorParts {
  finished: number;
  rebooked: number;
  cohort: number;
  retained: number;
  sales: number;
  salesTotal: Cents;
  income: Cents;
  openMinutes: number;
  absences: number;
  outcomes: number;
  expiring: Cents;
}

export const emptyParts = (): IndicatorParts => ({
  finished: 0,
  rebooked: 0,
  cohort: 0,
  retained: 0,
  sales: 0,
  salesTotal: cents(0),
  income: cents(0),
  openMinutes: 0,
  absences: 0,
  outcomes: 0,
  expiring: cents(0),
});

export function addParts(a: IndicatorParts, b: IndicatorParts): IndicatorParts {
  return {
    finished: a.finished + b.finished,
    rebooked: a.rebooked + b.rebooked,
    cohort: a.cohort + b.cohort,
    retained: a.retained + b.retained,
    sales: a.sales + b.sales,
    salesTotal: addCents(a.salesTotal, b.salesTotal),
    income: addCents(a.income, b.income),
    openMinutes: a.openMinutes + b.openMinutes,
    absences: a.absences + b.absences,
    outcomes: a.outcomes + b.outcomes,
    expiring: addCents(a.expiring, b.expiring),
  };
}

/** The period's days as a condition on a date column. */
export const daysOf = (column: SQL, period: ReportPeriod) => sql`${column} between ${period.from}::date and ${period.to}::date`;

/**
 * A finished appointment was rebooked when the same customer has another appointment (any branch, any later status:
 * it was booked) starting after it that was created on the finished appointment's own day at its branch.
 */
export const rebookedNext = (a: string, branch: string) =>
  sql`select n.appointment_number, n.date from appointments n where n.customer_id = ${sql.raw(a)}.customer_id and n.deleted_at is null
    and n.id <> ${sql.raw(a)}.id and (n.date, n.start_time) > (${sql.raw(a)}.date, ${sql.raw(a)}.start_time)
    and (n.created_at at time zone ${sql.raw(branch)}.time_zone)::date = ${sql.raw(a)}.date
    order by n.date, n.start_time limit 1`;

/**
 * Each customer's first finished appointment of the period across the chain (so a customer is counted once, by the
 * branch of that visit, whichever branch is asked for), and their first finished return within RETENTION_DAYS after it.
 */
export const retentionCohort = (period: ReportPeriod) =>
  sql`select f.*, (select min(r.date) from appointments r where r.customer_id = f.customer_id and r.deleted_at is null and r.status = 'finished'
      and r.date > f.date and r.date <= f.date + ${RETENTION_DAYS}::int) as returned
    from (select distinct on (a.customer_id) a.customer_id, a.branch_id, a.date, a.appointment_number from appointments a
      where a.deleted_at is null and a.status = 'finished' and ${daysOf(sql`a.date`, period)}
      order by a.customer_id, a.date, a.start_time, a.id) f`;

/** The paid sales of the period not refunded (treatments, packages and products, every channel), by the branch's day. */
export const paidSales = (scope: Pick<ReportScope, 'period' | 'branchId'>) => {
  const of = (table: string, kind: string) =>
    sql`select ${kind}::text as kind, o.id, o.order_number, o.branch_id, o.customer_id, o.channel, o.business_date, o.total from ${sql.raw(table)} o
      where o.deleted_at is null and o.payment_status = 'paid' and o.refunded_at is null and ${daysOf(sql`o.business_date`, scope.period)}
        and ${branchIs(sql`o.branch_id`, scope.branchId)}`;
  return sql`(${of('orders', 'Servicios')} union all ${of('cash_orders', 'Productos')})`;
};

/**
 * The lots that held units at the close of `day` at their branch and expire from that day to EXPIRING_DAYS after it:
 * a lot's units then are its quantity now minus its ledger movements written after that local day ended.
 */
export const expiringLots = (period: ReportPeriod, branchId: string | undefined) =>
  sql`select s.id, s.branch_id, s.product_id, s.allotment, s.expires_at, coalesce(s.price, 0) as price,
      s.quantity - coalesce((select sum(m.quantity) from stock_movements m
        where m.stock_id = s.id and m.created_at >= ((${period.to}::date + 1)::timestamp at time zone b.time_zone)), 0) as units
    from product_stocks s join branches b on b.id = s.branch_id
    where s.deleted_at is null and ${branchIs(sql`s.branch_id`, branchId)}
      and s.expires_at between ${period.to}::date and ${period.to}::date + ${EXPIRING_DAYS}::int`;

type ByBranch = Map<string, IndicatorParts>;

function put(by: ByBranch, branchId: string, part: Partial<IndicatorParts>) {
  by.set(branchId, { ...(by.get(branchId) ?? emptyParts()), ...part });
}

/** Every part of every indicator for the scope's period, by branch: a few set-based reads, the income and open minutes from the reports'. */
export async function partsByBranch(scope: ReportScope): Promise<ByBranch> {
  const { db, period, branchId } = scope;
  const run = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));
  const [rebooking, retention, sales, noShow, expiring, income, cabins] = await Promise.all([
    run<{ branch_id: string; finished: number; rebooked: number }>(sql`select a.branch_id, count(*)::int as finished,
        count(*) filter (where exists (${rebookedNext('a', 'b')}))::int as rebooked
      from appointments a join branches b on b.id = a.branch_id where ${appointmentsOfPeriod(scope)} and a.status = 'finished' group by a.branch_id`),
    run<{ branch_id: string; cohort: number; retained: number }>(sql`select c.branch_id, count(*)::int as cohort, count(c.returned)::int as retained
      from (${retentionCohort(period)}) c where ${branchIs(sql`c.branch_id`, branchId)} group by c.branch_id`),
    run<{ branch_id: string; sales: number; total: string }>(sql`select s.branch_id, count(*)::int as sales, sum(s.total)::text as total
      from ${paidSales(scope)} s group by s.branch_id`),
    run<{ branch_id: string; absences: number; outcomes: number }>(sql`select a.branch_id, count(*) filter (where a.status = 'absence')::int as absences,
        count(*)::int as outcomes
      from appointments a where ${appointmentsOfPeriod(scope)} and a.status in ('finished', 'absence') group by a.branch_id`),
    run<{ branch_id: string; value: string }>(sql`select l.branch_id, sum(l.units * l.price)::text as value
      from (${expiringLots(period, branchId)}) l where l.units > 0 group by l.branch_id`),
    incomeByBranchMonth({ ...scope, basis: 'cash' }),
    occupation.rows(scope),
  ]);
  const by: ByBranch = new Map();
  for (const r of rebooking) put(by, r.branch_id, { finished: Number(r.finished), rebooked: Number(r.rebooked) });
  for (const r of retention) put(by, r.branch_id, { cohort: Number(r.cohort), retained: Number(r.retained) });
  for (const r of sales) put(by, r.branch_id, { sales: Number(r.sales), salesTotal: toCents(r.total) });
  for (const r of noShow) put(by, r.branch_id, { absences: Number(r.absences), outcomes: Number(r.outcomes) });
  for (const r of expiring) put(by, r.branch_id, { expiring: toCents(r.value) });
  for (const [key, amount] of income) {
    const id = key.split('|')[0]!;
    put(by, id, { income: addCents(by.get(id)?.income ?? cents(0), amount) });
  }
  for (const row of cabins.rows) {
    const id = String(row.branchId);
    put(by, id, { openMinutes: (by.get(id)?.openMinutes ?? 0) + Number(row.openMinutes) });
  }
  return by;
}

/** Every branch the scope shows: the live ones (the one asked for, or all) with their names. */
export async function branchesOf(db: DbOrTx, branchId: string | undefined): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from branches where deleted_at is null and ${branchIs(sql`id`, branchId)} order by name, id`),
  );
}

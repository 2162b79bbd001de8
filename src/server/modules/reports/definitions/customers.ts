import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../../domain/dates';
import { REPORTS, type ReportColumn } from '../../../../domain/reports';
import { AppError } from '../../../platform/app-error';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import type { ReportPeriod } from '../period';
import { uuidKey } from './drill-key';
import { lineReport, type LineQuery } from './lines';
import { branchIs, pesosOfText, rowsOf } from './money-rows';

/**
 * Customers: those registered in the period — the registry branch's own day of created_at (the business zone for a
 * customer without one, listed only when every branch is read) — with their purchases of the same period: the paid
 * sales (treatments and packages, and products) of any branch whose business day falls in it, a refunded sale left
 * out; Total = the sum of those sales' totals.
 */

/** A paid sale, not refunded, of the period, of a customer registered in it (r). */
const purchased = (o: SQL, period: ReportPeriod) =>
  sql`r.registered_at between ${period.from}::date and ${period.to}::date and ${o}.payment_status = 'paid' and ${o}.refunded_at is null
    and ${o}.business_date between ${period.from}::date and ${period.to}::date`;

/**
 * The paid sales of the period of the customers `matched` picks (both kinds: treatments and packages, and products),
 * each kind by its own index; `from` adds the join that names the customers (the registered ones, `r`).
 */
const purchasesOf = (matched: SQL, period: ReportPeriod, from: SQL = sql``) =>
  sql`select o.customer_id, o.total from orders o ${from} where ${matched} and ${purchased(sql`o`, period)}
    union all select o.customer_id, o.total from cash_orders o ${from} where ${matched} and ${purchased(sql`o`, period)}`;

/** The customers registered in the period (`registered`), of the scope's branch; `only` narrows it to one (a drill). */
const registeredIn = (period: ReportPeriod, branchId: string | undefined, only: SQL = sql`true`) => sql`registered as (
    select c.id, trim(concat_ws(' ', c.name, c.last_name, c.mother_last_name)) as customer, b.name as branch, c.registry_branch_id as branch_id,
      coalesce(c.mobile_phone, c.phone) as phone, c.email,
      (c.created_at at time zone coalesce(b.time_zone, ${BUSINESS_TIME_ZONE}))::date as registered_at
    from customers c left join branches b on b.id = c.registry_branch_id
    where c.deleted_at is null and ${branchIs(sql`c.registry_branch_id`, branchId)} and ${only}
      -- a day either side covers every zone; the branch's own day decides below
      and c.created_at >= ${period.from}::date - 1 and c.created_at < ${period.to}::date + 2)`;

export const customersReport: ReportDefinition = {
  ...lineReport(
    REPORTS.customers,
    ({
      period,
      branchId,
    }): LineQuery<{
      id: string;
      customer: string;
      branch: string | null;
      branch_id: string | null;
      phone: string | null;
      email: string | null;
      registered_at: string;
      sales: number;
      total: string;
    }> => ({
      // a page sorts the registered customers first and reads the purchases of its rows only: the scalar subqueries
      // in the select list are evaluated after the sort and the limit (the planner postpones expensive outputs)
      query: sql`with ${registeredIn(period, branchId)}
        select r.id, r.customer, r.branch, r.branch_id, r.phone, r.email, r.registered_at::text as registered_at,
          (select count(*) from (${purchasesOf(sql`o.customer_id = r.id`, period)}) s)::int as sales,
          (select coalesce(sum(s.total), 0) from (${purchasesOf(sql`o.customer_id = r.id`, period)}) s)::text as total
        from registered r
        where r.registered_at between ${period.from}::date and ${period.to}::date`,
      order: sql`order by r.registered_at, r.customer, r.id`,
      sums: { sales: 'sales', total: 'total' },
      // the count and the totals: every sale of the period joined to its customer once (a hash join, not a lookup a customer)
      counted: sql`with ${registeredIn(period, branchId)},
        purchases as (
          select s.customer_id, count(*)::int as sales, sum(s.total) as total
          from (${purchasesOf(sql`o.customer_id = r.id`, period, sql`join registered r on r.id = o.customer_id`)}) s
          group by s.customer_id)
        select coalesce(p.sales, 0) as sales, coalesce(p.total, 0) as total
        from registered r left join purchases p on p.customer_id = r.id
        where r.registered_at between ${period.from}::date and ${period.to}::date`,
      map: (r) => ({
        customer: r.customer,
        customerId: r.id,
        branch: r.branch ?? '',
        branchId: r.branch_id,
        drillKey: r.id,
        phone: r.phone,
        email: r.email,
        registeredAt: r.registered_at,
        sales: Number(r.sales),
        total: pesosOfText(r.total),
      }),
    }),
  ),
  drill: customerSales,
};

const SALE_COLUMNS: ReportColumn[] = [
  { key: 'number', label: 'Folio', type: 'text' },
  { key: 'date', label: 'Fecha', type: 'date' },
  { key: 'branch', label: 'Sucursal', type: 'text' },
  { key: 'sale', label: 'Venta', type: 'text' },
  { key: 'method', label: 'Forma de pago', type: 'text' },
  { key: 'sales', label: 'Compras', type: 'number', sums: true },
  { key: 'total', label: 'Total', type: 'money', sums: true },
];

/**
 * The sales behind a customer's Compras and Total (key = customer id), read as the report counts them: paid, not
 * refunded, of the period, while the customer was registered in it. A branch-bound role reads only its branch's customers.
 */
async function customerSales(scope: ReportScope, key: string) {
  const customerId = uuidKey(key);
  const [customer] = rowsOf<{ branch_id: string | null }>(
    await scope.db.execute(sql`select registry_branch_id as branch_id from customers where id = ${customerId}::uuid and deleted_at is null`),
  );
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  assertBranchAccess(scope.actor, customer.branch_id);
  const { period, branchId } = scope;
  const sales = (table: string, sale: string) => sql`select o.order_number, o.business_date, o.branch_id, ${sale}::text as sale, o.payment_method, o.total
    from ${sql.raw(table)} o join registered r on r.id = o.customer_id where ${purchased(sql`o`, period)}`;
  const rows = rowsOf<{ order_number: string; date: string; branch: string; sale: string; payment_method: string | null; total: string }>(
    await scope.db.execute(sql`with ${registeredIn(period, branchId, sql`c.id = ${customerId}::uuid`)}
      select s.order_number, s.business_date::text as date, b.name as branch, s.sale, s.payment_method, s.total::text as total
      from (${sales('orders', 'Tratamientos y paquetes')} union all ${sales('cash_orders', 'Productos')}) s
        join branches b on b.id = s.branch_id
      order by s.business_date, s.order_number`),
  );
  return {
    columns: SALE_COLUMNS,
    rows: rows.map((r) => ({
      number: r.order_number,
      date: r.date,
      branch: r.branch,
      sale: r.sale,
      method: r.payment_method,
      sales: 1,
      total: pesosOfText(r.total),
    })),
  };
}

import { sql, type SQL } from 'drizzle-orm';
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
 * customer without one, listed only when every branch is read; kept as customers.registered_on, migration 0035) — with
 * their purchases of the same period: the paid sales (treatments and packages, and products) of any branch whose
 * business day falls in it, a refunded sale left out; Total = the sum of those sales' totals.
 */

/** A paid sale, not refunded, of the period, of a customer registered in it (`registeredOn`: r's, or the day the sale carries). */
const purchased = (o: SQL, period: ReportPeriod, registeredOn: SQL = sql`r.registered_on`) =>
  sql`${registeredOn} between ${period.from}::date and ${period.to}::date and ${o}.payment_status = 'paid' and ${o}.refunded_at is null
    and ${o}.business_date between ${period.from}::date and ${period.to}::date`;

/**
 * The paid sales of the period of the customers `matched` picks (both kinds: treatments and packages, and products),
 * each kind by its own index; `from` adds the join that names the customers (the registered ones, `r`).
 */
const purchasesOf = (matched: SQL, period: ReportPeriod, from: SQL = sql``) =>
  sql`select o.customer_id, o.total from orders o ${from} where ${matched} and ${purchased(sql`o`, period)}
    union all select o.customer_id, o.total from cash_orders o ${from} where ${matched} and ${purchased(sql`o`, period)}`;

/** A customer (r) registered in the period, of the scope's branch; `only` narrows them to one (a drill). */
const registeredIn = (period: ReportPeriod, branchId: string | undefined, only: SQL = sql`true`) =>
  sql`r.deleted_at is null and r.registered_on between ${period.from}::date and ${period.to}::date
    and ${branchIs(sql`r.registry_branch_id`, branchId)} and ${only}`;

/**
 * The count and the totals: one row per registered customer (n = 1) and the sales' sums. Over the chain the sales are
 * read by the registration day each carries (a range of one index, not a lookup per customer: 65,000 customers and
 * 200,000 sales in a year of the volume data); for one branch, by its registered customers.
 */
function countedCustomers(period: ReportPeriod, branchId: string | undefined): SQL {
  const kept = (table: string) => sql`select 0 as n, count(*) as sales, coalesce(sum(o.total), 0) as total from ${sql.raw(table)} o
    where ${purchased(sql`o`, period, sql`o.customer_registered_on`)}`;
  const sales = branchId
    ? sql`select 0 as n, count(*) as sales, coalesce(sum(s.total), 0) as total
        from (${purchasesOf(sql`true`, period, sql`join customers r on r.id = o.customer_id and ${registeredIn(period, branchId)}`)}) s`
    : sql`${kept('orders')} union all ${kept('cash_orders')}`;
  return sql`select 1 as n, 0 as sales, 0 as total from customers r where ${registeredIn(period, branchId)} union all ${sales}`;
}

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
      query: sql`select r.id, trim(concat_ws(' ', r.name, r.last_name, r.mother_last_name)) as customer,
          (select b.name from branches b where b.id = r.registry_branch_id) as branch, r.registry_branch_id as branch_id,
          coalesce(r.mobile_phone, r.phone) as phone, r.email, r.registered_on::text as registered_at,
          (select count(*) from (${purchasesOf(sql`o.customer_id = r.id`, period)}) s)::int as sales,
          (select coalesce(sum(s.total), 0) from (${purchasesOf(sql`o.customer_id = r.id`, period)}) s)::text as total
        from customers r where ${registeredIn(period, branchId)}`,
      order: sql`order by r.registered_on, customer, r.id`,
      sums: { sales: 'sales', total: 'total' },
      counted: countedCustomers(period, branchId),
      countedBy: 'n',
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
    from ${sql.raw(table)} o join customers r on r.id = o.customer_id and ${registeredIn(period, branchId, sql`r.id = ${customerId}::uuid`)}
    where ${purchased(sql`o`, period)}`;
  const rows = rowsOf<{ order_number: string; date: string; branch: string; sale: string; payment_method: string | null; total: string }>(
    await scope.db.execute(sql`select s.order_number, s.business_date::text as date, b.name as branch, s.sale, s.payment_method, s.total::text as total
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

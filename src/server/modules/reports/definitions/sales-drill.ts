import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumn } from '../../../../domain/reports';
import type { ReportBasis, ReportRow } from '../../../../domain/reports.contract';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportScope } from '../definition';
import { isUuid, refuseKey } from './drill-key';
import { pesosOfText, rowsOf } from './money-rows';

/** The columns of a sales total's drill: each tender, refund and change behind it; the pesos add up to the cell. */
export const SALES_DRILL_COLUMNS: ReportColumn[] = [
  { key: 'number', label: 'Folio', type: 'text' },
  { key: 'at', label: 'Fecha y hora', type: 'datetime' },
  { key: 'sale', label: 'Venta', type: 'text' },
  { key: 'channel', label: 'Canal', type: 'text' },
  { key: 'movement', label: 'Movimiento', type: 'text' },
  { key: 'method', label: 'Método', type: 'text' },
  { key: 'currency', label: 'Moneda', type: 'text' },
  { key: 'amount', label: 'Importe en su moneda', type: 'money' },
  { key: 'total', label: 'Total MXN', type: 'money', sums: true },
];

const MOVEMENT: Record<string, string> = { payment: 'Cobro', refund: 'Devolución', change: 'Cambio' };
const CHANNEL: Record<string, string> = { pos: 'Sucursal', app: 'App', online: 'En línea' };
const SALE: Record<string, string> = { order: 'Tratamientos y paquetes', cashOrder: 'Productos' };

/** A branch's days, both included: what a sales drill reads. */
export interface BranchDays {
  branchId: string;
  from: string;
  to: string;
}

/** The key of a daily (branch|YYYY-MM-DD) or monthly (branch|YYYY-MM) sales row: its branch and its days. */
export function drillDays(key: string, grain: 'day' | 'month'): BranchDays {
  const [branchId, when = '', ...rest] = key.split('|');
  const shape = grain === 'day' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}$/;
  if (!isUuid(branchId) || !shape.test(when) || rest.length) refuseKey();
  if (grain === 'day') return { branchId, from: when, to: when };
  const [y, m] = when.split('-').map(Number) as [number, number];
  return { branchId, from: `${when}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** The rows behind a sales report's total (daily or monthly sales; key = branch|day or branch|month). */
export const salesDrill = (scope: ReportScope, key: string, grain: 'day' | 'month') => salesMoney(scope, drillDays(key, grain), scope.basis);

/**
 * The sales money of a branch's days: every tender and refund of the branch on those days (a refund on its sale's day
 * with the sale basis) and each sale's change given back, read from the same rows as moneyFigures, so their pesos add
 * up to the sales reports' total (and a closing's, and profitability's income). Another branch than the one asked: none.
 */
export async function salesMoney(
  scope: ReportScope,
  { branchId, from, to }: BranchDays,
  basis: ReportBasis,
): Promise<{ columns: ReportColumn[]; rows: ReportRow[] }> {
  assertBranchAccess(scope.actor, branchId);
  if (scope.branchId && scope.branchId !== branchId) return { columns: SALES_DRILL_COLUMNS, rows: [] };
  const within = (day: SQL) => sql`${day} between ${from}::date and ${to}::date`;
  const paymentDays =
    basis === 'sale'
      ? sql`((p.kind <> 'refund' and ${within(sql`p.business_date`)}) or (p.kind = 'refund' and ${within(sql`p.sale_date`)}))`
      : within(sql`p.business_date`);
  const change = (
    table: string,
    kind: SQL,
  ) => sql`select ${kind}, s.order_number, s.created_at, s.channel, 'change', 'Efectivo', 'MXN', (-s.change)::text, (-s.change)::text
    from ${sql.raw(table)} s where s.branch_id = ${branchId}::uuid and s.change > 0 and ${within(sql`s.business_date`)}`;
  const rows = rowsOf<{
    order_kind: string;
    number: string;
    at: Date | string;
    channel: string;
    kind: string;
    method: string;
    currency: string;
    amount: string;
    amount_mxn: string;
  }>(
    await scope.db.execute(sql`select * from (
        select p.order_kind, coalesce(o.order_number, c.order_number) as number, p.created_at as at, p.channel, p.kind, p.method, p.currency,
          p.amount::text as amount, p.amount_mxn::text as amount_mxn
        from sale_payments p
          left join orders o on p.order_kind = 'order' and o.id = p.order_id
          left join cash_orders c on p.order_kind = 'cashOrder' and c.id = p.order_id
        where p.branch_id = ${branchId}::uuid and p.channel is not null and ${paymentDays}
        union all ${change('orders', sql`'order'`)}
        union all ${change('cash_orders', sql`'cashOrder'`)}
      ) m (order_kind, number, at, channel, kind, method, currency, amount, amount_mxn) order by at, number`),
  );
  return {
    columns: SALES_DRILL_COLUMNS,
    rows: rows.map((r) => ({
      number: r.number,
      at: new Date(r.at).toISOString(),
      sale: SALE[r.order_kind] ?? r.order_kind,
      channel: CHANNEL[r.channel] ?? r.channel,
      movement: MOVEMENT[r.kind] ?? r.kind,
      method: r.method,
      currency: r.currency,
      amount: pesosOfText(r.amount),
      total: pesosOfText(r.amount_mxn),
    })),
  };
}

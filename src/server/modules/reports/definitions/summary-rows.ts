import { sql, type SQL } from 'drizzle-orm';
import { splitByMonths, type ReportPeriod } from '../period';

/**
 * The rows of a summary (migrations 0028, 0033 and 0036) for a period and branch: its whole months from the month view, the days
 * around them from the day view; `date` is the column the period is read on (a refund's sale day for the sale basis).
 * Both views have the same columns, so the caller groups the union as it would one of them.
 */
function summaryRows(views: { day: string; month?: string }, date: string, period: ReportPeriod, branchId: string | undefined, where: SQL): SQL {
  const { months, days } = views.month ? splitByMonths(period) : { months: null, days: [period] };
  const part = (view: string, p: ReportPeriod) =>
    sql`select * from ${sql.identifier(view)} s where s.${sql.identifier(date)} between ${p.from}::date and ${p.to}::date
      and ${branchId ? sql`s.branch_id = ${branchId}::uuid` : sql`true`} and ${where}`;
  const parts = [...(months && views.month ? [part(views.month, months)] : []), ...days.map((d) => part(views.day, d))];
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/**
 * A branch-day's money by sale kind, channel, kind, method and currency (report_money); read by month, the whole months
 * come from report_money_month, whose days are the months' first.
 */
export const moneySummary = (
  period: ReportPeriod,
  branchId: string | undefined,
  grain: 'day' | 'month',
  date: 'business_date' | 'sale_date',
  where: SQL = sql`true`,
) => summaryRows({ day: 'report_money', month: grain === 'month' ? 'report_money_month' : undefined }, date, period, branchId, where);

/** A cabin-day's appointment counts and booked minutes (report_cabin_day, by month report_cabin_month). */
export const cabinSummary = (period: ReportPeriod, branchId: string | undefined, where: SQL = sql`true`) =>
  summaryRows({ day: 'report_cabin_day', month: 'report_cabin_month' }, 'date', period, branchId, where);

/** A person's commission lines by kind and branch-day: their count and sums (report_commission_day, by month report_commission_month). */
export const commissionSummary = (period: ReportPeriod, branchId: string | undefined, where: SQL = sql`true`) =>
  summaryRows({ day: 'report_commission_day', month: 'report_commission_month' }, 'business_date', period, branchId, where);

/** A branch-day's expenses by part, at their lots' prices (report_expense_day, by month report_expense_month). */
export const expenseSummary = (period: ReportPeriod, branchId: string | undefined) =>
  summaryRows({ day: 'report_expense_day', month: 'report_expense_month' }, 'day', period, branchId, sql`true`);

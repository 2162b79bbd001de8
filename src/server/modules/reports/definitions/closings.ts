import { sql } from 'drizzle-orm';
import { AUTOMATIC_LABEL } from '../../../../domain/cash-closings';
import { REPORTS } from '../../../../domain/reports';
import type { ReportDefinition, ReportScope } from '../definition';
import { lineReport, type LineQuery } from './lines';
import { branchIs, pesosOfText } from './money-rows';
import { drillDays, salesMoney } from './sales-drill';

/** The daily cash closings of the period as they were stored (a closed day is never recomputed). */
const closingLines = ({ period, branchId }: ReportScope): LineQuery<Record<string, string | null>> => {
  const ofPeriod = sql`c.deleted_at is null and c.business_date between ${period.from}::date and ${period.to}::date and ${branchIs(sql`c.branch_id`, branchId)}`;
  const amounts = sql`c.opening_float::text, c.cash_total::text, c.cash_total_dollars::text, (c.credit_card_total + c.debit_card_total)::text as cards,
    (c.refund_cash + c.refund_credit_card_total + c.refund_debit_card_total + c.refund_points)::text as refunds, c.difference_cash::text,
    c.total::text`;
  return {
    // a year of the chain is 7,300 closings: a page reads its 20 in the database, the count and totals one aggregate
    query: sql`select c.closing_number, c.branch_id, b.name as branch, c.business_date::text as date,
          case when u.id is null then ${AUTOMATIC_LABEL} else trim(concat_ws(' ', u.name, u.last_name)) end as user_name, ${amounts}
        from daily_cash_closings c join branches b on b.id = c.branch_id left join users u on u.id = c.user_id
        where ${ofPeriod}`,
    order: sql`order by c.business_date, b.name`,
    sums: {
      openingFloat: 'opening_float',
      cash: 'cash_total',
      dollars: 'cash_total_dollars',
      cards: 'cards',
      refunds: 'refunds',
      difference: 'difference_cash',
      total: 'total',
    },
    counted: sql`select ${amounts} from daily_cash_closings c where ${ofPeriod}`,
    map: (r) => ({
      number: r.closing_number,
      branch: r.branch,
      branchId: r.branch_id,
      date: r.date,
      drillKey: `${r.branch_id}|${r.date}`,
      user: r.user_name,
      openingFloat: pesosOfText(r.opening_float),
      cash: pesosOfText(r.cash_total),
      dollars: pesosOfText(r.cash_total_dollars),
      cards: pesosOfText(r.cards),
      refunds: pesosOfText(r.refunds),
      difference: pesosOfText(r.difference_cash),
      total: pesosOfText(r.total),
    }),
  };
};

/** A closing's total opens the tenders, refunds and change of its branch-day (key = branch|day), on the cash basis it counts. */
export const dailyCashClosing: ReportDefinition = {
  ...lineReport(REPORTS['daily-cash-closing'], closingLines),
  drill: (scope, key) => salesMoney(scope, drillDays(key, 'day'), 'cash'),
};

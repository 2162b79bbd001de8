import { BUSINESS_TIME_ZONE, dateInZone } from '../../../domain/dates';
import type { ReportMeta } from '../../../domain/reports';
import type { ReportQuery } from '../../../domain/reports.contract';
import { AppError } from '../../platform/app-error';

/** The branch-local days a report covers, both included (each branch reads them as its own days). */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** API.md: a period longer than this is refused (400 on its field). */
const MAX_DAYS = 3 * 366;

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

function refuse(field: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}

/**
 * The period a report's filters name: a date range (startDate–endDate; one of them alone is that day on), a month
 * (YYYY-MM) or a year. With none given: the current month for a month or date report, the current year for a year
 * report — today taken in the business zone.
 */
export function reportPeriod(meta: Pick<ReportMeta, 'filters'>, q: ReportQuery, now = new Date()): ReportPeriod {
  const today = dateInZone(BUSINESS_TIME_ZONE, now);
  const thisMonth = today.slice(0, 7);
  const takes = (f: ReportMeta['filters'][number]) => meta.filters.includes(f);
  let period: ReportPeriod;
  if (takes('dates') && (q.startDate || q.endDate)) {
    period = { from: q.startDate ?? q.endDate!, to: q.endDate ?? q.startDate! };
    if (period.from > period.to) refuse('endDate', 'La fecha final no puede ser anterior a la inicial');
  } else if (takes('month') && q.month) {
    period = { from: `${q.month}-01`, to: lastDayOf(q.month) };
  } else if (takes('year') && q.year) {
    period = { from: `${q.year}-01-01`, to: `${q.year}-12-31` };
  } else if (takes('year') && !takes('month') && !takes('dates')) {
    period = { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  } else {
    period = { from: `${thisMonth}-01`, to: lastDayOf(thisMonth) };
  }
  if (daysBetween(period.from, period.to) > MAX_DAYS) refuse('startDate', 'El periodo no puede ser mayor a 3 años');
  return period;
}

/** The months (YYYY-MM) a period touches, in order. */
export function monthsOf(period: ReportPeriod): string[] {
  const months: string[] = [];
  let [y, m] = period.from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = period.to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    if (m === 12) {
      y += 1;
      m = 1;
    } else m += 1;
  }
}

const dayAfter = (date: string, days = 1) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A period cut at its whole months: the first days of each whole month it covers (`months`, null when none) and the
 * days before and after them (`days`). A summary kept by day and by month reads a year from twelve month rows.
 */
export function splitByMonths(period: ReportPeriod): { months: ReportPeriod | null; days: ReportPeriod[] } {
  const firstWhole = period.from.endsWith('-01') ? period.from : `${dayAfter(lastDayOf(period.from.slice(0, 7)))}`;
  const lastWholeEnd = period.to === lastDayOf(period.to.slice(0, 7)) ? period.to : dayAfter(`${period.to.slice(0, 7)}-01`, -1);
  if (firstWhole > lastWholeEnd) return { months: null, days: [period] };
  const days: ReportPeriod[] = [];
  if (period.from < firstWhole) days.push({ from: period.from, to: dayAfter(firstWhole, -1) });
  if (period.to > lastWholeEnd) days.push({ from: dayAfter(lastWholeEnd), to: period.to });
  return { months: { from: firstWhole, to: `${lastWholeEnd.slice(0, 7)}-01` }, days };
}

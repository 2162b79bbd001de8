import { formatMoney } from '../../../domain/money';
import { occupationBand, type ReportColumn } from '../../../domain/reports';
import type { ReportRow } from '../../../domain/reports.contract';
import { formatCalendarDate, formatCount, formatDateTime } from '../../ui/format';

type Cell = ReportRow[string];

/**
 * The reports' and indicators' secondary text (notes, last year's figures, a select's 'all' placeholder): antd's
 * secondary grey is 3.3:1 on the page, below the 4.5:1 that small text needs (WCAG AA); this is 7:1 on white.
 */
export const MUTED_TEXT = 'rgba(0, 0, 0, 0.65)';

const twoDecimals = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A report's month ('YYYY-MM', monthly sales) read as the screens write periods: MM/AAAA. */
const MONTH = /^(\d{4})-(\d{2})$/;

/** A cell as the table shows it, by the column's type: money $1,234.56, percent 12.50 %, dates DD/MM/AAAA. */
export function cellText(column: Pick<ReportColumn, 'type'>, value: Cell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'money':
      return formatMoney(value);
    case 'percent':
      return `${twoDecimals.format(Number(value))} %`;
    case 'number':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'date':
      return formatCalendarDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'text': {
      const month = MONTH.exec(String(value));
      return month ? `${month[2]}/${month[1]}` : String(value);
    }
  }
}

/** Figures line up on the right (money, counts, percents); text and dates on the left. */
export const isFigure = (column: Pick<ReportColumn, 'type'>) => column.type === 'money' || column.type === 'number' || column.type === 'percent';

const BAND_TAGS = { red: 'red', yellow: 'gold', green: 'green' } as const;

/** The occupation band's tag colour (section 4: below 50 red, 50–69 yellow, 70 and above green), for an occupation percent. */
export function bandColor(column: Pick<ReportColumn, 'key' | 'type'>, value: Cell | undefined): (typeof BAND_TAGS)[keyof typeof BAND_TAGS] | undefined {
  if (column.type !== 'percent' || column.key !== 'occupation' || typeof value !== 'number') return undefined;
  return BAND_TAGS[occupationBand(value)];
}

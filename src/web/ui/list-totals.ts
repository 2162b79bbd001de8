import { fromCents, sumCents, toCents } from '../../domain/money';

/** One summed column of a list's totals row. */
export interface TotalColumn<T> {
  /** The list column (ListColumn.key) the sum is shown under. */
  key: string;
  /** The row's amount; by default the row's property of the same key. */
  value?: (row: T) => number | string | null | undefined;
  /** Money (the default) sums exactly in cents and shows as $1,234.56; a count sums whole numbers. */
  kind?: 'money' | 'count';
}

/** A list's 'Total' row: the label sits in the first column. */
export interface ListTotals<T> {
  label?: string;
  columns: TotalColumn<T>[];
}

/** Totals by column key as the server answers them (over every filtered row, not just the page). */
export type TotalsAnswer = Record<string, number | string | null | undefined>;

const rowValue = <T>(row: T, c: TotalColumn<T>) => (c.value ? c.value(row) : (row as Record<string, unknown>)[c.key]) as number | string | null | undefined;

/** The sum of one column over the rows: money exact in cents (pesos with two decimals), counts as plain integers. */
export function sumColumn<T>(rows: readonly T[], column: TotalColumn<T>): number {
  const values = rows.map((r) => rowValue(r, column)).filter((v): v is number | string => v !== null && v !== undefined && v !== '');
  if (column.kind === 'count') return values.reduce<number>((s, v) => s + Number(v), 0);
  return fromCents(sumCents(values.map((v) => toCents(v))));
}

/** Each summed column's total: the server's when the answer carries one, else the sum of the rows at hand. */
export function listTotals<T>(rows: readonly T[], totals: ListTotals<T>, fromServer?: TotalsAnswer): Record<string, number> {
  return Object.fromEntries(
    totals.columns.map((c) => {
      const given = fromServer?.[c.key];
      return [c.key, given !== undefined && given !== null ? Number(given) : sumColumn(rows, c)];
    }),
  );
}

/**
 * The shapes of the reports' charts as ECharts options: pure functions of the rows (no ECharts code, only its types),
 * drawn by `<LazyChart>` (ui/Chart.tsx), which adds the antd theme, the Spanish locale and ECharts' aria description.
 * Money arrives as pesos (numbers, as on the wire); axes read it as es-MX pesos without cents, tooltips with them.
 */
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  AriaComponentOption,
  DatasetComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { formatMoney } from '../../domain/money';

/** Every option the app's charts may hold: only the series and components `Chart` registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | HeatmapSeriesOption
  | AriaComponentOption
  | DatasetComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

const pesosNoCents = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('es-MX');
const percent = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });
/** An occupation cut (not rounded) to one decimal, so its text never reads the next band's (69.96 → 69.9, yellow). */
const occupation = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1, roundingMode: 'trunc' });

/** An occupation percent as a heat map cell shows it ('69.9'; the legend says it is percent). */
export function occupationLabel(value: number): string {
  return occupation.format(value);
}

/** A money axis label: es-MX pesos without cents ($12,500; −$3,000). */
export function moneyAxisLabel(value: number): string {
  return pesosNoCents.format(value);
}

/** A tooltip's money value: es-MX pesos with cents ($12,500.00); a missing value reads '—'. */
export function moneyTooltip(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatMoney(value) : '—';
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** A calendar day ('YYYY-MM-DD') as a short axis label ('05/03'), with no time-zone shift. */
export function dayLabel(isoDay: string): string {
  const [, month, day] = isoDay.slice(0, 10).split('-');
  return `${day}/${month}`;
}

/** A month ('YYYY-MM' or a day in it) as a short axis label ('mar 2026'). */
export function monthLabel(isoMonth: string): string {
  const [year, month] = isoMonth.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

/** An hour of the day (0–23) as the heat map's column ('08:00'). */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

const moneyValueAxis = { type: 'value', axisLabel: { formatter: moneyAxisLabel } } as const;
const GRID = { left: 8, right: 16, top: 48, bottom: 8, containLabel: true } as const;

export interface MoneyVsGoalRow {
  /** The category shown on the axis (a day's or a month's label). */
  label: string;
  amount: number;
  /** The goal for that day or month; null where there is none. */
  goal: number | null;
}

/** A dataset of money by category label: the grid, legend, axis tooltip and money axis the money charts share. */
function moneyByLabel(dimensions: string[], source: (string | number | null)[][]): ChartOption {
  return {
    dataset: { dimensions, source },
    grid: GRID,
    legend: { top: 0 },
    tooltip: { trigger: 'axis', valueFormatter: moneyTooltip },
    xAxis: { type: 'category' },
    yAxis: moneyValueAxis,
  };
}

/**
 * Bars of a money series against a goal line: sales by day against the day's share of the month's goal, or sales by
 * month against the month's goal. A row's goal null leaves a gap in the line.
 */
export function moneyVsGoalOption(rows: MoneyVsGoalRow[], names: { amount?: string; goal?: string } = {}): ChartOption {
  return {
    ...moneyByLabel(
      ['label', 'amount', 'goal'],
      rows.map((r) => [r.label, r.amount, r.goal]),
    ),
    series: [
      { type: 'bar', name: names.amount ?? 'Ventas', encode: { x: 'label', y: 'amount' } },
      {
        type: 'line',
        name: names.goal ?? 'Meta',
        encode: { x: 'label', y: 'goal' },
        showSymbol: rows.length <= 31,
        lineStyle: { type: 'dashed', width: 2 },
        connectNulls: false,
      },
    ],
  };
}

export interface CountRow {
  name: string;
  count: number;
}

/** A donut of counts by category (appointments by channel): the legend names each, the tooltip gives count and share. */
export function countsByCategoryOption(rows: CountRow[], seriesName = 'Citas'): ChartOption {
  return {
    legend: { type: 'scroll', bottom: 0 },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = Array.isArray(p) ? p[0] : p;
        return `${item.marker ?? ''}${item.name}: ${count.format(Number(item.value))} (${percent.format(item.percent ?? 0)} %)`;
      },
    },
    series: [
      {
        type: 'pie',
        name: seriesName,
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: (p) => `${p.name}\n${percent.format(p.percent ?? 0)} %`, lineHeight: 18 },
        data: rows.map((r) => ({ name: r.name, value: r.count })),
      },
    ],
  };
}

/** The occupation bands of the spec: below 50 % red, 50–69 % yellow, 70 % and above green. */
export const OCCUPANCY_BANDS = { yellowFrom: 50, greenFrom: 70 } as const;

export interface BandColors {
  red: string;
  yellow: string;
  green: string;
}

/** antd's default error, warning and success colours; `Chart` callers may pass the theme's (token.colorError…). */
export const DEFAULT_BAND_COLORS: BandColors = { red: '#ff4d4f', yellow: '#faad14', green: '#52c41a' };

export interface OccupancyCell {
  cabin: string;
  /** Hour of the day, 0–23. */
  hour: number;
  /** Occupation in percent (0–100); null for an hour the cabin was not open. */
  percent: number | null;
}

/**
 * A heat map of occupation by cabin (rows) and hour (columns), each cell coloured by its band and labelled with its
 * percent. Cabins keep the order given; hours run from the first to the last hour of any cell; an hour a cabin was not
 * open is left blank.
 */
export function occupancyHeatmapOption(cabins: string[], cells: OccupancyCell[], colors: BandColors = DEFAULT_BAND_COLORS): ChartOption {
  const hours = cells.map((c) => c.hour);
  const first = hours.length ? Math.min(...hours) : 0;
  const last = hours.length ? Math.max(...hours) : -1;
  const columns = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const data = cells.filter((c) => c.percent !== null && cabins.includes(c.cabin)).map((c) => [c.hour - first, cabins.indexOf(c.cabin), c.percent as number]);
  const { yellowFrom, greenFrom } = OCCUPANCY_BANDS;
  return {
    grid: { ...GRID, top: 8, bottom: 40 },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = Array.isArray(p) ? p[0] : p;
        const [column, row, value] = item.value as [number, number, number];
        return `${cabins[row]}, ${hourLabel(columns[column])}: ${occupationLabel(value)} %`;
      },
    },
    xAxis: { type: 'category', data: columns.map(hourLabel), splitArea: { show: true } },
    yAxis: { type: 'category', data: cabins, inverse: true, splitArea: { show: true } },
    visualMap: {
      type: 'piecewise',
      dimension: 2,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      pieces: [
        { lt: yellowFrom, color: colors.red, label: `Menos de ${yellowFrom} %` },
        { gte: yellowFrom, lt: greenFrom, color: colors.yellow, label: `${yellowFrom} a ${greenFrom - 1} %` },
        { gte: greenFrom, color: colors.green, label: `${greenFrom} % o más` },
      ],
    },
    series: [
      {
        type: 'heatmap',
        name: 'Ocupación',
        data,
        label: { show: true, fontSize: 11, formatter: (p) => occupationLabel((p.value as number[])[2]) },
        itemStyle: { borderColor: 'transparent', borderWidth: 2 },
      },
    ],
  };
}

export interface IncomeExpensesRow {
  /** The month's label (monthLabel). */
  label: string;
  income: number;
  expenses: number;
}

/** Grouped bars of income and expenses by month (profitability by branch). */
export function incomeVsExpensesOption(rows: IncomeExpensesRow[]): ChartOption {
  return {
    ...moneyByLabel(
      ['label', 'income', 'expenses'],
      rows.map((r) => [r.label, r.income, r.expenses]),
    ),
    series: [
      { type: 'bar', name: 'Ingresos', encode: { x: 'label', y: 'income' } },
      { type: 'bar', name: 'Egresos', encode: { x: 'label', y: 'expenses' } },
    ],
  };
}

/** The antd tokens a chart follows. */
export interface ChartTokens {
  colorPrimary: string;
  colorText: string;
  colorTextSecondary: string;
  colorBorder: string;
  colorBorderSecondary: string;
  colorBgElevated: string;
  colorFillQuaternary: string;
  fontFamily: string;
  fontSize: number;
  /** Extra series colours after the primary one (antd's preset palette). */
  palette: string[];
}

/** An ECharts theme from the antd tokens: series colours, font, text, axis, legend and tooltip colours. */
export function chartTheme(t: ChartTokens): Record<string, unknown> {
  const axis = {
    axisLine: { show: true, lineStyle: { color: t.colorBorder } },
    axisTick: { show: false, lineStyle: { color: t.colorBorder } },
    axisLabel: { color: t.colorTextSecondary },
    splitLine: { lineStyle: { color: t.colorBorderSecondary } },
    splitArea: { areaStyle: { color: ['transparent', t.colorFillQuaternary] } },
    nameTextStyle: { color: t.colorTextSecondary },
  };
  return {
    color: [t.colorPrimary, ...t.palette],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: t.fontFamily, fontSize: t.fontSize, color: t.colorText },
    title: { textStyle: { color: t.colorText }, subtextStyle: { color: t.colorTextSecondary } },
    legend: { textStyle: { color: t.colorTextSecondary }, pageTextStyle: { color: t.colorTextSecondary } },
    tooltip: {
      backgroundColor: t.colorBgElevated,
      borderColor: t.colorBorderSecondary,
      textStyle: { color: t.colorText, fontFamily: t.fontFamily, fontSize: t.fontSize },
    },
    visualMap: { textStyle: { color: t.colorTextSecondary } },
    categoryAxis: { ...axis, splitLine: { show: false } },
    valueAxis: { ...axis, axisLine: { show: false } },
    line: { symbolSize: 6 },
    pie: { itemStyle: { borderColor: t.colorBgElevated, borderWidth: 2 } },
    label: { color: t.colorText },
  };
}

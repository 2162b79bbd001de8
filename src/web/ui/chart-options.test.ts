import { describe, expect, it } from 'vitest';
import {
  chartTheme,
  countsByCategoryOption,
  dayLabel,
  DEFAULT_BAND_COLORS,
  hourLabel,
  incomeVsExpensesOption,
  moneyAxisLabel,
  moneyTooltip,
  moneyVsGoalOption,
  monthLabel,
  occupancyHeatmapOption,
  occupationLabel,
  type ChartOption,
} from './chart-options';

/** The series of an option as plain records (ECharts allows one or a list). */
function seriesOf(option: ChartOption): Record<string, unknown>[] {
  const series = option.series;
  return (Array.isArray(series) ? series : [series]) as Record<string, unknown>[];
}

type Formatter = (value: unknown) => string;

/** The colour visualMap gives a value: the first piece whose bounds hold it, as ECharts reads lt/gte. */
function bandColour(option: ChartOption, value: number): string | undefined {
  const visualMap = option.visualMap as { pieces: { lt?: number; gte?: number; color: string }[] };
  return visualMap.pieces.find((p) => (p.gte === undefined || value >= p.gte) && (p.lt === undefined || value < p.lt))?.color;
}

describe('chart labels', () => {
  it('writes money axes as es-MX pesos without cents and tooltips with them', () => {
    expect(moneyAxisLabel(12500)).toBe('$12,500');
    expect(moneyAxisLabel(1234567.89)).toBe('$1,234,568');
    expect(moneyAxisLabel(0)).toBe('$0');
    expect(moneyAxisLabel(-3000)).toBe('-$3,000');
    expect(moneyTooltip(1234.5)).toBe('$1,234.50');
    expect(moneyTooltip(null)).toBe('—');
    expect(moneyTooltip(undefined)).toBe('—');
  });

  it('labels days, months and hours without a time-zone shift', () => {
    expect(dayLabel('2026-03-05')).toBe('05/03');
    expect(dayLabel('2026-12-31T23:00:00-08:00')).toBe('31/12');
    expect(monthLabel('2026-01')).toBe('ene 2026');
    expect(monthLabel('2026-12-01')).toBe('dic 2026');
    expect(hourLabel(8)).toBe('08:00');
    expect(hourLabel(20)).toBe('20:00');
    expect(occupationLabel(69.99)).toBe('69.9');
    expect(occupationLabel(100)).toBe('100');
  });
});

describe('money against a goal', () => {
  const rows = [
    { label: '01/03', amount: 10500.5, goal: 9677.42 },
    { label: '02/03', amount: 8000, goal: 9677.42 },
    { label: '03/03', amount: 0, goal: null },
  ];

  it('draws the amounts as bars and the goal as a line from one dataset', () => {
    const option = moneyVsGoalOption(rows);
    expect(option.dataset).toEqual({
      dimensions: ['label', 'amount', 'goal'],
      source: [
        ['01/03', 10500.5, 9677.42],
        ['02/03', 8000, 9677.42],
        ['03/03', 0, null],
      ],
    });
    const [bars, line] = seriesOf(option);
    expect(bars).toMatchObject({ type: 'bar', name: 'Ventas', encode: { x: 'label', y: 'amount' } });
    expect(line).toMatchObject({ type: 'line', name: 'Meta', encode: { x: 'label', y: 'goal' }, connectNulls: false });
  });

  it('names its series as told and reads the axis in pesos', () => {
    const option = moneyVsGoalOption(rows, { amount: 'Ventas del mes', goal: 'Meta del mes' });
    expect(seriesOf(option).map((s) => s.name)).toEqual(['Ventas del mes', 'Meta del mes']);
    const formatter = (option.yAxis as { axisLabel: { formatter: Formatter } }).axisLabel.formatter;
    expect(formatter(250000)).toBe('$250,000');
    expect((option.tooltip as { valueFormatter: Formatter }).valueFormatter(10500.5)).toBe('$10,500.50');
  });

  it('hides the line symbols on a long series of days', () => {
    const year = Array.from({ length: 365 }, (_, i) => ({ label: String(i), amount: i, goal: 100 }));
    expect(seriesOf(moneyVsGoalOption(year))[1].showSymbol).toBe(false);
    expect(seriesOf(moneyVsGoalOption(rows))[1].showSymbol).toBe(true);
  });
});

describe('counts by category', () => {
  it('draws a donut with each category and its count, and a tooltip with count and share', () => {
    const option = countsByCategoryOption([
      { name: 'Teléfono', count: 1234 },
      { name: 'WhatsApp', count: 766 },
    ]);
    const [pie] = seriesOf(option);
    expect(pie).toMatchObject({ type: 'pie', name: 'Citas', radius: ['40%', '68%'] });
    expect(pie.data).toEqual([
      { name: 'Teléfono', value: 1234 },
      { name: 'WhatsApp', value: 766 },
    ]);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip({ name: 'Teléfono', value: 1234, percent: 61.7, marker: '' })).toBe('Teléfono: 1,234 (61.7 %)');
  });
});

describe('occupation heat map', () => {
  const cabins = ['Cabina 1', 'Cabina 2'];
  const cells = [
    { cabin: 'Cabina 1', hour: 9, percent: 49.9 },
    { cabin: 'Cabina 1', hour: 11, percent: 70 },
    { cabin: 'Cabina 2', hour: 10, percent: 50 },
    { cabin: 'Cabina 2', hour: 11, percent: null },
    { cabin: 'Cabina 9', hour: 12, percent: 80 },
  ];

  it('colours each value by the spec bands: below 50 red, 50 to 69 yellow, 70 and above green', () => {
    const option = occupancyHeatmapOption(cabins, cells);
    const { red, yellow, green } = DEFAULT_BAND_COLORS;
    expect(bandColour(option, 0)).toBe(red);
    expect(bandColour(option, 49.99)).toBe(red);
    expect(bandColour(option, 50)).toBe(yellow);
    expect(bandColour(option, 69.99)).toBe(yellow);
    expect(bandColour(option, 70)).toBe(green);
    expect(bandColour(option, 100)).toBe(green);
    expect((option.visualMap as { type: string; dimension: number }).type).toBe('piecewise');
    expect((option.visualMap as { dimension: number }).dimension).toBe(2);
  });

  it('takes the theme colours it is given', () => {
    const option = occupancyHeatmapOption(cabins, cells, { red: '#a00', yellow: '#aa0', green: '#0a0' });
    expect([bandColour(option, 10), bandColour(option, 60), bandColour(option, 90)]).toEqual(['#a00', '#aa0', '#0a0']);
  });

  it('places cells by hour and cabin, leaving closed hours and unknown cabins out', () => {
    const option = occupancyHeatmapOption(cabins, cells);
    // hours 9 to 12 (the unknown cabin's hour still widens the axis: the report's hours are the branch's)
    expect((option.xAxis as { data: string[] }).data).toEqual(['09:00', '10:00', '11:00', '12:00']);
    expect((option.yAxis as { data: string[] }).data).toEqual(cabins);
    expect(seriesOf(option)[0]).toMatchObject({ type: 'heatmap' });
    expect(seriesOf(option)[0].data).toEqual([
      [0, 0, 49.9],
      [2, 0, 70],
      [1, 1, 50],
    ]);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip({ value: [1, 1, 50] })).toBe('Cabina 2, 10:00: 50 %');
    expect(tooltip({ value: [2, 0, 69.96] })).toBe('Cabina 1, 11:00: 69.9 %');
    const label = (seriesOf(option)[0].label as { formatter: (p: unknown) => string }).formatter;
    expect(label({ value: [0, 0, 49.99] })).toBe('49.9');
    expect(label({ value: [0, 0, 70] })).toBe('70');
  });

  it('draws an empty grid when there are no cells', () => {
    const option = occupancyHeatmapOption(cabins, []);
    expect((option.xAxis as { data: string[] }).data).toEqual([]);
    expect(seriesOf(option)[0].data).toEqual([]);
  });
});

describe('income against expenses', () => {
  it('draws grouped bars of income and expenses by month in pesos', () => {
    const option = incomeVsExpensesOption([
      { label: 'ene 2026', income: 350000, expenses: 120000.25 },
      { label: 'feb 2026', income: 310000, expenses: 330000 },
    ]);
    expect(seriesOf(option).map((s) => [s.type, s.name, (s.encode as { y: string }).y])).toEqual([
      ['bar', 'Ingresos', 'income'],
      ['bar', 'Egresos', 'expenses'],
    ]);
    expect((option.dataset as { source: unknown[] }).source).toEqual([
      ['ene 2026', 350000, 120000.25],
      ['feb 2026', 310000, 330000],
    ]);
    expect((option.tooltip as { valueFormatter: Formatter }).valueFormatter(120000.25)).toBe('$120,000.25');
  });
});

describe('chart theme', () => {
  it('follows the antd tokens', () => {
    const theme = chartTheme({
      colorPrimary: '#7c4dcc',
      colorText: 'rgba(0,0,0,0.88)',
      colorTextSecondary: 'rgba(0,0,0,0.65)',
      colorBorder: '#d9d9d9',
      colorBorderSecondary: '#f0f0f0',
      colorBgElevated: '#ffffff',
      colorFillQuaternary: 'rgba(0,0,0,0.02)',
      fontFamily: 'Inter, sans-serif',
      fontSize: 14,
      palette: ['#faad14', '#13c2c2'],
    });
    expect(theme.color).toEqual(['#7c4dcc', '#faad14', '#13c2c2']);
    expect(theme.textStyle).toEqual({ fontFamily: 'Inter, sans-serif', fontSize: 14, color: 'rgba(0,0,0,0.88)' });
    expect(theme).toMatchObject({
      tooltip: { backgroundColor: '#ffffff' },
      categoryAxis: { axisLabel: { color: 'rgba(0,0,0,0.65)' } },
      valueAxis: { splitLine: { lineStyle: { color: '#f0f0f0' } } },
    });
  });
});

describe('every helper', () => {
  it('uses only the series types Chart registers', () => {
    const options = [
      moneyVsGoalOption([{ label: 'a', amount: 1, goal: 1 }]),
      countsByCategoryOption([{ name: 'a', count: 1 }]),
      occupancyHeatmapOption(['a'], [{ cabin: 'a', hour: 8, percent: 1 }]),
      incomeVsExpensesOption([{ label: 'a', income: 1, expenses: 1 }]),
    ];
    const types = new Set(options.flatMap((o) => seriesOf(o).map((s) => s.type)));
    expect([...types].every((t) => ['bar', 'line', 'pie', 'heatmap'].includes(String(t)))).toBe(true);
  });
});

import { occupationBand, type ReportChart } from '../../../domain/reports';
import type { Report, ReportRow } from '../../../domain/reports.contract';
import {
  countsByCategoryOption,
  dayLabel,
  DEFAULT_BAND_COLORS,
  incomeVsExpensesOption,
  moneyVsGoalOption,
  monthLabel,
  occupationLabel,
  OCCUPANCY_BANDS,
  type ChartOption,
} from '../../ui/chart-options';

/**
 * A report's chart (its catalogue's `chart`) from the rows the API answered: pure, so the page memoises it on the
 * answer. Several branches in one period add up per day or month (the chain's figure against the chain's goal).
 */
export interface ReportChartSpec {
  option: ChartOption;
  /** The chart's accessible name. */
  label: string;
  height: number;
}

const num = (v: ReportRow[string] | undefined) => (typeof v === 'number' ? v : 0);
const cents = (v: number) => Math.round(v * 100);

/** The amount and goal of each day or month, summed over the branches shown (a goal stays null where no branch has one). */
function byPeriod(rows: ReportRow[], periodKey: string, goalKey: string) {
  const out = new Map<string, { amount: number; goal: number | null }>();
  for (const row of rows) {
    const period = String(row[periodKey] ?? '');
    if (!period) continue;
    const at = out.get(period) ?? { amount: 0, goal: null };
    at.amount += cents(num(row.total));
    const goal = row[goalKey];
    if (typeof goal === 'number') at.goal = (at.goal ?? 0) + cents(goal);
    out.set(period, at);
  }
  return [...out]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, v]) => ({ period, amount: v.amount / 100, goal: v.goal === null ? null : v.goal / 100 }));
}

/** Appointments by channel: the channel columns of the totals (not 'Atendidas' nor 'Total', which are no channel). */
const NOT_CHANNELS = new Set(['fullOperation', 'total']);

/** Occupation by cabin as bars coloured by band (the API answers a figure per cabin, not per hour: no heat map yet). */
export function occupationByCabinOption(rows: ReportRow[]): ChartOption {
  const manyBranches = new Set(rows.map((r) => r.branch)).size > 1;
  const names = rows.map((r) => (manyBranches ? `${r.branch ?? ''} · ${r.cabin ?? ''}` : String(r.cabin ?? '')));
  const { yellowFrom, greenFrom } = OCCUPANCY_BANDS;
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${occupationLabel(Number(v))} %` },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value} %' } },
    yAxis: { type: 'category', data: names, inverse: true },
    series: [
      {
        type: 'bar',
        name: `Ocupación (menos de ${yellowFrom} % rojo, de ${yellowFrom} a ${greenFrom - 1} % amarillo, ${greenFrom} % o más verde)`,
        data: rows.map((r) => ({ value: num(r.occupation), itemStyle: { color: DEFAULT_BAND_COLORS[occupationBand(num(r.occupation))] } })),
        label: { show: true, position: 'right', formatter: (p) => `${occupationLabel(Number(p.value))} %` },
      },
    ],
  };
}

export function reportChart(kind: ReportChart | undefined, answer: Report): ReportChartSpec | null {
  if (!kind || !answer.rows.length) return null;
  switch (kind) {
    case 'salesByDay': {
      const days = byPeriod(answer.rows, 'date', 'dailyGoal');
      return {
        option: moneyVsGoalOption(
          days.map((d) => ({ label: dayLabel(d.period), amount: d.amount, goal: d.goal })),
          { goal: 'Meta del día' },
        ),
        label: 'Gráfica de ventas por día contra la meta del día',
        height: 260,
      };
    }
    case 'salesByMonth': {
      const months = byPeriod(answer.rows, 'month', 'goal');
      return {
        option: moneyVsGoalOption(months.map((m) => ({ label: monthLabel(m.period), amount: m.amount, goal: m.goal }))),
        label: 'Gráfica de ventas por mes contra la meta del mes',
        height: 260,
      };
    }
    case 'appointmentsByChannel': {
      const channels = answer.columns.filter((c) => c.type === 'number' && c.sums && !NOT_CHANNELS.has(c.key));
      const counts = channels.map((c) => ({ name: c.label, count: answer.rows.reduce((s, r) => s + num(r[c.key]), 0) }));
      if (!counts.some((c) => c.count > 0)) return null;
      return { option: countsByCategoryOption(counts), label: 'Gráfica de citas por canal', height: 280 };
    }
    case 'occupationHeatmap':
      return { option: occupationByCabinOption(answer.rows), label: 'Gráfica de ocupación por cabina', height: Math.min(480, 40 + answer.rows.length * 26) };
    case 'profitabilityByMonth': {
      const months = answer.columns.filter((c) => /^m\d{2}$/.test(c.key));
      const sum = (type: string, key: string) => answer.rows.filter((r) => r.type === type).reduce((s, r) => s + cents(num(r[key])), 0) / 100;
      return {
        option: incomeVsExpensesOption(months.map((m) => ({ label: m.label, income: sum('Ingresos', m.key), expenses: sum('Egresos', m.key) }))),
        label: 'Gráfica de ingresos y egresos por mes',
        height: 260,
      };
    }
  }
}

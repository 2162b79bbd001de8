import { describe, expect, it } from 'vitest';
import { REPORT_NAMES, REPORTS } from '../../../domain/reports';
import type { Report } from '../../../domain/reports.contract';
import { bandColor, cellText } from './cells';
import { reportChart } from './chart-data';
import { drillKeyOf, openableReports, periodChanges, reportOf, reportOptions, reportQueryOf, switchReport } from './report-state';

describe('who opens which report', () => {
  it('reports.view opens all 16; a medic only their own medical fees; a cosmetologist only theirs; others none', () => {
    expect(openableReports({ reports: ['show', 'view', 'reports'] })).toEqual([...REPORT_NAMES]);
    expect(openableReports({ medic_comission: ['show', 'view'] })).toEqual(['individual-medical-fees']);
    expect(openableReports({ cosmetologic_comission: ['show', 'view'] })).toEqual(['individual-cosmetology-fees']);
    expect(openableReports({ sales: ['show', 'view'], cash_closing: ['show'] })).toEqual([]);
    expect(openableReports(undefined)).toEqual([]);
  });

  it('the URL names the report; an unknown or forbidden one falls back to the default, or to the first openable', () => {
    const all = [...REPORT_NAMES];
    expect(reportOf(new URLSearchParams('reporte=daily-sales'), all)).toBe('daily-sales');
    expect(reportOf(new URLSearchParams('reporte=nope'), all)).toBe('profitability-by-branch');
    expect(reportOf(new URLSearchParams(''), ['individual-medical-fees'])).toBe('individual-medical-fees');
    expect(reportOf(new URLSearchParams('reporte=daily-sales'), ['individual-medical-fees'])).toBe('individual-medical-fees');
  });

  it('the selector groups the reports as the sidebar subgroups do, each once', () => {
    const groups = reportOptions([...REPORT_NAMES]);
    expect(groups.map((g) => g.label)).toEqual(['Mercadotecnia', 'Administración', 'Recursos Humanos', 'Logística']);
    expect(groups.flatMap((g) => g.options.map((o) => o.value)).sort()).toEqual([...REPORT_NAMES].sort());
  });
});

describe('filters in the URL', () => {
  it('sends only the filters the report takes; a date range wins over a month', () => {
    const params = new URLSearchParams('reporte=daily-sales&month=2026-10&branchId=b1&startDate=2026-10-01&userId=u1&basis=sale');
    expect(reportQueryOf(REPORTS['daily-sales'], params)).toEqual({ month: '2026-10', branchId: 'b1', basis: 'sale' });
    expect(reportQueryOf(REPORTS['general-inventory'], params)).toEqual({ startDate: '2026-10-01', branchId: 'b1' });
  });

  it('switching report keeps the filters both take and drops the rest', () => {
    const next = switchReport(new URLSearchParams('reporte=daily-sales&month=2026-10&branchId=b1&basis=sale'), 'monthly-sales');
    expect(Object.fromEntries(next)).toEqual({ reporte: 'monthly-sales', branchId: 'b1', basis: 'sale' });
  });

  it('a month clears a date range and the reverse', () => {
    expect(periodChanges({ month: '2026-10' })).toEqual({ month: '2026-10', startDate: undefined, endDate: undefined });
    expect(periodChanges({ startDate: '2026-10-01', endDate: '2026-10-05' })).toEqual({ startDate: '2026-10-01', endDate: '2026-10-05', month: undefined });
    expect(periodChanges({ branchId: 'b1' })).toEqual({ branchId: 'b1' });
  });

  it('the drill key is the row’s own, else its branch', () => {
    expect(drillKeyOf({ drillKey: 'b1|2026-10-01', branchId: 'b1' })).toBe('b1|2026-10-01');
    expect(drillKeyOf({ branchId: 'b1' })).toBe('b1');
    expect(drillKeyOf({ branch: 'Tijuana' })).toBeUndefined();
  });
});

describe('cells', () => {
  it('money $ with two decimals, percent with two decimals, dates DD/MM/AAAA, counts with separators, months MM/AAAA', () => {
    expect(cellText({ type: 'money' }, 1234.5)).toBe('$1,234.50');
    expect(cellText({ type: 'money' }, -3)).toMatch(/^-\$3\.00$|^\$-3\.00$/);
    expect(cellText({ type: 'percent' }, 69.956)).toBe('69.96 %');
    expect(cellText({ type: 'date' }, '2026-03-05')).toBe('05/03/2026');
    expect(cellText({ type: 'number' }, 12345)).toBe('12,345');
    expect(cellText({ type: 'text' }, '2026-10')).toBe('10/2026');
    expect(cellText({ type: 'text' }, 'Tijuana')).toBe('Tijuana');
    expect(cellText({ type: 'money' }, null)).toBe('');
  });

  it('an occupation percent carries its band colour (below 50 red, 50–69 yellow, 70 and above green); other percents none', () => {
    const occupation = { key: 'occupation', type: 'percent' as const };
    expect([49.99, 50, 69.99, 70].map((v) => bandColor(occupation, v))).toEqual(['red', 'gold', 'gold', 'green']);
    expect(bandColor({ key: 'goalPercent', type: 'percent' }, 90)).toBeUndefined();
  });
});

const answer = (name: keyof typeof REPORTS, rows: Report['rows'], columns = [...REPORTS[name].columns]): Report => ({
  name,
  title: REPORTS[name].title,
  period: { from: '2026-10-01', to: '2026-10-31' },
  generatedAt: '2026-11-01T00:00:00.000Z',
  generatedBy: { name: 'A', role: 'Super Administrador' },
  branch: null,
  definition: '',
  columns,
  rows,
  totals: null,
});

describe('charts from the rows', () => {
  it('sales by day add the branches of a day, amount and goal, to the cent', () => {
    const chart = reportChart(
      'salesByDay',
      answer('daily-sales', [
        { date: '2026-10-02', branch: 'B', total: 0.1, dailyGoal: 100 },
        { date: '2026-10-01', branch: 'A', total: 10.5, dailyGoal: null },
        { date: '2026-10-02', branch: 'A', total: 0.2, dailyGoal: 50.05 },
      ]),
    );
    const source = (chart!.option.dataset as { source: unknown[][] }).source;
    expect(source).toEqual([
      ['01/10', 10.5, null],
      ['02/10', 0.3, 150.05],
    ]);
    expect(chart!.label).toMatch(/ventas por día/);
  });

  it('profitability sums income and expenses rows by month column', () => {
    const columns = [...REPORTS['profitability-by-branch'].columns, { key: 'm10', label: 'Octubre', type: 'money' as const, sums: true }];
    const chart = reportChart(
      'profitabilityByMonth',
      answer(
        'profitability-by-branch',
        [
          { type: 'Ingresos', branch: 'A', m10: 100 },
          { type: 'Ingresos', branch: 'B', m10: 50.5 },
          { type: 'Egresos', branch: 'A', m10: 20 },
        ],
        columns,
      ),
    );
    expect((chart!.option.dataset as { source: unknown[][] }).source).toEqual([['Octubre', 150.5, 20]]);
  });

  it('occupation draws one bar per cabin coloured by band; no rows, no chart', () => {
    const chart = reportChart(
      'occupationHeatmap',
      answer('occupation', [
        { branch: 'A', cabin: 'C1', occupation: 40 },
        { branch: 'A', cabin: 'C2', occupation: 75 },
      ]),
    );
    const series = (chart!.option.series as { data: { value: number; itemStyle: { color: string } }[] }[])[0]!;
    expect(series.data.map((d) => d.value)).toEqual([40, 75]);
    expect(series.data[0]!.itemStyle.color).not.toBe(series.data[1]!.itemStyle.color);
    expect(reportChart('occupationHeatmap', answer('occupation', []))).toBeNull();
  });

  it('appointments by channel count the channel columns, not Atendidas nor Total', () => {
    const chart = reportChart(
      'appointmentsByChannel',
      answer('appointments', [{ branch: 'A', inPerson: 2, call: 1, socialMedia: 0, app: 0, ecommerce: 0, fullOperation: 3, total: 3 }]),
    );
    const data = (chart!.option.series as { data: { name: string; value: number }[] }[])[0]!.data;
    expect(data.map((d) => d.name)).toEqual(['Presencial', 'Llamada', 'Redes sociales', 'App', 'Tienda en línea']);
    expect(data.reduce((s, d) => s + d.value, 0)).toBe(3);
  });
});

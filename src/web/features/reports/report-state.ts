import { can, type PrivilegeMap } from '../../../domain/privileges';
import { DEFAULT_REPORT, isReportName, REPORT_NAMES, REPORTS, type ReportFilter, type ReportMeta, type ReportName } from '../../../domain/reports';
import type { ReportRow } from '../../../domain/reports.contract';

/**
 * The hub's state as the URL holds it (section 2: a reload or a shared link opens the same report): the report under
 * `reporte` and its filters under the API's own parameter names, so the page sends them as they are.
 */
export const REPORT_PARAM = 'reporte';

/** The query parameters each filter of the catalogue stands for. */
export const FILTER_PARAMS: Record<ReportFilter, readonly string[]> = {
  dates: ['startDate', 'endDate'],
  month: ['month'],
  year: ['year'],
  branch: ['branchId'],
  user: ['userId'],
  basis: ['basis'],
  profitabilityType: ['type'],
};

/** The individual fee reports a medic or cosmetologist reads without reports.view (their own lines, as the API rules). */
const OWN_FEES: Partial<Record<ReportName, 'medic_comission' | 'cosmetologic_comission'>> = {
  'individual-medical-fees': 'medic_comission',
  'individual-cosmetology-fees': 'cosmetologic_comission',
};

/** May this user read every report (reports.view), or only their own fees? The API's rule, mirrored. */
export const readsEveryReport = (privileges: PrivilegeMap | undefined) => can(privileges, 'reports', 'view');

/** The reports the user may open, in the catalogue's order (all 16 with reports.view; else their own fee report). */
export function openableReports(privileges: PrivilegeMap | undefined): ReportName[] {
  if (readsEveryReport(privileges)) return [...REPORT_NAMES];
  return REPORT_NAMES.filter((name) => {
    const module = OWN_FEES[name];
    return module !== undefined && can(privileges, module, 'show');
  });
}

/** The report the URL names when the user may open it; else the hub's default, or the first they may open. */
export function reportOf(params: URLSearchParams, openable: readonly ReportName[]): ReportName | undefined {
  const asked = params.get(REPORT_PARAM);
  if (isReportName(asked) && openable.includes(asked)) return asked;
  return openable.includes(DEFAULT_REPORT) ? DEFAULT_REPORT : openable[0];
}

/** The parameters a report's filters may take. */
export const paramsOf = (meta: ReportMeta): string[] => meta.filters.flatMap((f) => FILTER_PARAMS[f]);

/**
 * The API query of the report from the URL: only the filters the report takes (a parameter another report left in
 * the URL is not sent); a date range, when given, stands for the period over a month (general inventory takes both).
 */
export function reportQueryOf(meta: ReportMeta, params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of paramsOf(meta)) {
    const v = params.get(p);
    if (v) query[p] = v;
  }
  if (query.startDate || query.endDate) delete query.month;
  return query;
}

/** The URL after choosing another report: its name, and the filters it shares with the previous one (branch, basis…). */
export function switchReport(params: URLSearchParams, next: ReportName): URLSearchParams {
  const keep = new Set(paramsOf(REPORTS[next]));
  const out = new URLSearchParams();
  out.set(REPORT_PARAM, next);
  for (const [k, v] of params) if (keep.has(k) && v) out.set(k, v);
  return out;
}

/** Changes to the URL after a filter change: a month clears a date range and the reverse (one period at a time). */
export function periodChanges(changes: Record<string, string | undefined>): Record<string, string | undefined> {
  if (changes.month) return { ...changes, startDate: undefined, endDate: undefined };
  if (changes.startDate || changes.endDate) return { ...changes, month: undefined };
  return changes;
}

/** The key the drill-down asks for: the row's own drill key when it carries one, else its branch. */
export function drillKeyOf(row: ReportRow): string | undefined {
  const key = row.drillKey ?? row.branchId;
  return typeof key === 'string' && key ? key : undefined;
}

/** The selector's groups, in the order the sidebar's 'Reportes' subgroups are listed (section 2). */
const GROUP_ORDER: ReportMeta['group'][] = ['Mercadotecnia', 'Administración', 'Recursos Humanos', 'Logística'];

export function reportOptions(names: readonly ReportName[]): { label: string; options: { value: ReportName; label: string }[] }[] {
  return GROUP_ORDER.map((group) => ({
    label: group,
    options: names.filter((n) => REPORTS[n].group === group).map((n) => ({ value: n, label: REPORTS[n].title })),
  })).filter((g) => g.options.length > 0);
}

/** The money basis and the profitability type as the forms name them. */
export const BASIS_LABELS = { cash: 'Base de efectivo', sale: 'Base de venta' } as const;
export const PROFITABILITY_TYPE_LABELS = { income: 'Ingresos', expenses: 'Egresos' } as const;

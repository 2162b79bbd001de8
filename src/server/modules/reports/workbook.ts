import type { FastifyReply } from 'fastify';
import { BUSINESS_TIME_ZONE, dayMonthYear } from '../../../domain/dates';
import type { ReportColumnType } from '../../../domain/reports';
import type { ReportAnswer, ReportRow } from '../../../domain/reports.contract';
import type { ReportForWorkbook } from './service';
import { sendXlsx, xlsxBuffer, type XlsxCellType, type XlsxSheet } from '../../platform/xlsx';

const CELL: Record<ReportColumnType, XlsxCellType> = { money: 'money', number: 'number', percent: 'number', date: 'date', datetime: 'datetime', text: 'text' };

/** The header block: title, who made it and their role, the period (DD/MM/AAAA) and the money basis. */
export function reportPreamble(report: ReportForWorkbook): string[] {
  const basis =
    report.basis && (report.basis === 'cash' ? 'Base de efectivo (cada devolución en su día)' : 'Base de venta (cada devolución en el día de su venta)');
  return [
    report.title,
    `Usuario: ${report.generatedBy.name} · Rol: ${report.generatedBy.role}`,
    `Periodo: ${dayMonthYear(report.period.from)} al ${dayMonthYear(report.period.to)}${report.branch ? ` · Sucursal: ${report.branch.name}` : ' · Todas las sucursales'}`,
    ...(basis ? [basis] : []),
  ];
}

/** The report as one sheet: typed columns, its totals row (the sums, or the report's own), its definition under it. */
export function reportSheet(report: ReportForWorkbook): XlsxSheet<ReportRow> {
  const { rows } = report;
  // rows still to come from a cursor: a count column (a number that adds up) holds whole numbers
  const integer = (t: ReportColumnType, key: string) =>
    t === 'number' &&
    (Array.isArray(rows)
      ? rows.every((r) => typeof r[key] !== 'number' || Number.isInteger(r[key]))
      : Boolean(report.columns.find((c) => c.key === key)?.sums));
  return {
    name: report.title,
    timeZone: BUSINESS_TIME_ZONE,
    preamble: reportPreamble(report),
    columns: report.columns.map((c) => ({
      header: c.label,
      type: integer(c.type, c.key) ? 'integer' : CELL[c.type],
      value: (row: ReportRow) => row[c.key],
      total: Boolean(c.sums) && !report.totalsLabel,
    })),
    rows,
    totals: report.totals && report.totalsLabel ? report.columns.map((c) => report.totals![c.key] ?? null) : undefined,
    totalsLabel: report.totalsLabel ?? 'Total',
    notes: ['', report.definition],
  };
}

/** The file name API.md gives: `<report>_<period>.xlsx`. */
export const reportFileName = (report: Pick<ReportAnswer, 'name' | 'period'>) => `${report.name}_${report.period.from}_${report.period.to}`;

export const sendReportXlsx = (reply: FastifyReply, report: ReportForWorkbook) => sendXlsx(reply, reportFileName(report), reportSheet(report), false);

export const reportXlsxBuffer = (report: ReportAnswer) => xlsxBuffer(reportSheet(report));

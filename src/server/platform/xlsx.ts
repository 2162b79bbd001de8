import type { FastifyReply } from 'fastify';
import { csvFileName } from './csv';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { toCents } from '../../domain/money';

/** How a column's cells are typed in the sheet: Excel sums, sorts and filters them by that type. */
export type XlsxCellType = 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime';

export interface XlsxColumn<T> {
  header: string;
  type: XlsxCellType;
  value: (row: T) => string | number | Date | null | undefined;
  /** Characters; a default by type otherwise. */
  width?: number;
  /** Sum the column in the totals row (integer, number and money columns). */
  total?: boolean;
}

export interface XlsxSheet<T> {
  name: string;
  columns: XlsxColumn<T>[];
  rows: Iterable<T> | AsyncIterable<T>;
  /** The zone a 'datetime' instant is shown in (the branch's); Excel has no zones, so the cell holds its wall clock. */
  timeZone: string;
  /** Label of the totals row, written when a column asks for a total. */
  totalsLabel?: string;
  /** A totals row that is not the columns' sums (a report's net), by column index; written instead of SUM formulas. */
  totals?: (string | number | null)[];
  /** Lines above the table (a report's user, role, title and period), each in its first cell. */
  preamble?: string[];
  /** Lines under the table (a report's definitions). */
  notes?: string[];
  /** Rows per sheet before the rest continue on another (Excel's limit, less the header block). */
  maxRows?: number;
}

/** Excel's rows per sheet. */
export const SHEET_ROW_LIMIT = 1_048_576;
export const CONTINUED_NOTICE = 'Las filas continúan en la hoja siguiente: una hoja de Excel no admite más.';

const FORMATS: Record<XlsxCellType, string | undefined> = {
  text: undefined,
  integer: '#,##0',
  number: '#,##0.00',
  money: '"$"#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};
const WIDTHS: Record<XlsxCellType, number> = { text: 28, integer: 10, number: 12, money: 14, date: 12, datetime: 17 };
/** Rows written between two turns of the event loop (the zip compresses the sheet's XML in its turn). */
const YIELD_EVERY = 1000;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0EBFA' } };

/**
 * Streams one worksheet to `out` row by row (a report of a hundred thousand rows never sits in memory):
 * a bold, frozen header with a filter, cells typed by column, money in pesos with two decimals and an
 * optional totals row (a SUM formula whose cached result is summed exactly in cents).
 */
export async function writeXlsx<T>(out: Writable, sheet: XlsxSheet<T>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const preamble = sheet.preamble?.length ? [...sheet.preamble, ''] : [];
  const perSheet = Math.max(1, (sheet.maxRows ?? SHEET_ROW_LIMIT) - preamble.length - 3);
  const sums = sheet.columns.map(() => 0);
  let count = 0;
  let part = 1;
  let ws = startSheet(workbook, sheet, preamble, part);
  let onSheet = 0;
  // one style object per column, shared by its cells: exceljs recognises an object it has seen and skips rendering the
  // style's XML to find its id, which each cell's own copy cost (most of a large file's time). Never mutated.
  const styles = sheet.columns.map((c): Partial<ExcelJS.Style> => (FORMATS[c.type] ? { numFmt: FORMATS[c.type] } : {}));
  const shareStyles = (cell: ExcelJS.Cell, column: number) => {
    cell.style = styles[column - 1]!;
  };
  for await (const row of sheet.rows) {
    if (onSheet === perSheet) {
      ws.addRow([CONTINUED_NOTICE]).commit();
      ws.commit();
      ws = startSheet(workbook, sheet, preamble, ++part);
      onSheet = 0;
    }
    const values = sheet.columns.map((c, i) => {
      const v = cellValue(c, c.value(row), sheet.timeZone);
      if (c.total && typeof v === 'number') sums[i]! += c.type === 'integer' ? v : toCents(v);
      return v;
    });
    const line = ws.addRow(values);
    line.eachCell({ includeEmpty: true }, shareStyles);
    line.commit();
    count++;
    onSheet++;
    // every so often the zip gets its turn to compress what was written, and a slow reader holds the rows back
    if (count % YIELD_EVERY === 0) await drained(out);
  }
  if (sheet.totals)
    writeRow(
      ws,
      sheet.totals.map((v, i) => (i === 0 && v === null ? (sheet.totalsLabel ?? 'Total') : v)),
      true,
    );
  else if (sheet.columns.some((c) => c.total)) writeTotals(ws, sheet, sums, part === 1 ? count : 0, preamble.length + 1);
  for (const note of sheet.notes ?? []) ws.addRow([note]).commit();
  ws.commit();
  await workbook.commit();
}

/** Thrown into a workbook being written when its reader has gone (a download the client left). */
export class XlsxReaderGone extends Error {
  constructor() {
    super('La descarga se interrumpió: el cliente cerró la conexión');
  }
}

/**
 * One turn of the event loop, and until `out` wants more when its reader is behind. A destroyed `out` (Fastify destroys
 * a download's stream when the client goes) never drains: the writing stops there with XlsxReaderGone, which ends the
 * row source's loop, so a cursor closes and gives its transaction and pooled connection back.
 */
async function drained(out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new XlsxReaderGone();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (gone: boolean) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (gone) reject(new XlsxReaderGone());
      else resolve();
    };
    const onDrain = () => settle(false);
    const onClose = () => settle(true);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/** A worksheet (the second and later named '<name> (n)') with the preamble, a bold frozen header row and its filter. */
function startSheet<T>(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: XlsxSheet<T>, preamble: string[], part: number) {
  const name = part === 1 ? sheet.name.slice(0, 31) : `${sheet.name.slice(0, 25)} (${part})`;
  const headerRow = preamble.length + 1;
  const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
  ws.columns = sheet.columns.map((c) => ({ width: c.width ?? WIDTHS[c.type], style: FORMATS[c.type] ? { numFmt: FORMATS[c.type] } : {} }));
  preamble.forEach((line, i) => {
    const row = ws.getRow(i + 1);
    row.getCell(1).value = line;
    if (i === 0) row.font = { bold: true, size: 13 };
    row.commit();
  });
  const header = ws.getRow(headerRow);
  header.values = sheet.columns.map((c) => c.header);
  styleHeader(header, sheet.columns.length);
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: sheet.columns.length } };
  header.commit();
  return ws;
}

function writeRow(ws: ExcelJS.Worksheet, values: ExcelJS.CellValue[], bold: boolean): void {
  const row = ws.addRow(values);
  if (bold) {
    row.font = { bold: true };
    row.border = { top: { style: 'thin' } } as Partial<ExcelJS.Borders>;
  }
  row.commit();
}

function styleHeader(row: ExcelJS.Row, columns: number): void {
  row.font = { bold: true };
  for (let i = 1; i <= columns; i++) row.getCell(i).fill = HEADER_FILL;
}

function cellValue<T>(column: XlsxColumn<T>, value: ReturnType<XlsxColumn<T>['value']>, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
    case 'number':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'date':
      return typeof value === 'string' ? dateOnly(value) : wallClock(value as Date, timeZone, false);
    case 'datetime':
      return wallClock(value instanceof Date ? value : new Date(value), timeZone, true);
  }
}

/** 'YYYY-MM-DD' as the UTC midnight ExcelJS writes as that day's serial. */
function dateOnly(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant's wall clock in the zone, as the UTC date ExcelJS turns into a serial. */
function wallClock(instant: Date, timeZone: string, withTime: boolean): Date {
  let f = wallClockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return withTime ? new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!)) : new Date(Date.UTC(p.year!, p.month! - 1, p.day!));
}

/** The totals row: SUM formulas over this sheet's `count` rows (their exact result cached), or plain sums when count is 0. */
function writeTotals<T>(ws: ExcelJS.Worksheet, sheet: XlsxSheet<T>, sums: number[], count: number, headerRow: number): void {
  const first = headerRow + 1;
  const last = headerRow + count;
  const values: ExcelJS.CellValue[] = sheet.columns.map((c, i) => {
    if (!c.total) return null;
    const letter = ws.getColumn(i + 1).letter;
    const result = c.type === 'integer' ? sums[i]! : sums[i]! / 100;
    // rows over several sheets: the sum as a value (a formula would see only this sheet's); a zero sum as the value 0,
    // since ExcelJS leaves a formula's cached 0 out of the file and a reader that does not recalculate shows nothing
    return count && result !== 0 ? { formula: `SUM(${letter}${first}:${letter}${last})`, result } : result;
  });
  if (values[0] === null) values[0] = sheet.totalsLabel ?? 'Total';
  writeRow(ws, values, true);
}

/**
 * Answers a request with the sheet as an .xlsx download named `<name>-<date>.xlsx` (`<name>.xlsx` when not `dated`),
 * streamed as it is written: the rows go from their source (a database cursor) to the client without the file in
 * memory. An error after the first bytes can only cut the download short (the status is already sent).
 */
/** The whole workbook in memory: for an attachment (a scheduled report's e-mail), not for a download, which streams. */
export async function xlsxBuffer<T>(sheet: XlsxSheet<T>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  await writeXlsx(out, sheet);
  if (!out.writableEnded) out.end();
  await ended;
  return Buffer.concat(chunks);
}

export function sendXlsx<T>(reply: FastifyReply, name: string, sheet: XlsxSheet<T>, dated = true): FastifyReply {
  const out = new PassThrough();
  writeXlsx(out, sheet).catch((err: unknown) => {
    if (err instanceof XlsxReaderGone) return void reply.log.info('xlsx download left by the client');
    reply.log.error({ err }, 'xlsx stream failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${dated ? csvFileName(name).replace(/\.csv$/, '.xlsx') : `${name}.xlsx`}"`)
    .send(out);
}

import type { FastifyReply } from 'fastify';
import { csvFileName } from './csv';
import { PassThrough, type Writable } from 'node:stream';
import type { RowBatches } from './db-cursor';
import { ZipWriter, type ZipEntryStream } from './zip';
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
  /** Rows in memory, one by one from an async source, or a cursor's batches (no await per row). */
  rows: Iterable<T> | AsyncIterable<T> | RowBatches<T>;
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

const TYPES: readonly XlsxCellType[] = ['text', 'integer', 'number', 'money', 'date', 'datetime'];
/** Built-in 3 is '#,##0' and 4 '#,##0.00'; the others are declared in styles.xml. */
const NUM_FMT: Record<XlsxCellType, number> = { text: 0, integer: 3, number: 4, money: 164, date: 165, datetime: 166 };
/** The cell styles of styles.xml: a body cell of each type, the title, a header cell and a totals cell of each type. */
const BODY_STYLE = (type: XlsxCellType) => TYPES.indexOf(type);
const TITLE_STYLE = TYPES.length;
const HEADER_STYLE = (type: XlsxCellType) => TYPES.length + 1 + TYPES.indexOf(type);
const TOTALS_STYLE = (type: XlsxCellType) => 2 * TYPES.length + 1 + TYPES.indexOf(type);
const WIDTHS: Record<XlsxCellType, number> = { text: 28, integer: 10, number: 12, money: 14, date: 12, datetime: 17 };
/** Rows written between two turns of the event loop (the reader and the compressor get theirs). */
const YIELD_EVERY = 1000;
const DAY_MS = 86_400_000;
/** Excel's serial of 1970-01-01 (its day 0 is 1899-12-30). */
const EPOCH_SERIAL = 25_569;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Streams a workbook to `out` row by row (a report of a hundred thousand rows never sits in memory): the preamble, a
 * bold, frozen header with a filter, cells typed by column, money in pesos with two decimals and an optional totals
 * row (a SUM formula whose cached result is summed exactly in cents). The sheet's XML is written as text and compressed
 * on libuv's thread pool while the next rows are written (exceljs, which built an object, a style and an XML node per
 * cell, took twice as long and more for a chain's year of appointments: docs/decisions.md).
 */
export async function writeXlsx<T>(out: Writable, sheet: XlsxSheet<T>): Promise<void> {
  const zip = new ZipWriter(out);
  const preamble = sheet.preamble?.length ? [...sheet.preamble, ''] : [];
  const perSheet = Math.max(1, (sheet.maxRows ?? SHEET_ROW_LIMIT) - preamble.length - 3);
  const columns: BodyColumn<T>[] = sheet.columns.map((c, i) => ({ ...c, letter: columnLetter(i), style: styleAttr(BODY_STYLE(c.type)) }));
  const toSerial = wallClockSerial(sheet.timeZone);
  const sums = sheet.columns.map(() => 0);
  const names: string[] = [];
  let count = 0;
  let onSheet = 0;
  let ws = new SheetPart(zip, sheet, preamble, names);
  try {
    for await (const batch of batchesOf(sheet.rows))
      for (const row of batch) {
        if (onSheet === perSheet) {
          ws.row([CONTINUED_NOTICE]);
          await ws.end();
          ws = new SheetPart(zip, sheet, preamble, names);
          onSheet = 0;
        }
        ws.write(bodyRow(columns, row, ws.nextRow(), toSerial, sums));
        count++;
        onSheet++;
        // every so often the reader and the compressor get their turn, and a slow reader holds the rows back
        if (count % YIELD_EVERY === 0) {
          await drained(out);
          await ws.drained();
        }
      }
    if (sheet.totals)
      ws.totalsRow(
        columns,
        sheet.totals.map((v, i) => (i === 0 && v === null ? (sheet.totalsLabel ?? 'Total') : v)),
      );
    else if (sheet.columns.some((c) => c.total))
      ws.totalsRow(columns, totals(columns, sheet.totalsLabel, sums, names.length === 1 ? count : 0, preamble.length + 1));
    for (const note of sheet.notes ?? []) ws.row([note]);
    await ws.end();
  } catch (err) {
    ws.destroy();
    throw err;
  }
  writePackage(zip, names);
  zip.finish();
  out.end();
}

interface BodyColumn<T> extends XlsxColumn<T> {
  letter: string;
  /** The ` s="n"` attribute of its cells. */
  style: string;
}

/** A data row's XML, its numbers added to `sums` (in cents, or units for an integer column) for the totals row. */
function bodyRow<T>(columns: BodyColumn<T>[], row: T, r: number, toSerial: ReturnType<typeof wallClockSerial>, sums: number[]): string {
  let cells = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    const v = cellValue(c.type, c.value(row), toSerial);
    if (v === null) continue;
    if (typeof v === 'number') {
      if (c.total) sums[i]! += c.type === 'integer' ? v : toCents(v);
      cells += `<c r="${c.letter}${r}"${c.style}><v>${v}</v></c>`;
    } else cells += `<c r="${c.letter}${r}"${c.style} t="str"><v>${xmlText(v)}</v></c>`;
  }
  return `<row r="${r}">${cells}</row>`;
}

interface SheetLayout {
  name: string;
  columns: Pick<XlsxColumn<never>, 'header' | 'type' | 'width'>[];
}

/** Rows to write a batch at a time: a cursor's batches as they come, other rows a thousand at a time. */
async function* batchesOf<T>(rows: XlsxSheet<T>['rows']): AsyncIterable<readonly T[]> {
  if ('batches' in rows) return yield* rows.batches;
  const batch: T[] = [];
  const full = () => batch.length === YIELD_EVERY;
  if (Symbol.asyncIterator in rows)
    for await (const row of rows) {
      batch.push(row);
      if (full()) yield batch.splice(0);
    }
  else
    for (const row of rows) {
      batch.push(row);
      if (full()) yield batch.splice(0);
    }
  if (batch.length) yield batch;
}

/** One worksheet being written: the second and later are named '<name> (n)'. */
class SheetPart {
  private readonly entry: ZipEntryStream;
  private rowNumber = 0;
  /** The sheet's closing XML (its filter names the header row), written by end(). */
  private readonly tail: string;

  constructor(zip: ZipWriter, sheet: SheetLayout, preamble: string[], names: string[]) {
    const part = names.length + 1;
    names.push(part === 1 ? sheet.name.slice(0, 31) : `${sheet.name.slice(0, 25)} (${part})`);
    this.entry = zip.stream(`xl/worksheets/sheet${part}.xml`);
    const headerRow = preamble.length + 1;
    const last = columnLetter(sheet.columns.length - 1);
    const cols = sheet.columns
      .map(
        (c, i) =>
          `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? WIDTHS[c.type]}"${BODY_STYLE(c.type) ? ` style="${BODY_STYLE(c.type)}"` : ''} customWidth="1"/>`,
      )
      .join('');
    this.entry.write(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
        `<pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/>` +
        `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`,
    );
    preamble.forEach((line, i) => this.row([line], i === 0 ? TITLE_STYLE : undefined));
    const r = this.nextRow();
    const headers = sheet.columns.map((c, i) => `<c r="${columnLetter(i)}${r}" s="${HEADER_STYLE(c.type)}" t="str"><v>${xmlText(c.header)}</v></c>`);
    this.entry.write(`<row r="${r}" s="${HEADER_STYLE('text')}" customFormat="1">${headers.join('')}</row>`);
    this.tail = `</sheetData><autoFilter ref="A${headerRow}:${last}${headerRow}"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
  }

  nextRow(): number {
    return ++this.rowNumber;
  }

  write(xml: string): void {
    this.entry.write(xml);
  }

  /** A row of text in its first cells (the preamble, a note, the continuation notice). */
  row(texts: string[], style?: number): void {
    const r = this.nextRow();
    const s = style === undefined ? '' : styleAttr(style);
    const cells = texts.map((t, i) => (t ? `<c r="${columnLetter(i)}${r}"${s} t="str"><v>${xmlText(t)}</v></c>` : '')).join('');
    this.write(`<row r="${r}"${style === undefined ? '' : `${s} customFormat="1"`}>${cells}</row>`);
  }

  /** The bold totals row with a rule above it, each cell in its column's format. */
  totalsRow(columns: { type: XlsxCellType; letter: string }[], values: (TotalsCell | string | number | null)[]): void {
    const r = this.nextRow();
    const cells = columns.map((c, i) => {
      const v = values[i] ?? null;
      const head = `<c r="${c.letter}${r}" s="${TOTALS_STYLE(c.type)}"`;
      if (v === null || v === '') return `${head}/>`;
      if (typeof v === 'object') return `${head}><f>${v.formula}</f><v>${v.result}</v></c>`;
      return typeof v === 'number' ? `${head}><v>${v}</v></c>` : `${head} t="str"><v>${xmlText(v)}</v></c>`;
    });
    this.write(`<row r="${r}" s="${TOTALS_STYLE('text')}" customFormat="1">${cells.join('')}</row>`);
  }

  drained(): Promise<void> {
    return this.entry.drained();
  }

  end(): Promise<void> {
    this.entry.write(this.tail);
    return this.entry.end();
  }

  destroy(): void {
    this.entry.destroy();
  }
}

interface TotalsCell {
  formula: string;
  result: number;
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

/** A cell's value as the sheet holds it: text, or a number (a date is Excel's day serial, in the branch's wall clock). */
function cellValue(
  type: XlsxCellType,
  value: string | number | Date | null | undefined,
  toSerial: (instant: Date, withTime: boolean) => number,
): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'text':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'integer':
    case 'number':
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'date':
      return typeof value === 'string' ? daySerial(value) : toSerial(value as Date, false);
    case 'datetime':
      return toSerial(value instanceof Date ? value : new Date(value), true);
  }
}

const daySerials = new Map<string, number>();

/** 'YYYY-MM-DD' as Excel's serial of that day (a year of rows has a few hundred days: each is worked out once). */
function daySerial(day: string): number {
  let serial = daySerials.get(day);
  if (serial === undefined) {
    const [y, m, d] = day.slice(0, 10).split('-').map(Number);
    serial = EPOCH_SERIAL + Date.UTC(y!, m! - 1, d!) / DAY_MS;
    if (daySerials.size < 100_000) daySerials.set(day, serial);
  }
  return serial;
}

/** Quarter hours: every zone's offset has changed only on one since 1970. */
const OFFSET_BUCKET_MS = 15 * 60_000;

/**
 * An instant's wall clock in the zone as Excel's serial (to the second, or its day). The zone's offset is asked of Intl
 * at the first and last quarter hour of each UTC day met (the same offset at both: the whole day has it), and per
 * quarter hour only on a day the offset changes: a year of appointments asks about 730 times, not 682,000.
 */
function wallClockSerial(timeZone: string): (instant: Date, withTime: boolean) => number {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offsetOf = (start: number): number => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(start)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - start;
  };
  /** A UTC day's offset, or null when it changes during that day. */
  const days = new Map<number, number | null>();
  const buckets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / DAY_MS);
    let offset = days.get(day);
    if (offset === undefined) {
      const first = offsetOf(day * DAY_MS);
      offset = first === offsetOf((day + 1) * DAY_MS - OFFSET_BUCKET_MS) ? first : null;
      days.set(day, offset);
    }
    if (offset !== null) return offset;
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let changing = buckets.get(bucket);
    if (changing === undefined) buckets.set(bucket, (changing = offsetOf(bucket * OFFSET_BUCKET_MS)));
    return changing;
  };
  return (instant, withTime) => {
    const ms = instant.getTime();
    const wall = ms + offsetAt(ms);
    const kept = withTime ? Math.floor(wall / 1000) * 1000 : Math.floor(wall / DAY_MS) * DAY_MS;
    return EPOCH_SERIAL + kept / DAY_MS;
  };
}

/** The totals row: SUM formulas over this sheet's `count` rows (their exact result cached), or plain sums when count is 0. */
function totals(
  columns: { type: XlsxCellType; letter: string; total?: boolean }[],
  label: string | undefined,
  sums: number[],
  count: number,
  headerRow: number,
) {
  const first = headerRow + 1;
  const last = headerRow + count;
  const values: (TotalsCell | string | number | null)[] = columns.map((c, i) => {
    if (!c.total) return null;
    const result = c.type === 'integer' ? sums[i]! : sums[i]! / 100;
    // rows over several sheets: the sum as a value (a formula would see only this sheet's); a zero sum as the value 0,
    // which a reader that does not recalculate shows as it is (ExcelJS's reads a formula's cached 0 as no result)
    return count && result !== 0 ? { formula: `SUM(${c.letter}${first}:${c.letter}${last})`, result } : result;
  });
  if (values[0] === null) values[0] = label ?? 'Total';
  return values;
}

/** The workbook's other parts: its sheets' list, the relationships, the content types and the styles. */
function writePackage(zip: ZipWriter, names: string[]): void {
  const sheets = names.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`).join('');
  zip.file(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`,
  );
  const sheetRels = names.map((_, i) => `<Relationship Id="rId${i + 2}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/>${sheetRels}</Relationships>`,
  );
  zip.file('xl/styles.xml', STYLES_XML);
  zip.file(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const sheetTypes = names
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  zip.file(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}</Types>`,
  );
}

/** Fonts: 0 regular, 1 the title (bold, 13), 2 bold. Fills: the two Excel reserves, then the header's lilac. Borders: none, a thin rule above. */
const STYLES_XML = (() => {
  const xf = (type: XlsxCellType, font: number, fill: number, border: number) =>
    `<xf numFmtId="${NUM_FMT[type]}" fontId="${font}" fillId="${fill}" borderId="${border}" xfId="0"${NUM_FMT[type] ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}${fill ? ' applyFill="1"' : ''}${border ? ' applyBorder="1"' : ''}/>`;
  const cellXfs = [...TYPES.map((t) => xf(t, 0, 0, 0)), xf('text', 1, 0, 0), ...TYPES.map((t) => xf(t, 2, 2, 0)), ...TYPES.map((t) => xf(t, 2, 0, 1))];
  const font = (bold: boolean, size: number) => `<font>${bold ? '<b/>' : ''}<sz val="${size}"/><name val="Calibri"/><family val="2"/></font>`;
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    '<numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
    `<fonts count="3">${font(false, 11)}${font(true, 13)}${font(true, 11)}</fonts>` +
    '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFF0EBFA"/><bgColor indexed="64"/></patternFill></fill></fills>' +
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left/><right/><top style="thin"/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${cellXfs.length}">${cellXfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
})();

const styleAttr = (style: number) => (style ? ` s="${style}"` : '');

/** 0 → A, 25 → Z, 26 → AA. */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };
// characters XML 1.0 does not allow (control characters pasted into a name) are dropped, or the file would not open
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function xmlText(text: string): string {
  XML_SPECIAL.lastIndex = 0;
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL, (ch) => XML_ESCAPES[ch] ?? '') : text;
}

/** The whole workbook in memory: for an attachment (a scheduled report's e-mail), not for a download, which streams. */
export async function xlsxBuffer<T>(sheet: XlsxSheet<T>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  await writeXlsx(out, sheet);
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Answers a request with the sheet as an .xlsx download named `<name>-<date>.xlsx` (`<name>.xlsx` when not `dated`),
 * streamed as it is written: the rows go from their source (a database cursor) to the client without the file in
 * memory. An error after the first bytes can only cut the download short (the status is already sent).
 */
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

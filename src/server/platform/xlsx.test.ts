import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CONTINUED_NOTICE, writeXlsx, type XlsxSheet } from './xlsx';

interface Sale {
  folio: string;
  units: number;
  amount: number | string;
  day: string;
  at: Date;
}

/** Writes the sheet to memory and loads it back with ExcelJS's reader. */
async function roundTrip<T>(sheet: XlsxSheet<T>): Promise<ExcelJS.Worksheet> {
  return (await roundTripBook(sheet)).worksheets[0]!;
}

async function roundTripBook<T>(sheet: XlsxSheet<T>): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeXlsx(out, sheet);
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

const salesSheet = (rows: Iterable<Sale> | AsyncIterable<Sale>): XlsxSheet<Sale> => ({
  name: 'Ventas por sucursal',
  timeZone: 'America/Tijuana',
  columns: [
    { header: 'Folio', type: 'text', value: (s) => s.folio },
    { header: 'Unidades', type: 'integer', value: (s) => s.units, total: true },
    { header: 'Importe', type: 'money', value: (s) => s.amount, total: true },
    { header: 'Día', type: 'date', value: (s) => s.day },
    { header: 'Fecha y hora', type: 'datetime', value: (s) => s.at },
  ],
  rows,
});

describe('writeXlsx', () => {
  it('writes the header block above a frozen header row, and continues past the row limit on another sheet with a notice', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ folio: `F-${i + 1}`, units: 1, amount: '10.01', day: '2026-03-01', at: new Date(0) }));
    const book = await roundTripBook({ ...salesSheet(rows), preamble: ['Ventas', 'Usuario: Ana'], notes: ['Definición'], maxRows: 9 });
    const [first, second] = book.worksheets;
    expect(first!.getCell('A1').value).toBe('Ventas');
    expect(first!.getCell('A4').value).toBe('Folio');
    expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    // 9 rows a sheet less the block (3), the header, the notice or totals and a note: 3 rows each
    expect([first!.getCell('A5').value, first!.getCell('A7').value, first!.getCell('A8').value]).toEqual(['F-1', 'F-3', CONTINUED_NOTICE]);
    expect(second!.name).toBe('Ventas por sucursal (2)');
    expect(second!.getCell('A5').value).toBe('F-4');
    const third = book.worksheets[2]!;
    expect(third.getCell('A5').value).toBe('F-7');
    // the totals row on the last sheet sums every sheet's rows as values
    expect(third.getCell('B6').value).toBe(7);
    expect(third.getCell('C6').value).toBe(70.07);
    expect(third.getCell('A7').value).toBe('Definición');
  });

  it('writes a bold frozen header, typed cells in the branch wall clock and an exact totals row', async () => {
    const ws = await roundTrip(
      salesSheet([
        // 07:59:59 UTC on the 26th is still the 25th at 23:59:59 in Tijuana (UTC−8 in November)
        { folio: 'POS-TIJ-000001', units: 2, amount: 0.1, day: '2026-11-25', at: new Date('2026-11-26T07:59:59Z') },
        { folio: '=HYPERLINK("x")', units: 3, amount: '0.20', day: '2026-11-26', at: new Date('2026-11-26T08:00:00Z') },
      ]),
    );
    expect(ws.name).toBe('Ventas por sucursal');
    expect(ws.getRow(1).values).toEqual([undefined, 'Folio', 'Unidades', 'Importe', 'Día', 'Fecha y hora']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('POS-TIJ-000001');
    expect(first.getCell(2).value).toBe(2);
    expect(first.getCell(3).value).toBe(0.1);
    expect(first.getCell(3).numFmt).toBe('"$"#,##0.00');
    expect((first.getCell(4).value as Date).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect((first.getCell(5).value as Date).toISOString()).toBe('2026-11-25T23:59:59.000Z');
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((ws.getRow(3).getCell(5).value as Date).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    // text stays text: a formula-looking name is never run
    expect(ws.getRow(3).getCell(1).value).toBe('=HYPERLINK("x")');

    const totals = ws.getRow(4);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(2).value).toEqual({ formula: 'SUM(B2:B3)', result: 5 });
    // 0.1 + 0.2 summed in cents: 0.3, not 0.30000000000000004
    expect(totals.getCell(3).value).toEqual({ formula: 'SUM(C2:C3)', result: 0.3 });
    expect(totals.font?.bold).toBe(true);
  });

  it('streams rows from an async source and keeps the header alone on an empty sheet', async () => {
    async function* many(): AsyncIterable<Sale> {
      for (let i = 1; i <= 5000; i++) yield { folio: `F${i}`, units: 1, amount: 1.01, day: '2026-01-01', at: new Date('2026-01-01T12:00:00Z') };
    }
    const ws = await roundTrip(salesSheet(many()));
    expect(ws.rowCount).toBe(5002);
    expect(ws.getRow(5002).getCell(3).value).toEqual({ formula: 'SUM(C2:C5001)', result: 5050 });

    const empty = await roundTrip(salesSheet([]));
    expect(empty.getRow(2).getCell(2).value).toBe(0);
  });

  it('keeps text with markup, quotes and pasted control characters readable, in a sheet named with them', async () => {
    const book = await roundTripBook({
      ...salesSheet([{ folio: 'A&B <"C">\u0001\u0008 fin', units: 1, amount: 1, day: '2026-01-01', at: new Date('2026-01-01T12:00:00Z') }]),
      name: 'Ventas "A&B" <sur>',
    });
    const ws = book.worksheets[0]!;
    expect(ws.name).toBe('Ventas "A&B" <sur>');
    // XML 1.0 has no control characters: they are dropped, the rest stays as typed
    expect(ws.getCell('A2').value).toBe('A&B <"C"> fin');
  });

  it("shows each instant in the zone's wall clock on both sides of a daylight-saving change", async () => {
    // Tijuana: 2026-03-08 02:00 PST became 03:00 PDT (10:00 UTC); 2026-11-01 02:00 PDT became 01:00 PST (09:00 UTC)
    const at = ['2026-03-08T09:59:59Z', '2026-03-08T10:00:00Z', '2026-11-01T08:59:59Z', '2026-11-01T09:00:00Z'];
    const ws = await roundTrip(salesSheet(at.map((iso, i) => ({ folio: `F${i}`, units: 1, amount: 1, day: '2026-03-08', at: new Date(iso) }))));
    const shown = [2, 3, 4, 5].map((r) => (ws.getRow(r).getCell(5).value as Date).toISOString().slice(0, 19));
    expect(shown).toEqual(['2026-03-08T01:59:59', '2026-03-08T03:00:00', '2026-11-01T01:59:59', '2026-11-01T01:00:00']);
  });
});

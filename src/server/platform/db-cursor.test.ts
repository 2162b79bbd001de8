import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, useTestApp } from '../testing/harness';
import { cursorBatches, cursorRows, mapBatches } from './db-cursor';
import { CONTINUED_NOTICE, writeXlsx, XlsxReaderGone } from './xlsx';

const { t } = useTestApp({});

interface Line {
  n: number;
  folio: string;
  day: string;
  amount: string;
  at: Date;
}

/** 100,000 generated rows: a number, a text, a day, money as numeric text and an instant. */
const LINES = sql`select g as n, 'F-' || lpad(g::text, 6, '0') as folio, (date '2026-01-01' + (g % 365))::text as day,
    (g * 1.01)::numeric(14, 2)::text as amount, timestamptz '2026-01-01T12:00:00Z' + g * interval '1 minute' as at
  from generate_series(1, 100000) g order by g`;
const COUNT = 100_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'xlsx-cursor-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('cursorRows', () => {
  it('reads every row in order a batch at a time, and a loop left early ends its transaction', async () => {
    let count = 0;
    let last = 0;
    for await (const r of cursorRows<{ n: number }>(t.ctx.db, sql`select g as n from generate_series(1, 5001) g order by g`, 1000)) {
      expect(Number(r.n)).toBe(last + 1);
      last = Number(r.n);
      count++;
    }
    expect(count).toBe(5001);

    const firsts: number[] = [];
    for await (const r of cursorRows<{ n: number }>(t.ctx.db, sql`select g as n from generate_series(1, 5000) g order by g`, 100)) {
      firsts.push(Number(r.n));
      if (firsts.length === 150) break;
    }
    expect(firsts.at(-1)).toBe(150);
    // the connection is free again (on PGlite the next query would wait forever for the open transaction)
    expect(await queryRows<{ one: number }>(t, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('throws the query error to the consumer', async () => {
    const read = async () => {
      for await (const _ of cursorRows(t.ctx.db, sql`select 1 / (g - 3) from generate_series(1, 10) g`, 2)) void _;
    };
    // drizzle names the statement that failed; PostgreSQL's own error is its cause
    const err = (await read().then(
      () => null,
      (e: unknown) => e,
    )) as Error & { cause?: Error };
    expect(`${err?.message} ${err?.cause?.message}`).toMatch(/division by zero/);
    expect(await queryRows<{ one: number }>(t, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe('a workbook from a cursor', () => {
  it('writes 100,000 rows from the database to a file with the memory flat, typed cells and a second sheet past the row limit', async () => {
    const file = path.join(dir, 'lineas.xlsx');
    const out = createWriteStream(file);
    global.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss - before.rss);
    };
    const timer = setInterval(sample, 20);
    const started = performance.now();
    await writeXlsx(out, {
      name: 'Líneas',
      timeZone: 'America/Tijuana',
      preamble: ['Líneas generadas', 'Usuario: prueba'],
      columns: [
        { header: 'Número', type: 'integer', value: (r: Line) => Number(r.n), total: true },
        { header: 'Folio', type: 'text', value: (r) => r.folio },
        { header: 'Día', type: 'date', value: (r) => r.day },
        { header: 'Importe', type: 'money', value: (r) => r.amount, total: true },
        { header: 'Fecha y hora', type: 'datetime', value: (r) => new Date(r.at) },
      ],
      rows: mapBatches(cursorBatches<Line>(t.ctx.db, LINES), (r) => r),
      // 60,000 rows a sheet (less the header block): the rest go on a second sheet
      maxRows: 60_000 + 3 + 3,
      notes: ['', 'Definición'],
    });
    await finished(out);
    clearInterval(timer);
    sample();
    const seconds = (performance.now() - started) / 1000;
    const size = (await stat(file)).size;
    console.log(`100,000 filas del cursor al archivo: ${seconds.toFixed(1)} s, memoria (RSS) +${(peak / 1e6).toFixed(0)} MB, ${(size / 1e6).toFixed(1)} MB`);
    expect(peak).toBeLessThan(150e6);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const [first, second] = book.worksheets;
    expect(book.worksheets).toHaveLength(2);
    expect(first!.getCell('A1').value).toBe('Líneas generadas');
    expect(first!.getRow(4).values).toEqual([undefined, 'Número', 'Folio', 'Día', 'Importe', 'Fecha y hora']);
    // row 1 of the data: every type as written
    const one = first!.getRow(5);
    expect(one.getCell(1).value).toBe(1);
    expect(one.getCell(2).value).toBe('F-000001');
    expect((one.getCell(3).value as Date).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(one.getCell(4).value).toBe(1.01);
    expect(one.getCell(4).numFmt).toBe('"$"#,##0.00');
    // 2026-01-01T12:01Z is 04:01 in Tijuana (UTC−8 in January)
    expect((one.getCell(5).value as Date).toISOString()).toBe('2026-01-01T04:01:00.000Z');
    expect(first!.getRow(60_004).getCell(1).value).toBe(60_000);
    expect(first!.getRow(60_005).getCell(1).value).toBe(CONTINUED_NOTICE);
    expect(second!.name).toBe('Líneas (2)');
    expect(second!.getRow(4).getCell(1).value).toBe('Número');
    expect(second!.getRow(5).getCell(1).value).toBe(60_001);
    const lastRow = second!.getRow(4 + COUNT - 60_000);
    expect(lastRow.getCell(1).value).toBe(COUNT);
    expect(lastRow.getCell(2).value).toBe('F-100000');
    expect(lastRow.getCell(4).value).toBe(101_000);
    // the totals row sums every sheet's rows, exact to the cent: Σ n × 1.01 = 5,000,050,000 × 1.01
    const totals = second!.getRow(5 + COUNT - 60_000);
    expect(totals.getCell(1).value).toBe((COUNT * (COUNT + 1)) / 2);
    expect(totals.getCell(4).value).toBe(5_050_050_500);
    expect(second!.getRow(7 + COUNT - 60_000).getCell(1).value).toBe('Definición');
  });

  it('stops when its reader goes while it waits for it, and the cursor gives its transaction back', async () => {
    // a download the client leaves: nobody reads, the writer waits for the stream to drain, then Fastify destroys it
    const out = new PassThrough();
    const written = writeXlsx(out, {
      name: 'Líneas',
      timeZone: 'America/Tijuana',
      columns: [{ header: 'Folio', type: 'text', value: (r: Line) => r.folio }],
      rows: cursorBatches<Line>(t.ctx.db, LINES),
    }).then(
      () => 'terminó',
      (err: unknown) => err,
    );
    await expect.poll(() => out.writableNeedDrain, { timeout: 10_000 }).toBe(true);
    out.destroy();
    const waited = new Promise((resolve) => setTimeout(() => resolve('sigue esperando a su lector'), 10_000));
    expect(await Promise.race([written, waited])).toBeInstanceOf(XlsxReaderGone);
    // no cursor is left open in a transaction (on PGlite the next query would wait for it forever)
    const open = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%' and query like 'fetch forward%'`,
    );
    expect(open).toEqual([{ n: 0 }]);
  });
});

import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestApp } from '../../testing/harness';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

type Report = {
  rows: Record<string, string | number | null>[];
  columns: { key: string; type: string; sums?: boolean }[];
  totals: Record<string, number> | null;
};

async function workbook(url: string): Promise<ExcelJS.Worksheet> {
  const res = await admin({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** The period of the demo's sales: from its first payment to its last. */
async function demoPeriod() {
  const [p] = await queryRows<{ from: string; to: string }>(t, sql`select min(business_date)::text as from, max(business_date)::text as to from sale_payments`);
  return p!;
}

describe('sale_payments carries its sale channel and day', () => {
  it('every payment and refund of the demo (sales of every channel, split tenders, dollars, refunds) has its sale’s channel and day', async () => {
    const [check] = await queryRows<{ rows: number; refunds: number; channels: number; wrong: number }>(
      t,
      sql`select count(*)::int as rows, count(*) filter (where p.kind = 'refund')::int as refunds, count(distinct p.channel)::int as channels,
          count(*) filter (where p.channel is distinct from s.channel or p.sale_date is distinct from s.business_date)::int as wrong
        from sale_payments p join (select id, 'order' as kind, channel, business_date from orders
          union all select id, 'cashOrder', channel, business_date from cash_orders) s on s.id = p.order_id and s.kind = p.order_kind`,
    );
    expect(check!.rows).toBeGreaterThan(100);
    expect(check!.refunds).toBeGreaterThan(0);
    expect(check!.wrong).toBe(0);
  });
});

describe('a line report’s workbook, streamed from a cursor', () => {
  // each streamed report's workbook (a cursor's rows) holds the rows the JSON answer lists
  it.each([
    ['individual-medical-fees', 'Cita', 'total'],
    ['individual-cosmetology-fees', 'Venta', 'total'],
    ['scheduled-appointments', 'Cita', null],
  ])('%s: the same rows as the report, typed, with the sums of its columns under them', async (name, firstHeader, summed) => {
    const { from, to } = await demoPeriod();
    const json = (await (await admin({ method: 'GET', url: `/v1/report/${name}?startDate=${from}&endDate=${to}` })).json()) as Report;
    expect(json.rows.length).toBeGreaterThan(10);
    const ws = await workbook(`/v1/report/${name}?startDate=${from}&endDate=${to}&format=xlsx`);
    // title, user, period, blank line, header: the rows start on row 6
    expect(ws.getCell('A5').value).toBe(firstHeader);
    const keys = json.columns.map((c) => c.key);
    json.rows.forEach((row, i) => {
      const cells = ws.getRow(6 + i);
      keys.forEach((key, k) => {
        const cell = cells.getCell(k + 1).value;
        const column = json.columns[k]!;
        if (row[key] === null || row[key] === '') expect(cell ?? null).toBeNull();
        else if (column.type === 'date') expect((cell as Date).toISOString().slice(0, 10)).toBe(row[key]);
        else expect(cell).toBe(row[key]);
      });
    });
    if (!summed) return;
    const totals = ws.getRow(6 + json.rows.length);
    const total = totals.getCell(keys.indexOf(summed) + 1).value as { formula: string; result: number };
    expect(total.formula).toMatch(/^SUM\(/);
    expect(Math.round(total.result * 100)).toBe(Math.round(json.totals![summed]! * 100));
  });

  it('answers a refused report before any byte of a file: a medic may not read another user’s fees', async () => {
    const [other] = await queryRows<{ id: string }>(t, sql`select id from users where username = 'admin@demo.mx'`);
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    const res = await medico({ method: 'GET', url: `/v1/report/individual-medical-fees?userId=${other!.id}&format=xlsx` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp } from '../../testing/harness';

const { t, admin, gerente, medico } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', medico: 'medico@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');

type Report = {
  rows: Record<string, string | number | null>[];
  totals: Record<string, number | null> | null;
  columns: { key: string; type: string }[];
  period: { from: string; to: string };
};
const report = async (name: string, query = '') => {
  const res = await admin({ method: 'GET', url: `/v1/report/${name}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
};
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + cents(r[key]), 0);

/** The last whole month before the demo's day: closed days with sales in every demo branch. */
async function closedMonth(): Promise<string> {
  const [row] = await queryRows<{ month: string }>(
    t,
    sql`select to_char(max(business_date) - interval '1 month', 'YYYY-MM') as month from daily_cash_closings`,
  );
  return row!.month;
}

describe('GET /v1/report/{name}', () => {
  it('answers 404 for an unknown report and 400 for a period over three years', async () => {
    const unknown = await admin({ method: 'GET', url: '/v1/report/no-such-report' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'REPORT_NOT_FOUND', message: 'Reporte no encontrado' });
    const long = await admin({ method: 'GET', url: '/v1/report/daily-cash-closing?startDate=2020-01-01&endDate=2024-01-02' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: 'startDate' });
  });

  it('refuses another branch to a branch-bound role and reads its own when none is given', async () => {
    expect((await gerente({ method: 'GET', url: `/v1/report/daily-sales?branchId=${MEXICALI}` })).statusCode).toBe(403);
    const own = await gerente({ method: 'GET', url: '/v1/report/daily-sales' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().branch).toMatchObject({ id: TIJUANA });
  });

  it('lets a medic read only their own fees', async () => {
    expect((await medico({ method: 'GET', url: '/v1/report/daily-sales' })).statusCode).toBe(403);
  });

  it("a day's sales (cash basis) equal that day's closing, and the days add up to the month", async () => {
    const month = await closedMonth();
    const daily = await report('daily-sales', `month=${month}&branchId=${TIJUANA}`);
    expect(daily.rows.length).toBeGreaterThan(0);
    const closings = await report('daily-cash-closing', `startDate=${month}-01&endDate=${daily.period.to}&branchId=${TIJUANA}`);
    const closingOf = new Map(closings.rows.map((r) => [r.date, cents(r.total)]));
    for (const day of daily.rows) expect([day.date, cents(day.total)]).toEqual([day.date, closingOf.get(day.date as string) ?? 0]);
    expect(cents(daily.totals!.total)).toBe(sum(daily.rows, 'total'));
    const monthly = await report('monthly-sales', `year=${month.slice(0, 4)}&branchId=${TIJUANA}`);
    expect(cents(monthly.rows.find((r) => r.month === month)!.total)).toBe(cents(daily.totals!.total));
  });

  it("profitability's income equals monthly sales and its expenses the expenses report", async () => {
    const month = await closedMonth();
    const year = month.slice(0, 4);
    const profit = await report('profitability-by-branch', `year=${year}`);
    const monthly = await report('monthly-sales', `year=${year}`);
    const key = `m${month.slice(5, 7)}`;
    const income = profit.rows.filter((r) => r.type === 'Ingresos');
    expect(sum(income, key)).toBe(
      sum(
        monthly.rows.filter((r) => r.month === month),
        'total',
      ),
    );
    const expenses = await report('general-expenses-by-product', `month=${month}`);
    expect(
      sum(
        profit.rows.filter((r) => r.type === 'Egresos'),
        key,
      ),
    ).toBe(sum(expenses.rows, 'total'));
    expect(cents(profit.totals![key])).toBe(sum(income, key) - sum(expenses.rows, 'total'));
    const lines = await report('branch-expenses', `month=${month}`);
    expect(sum(lines.rows, 'total')).toBe(sum(expenses.rows, 'total'));
  });

  it('writes a real workbook: header block, typed money cells, totals row', async () => {
    const month = await closedMonth();
    const res = await admin({ method: 'GET', url: `/v1/report/daily-sales?month=${month}&branchId=${TIJUANA}&format=xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`daily-sales_${month}-01_`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Ventas diarias');
    expect(ws.getCell('A1').value).toBe('Ventas diarias');
    expect(String(ws.getCell('A2').value)).toContain('Rol: Super Administrador');
    const header = ws.getRow(6);
    expect(header.getCell(1).value).toBe('Fecha');
    const first = ws.getRow(7);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(typeof first.getCell(16).value).toBe('number');
    expect(first.getCell(16).numFmt).toBe('"$"#,##0.00');
  });

  describe('a known week of 2031 in Tijuana', () => {
    const day = (d: number) => `2031-03-${String(d).padStart(2, '0')}`;
    let saleId: string;
    let productSaleId: string;

    // a treatment sale paid $500 cash (change $76.25) + $420 debit on the 10th, refunded in cash on the 12th; a product
    // sale paid 20 dollars at 17.50 on the 11th: the rows the intake and the refund write, on days of our choosing
    beforeAll(async () => {
      [{ id: saleId }] = (await queryRows<{ id: string }>(
        t,
        sql`insert into orders (order_number, branch_id, subtotal, total, payment_method, payment_status, business_date, change, refunded_at, refund_business_date)
          values ('REP-T-1', ${TIJUANA}, 843.75, 843.75, 'Dividido', 'paid', ${day(10)}, 76.25, now(), ${day(12)}) returning id`,
      )) as [{ id: string }];
      [{ id: productSaleId }] = (await queryRows<{ id: string }>(
        t,
        sql`insert into cash_orders (order_number, branch_id, subtotal, total, payment_method, payment_status, business_date)
          values ('REP-T-2', ${TIJUANA}, 350, 350, 'Efectivo', 'paid', ${day(11)}) returning id`,
      )) as [{ id: string }];
      await queryRows(
        t,
        sql`insert into sale_payments (order_kind, order_id, branch_id, business_date, kind, method, currency, amount, exchange_rate, amount_mxn) values
          ('order', ${saleId}, ${TIJUANA}, ${day(10)}, 'payment', 'Efectivo', 'MXN', 500, 1, 500),
          ('order', ${saleId}, ${TIJUANA}, ${day(10)}, 'payment', 'Tarjeta de débito', 'MXN', 420, 1, 420),
          ('order', ${saleId}, ${TIJUANA}, ${day(12)}, 'refund', 'Efectivo', 'MXN', -843.75, 1, -843.75),
          ('cashOrder', ${productSaleId}, ${TIJUANA}, ${day(11)}, 'payment', 'Efectivo', 'USD', 20, 17.5, 350)`,
      );
    });

    const daily = (basis: string) => report('daily-sales', `month=2031-03&branchId=${TIJUANA}&basis=${basis}`);
    const onDay = (r: Report, d: number) => r.rows.find((row) => row.date === day(d));

    it('counts cash as it stayed in the drawer and dollars at the rate of their payment', async () => {
      const r = await daily('cash');
      expect(onDay(r, 10)).toMatchObject({ mxnTx: 423.75, cashTotal: 423.75, tdd: 420, total: 843.75 });
      expect(onDay(r, 11)).toMatchObject({ dlsTx: 20, dlsToMxTx: 350, mxnProduct: 0, dlsProduct: 20, dlsToMxnProduct: 350, total: 350 });
    });

    it("puts a refund on its own day (cash basis) or on its sale's day (sale basis); both add up to the same month", async () => {
      const cash = await daily('cash');
      expect(onDay(cash, 12)).toMatchObject({ mxnTx: -843.75, total: -843.75 });
      const bySale = await daily('sale');
      expect(onDay(bySale, 10)).toMatchObject({ total: 0, tdd: 420 });
      expect(onDay(bySale, 12)).toBeUndefined();
      expect(cents(cash.totals!.total)).toBe(35_000);
      expect(cents(bySale.totals!.total)).toBe(35_000);
      const res = await admin({ method: 'GET', url: `/v1/report/daily-sales?month=2031-03&branchId=${TIJUANA}` });
      expect(res.json()).toMatchObject({ basis: 'cash' });
    });

    it("a day's or a month's total opens the tenders, refunds and change behind it, adding up to it", async () => {
      const drill = async (name: string, key: string, basis = 'cash') => {
        const query = name === 'daily-sales' ? 'month=2031-03' : 'year=2031';
        const res = await admin({ method: 'GET', url: `/v1/report/${name}/drill?${query}&branchId=${TIJUANA}&basis=${basis}&key=${encodeURIComponent(key)}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<Report>();
      };
      const tenth = await drill('daily-sales', `${TIJUANA}|${day(10)}`);
      const lines = tenth.rows.map((r) => `${r.number} ${r.movement} ${r.method} ${r.total}`).sort();
      expect(lines).toEqual(['REP-T-1 Cambio Efectivo -76.25', 'REP-T-1 Cobro Efectivo 500', 'REP-T-1 Cobro Tarjeta de débito 420']);
      expect(cents(tenth.totals!.total)).toBe(cents(onDay(await daily('cash'), 10)!.total));
      const bySale = await drill('daily-sales', `${TIJUANA}|${day(10)}`, 'sale');
      expect(cents(bySale.totals!.total)).toBe(0);
      const month = await drill('monthly-sales', `${TIJUANA}|2031-03`);
      expect(cents(month.totals!.total)).toBe(35_000);
      expect(month.rows.find((r) => r.currency === 'USD')).toMatchObject({ amount: 20, total: 350 });
      const bad = await admin({ method: 'GET', url: `/v1/report/daily-sales/drill?month=2031-03&key=nada` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'key' });
      const other = await gerente({ method: 'GET', url: `/v1/report/daily-sales/drill?month=2031-03&key=${encodeURIComponent(`${MEXICALI}|${day(10)}`)}` });
      expect(other.statusCode).toBe(403);
    });

    it("a day's cash-basis total is the total its closing would count", async () => {
      for (const d of [10, 11, 12]) {
        const x = await admin({ method: 'GET', url: `/v1/daily-cash-closing/preview?branchId=${TIJUANA}&date=${day(d)}` });
        expect(x.statusCode, x.body).toBe(200);
        expect(cents(x.json().total)).toBe(cents(onDay(await daily('cash'), d)!.total));
      }
    });
  });
});

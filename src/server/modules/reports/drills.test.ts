import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../testing/harness';

/**
 * Issue 29's drill-downs: a total of a report opens the rows behind it, read with the report's own filters, and those
 * rows add up to the cell they came from. Each report is read over a period taken from the demo's data (never from
 * today), and every row's drill (up to a handful a report) is summed against its cell.
 */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');

type Row = Record<string, string | number | null>;
type Report = { rows: Row[]; totals: Row | null; columns: { key: string; sums?: boolean }[] };

const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

async function report(name: string, query: string, caller: Caller = admin): Promise<Report> {
  const res = await caller({ method: 'GET', url: `/v1/report/${name}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}
const drillUrl = (name: string, query: string, key: string) => `/v1/report/${name}/drill?${query}&key=${encodeURIComponent(key)}`;
const drill = (name: string, query: string, key: string) => report(`${name}/drill`, `${query}&key=${encodeURIComponent(key)}`);

/**
 * For each row of the report that carries a drill key (at most `limit`), its drill's rows add up to the row's cell, and
 * so does the drill's totals row. Answers how many rows were drilled.
 */
async function drillsAddUp(name: string, query: string, opts: { cell: string; key: (row: Row) => string; sums?: string; limit?: number }) {
  const r = await report(name, query);
  const sums = opts.sums ?? opts.cell;
  // the rows with a figure first: a zero cell's drill proves little
  const picked = [...r.rows].sort((a, b) => Number(!cents(a[opts.cell])) - Number(!cents(b[opts.cell]))).slice(0, opts.limit ?? 6);
  for (const row of picked) {
    const key = opts.key(row);
    const d = await drill(name, query, key);
    const added = d.rows.reduce((s, x) => s + cents(x[sums]), 0);
    expect([key, added]).toEqual([key, cents(row[opts.cell])]);
    expect([key, cents(d.totals?.[sums])]).toEqual([key, cents(row[opts.cell])]);
  }
  return picked.length;
}

/** A drill key that names nothing is a 400 on `key`; another branch's, for a branch-bound role, a 403. */
async function refusals(name: string, query: string, otherBranchKey: string) {
  const bad = await admin({ method: 'GET', url: drillUrl(name, query, 'nada') });
  expect([name, bad.statusCode]).toEqual([name, 400]);
  expect(bad.json().errors[0]).toMatchObject({ field: 'key' });
  const other = await gerente({ method: 'GET', url: drillUrl(name, query, otherBranchKey) });
  expect([name, other.statusCode]).toEqual([name, 403]);
}

/** A closed month of the demo (the one before its last closing) and the last twelve months up to that closing. */
let month = '';
let year = '';
let lastYear = '';
beforeAll(async () => {
  const [last] = await rows<{ month: string; from: string; to: string }>(
    sql`select to_char(max(business_date) - interval '1 month', 'YYYY-MM') as month, (max(business_date) - 364)::text as from,
        max(business_date)::text as to from daily_cash_closings`,
  );
  month = last!.month;
  year = month.slice(0, 4);
  lastYear = `startDate=${last!.from}&endDate=${last!.to}`;
});

describe('drills add up to their cells', () => {
  it("a closing's total: its branch-day's tenders, refunds and change", async () => {
    const query = `startDate=${month}-01&endDate=${month}-28&branchId=${TIJUANA}`;
    expect(await drillsAddUp('daily-cash-closing', query, { cell: 'total', key: (r) => String(r.drillKey) })).toBeGreaterThan(0);
    await refusals('daily-cash-closing', query, `${MEXICALI}|${month}-10`);
  });

  it("profitability's income (the sales money) and expenses (the expense lines) of a branch", async () => {
    const query = `year=${year}&branchId=${TIJUANA}`;
    const drilled = await drillsAddUp('profitability-by-branch', query, { cell: 'total', key: (r) => String(r.drillKey) });
    expect(drilled).toBe(2);
    const sale = await report('profitability-by-branch', `${query}&basis=sale&type=income`);
    const income = sale.rows[0]!;
    const d = await drill('profitability-by-branch', `${query}&basis=sale&type=income`, String(income.drillKey));
    expect(cents(d.totals!.total)).toBe(cents(income.total));
    // a side the type filter leaves out has no rows
    expect((await drill('profitability-by-branch', `${query}&type=income`, `expenses|${TIJUANA}`)).rows).toEqual([]);
    await refusals('profitability-by-branch', query, `income|${MEXICALI}`);
    const bad = await admin({ method: 'GET', url: drillUrl('profitability-by-branch', query, `other|${TIJUANA}`) });
    expect(bad.statusCode).toBe(400);
  });

  it("a branch's inventory: the lots it held at the close of the period, pieces and value", async () => {
    const query = `month=${month}`;
    expect(await drillsAddUp('general-inventory', query, { cell: 'total', key: (r) => String(r.branchId) })).toBeGreaterThan(1);
    expect(await drillsAddUp('general-inventory', query, { cell: 'quantity', key: (r) => String(r.branchId), limit: 2 })).toBe(2);
    await refusals('general-inventory', query, MEXICALI);
  });

  it("a branch's confirmed appointments: one row each, as many as the cell", async () => {
    // the demo records confirmations on the appointments ahead of its day: the days that have them
    const [confirmed] = await rows<{ from: string; to: string }>(
      sql`select min(date)::text as from, max(date)::text as to from appointments where confirm_method is not null and deleted_at is null`,
    );
    const period = `startDate=${confirmed!.from}&endDate=${confirmed!.to}`;
    const r = await report('confirmation', period);
    expect(r.rows.length).toBeGreaterThan(0);
    for (const row of r.rows.slice(0, 4)) {
      const d = await drill('confirmation', period, String(row.branchId));
      expect([row.branch, d.rows.length, d.totals!.appointments]).toEqual([row.branch, row.confirmed, row.confirmed]);
      expect(new Set(d.rows.map((x) => x.confirmation))).not.toContain('No');
    }
    await refusals('confirmation', period, MEXICALI);
  });

  it("appointments by channel: a branch's total is its drill's count", async () => {
    expect(await drillsAddUp('appointments', lastYear, { cell: 'total', sums: 'appointments', key: (r) => String(r.branchId), limit: 3 })).toBeGreaterThan(0);
    await refusals('appointments', lastYear, MEXICALI);
  });

  it("general expenses by product: a branch's total is its expense lines'", async () => {
    const [latest] = await rows<{ month: string }>(
      sql`select to_char(max(created_at) - interval '1 day', 'YYYY-MM') as month from stock_movements
        where cause in ('restock_received', 'transfer_received', 'transfer_sent', 'transfer_returned', 'provider_return')`,
    );
    const query = `month=${latest!.month}`;
    expect(await drillsAddUp('general-expenses-by-product', query, { cell: 'total', key: (r) => String(r.branchId) })).toBeGreaterThan(0);
    await refusals('general-expenses-by-product', query, MEXICALI);
  });

  describe("a customer's purchases", () => {
    const PERIOD = 'startDate=2031-03-10&endDate=2031-03-16';
    let customerId = '';

    // a customer registered at Tijuana on 2031-03-10 with two paid sales of the week, a refunded one and one after it
    beforeAll(async () => {
      const res = await admin({
        method: 'POST',
        url: '/v1/customer/create',
        payload: { name: 'Detalle', lastName: 'Compras', motherLastName: 'Prueba', gender: 'Femenino', birthday: '1991-02-03', mobilePhone: '6640399001' },
      });
      expect(res.statusCode, res.body).toBe(201);
      customerId = res.json<{ id: string }>().id;
      await rows(sql`update customers set registry_branch_id = ${TIJUANA}, created_at = '2031-03-10T18:00:00Z' where id = ${customerId}`);
      let n = 0;
      const sale = async (table: 'orders' | 'cash_orders', total: string, day: string, refunded = false) => {
        n += 1;
        await rows(sql`insert into ${sql.identifier(table)} (order_number, branch_id, customer_id, subtotal, total, payment_method, payment_status, business_date, refunded_at)
          values (${'DRL-2031-' + n}, ${MEXICALI}, ${customerId}, ${total}, ${total}, 'Efectivo', 'paid', ${day}, ${refunded ? sql`now()` : null})`);
      };
      await sale('orders', '1200.00', '2031-03-11');
      await sale('cash_orders', '99.90', '2031-03-15');
      await sale('orders', '300.00', '2031-03-12', true);
      await sale('orders', '500.00', '2031-03-20');
    });

    it('lists the paid sales of the period that make the total, of any branch', async () => {
      const r = await report('customers', `${PERIOD}&branchId=${TIJUANA}`);
      const row = r.rows.find((x) => x.drillKey === customerId)!;
      expect(row).toMatchObject({ sales: 2, total: 1299.9 });
      const d = await drill('customers', `${PERIOD}&branchId=${TIJUANA}`, customerId);
      expect(d.rows.map((x) => [x.number, x.branch, x.total])).toEqual([
        ['DRL-2031-1', 'Mexicali', 1200],
        ['DRL-2031-2', 'Mexicali', 99.9],
      ]);
      expect(d.totals).toMatchObject({ sales: 2, total: 1299.9 });
      // another registry branch asked for: none
      expect((await drill('customers', `${PERIOD}&branchId=${MEXICALI}`, customerId)).rows).toEqual([]);
    });

    it('a branch-bound role reads only its branch’s customers; a bad key is a 400, an unknown one a 404', async () => {
      expect((await gerente({ method: 'GET', url: drillUrl('customers', PERIOD, customerId) })).statusCode).toBe(200);
      const [elsewhere] = await rows<{ id: string }>(sql`select id from customers where registry_branch_id = ${MEXICALI} and deleted_at is null limit 1`);
      await refusals('customers', PERIOD, elsewhere!.id);
      const unknown = await admin({ method: 'GET', url: drillUrl('customers', PERIOD, demoId('nobody')) });
      expect(unknown.statusCode).toBe(404);
    });

    it("the demo's customers of the last twelve months add up too", async () => {
      await drillsAddUp('customers', lastYear, { cell: 'total', key: (r) => String(r.drillKey) });
      await drillsAddUp('customers', lastYear, { cell: 'sales', key: (r) => String(r.drillKey), limit: 3 });
    });
  });
});

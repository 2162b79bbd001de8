import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../src/domain/dates';
import { daysInMonth } from '../../src/domain/goals';
import { addDays, formatIsoDate } from '../../src/domain/inventory';
import { formatMoney, toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { putIntoLot } from '../../src/server/modules/inventory';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const SHOTS = process.env.HOME_SHOTS === '1';
let today = '';

/** What the home should show as sold today at a branch: paid, not refunded orders and cash orders of its business day. */
async function soldToday(branchId: string): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    server.t,
    sql`select (select coalesce(sum(total), 0) from orders where branch_id = ${branchId} and business_date = ${today} and payment_status = 'paid' and refunded_at is null and deleted_at is null)
      + (select coalesce(sum(total), 0) from cash_orders where branch_id = ${branchId} and business_date = ${today} and payment_status = 'paid' and refunded_at is null and deleted_at is null) as total`,
  );
  return formatMoney(row!.total);
}

beforeAll(async () => {
  server = await startServer();
  const [branch] = await queryRows<{ time_zone: string }>(server.t, sql`select time_zone from branches where id = ${TIJUANA}`);
  today = dateInZone(branch!.time_zone);
  const [product] = await queryRows<{ id: string }>(
    server.t,
    sql`select id from products where deleted_at is null and approved_at is not null order by sku limit 1`,
  );
  // a lot expiring tomorrow at Tijuana, near the head of the home's table
  await server.t.ctx.db.transaction((tx) =>
    putIntoLot(tx, null, { productId: product!.id, branchId: TIJUANA, allotment: 'E2E-HOME', expiresAt: addDays(today, 1), price: toCents(10) }, 7, {
      cause: 'adjustment_registration',
    }),
  );
  // this month's goal at Tijuana: $1,000.00 a day; and a sale of today
  const [year, month] = today.split('-').map(Number) as [number, number];
  await server.t.ctx.db.execute(sql`update goals set deleted_at = now() where branch_id = ${TIJUANA} and year = ${year} and month = ${month}`);
  await server.t.ctx.db.execute(
    sql`insert into goals (branch_id, year, month, goal) values (${TIJUANA}, ${year}, ${month}, ${1000 * daysInMonth(year, month)})`,
  );
  await server.t.ctx.db.execute(sql`insert into orders (order_number, branch_id, subtotal, total, payment_method, payment_status, business_date)
    values ('E2E-HOME-1', ${TIJUANA}, '450.00', '450.00', 'Efectivo', 'paid', ${today})`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const card = (page: Page, testId: string) => page.getByTestId(testId);

describe('the dashboard home', () => {
  it('shows a branch manager their branch today: appointments by status, sales against the goal, lots close to expiry', async () => {
    const page = await signedInPage(browser, server.url, 'gerente@demo.mx', { height: 768 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByText('Bienvenido(a)').waitFor();
    await page.getByRole('heading', { name: /Hoy en Tijuana/ }).waitFor();
    // no branch picker for a branch-bound user
    expect(await page.getByLabel('Sucursal', { exact: true }).count()).toBe(0);

    const appointments = card(page, 'home-appointments');
    for (const label of ['Agendada', 'En Proceso', 'Terminada', 'Cancelada', 'Inasistencia']) await appointments.getByText(label, { exact: true }).waitFor();

    const sales = card(page, 'home-sales');
    await sales
      .getByText(await soldToday(TIJUANA))
      .first()
      .waitFor();
    await sales
      .getByText(/Meta del día|Sin meta registrada/)
      .first()
      .waitFor();

    const lots = card(page, 'home-lots');
    const first = lots.locator('.ant-table-row', { hasText: 'E2E-HOME' });
    await first.getByText('E2E-HOME').waitFor();
    await first.getByText(`${formatIsoDate(addDays(today, 1))} · en 1 día`).waitFor();
    await first.getByText('7', { exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/home-gerente.png' });

    await lots.getByRole('link', { name: 'Ver inventario' }).click();
    await page.waitForURL(/\/dashboard\/inventario$/);
    await page.context().close();
  });

  it('lets a user not bound to a branch choose the branch', async () => {
    const page = await signedInPage(browser, server.url, 'operativo@demo.mx', { height: 768 });
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: /Hoy en Tijuana/ }).waitFor();
    await page.getByLabel('Sucursal', { exact: true }).click();
    await page.keyboard.type('Mexicali');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Mexicali', { exact: true }).click();
    await page.getByRole('heading', { name: /Hoy en Mexicali/ }).waitFor();
    await card(page, 'home-sales')
      .getByText(await soldToday(MEXICALI))
      .first()
      .waitFor();
    expect(await card(page, 'home-lots').getByText('E2E-HOME').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: '/tmp/home-operativo.png' });
    await page.context().close();
  });

  it('shows a medic only the appointments', async () => {
    const page = await signedInPage(browser, server.url, 'medico@demo.mx', { height: 768 });
    await page.goto(`${server.url}/dashboard`);
    await card(page, 'home-appointments').waitFor();
    expect(await card(page, 'home-sales').count()).toBe(0);
    expect(await card(page, 'home-lots').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: '/tmp/home-medico.png' });
    await page.context().close();
  });
});

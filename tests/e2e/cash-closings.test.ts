import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateInZone } from '../../src/domain/dates';
import { formatIsoDate } from '../../src/domain/inventory';
import { formatMoney, toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { putIntoLot } from '../../src/server/modules/inventory';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const TIJUANA = demoId('branch:tijuana');
const SHOTS = process.env.CLOSINGS_SHOTS === '1';
let day = '';
let saleTotal = 0;

beforeAll(async () => {
  server = await startServer();
  const { t } = server;
  const [product] = await queryRows<{ id: string; sale_price: string }>(
    t,
    sql`select id, sale_price from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku limit 1`,
  );
  await t.ctx.db.transaction((tx) =>
    putIntoLot(tx, null, { productId: product!.id, branchId: TIJUANA, allotment: 'E2E-CORTE', expiresAt: '2099-12-31', price: toCents(50) }, 10, {
      cause: 'adjustment_registration',
    }),
  );
  // a product sold at the counter today, paid in cash with change
  const counter = t.as((await t.signIn('recepcion.tijuana@demo.mx')).token);
  const sale = await counter({
    method: 'POST',
    url: '/v1/cash-order/create',
    headers: { 'idempotency-key': `e2e-corte-${Date.now()}` },
    payload: {
      channel: 'pos',
      branchId: TIJUANA,
      items: [{ productId: product!.id, quantity: 1 }],
      payments: [{ method: 'Efectivo', amount: Number(product!.sale_price) + 37.5, currency: 'MXN' }],
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  saleTotal = sale.json().total;
  const [branch] = await queryRows<{ time_zone: string }>(t, sql`select time_zone from branches where id = ${TIJUANA}`);
  day = dateInZone(branch!.time_zone);
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'recepcion.tijuana@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('daily cash closings', () => {
  it('closes the day blind with a counted drawer and then shows expected, counted and the difference', async () => {
    await page.goto(`${server.url}/dashboard/corte-sucursal`);
    await page.getByRole('heading', { name: 'Corte de sucursal' }).waitFor();
    // the receptionist counts the drawer but does not see the X report
    expect(await page.getByRole('button', { name: 'Corte X' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    await settled(page);
    const modal = page.locator('.ant-modal', { hasText: 'Cuente el efectivo' });
    await modal.getByLabel('Pesos 1000', { exact: true }).fill('1');
    await modal.getByLabel('Pesos 500', { exact: true }).fill('1');
    await modal.getByLabel('Pesos 0.5', { exact: true }).fill('3');
    await modal.getByLabel('Dólares 20', { exact: true }).fill('1');
    // running totals of what was counted, nothing of what is expected
    await expect.poll(() => modal.getByTestId('counted-MXN').textContent()).toBe('$1,501.50');
    await expect.poll(() => modal.getByTestId('counted-USD').textContent()).toBe('$20.00 USD');
    expect(await modal.getByText('Esperado', { exact: true }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-count-form.png' });

    await modal.getByRole('button', { name: 'Cerrar caja' }).click();
    const result = page.getByTestId('drawer-result');
    await result.waitFor();
    const pesos = result.locator('tr', { hasText: 'Pesos' });
    await pesos.getByText(formatMoney(saleTotal)).waitFor();
    await pesos.getByText('$1,501.50').waitFor();
    await pesos.getByText(formatMoney((toCents(1501.5) - toCents(saleTotal)) / 100)).waitFor();
    const dollars = result.locator('tr', { hasText: 'Dólares' });
    await dollars.getByText('$20.00 USD').waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-result.png' });
    await page.getByRole('button', { name: 'Listo' }).click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });

    const line = page.locator('.ant-table-row', { hasText: formatIsoDate(day) }).filter({ hasText: 'Paola Serrano Beltrán' });
    await line.getByText(formatMoney(saleTotal)).first().waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-list.png' });

    // a second closing of the day is refused
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    await settled(page);
    await page.locator('.ant-modal').getByRole('button', { name: 'Cerrar caja' }).click();
    await page.getByText('El corte de caja de esa sucursal y día ya existe').waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('lists the product closings and opens the closings of a branch and date', async () => {
    await page.getByRole('button', { name: 'Corte de productos' }).click();
    await page.waitForURL(/\/dashboard\/corte-de-productos$/);
    await page.getByRole('heading', { name: 'Corte de productos' }).waitFor();
    const line = page.locator('.ant-table-row', { hasText: formatIsoDate(day) }).first();
    await line.getByText('Paola Serrano Beltrán').waitFor();
    await line.getByText(formatMoney(saleTotal)).first().waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-products.png' });
    await line.getByRole('button', { name: 'Tijuana' }).click();
    await settled(page);
    const detail = page.getByTestId('branch-day-closings');
    await detail.getByText(/^CC-\d{6}$/).waitFor();
    await detail.getByText('Paola Serrano Beltrán').waitFor();
    await page.locator('.ant-modal-title', { hasText: `Cortes de Tijuana del ${formatIsoDate(day)}` }).waitFor();
    // five a page, with 10 and 15 to choose
    await detail.locator('.ant-pagination-options').waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-branch-day.png' });
  });

  it("shows a supervisor the X report of a branch's day by the closing's own figures", async () => {
    const supervisor = await signedInPage(browser, server.url, 'operativo@demo.mx', { height: 768 });
    await supervisor.goto(`${server.url}/dashboard/corte-sucursal`);
    // the Gerente Operativo reads and approves closings but does not count a drawer
    await supervisor.getByRole('button', { name: 'Corte X' }).click();
    expect(await supervisor.getByRole('button', { name: 'Cerrar caja' }).count()).toBe(0);
    await settled(supervisor);
    const modal = supervisor.locator('.ant-modal', { hasText: 'Corte X' });
    await modal.getByLabel('Sucursal').click();
    await supervisor.keyboard.type('Tijuana');
    await supervisor.locator('.ant-select-dropdown:visible').getByTitle('Tijuana', { exact: true }).click();
    await supervisor.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    const report = supervisor.getByTestId('x-report');
    await report.getByText('Día ya cerrado por Paola Serrano Beltrán', { exact: false }).waitFor();
    await report.locator('tr', { hasText: 'Pesos en caja' }).getByText(formatMoney(saleTotal)).waitFor();
    if (SHOTS) await supervisor.screenshot({ path: '/tmp/closings-x-report.png' });
    await supervisor.context().close();
  });
});

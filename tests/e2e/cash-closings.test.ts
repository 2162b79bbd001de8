import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_FLOAT } from '../../src/domain/cash-closings';
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
/** Tijuana's drawer opens with the default float: the day expects it plus the cash of the sale. */
const FLOAT = DEFAULT_OPENING_FLOAT / 100;
let expectedPesos = 0;

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
  expectedPesos = (DEFAULT_OPENING_FLOAT + toCents(saleTotal)) / 100;
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
    // the float and the day's cash, all counted
    await modal.getByLabel('Pesos 1000', { exact: true }).fill('2');
    await modal.getByLabel('Pesos 500', { exact: true }).fill('1');
    await modal.getByLabel('Pesos 0.5', { exact: true }).fill('3');
    await modal.getByLabel('Dólares 20', { exact: true }).fill('1');
    // running totals of what was counted, nothing of what is expected
    await expect.poll(() => modal.getByTestId('counted-MXN').textContent()).toBe('$2,501.50');
    await expect.poll(() => modal.getByTestId('counted-USD').textContent()).toBe('$20.00 USD');
    expect(await modal.getByText('Esperado', { exact: true }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-count-form.png' });

    await modal.getByRole('button', { name: 'Cerrar caja' }).click();
    const result = page.getByTestId('drawer-result');
    await result.waitFor();
    const difference = (toCents(2501.5) - toCents(expectedPesos)) / 100;
    const pesos = result.locator('tr', { hasText: 'Pesos' });
    await pesos.getByText(formatMoney(expectedPesos)).waitFor();
    await pesos.getByText('$2,501.50').waitFor();
    await pesos.getByText(formatMoney(difference)).waitFor();
    // how the pesos expected add up: float + cash (net of change) − cash refunds
    const sum = page.getByTestId('expected-pesos');
    await sum.locator('tr', { hasText: 'Fondo de caja' }).getByText(formatMoney(FLOAT)).waitFor();
    await sum
      .locator('tr', { hasText: 'Efectivo cobrado (neto de cambio)' })
      .getByText(`+ ${formatMoney(saleTotal)}`)
      .waitFor();
    await sum
      .locator('tr', { hasText: 'Pesos esperados en caja' })
      .getByText(`= ${formatMoney(expectedPesos)}`)
      .waitFor();
    const dollars = result.locator('tr', { hasText: 'Dólares' });
    await dollars.getByText('$20.00 USD').waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-result.png' });
    await page.getByRole('button', { name: 'Listo' }).click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });

    const line = page.locator('.ant-table-row', { hasText: formatIsoDate(day) }).filter({ hasText: 'Paola Serrano Beltrán' });
    await line.getByText(formatMoney(saleTotal)).first().waitFor();
    // the list shows the difference, coloured: red short, green over
    await page.locator('.ant-table-thead').getByText('Diferencia', { exact: true }).waitFor();
    const tag = line.locator('.ant-tag', { hasText: formatMoney(difference) });
    await tag.waitFor();
    expect(await tag.getAttribute('class')).toContain(difference < 0 ? 'ant-tag-red' : 'ant-tag-green');
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-list.png' });

    // a second 'Cerrar caja' on the closed day says so before any count
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    const again = page.locator('.ant-modal', { hasText: 'Cuente el efectivo' });
    const closed = again.getByTestId('day-already-closed');
    await closed.getByText(`El corte de caja de Tijuana del ${formatIsoDate(day)} ya existe`).waitFor();
    await closed.getByText(/^CC-\d{6}, hecho por Paola Serrano Beltrán/).waitFor();
    expect(await again.getByLabel('Pesos 1000', { exact: true }).count()).toBe(0);
    expect(await again.getByRole('button', { name: 'Cerrar caja' }).isDisabled()).toBe(true);
    if (SHOTS) await page.screenshot({ path: '/tmp/closings-already-closed.png' });
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
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
    await report.locator('tr', { hasText: 'Pesos en caja' }).getByText(formatMoney(expectedPesos)).waitFor();
    await report.getByTestId('expected-pesos').locator('tr', { hasText: 'Fondo de caja' }).getByText(formatMoney(FLOAT)).waitFor();
    if (SHOTS) await supervisor.screenshot({ path: '/tmp/closings-x-report.png' });
    await supervisor.context().close();
  });

  it('shows and edits each clinic’s drawer float in the settings', async () => {
    const supervisor = await signedInPage(browser, server.url, 'operativo@demo.mx', { height: 768 });
    await supervisor.goto(`${server.url}/dashboard/configuraciones`);
    const row = (name: string) => supervisor.locator('.ant-table-row', { hasText: name });
    await supervisor.locator('.ant-table-thead').getByText('Fondo de caja', { exact: true }).waitFor();
    await row('Tijuana').getByText(formatMoney(FLOAT)).waitFor();
    await row('Ciudad de México').getByText('$3,000.00').waitFor();
    await supervisor.getByRole('button', { name: 'Editar' }).click();
    const float = supervisor.getByLabel('Fondo de caja Tijuana', { exact: true });
    await expect.poll(() => float.inputValue()).toBe(FLOAT.toFixed(2));
    await float.fill('-5');
    await supervisor.getByRole('button', { name: 'Guardar' }).click();
    await supervisor.getByText('El fondo de caja debe estar entre $0.00 y $1,000,000.00').waitFor();
    await float.fill('2500');
    if (SHOTS) await supervisor.screenshot({ path: '/tmp/closings-settings-float.png', fullPage: true });
    await supervisor.getByRole('button', { name: 'Guardar' }).click();
    await supervisor.waitForURL(/\/dashboard\/configuraciones$/);
    await row('Tijuana').getByText('$2,500.00').waitFor();
    await supervisor.context().close();
  });
});

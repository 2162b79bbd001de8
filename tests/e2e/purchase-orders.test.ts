import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/testing/harness';
import { confirmDialog, launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'logistica@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
const field = (label: string) => page.getByLabel(label, { exact: true });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const INVOICE = 'FAC-E2E-901';
const LOT = 'LOTE-E2E-7';

async function choose(label: string, option: string) {
  await field(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function rowAction(text: string, action: string) {
  await row(text).getByRole('button', { name: 'Opciones' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('purchase orders', () => {
  let product: { id: string; sku: string; name: string; bar_code: string };

  beforeAll(async () => {
    [product] = await queryRows<typeof product>(
      server.t,
      sql`select p.id, p.sku, p.name, p.bar_code from products p join product_types t on t.id = p.product_type_id
          where t.requires_lot and p.active and p.deleted_at is null order by p.sku limit 1`,
    );
  });

  it('creates an order through the form, a GS1 scan filling the line with product, lot and expiry', async () => {
    await page.goto(`${server.url}/dashboard/ordenes-de-compra`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-compra\/crear$/);
    // each required field says so once (the amount said it twice: its own rule and the schema's)
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo monto es requerido').first().waitFor();
    await page.screenshot({ path: '/tmp/hpurchase-required.png' });
    expect(await page.getByText('El campo monto es requerido').count()).toBe(1);

    await field('Número de factura').fill(INVOICE);
    await choose('Proveedor', 'Dermafarma');
    await choose('Método de pago', 'Transferencia electrónica');
    await field('Fecha de llegada').fill('20/11/2026');
    await field('Fecha de llegada').press('Enter');
    // arrival + 1 day + Dermafarma's 30 days
    await poll(() => field('Vencimiento del crédito').inputValue()).toBe('21/12/2026');
    await field('Monto').fill('1160');

    // a GS1 DataMatrix read in its printed form: GTIN-14, lot and expiry (day 00 = end of month)
    await field('Escanear código').fill(`(01)0${product.bar_code}(10)${LOT}(17)281200`);
    await field('Escanear código').press('Enter');
    await poll(() => field('Lote 1').inputValue()).toBe(LOT);
    await poll(() => field('Caducidad 1').inputValue()).toBe('31/12/2028');
    await page.getByTestId('line-0').getByText(product.name, { exact: false }).waitFor();
    await page.getByTestId('line-0').getByLabel('Cantidad').fill('12');
    await page.getByTestId('line-0').getByLabel('Precio unitario').fill('80');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await confirmDialog(page, 'Guardar');
    await page.waitForURL(/\/dashboard\/ordenes-de-compra$/);
    await page.getByText('Operación exitosa').first().waitFor();
    await row(INVOICE).getByText('Pendiente').waitFor();
    await row(INVOICE).getByText('Dermafarma').waitFor();
    await page.screenshot({ path: '/tmp/hpurchase-list.png' });
  });

  it('receives it at the distribution centre from the row menu', async () => {
    await rowAction(INVOICE, 'Recibir en CEDIS');
    await confirmDialog(page, 'Recibir');
    await page.getByText('Operación exitosa').first().waitFor();
    const lots = await queryRows<{ quantity: number; expires_at: string; distribution_center: boolean }>(
      server.t,
      sql`select s.quantity, s.expires_at::text, b.distribution_center from product_stocks s join branches b on b.id = s.branch_id
          where s.product_id = ${product.id} and s.allotment = ${LOT}`,
    );
    expect(lots).toEqual([{ quantity: 12, expires_at: '2028-12-31', distribution_center: true }]);
    // received: no longer offered for receipt nor deletion
    await row(INVOICE).getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'PDF' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Recibir en CEDIS' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Eliminar' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('opens the PDF in a new tab', async () => {
    const download = page.waitForResponse((r) => /\/v1\/purchase-order\/[0-9a-f-]{36}\/download$/.test(r.url()));
    const popup = page.context().waitForEvent('page');
    await rowAction(INVOICE, 'PDF');
    const res = await download;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
    const tab = await popup;
    await poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
  });

  it('shows the received order read-only lines on its form', async () => {
    await rowAction(INVOICE, 'Editar');
    await page.waitForURL(/\/dashboard\/ordenes-de-compra\/[0-9a-f-]{36}$/);
    await page.getByText('Recibida en').waitFor();
    await poll(() => field('Lote 1').isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/hpurchase-form.png', fullPage: true });
  });

  it('is refused to a role without the privilege', async () => {
    const other = await signedInPage(browser, server.url, 'gerente@demo.mx');
    await other.goto(`${server.url}/dashboard/ordenes-de-compra`);
    await poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await other.goto(`${server.url}/dashboard/ordenes-de-compra/crear`);
    await poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await other.context().close();
  });
});

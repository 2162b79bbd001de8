import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { putIntoLot } from '../../src/server/modules/inventory';
import { queryRows } from '../../src/server/testing/harness';
import { confirmDialog, launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
let stockId = '';
let product = { id: '', sku: '', name: '' };
const LOT = 'E2E-SO-01';

beforeAll(async () => {
  server = await startServer();
  const [p] = await queryRows<{ id: string; sku: string; name: string }>(
    server.t,
    sql`select id, sku, name from products where deleted_at is null and approved_at is not null and active order by sku limit 1`,
  );
  product = p!;
  const lot = await server.t.ctx.db.transaction((tx) =>
    putIntoLot(tx, null, { productId: product.id, branchId: demoId('branch:tijuana'), allotment: LOT, expiresAt: '2099-06-30', price: toCents(80) }, 10, {
      cause: 'adjustment_registration',
    }),
  );
  stockId = lot.id;
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
const stock = async () => (await queryRows<{ quantity: number }>(server.t, sql`select quantity from product_stocks where id = ${stockId}`))[0]!.quantity;

/** Picks the option whose label is `option` (exact) or, with `partial`, the first that contains it. */
async function choose(label: string, option: string, partial = false) {
  await field(label).click();
  // long lists are virtual: typing narrows them to the option
  await page.keyboard.type(option);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await (partial ? dropdown.locator('.ant-select-item-option', { hasText: option }).first() : dropdown.getByTitle(option, { exact: true })).click();
}

describe('sale orders', () => {
  it('creates a sale order through the form after confirming, lists it, takes the units and deletes it', async () => {
    await page.goto(`${server.url}/dashboard/ordenes-de-venta`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-venta\/crear$/);

    // required fields
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo nombre es requerido').waitFor();
    await page.getByText('El campo número de nota es requerido').waitFor();

    await choose('Sucursal', 'Tijuana');
    await field('Nombre').fill('Spa Las Palmas');
    await page.locator('#rfc').fill('BAD');
    await field('Teléfono').fill('6645551234');
    await field('Número de nota').fill('N-2040');
    await choose('Lote', LOT, true);
    await page.getByText('Disponibles: 10').waitFor();
    await field('Cantidad').fill('11');
    await page.getByText('No se cuenta con suficiente stock').waitFor();
    await page.screenshot({ path: '/tmp/hsale-order-stock.png' });
    expect(await page.getByText('Solo hay 10 disponibles').count()).toBe(0);
    await field('Cantidad').fill('2');
    await field('Precio unitario').fill('1234.5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('RFC Invalido').waitFor();
    await page.locator('#rfc').fill('spa010203ab4');
    await poll(() => page.getByTestId('lines-total').textContent()).toBe('$2,469.00');

    await page.getByRole('button', { name: 'Guardar' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '¿Guardar la orden de venta?' }).waitFor();
    // a click during the confirmation's zoom lands on nothing (CI saw the form stay open)
    await confirmDialog(page, 'Guardar');
    await page.waitForURL(/\/dashboard\/ordenes-de-venta$/);
    await page.getByText('Operación exitosa').waitFor();

    const line = row('Spa Las Palmas');
    await line.getByText('N-2040').waitFor();
    // RFC and phone are columns chosen under 'Columnas' (the list fits 1366 px without them)
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('checkbox', { name: 'RFC' }).check();
    await page.getByRole('checkbox', { name: 'Teléfono' }).check();
    await page.keyboard.press('Escape');
    await line.getByText('SPA010203AB4').waitFor();
    await line.getByText('(664)555-1234').waitFor();
    await line.getByText('$2,469.00').waitFor();
    await poll(stock).toBe(8);

    // the detail modal lists the lot sold
    await line.getByRole('button', { name: /^SO-\d{6}$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(LOT).waitFor();
    await dialog.getByText('30/06/2099').waitFor();
    await page.locator('.ant-modal-close').click();

    await line.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await confirmDialog(page, 'Eliminar');
    await page.getByText('Operación exitosa').first().waitFor();
    await poll(() => row('Spa Las Palmas').count()).toBe(0);
    await poll(stock).toBe(10);
  });
});

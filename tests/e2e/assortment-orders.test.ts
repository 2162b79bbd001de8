import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { putIntoLot } from '../../src/server/modules/inventory';
import { queryRows } from '../../src/server/testing/harness';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let product: { id: string; sku: string; name: string };
const LOT = 'E2E-OR-001';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [product] = (await queryRows<{ id: string; sku: string; name: string }>(
    server.t,
    sql`select p.id, p.sku, p.name from products p where p.deleted_at is null and p.active and p.approved_at is not null
      and not exists (select 1 from product_stocks s where s.product_id = p.id and s.branch_id = ${demoId('branch:cedis')} and s.quantity > 0)
      order by p.sku limit 1`,
  )) as [typeof product];
  // the demo gives every product a max/min at every clinic: this product orders without one
  await queryRows(server.t, sql`update max_mins set deleted_at = now() where product_id = ${product.id}`);
  // an expired lot the first-expiry pick skips
  await putIntoLot(
    server.t.ctx.db,
    null,
    { productId: product.id, branchId: demoId('branch:cedis'), allotment: LOT, expiresAt: '2020-01-01', price: null },
    3,
    { cause: 'purchase_received' },
  );
  await putIntoLot(
    server.t.ctx.db,
    null,
    { productId: product.id, branchId: demoId('branch:cedis'), allotment: 'E2E-OR-002', expiresAt: '2031-12-31', price: null },
    500,
    { cause: 'purchase_received' },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const lastOrder = async () =>
  (await queryRows<{ id: string; order_number: string }>(server.t, sql`select id, order_number from assortment_orders order by created_at desc limit 1`))[0]!;

describe('restock orders', () => {
  let order: { id: string; order_number: string };

  it('a branch manager asks for a restock of her own branch', async () => {
    const page = await signedInPage(browser, server.url, 'gerente@demo.mx');
    await page.goto(`${server.url}/dashboard/ordenes-de-surtido`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-surtido\/crear$/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo tipo de orden es requerido').waitFor();
    // her branch is fixed
    await poll(() => page.locator('.ant-select-disabled').filter({ hasText: 'Tijuana' }).count()).toBeGreaterThan(0);

    await page.getByLabel('Tipo de orden', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Ordinaria general', { exact: true }).click();
    await page.getByRole('button', { name: 'Agregar producto' }).click();
    await page.getByLabel('Producto', { exact: true }).last().click();
    await page.getByLabel('Producto', { exact: true }).last().fill(product.sku);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: product.sku }).first().click();
    await page.getByLabel('Cantidad', { exact: true }).last().fill('6');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    await page.getByText('Operación exitosa').waitFor();
    order = await lastOrder();
    await poll(() => row(page, order.order_number).getByText('En proceso').isVisible()).toBe(true);
    await page.close();
  });

  it('logistics approves it from the distribution centre', async () => {
    const page = await signedInPage(browser, server.url, 'logistica@demo.mx');
    await page.goto(`${server.url}/dashboard/ordenes-de-surtido`);
    await row(page, order.order_number).getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Aprobar' }).click();
    await page.waitForURL(new RegExp(`/dashboard/ordenes-de-surtido/${order.id}$`));
    const send = page.getByLabel(`Cantidad a enviar de ${product.name}`);
    await poll(() => send.inputValue()).toBe('6');
    await send.fill('900');
    await page.getByRole('button', { name: 'Aprobar y enviar' }).click();
    await page.getByText('Inventarío insuficiente').first().waitFor();
    await send.fill('5');
    await page.getByRole('button', { name: 'Aprobar y enviar' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    await poll(() => row(page, order.order_number).getByText('En tránsito').isVisible()).toBe(true);
    await page.close();
  });

  it('the branch confirms with a difference and the list highlights the order', async () => {
    const page = await signedInPage(browser, server.url, 'gerente@demo.mx');
    await page.goto(`${server.url}/dashboard/resurtidos/${order.id}`);
    const received = page.getByLabel(`Cantidad recibida de ${product.name}`);
    await received.waitFor();
    await page.getByText('E2E-OR-002 (31/12/2031) · 5').waitFor();
    // each scanned box of the lot counts one unit received
    const scan = page.getByLabel('Escanear código');
    for (let box = 0; box < 2; box++) {
      await scan.fill('(01)07501234567893(17)311231(10)E2E-OR-002');
      await scan.press('Enter');
    }
    await expect.poll(() => received.inputValue()).toBe('2');
    await received.fill('7');
    await page.getByRole('button', { name: 'Confirmar recepción' }).click();
    await page.getByText('La cantidad recibida no puede ser mayor a la enviada').waitFor();
    await received.fill('4');
    await page.getByRole('button', { name: 'Confirmar recepción' }).click();
    await page.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    const listed = row(page, order.order_number);
    await poll(() => listed.getByText('Terminada').isVisible()).toBe(true);
    await poll(() => listed.getByText('Diferencia').isVisible()).toBe(true);
    const moves = await queryRows(server.t, sql`select cause, quantity from stock_movements where document_id = ${order.id} order by seq`);
    expect(moves).toEqual([
      { cause: 'restock_sent', quantity: -5 },
      { cause: 'restock_received', quantity: 5 },
      { cause: 'receipt_difference', quantity: -1 },
    ]);
    await page.close();
  });
});

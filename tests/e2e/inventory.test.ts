import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { putIntoLot } from '../../src/server/modules/inventory';
import { queryRows } from '../../src/server/testing/harness';
import { chooseOption, launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let product: { id: string; sku: string; name: string };
const LOT = 'E2E-INV-001';
const TIJUANA = demoId('branch:tijuana');
let CEDIS: string;
const SHOT = (name: string) => `/tmp/hinve2e-${name}.png`;
const VIEW = { width: 1366, height: 768 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  [{ name: CEDIS }] = (await queryRows<{ name: string }>(server.t, sql`select name from branches where id = ${demoId('branch:cedis')}`)) as [{ name: string }];
  // the demo gives every product a max/min at every clinic: the modal updates it
  [product] = (await queryRows<{ id: string; sku: string; name: string }>(
    server.t,
    sql`select p.id, p.sku, p.name from products p where p.deleted_at is null and p.active order by p.sku limit 1`,
  )) as [typeof product];
  await putIntoLot(server.t.ctx.db, null, { productId: product.id, branchId: TIJUANA, allotment: LOT, expiresAt: '2030-12-31', price: cents(12000) }, 10, {
    cause: 'adjustment_registration',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
/** The rows of the stock list itself (not the report's nor a modal's). */
const rows = (page: Page) => page.locator('.ant-table-wrapper').first().locator('.ant-table-row');
const width = async (dialog: Locator) => Math.round(await dialog.evaluate((el) => el.getBoundingClientRect().width));
const modal = (page: Page, title: string) => page.locator('.ant-modal', { has: page.locator('.ant-modal-title', { hasText: title }) });

async function searchSku(page: Page, sku: string) {
  // a click on the option while the list reloads can land on nothing: the search would then run on the name
  await chooseOption(page, 'Campo de búsqueda', 'SKU');
  await page.getByLabel('Buscar', { exact: true }).fill(sku);
  await page.getByLabel('Buscar', { exact: true }).press('Enter');
}

const productRow = (page: Page, branch = 'Tijuana') =>
  rows(page)
    .filter({ hasText: product.sku })
    .filter({ has: page.locator('td:nth-child(4)', { hasText: new RegExp(`^${branch}$`) }) });

async function rowAction(page: Page, action: string) {
  await productRow(page).getByRole('button', { name: 'Opciones' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

const quantityOf = async (page: Page) => (await productRow(page).locator('td').nth(4).innerText()).trim();

describe('inventario', () => {
  let page: Page;
  let before: number;

  beforeAll(async () => {
    page = await signedInPage(browser, server.url, 'admin@demo.mx', VIEW);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('lists stock rows with their expiry tags', async () => {
    await page.goto(`${server.url}/dashboard/inventario`);
    await page.getByRole('heading', { name: 'Inventario' }).waitFor();
    await poll(() => rows(page).count()).toBeGreaterThan(5);
    await poll(() => page.locator('.ant-table-row .ant-tag').count()).toBeGreaterThan(0);
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    for (const h of ['SKU', 'Producto', 'Caducidades', 'Sucursal', 'Cantidad', 'Máximo', 'Mínimo', 'Estatus', 'Opciones']) expect(headers).toContain(h);
    await page.screenshot({ path: SHOT('list') });
  });

  it('filters by branch, expiry and level', async () => {
    await chooseOption(page, 'Sucursal', 'Mexicali');
    await poll(() => page.url()).toContain(`branchId=${demoId('branch:mexicali')}`);
    await poll(async () => new Set((await rows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => t.trim()))).toEqual(new Set(['Mexicali']));

    await chooseOption(page, 'Caducidad', 'Caduca en 30 días');
    await poll(() => page.url()).toContain('expiry=30');
    // every row listed has a lot in the window, so each row shows a danger (≤ 30 days) tag
    await poll(async () => {
      const n = await rows(page).count();
      if (!n) return page.getByText('Sin registros').isVisible();
      const tagged = await rows(page)
        .filter({ has: page.locator('.ant-tag-red, .ant-tag-orange') })
        .count();
      return tagged === n;
    }).toBe(true);

    await page.getByLabel('Limpiar filtros').click();
    await poll(() => page.url()).not.toContain('expiry=');
    await chooseOption(page, 'Nivel', 'Bajo mínimo');
    await poll(() => page.url()).toContain('level=below');
    await poll(async () => {
      const n = await rows(page).count();
      if (!n) return false;
      const cells = await rows(page).evaluateAll((trs) =>
        trs.map((tr) => {
          const td = tr.querySelectorAll('td');
          return { q: Number(td[4]!.textContent!.split(' ')[0]), min: Number(td[6]!.textContent) };
        }),
      );
      return cells.every((c) => c.q < c.min);
    }).toBe(true);
    await page.getByLabel('Limpiar filtros').click();
    await poll(() => page.url()).not.toContain('level=');
  });

  it("opens the SKU's details with its lots, and a lot's trace", async () => {
    await searchSku(page, product.sku);
    await productRow(page).waitFor();
    await productRow(page).locator('.link-cell').click();
    const details = modal(page, 'Detalle de inventario');
    await details.waitFor();
    await details.locator('.ant-table-row', { hasText: LOT }).waitFor();
    const headers = await details.locator('.ant-table-thead th').allInnerTexts();
    expect(headers).toEqual(expect.arrayContaining(['Lote', 'Caducidad', 'Cantidad', 'Precio unitario', 'Subtotal']));
    await settled(page);
    await page.screenshot({ path: SHOT('details') });
    await details.locator('.ant-table-row', { hasText: LOT }).getByText('$1,200.00').waitFor();

    await details.locator('.ant-table-row', { hasText: LOT }).getByRole('button', { name: 'Ver origen y pacientes' }).click();
    const trace = modal(page, 'Trazabilidad del lote');
    await trace.waitFor();
    await trace.getByText(`${product.sku} · ${product.name}`).waitFor();
    await trace.getByText('Tijuana: 10').waitFor();
    await trace.getByText('Ajuste: alta').first().waitFor();
    await trace.getByText('Ningún paciente recibió unidades de este lote').waitFor();
    await settled(page);
    await page.screenshot({ path: SHOT('trace') });
    await trace.locator('.ant-modal-close').click();
    await poll(() => trace.isVisible()).toBe(false);
    await details.locator('.ant-modal-close').click();
    await poll(() => details.isVisible()).toBe(false);
  });

  it('adjusts a lot with a Baja and its justification', async () => {
    before = Number((await quantityOf(page)).split(' ')[0]);
    await rowAction(page, 'Ajuste de inventario');
    const dialog = modal(page, 'Ajuste de inventario');
    await dialog.waitFor();
    await settled(page);
    // section 9's width for this stock modal (antd's default is 520)
    await poll(() => width(dialog)).toBe(700);
    await dialog.getByLabel('Lote existente').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LOT }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El campo cantidad es requerido').waitFor();
    await dialog.getByText('El campo justificación es requerido').waitFor();
    await dialog.getByLabel('Cantidad').fill('3');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('El campo justificación es requerido').waitFor();
    await dialog.getByLabel('Justificación').fill('Frasco roto en almacén');
    await page.screenshot({ path: SHOT('adjustment') });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Operación exitosa').waitFor();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => quantityOf(page)).toBe(String(before - 3));
    const [lot] = await queryRows<{ quantity: number }>(server.t, sql`select quantity from product_stocks where allotment = ${LOT} and branch_id = ${TIJUANA}`);
    expect(lot!.quantity).toBe(7);
  });

  it('refuses a min above the max and saves the max/min', async () => {
    await rowAction(page, 'Máximo y mínimo');
    const dialog = modal(page, 'Máximo y mínimo');
    await dialog.waitFor();
    await settled(page);
    await poll(() => width(dialog)).toBe(580);
    await page.screenshot({ path: SHOT('max-min') });
    await dialog.getByLabel('Máximo').fill('5');
    await dialog.getByLabel('Mínimo').fill('8');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText('La cantidad mínima no puede ser mayor a la cantidad máxima').waitFor();
    await dialog.getByLabel('Mínimo').fill('2');
    await dialog.getByLabel('Máximo').fill('20');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Operación exitosa').first().waitFor();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(async () => (await productRow(page).locator('td').nth(5).innerText()).trim()).toBe('20');
    await poll(async () => (await productRow(page).locator('td').nth(6).innerText()).trim()).toBe('2');
  });

  it('shows the adjustment in the kardex', async () => {
    await rowAction(page, 'Kardex');
    const kardex = modal(page, 'Kardex');
    await kardex.waitFor();
    await kardex.getByText('Frasco roto en almacén').waitFor();
    const moved = kardex.locator('.ant-table-row', { hasText: 'Frasco roto en almacén' });
    await moved.getByText('-3').waitFor();
    await moved.getByText(LOT).waitFor();
    // the running balance of the product at the branch
    expect((await moved.locator('td').nth(6).innerText()).trim()).toBe(String(before - 3));
    await settled(page);
    await page.screenshot({ path: SHOT('kardex') });
    await kardex.locator('.ant-modal-close').click();
  });

  it('offers neither adjustment nor max/min on distribution-centre rows', async () => {
    await page.goto(`${server.url}/dashboard/inventario`);
    await chooseOption(page, 'Sucursal', CEDIS);
    await poll(async () => new Set((await rows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => t.trim()))).toEqual(new Set([CEDIS]));
    await rows(page).first().getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Kardex' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Ajuste de inventario' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Máximo y mínimo' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});

describe('inventario for the branch manager', () => {
  it("shows her branch's report with Excel and no prices in the details", async () => {
    const page = await signedInPage(browser, server.url, 'gerente@demo.mx', VIEW);
    await page.goto(`${server.url}/dashboard/inventario`);
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    // bound to her branch: every row is Tijuana's
    await poll(async () => new Set((await rows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => t.trim()))).toEqual(new Set(['Tijuana']));
    const report = page.locator('.ant-card', { hasText: 'Inventario por sucursal' });
    await report.getByText('Inventario por sucursal: Tijuana').waitFor();
    await poll(() => report.getByRole('button', { name: 'Excel' }).isEnabled()).toBe(true);
    const reportHeaders = await report.locator('.ant-table-thead th').allInnerTexts();
    expect(reportHeaders).not.toContain('Precio unitario');
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    await searchSku(page, product.sku);
    await productRow(page).locator('.link-cell').click();
    const details = modal(page, 'Detalle de inventario');
    await details.locator('.ant-table-row', { hasText: LOT }).waitFor();
    const headers = await details.locator('.ant-table-thead th').allInnerTexts();
    expect(headers).toContain('Lote');
    expect(headers).not.toContain('Precio unitario');
    expect(headers).not.toContain('Subtotal');
    expect(await details.getByText('$').count()).toBe(0);
    // edit privilege without approve: adjustment offered, max/min not
    await details.locator('.ant-modal-close').click();
    await productRow(page).getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Ajuste de inventario' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Máximo y mínimo' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('is refused to a role without inventory privileges', async () => {
    const page = await signedInPage(browser, server.url, 'medico@demo.mx', VIEW);
    await page.goto(`${server.url}/dashboard/inventario`);
    await poll(() => page.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await page.goto(`${server.url}/dashboard/historial`);
    await poll(() => page.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('historial', () => {
  it("lists the inventory history and opens a row's changes", async () => {
    const page = await signedInPage(browser, server.url, 'admin@demo.mx', VIEW);
    await page.goto(`${server.url}/dashboard/historial`);
    await page.getByRole('heading', { name: 'Historial' }).waitFor();
    await poll(() => rows(page).count()).toBeGreaterThan(5);
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    for (const h of ['Módulo', 'Acción', 'Cambios', 'Producto', 'Usuario', 'Fecha']) expect(headers).toContain(h);
    // the rest of the spec's columns wait under 'Columnas' (they fit 1366 px only one by one)
    await page.getByRole('button', { name: 'Columnas' }).click();
    for (const h of ['Número de orden', 'Stock', 'Sucursal origen', 'Sucursal destino']) await page.getByRole('checkbox', { name: h }).waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: SHOT('history') });
    const changed = rows(page).filter({ hasText: 'Con cambios' }).first();
    await changed.waitFor();
    await changed.locator('.link-cell').click();
    const changes = modal(page, 'Cambios');
    await changes.waitFor();
    await settled(page);
    const text = await changes.innerText();
    expect(text).toMatch(/Antes/);
    expect(text).toMatch(/Después/);
    await page.screenshot({ path: SHOT('history-changes') });
    await page.context().close();
  });
});

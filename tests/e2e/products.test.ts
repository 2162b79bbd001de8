import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const PHOTO = '/tmp/e2e-producto.png';

beforeAll(async () => {
  writeFileSync(
    PHOTO,
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#8e5bd6' } })
      .png()
      .toBuffer(),
  );
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The server and lazy screens may take a moment: wait as long as Playwright's own actions do. */
const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const field = (label: string) => page.getByLabel(label, { exact: true });

async function choose(label: string, option: string) {
  await field(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function searchSku(sku: string) {
  // the list keeps its search in the URL, so a link reproduces it
  await page.goto(`${server.url}/dashboard/productos?sf=sku&sv=${sku}`);
  await poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 1');
}

async function openEdit(sku: string) {
  await searchSku(sku);
  await row(sku).getByRole('button', { name: 'Opciones' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await page.waitForURL(/\/dashboard\/productos\/[0-9a-f-]{36}$/);
}

describe('products', () => {
  it('creates a product with a photo and shows the pricing as it is typed', async () => {
    await page.goto(`${server.url}/dashboard/productos`);
    await poll(() => page.getByRole('button', { name: 'Tipo de producto' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/productos\/crear$/);

    // the domain rules speak on the form, photos included
    await page.getByRole('button', { name: 'Guardar' }).click();
    await poll(() => page.getByText('Debe subir al menos una foto del producto').isVisible()).toBe(true);
    await poll(() => page.getByText('El campo SKU es requerido').isVisible()).toBe(true);

    await page.locator('input[type=file]').setInputFiles(PHOTO);
    await poll(() => page.locator('.ant-upload-list-item').count()).toBe(1);
    await choose('Tipo de producto', 'Venta');
    await field('SKU').fill('E2E');
    await field('Nombre').click();
    await poll(() => page.getByText('El campo SKU debe tener al menos 4 caracteres').isVisible()).toBe(true);
    await field('SKU').fill('E2E0001');
    await field('Código de barras').fill('7501234567895');
    await field('Nombre').fill('Bruma facial de prueba');
    await field('Marca').fill('Marca E2E');
    await field('Descripción').fill('Bruma hidratante para pruebas de extremo a extremo');
    await choose('Tipo de contenido', 'Pieza');
    await field('Contenido').fill('120');
    await choose('Unidad de medida', 'ml');
    await choose('Proveedores', 'Dermafarma');
    await page.keyboard.press('Escape');
    await choose('Categorías', 'Cuidado facial');
    await page.keyboard.press('Escape');

    // live pricing from src/domain/pricing.ts
    await field('Costo').fill('100');
    await poll(() => page.getByTestId('real-cost').innerText()).toContain('$116.00');
    await field('IVA de franquicia').fill('16');
    await field('Costo adicional de franquicia').fill('10');
    await field('Gastos indirectos').fill('5');
    await poll(() => page.getByTestId('franchise-price').innerText()).toContain('$153.02');
    await field('Porcentaje de utilidad').fill('50');
    await poll(() => page.getByTestId('suggested-price').innerText()).toContain('$174.00');
    await choose('IVA', '8 %');
    await poll(() => page.getByTestId('real-cost').innerText()).toContain('$108.00');
    await choose('IVA', '16 %');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/productos$/, { timeout: 20_000 });
    await poll(() => page.getByText('Operación exitosa').isVisible()).toBe(true);
    await searchSku('E2E0001');
    await poll(() => row('E2E0001').getByText('Pendiente').isVisible()).toBe(true);
    // the thumbnail comes from the public photo route
    await poll(() =>
      row('E2E0001')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
  });

  it('approves it by saving with the approver pricing', async () => {
    await openEdit('E2E0001');
    const approve = page.getByRole('button', { name: 'Guardar y aprobar' });
    await approve.waitFor();
    expect(await field('SKU').isDisabled()).toBe(true);
    await poll(() => field('Gastos indirectos').inputValue()).toBe('5.00');
    await approve.click();
    await poll(() => page.getByText('El campo precio de venta es requerido').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Usar como precio de venta' }).click();
    await poll(() => field('Precio de venta').inputValue()).toBe('174.00');
    await field('Puntos').fill('8');
    await approve.click();
    await page.waitForURL(/\/dashboard\/productos\?/);
    await poll(() => row('E2E0001').getByText('Aprobado').isVisible()).toBe(true);
    await poll(() => row('E2E0001').getByText('$174.00').isVisible()).toBe(true);

    // approved: no more approve or reject
    await openEdit('E2E0001');
    await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Rechazar' }).count()).toBe(0);
  });

  it('rejects a pending product after confirming; saving it again asks for approval', async () => {
    await page.goto(`${server.url}/dashboard/productos`);
    await openEdit('VTA0018');
    await page.getByRole('button', { name: 'Rechazar' }).click();
    const confirm = page.locator('.ant-modal-confirm').getByRole('button', { name: 'Rechazar' });
    await poll(() => confirm.isDisabled(), 3000).toBe(false);
    await confirm.click();
    await page.waitForURL(/\/dashboard\/productos(\?.*)?$/);
    await poll(() => row('VTA0018').getByText('Rechazado').isVisible()).toBe(true);

    // a rejected product hides cost, status and pricing; saving it sends it back to pending
    await openEdit('VTA0018');
    await poll(() => page.getByText('Corrija los datos y guarde el producto').isVisible()).toBe(true);
    expect(await field('Costo').count()).toBe(0);
    expect(await field('Precio de venta').count()).toBe(0);
    expect(await page.getByLabel('Activo').count()).toBe(0);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL(/\/dashboard\/productos\?/);
    await poll(() => row('VTA0018').getByText('Pendiente').isVisible()).toBe(true);
  });

  it('shows the detail modal and hides writes from a branch manager', async () => {
    await row('VTA0018').getByRole('button', { name: 'VTA0018' }).click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByText('Aceite seco corporal', { exact: true }).isVisible()).toBe(true);
    await poll(() => dialog.getByText('Costo real (con IVA)').isVisible()).toBe(true);
    await page.locator('.ant-modal-close').click();

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const other = await context.newPage();
    await signIn(other, server.url, 'gerente@demo.mx');
    await other.goto(`${server.url}/dashboard/productos`);
    await other.getByTestId('total-records').waitFor();
    await poll(() => other.locator('.ant-table-row').count()).toBeGreaterThan(0);
    expect(await other.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Tipo de producto' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Opciones' }).count()).toBe(0);
    await context.close();
  });
});

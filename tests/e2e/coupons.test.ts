import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCouponFixtures } from '../../src/server/modules/coupons/test-fixtures';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  await insertCouponFixtures(server.t.ctx.db);
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const option = (title: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

describe('coupons', () => {
  it('creates a coupon and shows its discounted price with the percentage in the list', async () => {
    await page.goto(`${server.url}/dashboard/cupones`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/cupones\/crear$/);
    await page.getByText('Nuevo cupón').waitFor();

    // the domain's rules speak on the form
    await page.getByRole('textbox', { name: 'Código' }).fill('ABC');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo código debe tener al menos 5 caracteres').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('El campo vigencia es requerido').isVisible()).toBe(true);

    await page.getByRole('textbox', { name: 'Código' }).fill('E2E15OFF');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Prueba de navegador');
    await page.getByLabel('Descripción').fill('Cupón creado por la prueba de navegador');
    await page.getByLabel('Sucursales').click();
    await option('Tijuana').click();
    await option('Mexicali').click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Límite de usos').fill('20');
    await page.getByLabel('Vigencia').click();
    await page.getByLabel('Vigencia').fill('31/12/2030');
    await page.keyboard.press('Enter');
    await page.getByLabel('Tipo').click();
    await option('Tratamiento').click();
    await page.getByRole('combobox', { name: 'Tratamiento' }).click();
    await page.getByRole('combobox', { name: 'Tratamiento' }).fill('Zeta rejuv');
    await option('ZCUP01 · Zeta rejuvenecimiento facial · $1,499.99').click();
    await page.getByLabel('Descuento').fill('15');
    await page.getByRole('textbox', { name: 'Nombre' }).click();
    await expect.poll(() => page.getByText('Precio: $1,499.99 · Precio con descuento: $1,274.99 (15%)').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/cupones`);
    await expect.poll(() => page.getByText('Operación exitosa').isVisible()).toBe(true);
    await expect.poll(() => row('E2E15OFF').count()).toBe(1);
    const text = await row('E2E15OFF').innerText();
    expect(text).toContain('$1,499.99');
    expect(text).toContain('$1,274.99 (15%)');
    expect(text).toContain('31/12/2030');
    expect(text).toContain('Zeta rejuvenecimiento facial');
    expect(text).toContain('Activo');

    // the code opens the detail with the usage history
    await row('E2E15OFF').getByRole('button', { name: 'E2E15OFF' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Ventas (0)').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Ventas de producto (0)').isVisible()).toBe(true);
    await page.locator('.ant-modal-close').click();
  });

  it('locks type, item and discount on edit and toggles the status', async () => {
    await row('E2E15OFF').getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.waitForURL(/\/dashboard\/cupones\/[0-9a-f-]{36}$/);
    await page.getByText('Editar cupón').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Prueba de navegador');
    expect(await page.getByLabel('Descuento').isDisabled()).toBe(true);
    expect(await page.getByLabel('Tipo').isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Tratamiento' }).isDisabled()).toBe(true);
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/cupones`);
    await expect.poll(() => row('E2E15OFF').innerText()).toContain('Inactivo');
  });
});

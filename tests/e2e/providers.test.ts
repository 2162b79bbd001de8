import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from './browser';
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
/** Optional fields carry the '(opcional)' mark in their label: reached by the form item's id. */
const optional = (name: string) => page.locator(`#${name}`);
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

async function choose(label: string, option: string) {
  await field(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('providers', () => {
  it("refuses a bad RFC with 'RFC Invalido', then creates the provider", async () => {
    await page.goto(`${server.url}/dashboard/proveedores`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/proveedores\/crear$/);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo nombre es requerido').waitFor();
    await page.getByText('El campo condiciones de pago es requerido').waitFor();

    await field('Nombre').fill('Distribuidora Láser');
    await field('Razón social').fill('Distribuidora Láser del Bajío S.A. de C.V.');
    await field('RFC').fill('DLB12345');
    await choose('Régimen', 'Persona moral');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('RFC Invalido').waitFor();
    // typed in lower case, kept in capitals
    await field('RFC').fill('dlb120415kq3');
    await poll(() => field('RFC').inputValue()).toBe('DLB120415KQ3');
    await poll(() => page.getByText('RFC Invalido').count()).toBe(0);

    await field('Contacto').fill('Héctor Ramos');
    await optional('email').fill('ventas@laserbajio.mx');
    await field('Teléfono').fill('4771234567');
    await poll(() => field('Teléfono').inputValue()).toBe('(477)123-4567');
    await field('Teléfono celular').fill('477 765 4321');
    await choose('Condiciones de pago', '45 días');
    // the field stops at 18 digits (the API refuses more with its own message)
    await optional('clabeAccount').fill('0121800012345678901');
    await poll(() => optional('clabeAccount').inputValue()).toBe('012180001234567890');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/proveedores$/);
    await page.getByText('Operación exitosa').waitFor();

    // the detail modal shows every field, phones as digits formatted again
    await row('Distribuidora Láser').getByRole('button', { name: 'Distribuidora Láser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('DLB120415KQ3').waitFor();
    await dialog.getByText('(477)123-4567').waitFor();
    await dialog.getByText('(477)765-4321').waitFor();
    await dialog.getByText('45 días').waitFor();
    await dialog.getByText('012180001234567890').waitFor();
    await page.locator('.ant-modal-close').click();
    await poll(() => row('Distribuidora Láser').getByText('Héctor Ramos').isVisible()).toBe(true);
  });

  it('checks the RFC length against the regime and edits the provider', async () => {
    await row('Distribuidora Láser').getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.waitForURL(/\/dashboard\/proveedores\/[0-9a-f-]{36}$/);
    await poll(() => field('RFC').inputValue()).toBe('DLB120415KQ3');
    await choose('Régimen', 'Persona física');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El RFC de una persona física debe tener 13 caracteres').waitFor();
    await choose('Régimen', 'Persona moral');
    await choose('Condiciones de pago', 'Contado');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/proveedores(\?.*)?$/);
    await poll(() => row('Distribuidora Láser').getByText('Contado').isVisible()).toBe(true);
  });
});

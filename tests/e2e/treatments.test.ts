import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx', { width: 1440, height: 1000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const visible = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);

/** Opens an antd select by its label and picks the option with that title. */
async function choose(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('treatments', () => {
  it('creates a medical treatment with a photo, consent and products, then edits it', async () => {
    await page.goto(`${server.url}/dashboard/tratamientos`);
    await expect.poll(() => page.getByTestId('total-records').innerText()).toMatch(/Total de registros: 4\d/);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/tratamientos\/crear$/);

    // the photo and the spec fields are required before anything is sent
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('El campo foto es requerido');
    await visible('El campo SKU es requerido');
    await visible('El campo duración es requerido');

    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#7c4dcc' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'toxina.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('SKU').fill('E2E');
    await page.getByLabel('Nombre').fill('Toxina de prueba E2E');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('El campo SKU debe tener al menos 4 caracteres');
    await page.getByLabel('SKU').fill('E2E-TOX-1');
    await choose('Tipo de tratamiento', 'Médico');
    await page.getByLabel('Descripción').fill('Aplicación de toxina para la prueba de punta a punta');
    await choose('Categorías', 'Inyectables');
    await page.keyboard.press('Escape');
    await page.getByLabel('Precio', { exact: true }).fill('3500');
    await page.getByLabel('Puntos').fill('35');
    await page.getByLabel('Duración').click();
    await page.getByLabel('Duración').fill('00:45');
    await page.keyboard.press('Enter');

    // Medico needs the medical fee; its areas are required too
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('El campo honorario médico es requerido');
    await visible('El campo áreas es requerido');
    await page.getByLabel('Honorario médico').fill('700');
    await choose('Áreas', 'Frente');
    await page.keyboard.press('Escape');

    // consent: the document of the chosen consent can be read in the form
    await page.getByRole('switch', { name: 'Consentimiento' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('El campo consentimiento es requerido');
    await choose('Documento de consentimiento', 'Consentimiento para toxina botulínica');
    await page.getByRole('button', { name: 'Ver documento' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText(/CONSENTIMIENTO INFORMADO/)
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole('dialog').locator('.ant-modal-close').click();

    await page.getByRole('button', { name: 'Agregar producto' }).click();
    await page.getByLabel('Producto', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByLabel('Cantidad').fill('2');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/tratamientos`);
    await visible('Operación exitosa');

    const search = page.getByLabel('Buscar', { exact: true });
    await search.fill('toxina de prueba');
    await search.press('Enter');
    await expect.poll(() => row('E2E-TOX-1').count()).toBe(1);
    await expect.poll(() => row('E2E-TOX-1').innerText()).toMatch(/Médico[\s\S]*\$3,500\.00[\s\S]*00:45[\s\S]*Activo/);

    // the photo was uploaded after the save and its thumbnail is served
    const src = await row('E2E-TOX-1').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/v1\/photo\/thumbnail\/[0-9a-f-]{36}\.png$/);
    const thumb = await page.request.get(`${server.url}${src}`);
    expect(thumb.status()).toBe(200);

    const { token } = await server.t.signIn('admin@demo.mx');
    const listed = (
      await server.t.as(token)({ method: 'GET', url: '/v1/treatment?search=' + encodeURIComponent(JSON.stringify({ filter: 'sku', value: 'E2E-TOX-1' })) })
    ).json();
    expect(listed.items[0]).toMatchObject({ medicalFee: 700, duration: 45, consent: true, areas: [{ name: 'Frente' }] });
    expect(listed.items[0].treatmentProduct[0].quantity).toBe(2);

    // edit: the SKU is locked, the active toggle appears and saves
    await row('E2E-TOX-1').getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.waitForURL(/\/dashboard\/tratamientos\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Nombre').inputValue()).toBe('Toxina de prueba E2E');
    expect(await page.getByLabel('SKU').isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Activo' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/tratamientos\?/);
    await expect.poll(() => row('E2E-TOX-1').innerText()).toContain('Inactivo');
  });

  it('filters by treatment type and opens the detail', async () => {
    await page.goto(`${server.url}/dashboard/tratamientos`);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await choose('Tipo de tratamiento', 'Valoración');
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 2');
    await row('Valoración médica').getByRole('button', { name: 'VAL-MED-01' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Consentimiento de valoración').isVisible()).toBe(true);
  });
});

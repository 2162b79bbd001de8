import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(10_000);
  await signIn(page, server.url, 'gerente@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pick(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function typeDate(label: string, value: string) {
  await page.getByLabel(label).fill(value);
  await page.getByLabel(label).press('Enter');
}

describe('customers', () => {
  it('registers an adult tutor and a minor under them, then adds a note', async () => {
    await page.goto(`${server.url}/dashboard/clientes/crear`);
    await page.locator('input#name').fill('Lorena');
    await page.locator('input#lastName').fill('Zavala');
    await pick('Género', 'Femenino');
    await typeDate('Fecha de nacimiento', '14/03/1985');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo teléfono celular es requerido para mayores de edad').isVisible()).toBe(true);
    await page.getByLabel('Teléfono celular').fill('6647771234');
    expect(await page.getByLabel('Teléfono celular').inputValue()).toBe('(664)777-1234');
    await page.getByRole('switch', { name: 'Es tutor de otros clientes' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);

    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.locator('input#name').fill('Sofía');
    await page.locator('input#lastName').fill('Zavala');
    await pick('Género', 'Femenino');
    await typeDate('Fecha de nacimiento', '02/06/2014');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo tutor es requerido para menores de edad').isVisible()).toBe(true);
    await page.getByLabel('Tutor').fill('lorena zavala');
    await page.locator('.ant-select-dropdown:visible').getByText(/Lorena Zavala/).click();
    await pick('Parentesco', 'Madre');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);

    // the minor's row shows the tutor's mobile phone
    const row = page.locator('.ant-table-row', { hasText: 'Sofía' }).first();
    await expect.poll(() => row.innerText()).toMatch(/\(664\)777-1234/);
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/Lorena Zavala \(Madre\)/).isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Notas' }).click();
    await dialog.getByRole('button', { name: 'Nueva nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva nota' });
    await noteModal.getByLabel('Tipo de nota').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Médica', { exact: true }).click();
    await noteModal.getByLabel('Título').fill('Alergia');
    await noteModal.getByLabel('Nota', { exact: true }).fill('Alérgica a la penicilina');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Alérgica a la penicilina').isVisible()).toBe(true);
  });

  it('hides the export from a branch manager and the whole screen from logistics', async () => {
    await page.goto(`${server.url}/dashboard/clientes`);
    await page.getByTestId('total-records').waitFor();
    expect(await page.getByRole('button', { name: 'CSV' }).count()).toBe(0);
    const other = await browser.newPage();
    await signIn(other, server.url, 'logistica@demo.mx');
    await other.goto(`${server.url}/dashboard/clientes`);
    await expect.poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
  });
});

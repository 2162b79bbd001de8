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
const totals = async () => [await page.getByTestId('total-regular').innerText(), await page.getByTestId('total-price').innerText()];

/** Opens an antd select by its label and picks an option; long lists are virtual, so search ones are typed into first. */
async function choose(label: string, option: string, search = false) {
  await page.getByLabel(label, { exact: true }).click();
  if (search) await page.getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function typeDate(label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('packages', () => {
  it('creates a package with two items while the totals follow every change', async () => {
    await page.goto(`${server.url}/dashboard/paquetes`);
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 6');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/paquetes\/crear$/);
    expect(await totals()).toEqual(['$0.00', '$0.00']);

    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#13a8a8' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'paquete.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('SKU').fill('E2E-PAQ-01');
    await page.getByLabel('Nombre').fill('Paquete facial E2E');
    await page.getByLabel('Puntos').fill('50');
    await page.getByLabel('Tiempo de cabina').fill('60');
    await page.getByLabel('Descripción').fill('Cuatro limpiezas y dos hidrafaciales');

    // Valoración is not offered for packages
    await page.getByLabel('Tipo de tratamiento', { exact: true }).click();
    const typeOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(async () => (await typeOptions.allInnerTexts()).sort()).toEqual(['Cosmetológico', 'Médico']);
    await page.locator('.ant-select-dropdown:visible').getByTitle('Cosmetológico', { exact: true }).click();
    await choose('Categoría', 'Facial');
    await choose('Sucursales', 'Tijuana');
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Efectivo' }).check();
    await page.getByRole('checkbox', { name: 'Tarjeta de crédito' }).check();

    // first item: the regular price comes from the treatment, the areas of a one-area treatment are chosen
    await choose('Tratamiento 1', 'Limpieza facial profunda', true);
    await expect.poll(() => page.getByTestId('item-0').getByLabel('Precio regular').inputValue()).toBe('$850.00');
    await page.getByLabel('Sesiones 1').fill('4');
    await page.getByLabel('Precio promoción 1').fill('700');
    await expect.poll(totals).toEqual(['$3,400.00', '$2,800.00']);

    // second item
    await page.getByRole('button', { name: 'Agregar tratamiento' }).click();
    await choose('Tratamiento 2', 'Hidrafacial', true);
    await page.getByLabel('Sesiones 2').fill('2');
    await page.getByLabel('Precio promoción 2').fill('1500');
    await expect.poll(totals).toEqual(['$7,200.00', '$5,800.00']);

    // changing sessions moves both totals at once
    await page.getByLabel('Sesiones 1').fill('3');
    await expect.poll(totals).toEqual(['$6,350.00', '$5,100.00']);

    // limited by dates: the end cannot come before the start
    await page.getByRole('switch', { name: 'Por fechas' }).click();
    await typeDate('Fecha inicial', '10/12/2026');
    await typeDate('Fecha final', '01/12/2026');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('La fecha final no puede ser anterior a la fecha inicial');
    await typeDate('Fecha final', '31/12/2026');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/paquetes`);
    await visible('Operación exitosa');
    await expect
      .poll(() => row('E2E-PAQ-01').innerText())
      .toMatch(/Paquete facial E2E[\s\S]*Facial[\s\S]*\$5,100\.00[\s\S]*10\/12\/2026 - 31\/12\/2026[\s\S]*Activo/);
    const src = await row('E2E-PAQ-01').locator('img').getAttribute('src');
    expect((await page.request.get(`${server.url}${src}`)).status()).toBe(200);

    // the server stored its own totals
    const { token } = await server.t.signIn('admin@demo.mx');
    const search = encodeURIComponent(JSON.stringify({ filter: 'sku', value: 'E2E-PAQ-01' }));
    const [saved] = (await server.t.as(token)({ method: 'GET', url: `/v1/package?type=Package&search=${search}` })).json().items;
    expect(saved).toMatchObject({
      regularPrice: 6350,
      price: 5100,
      paymentType: ['Efectivo', 'Tarjeta de crédito'],
      startDate: '2026-12-10',
      endDate: '2026-12-31',
    });
    expect(saved.treatmentPackage.map((i: { sessions: number; areas: { name: string }[] }) => [i.sessions, i.areas[0].name])).toEqual([
      [3, 'Rostro completo'],
      [2, 'Rostro completo'],
    ]);
  });

  it('shows promotions apart, with expired ones tagged and no sessions in the form', async () => {
    await page.goto(`${server.url}/dashboard/promociones`);
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 6');
    expect(await row('E2E-PAQ-01').count()).toBe(0);
    await expect.poll(() => row('PROM-LABIOS').innerText()).toContain('Vencido');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/promociones\/crear$/);
    await page.getByRole('heading', { name: 'Nueva promoción' }).or(page.getByText('Nueva promoción')).first().waitFor();
    await choose('Tipo de tratamiento', 'Médico');
    await choose('Tratamiento 1', 'Toxina botulínica frente', true);
    expect(await page.getByLabel('Sesiones 1').count()).toBe(0);
    await page.getByLabel('Precio promoción 1').fill('2999.99');
    await expect.poll(totals).toEqual(['$3,500.00', '$2,999.99']);
  });
});

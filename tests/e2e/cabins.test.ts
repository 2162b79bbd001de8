import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

async function newPage(username: string): Promise<Page> {
  return signedInPage(browser, server.url, username);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage('admin@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (p: Page, name: string) => p.locator('.ant-table-row', { hasText: name });
const day = (n: number) => page.getByTestId(`schedule-day-${n}`);
const visible = (p: Page, text: string) => expect.poll(() => p.getByText(text, { exact: true }).first().isVisible(), { timeout: 5000 }).toBe(true);

async function setRange(n: number, opening: string, closing: string) {
  const inputs = day(n).locator('.ant-picker-input input');
  await inputs.nth(0).fill(opening);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(closing);
  await inputs.nth(1).press('Enter');
  await day(n).locator('strong').click();
}

async function api<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const { token } = await server.t.signIn('admin@demo.mx');
  const res = await server.t.as(token)({ method, url, payload: payload as Record<string, unknown> });
  return res.json() as T;
}

type ApiCabin = { id: string; name: string; type: { name: string }; branch: { name: string }; schedules: { day: number; opening: string; closing: string }[] };

describe('cabins', () => {
  it('creates a cabin inside the branch hours, refusing a day outside them', async () => {
    await page.goto(`${server.url}/dashboard/cabinas`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/cabinas\/crear$/);
    await visible(page, 'Seleccione una sucursal para ver su horario');

    await page.getByLabel('Nombre', { exact: true }).fill('Facial 9');
    await chooseOption(page, 'Tipo de cabina', 'Cabina facial');
    await chooseOption(page, 'Sucursal', 'Tijuana');
    // the new cabin takes the branch's week, and each day shows the branch's hours
    await expect.poll(() => day(1).locator('.ant-picker-input input').nth(0).inputValue()).toBe('09:00');
    expect(await day(1).innerText()).toContain('Sucursal: 09:00 - 20:00');
    expect(await day(0).innerText()).toContain('La sucursal está cerrada ese día');
    await page.getByLabel('Descripción').fill('Camilla facial y vaporizador');

    await setRange(1, '08:00', '12:00');
    await visible(page, 'El horario de la sucursal es de 09:00 - 20:00');
    await setRange(6, '10:00', '16:00');
    await visible(page, 'El horario de la sucursal es de 09:00 - 15:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/\/crear$/);

    await setRange(1, '10:00', '12:00');
    await setRange(6, '10:00', '14:00');
    await expect.poll(() => page.getByText('El horario de la sucursal es de', { exact: false }).count()).toBe(0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/cabinas`);
    await visible(page, 'Operación exitosa');

    const { items } = await api<{ items: ApiCabin[] }>(
      'GET',
      '/v1/cabain?take=0&search=' + encodeURIComponent(JSON.stringify({ filter: 'name', value: 'Facial 9' })),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Facial 9', type: { name: 'Cabina facial' }, branch: { name: 'Tijuana' } });
    expect(items[0].schedules.find((s) => s.day === 1)).toEqual({ day: 1, opening: '10:00', closing: '12:00' });
    expect(items[0].schedules.find((s) => s.day === 6)).toEqual({ day: 6, opening: '10:00', closing: '14:00' });
    expect(items[0].schedules.find((s) => s.day === 0)).toEqual({ day: 0, opening: '00:00', closing: '00:00' });

    // the detail modal shows the week
    await page.getByLabel('Buscar', { exact: true }).fill('Facial 9');
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await row(page, 'Facial 9').getByRole('button', { name: 'Facial 9' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('10:00 - 12:00').isVisible()).toBe(true);
    await page.locator('.ant-modal-close').click();
  });

  it("warns 'Sucursal sin horarios' for a branch without schedules", async () => {
    await api('POST', '/v1/branch/create', {
      name: 'Sin horario',
      street: 'Calle 1',
      extNumber: '1',
      suburb: 'Centro',
      city: 'Tijuana',
      state: 'Baja California',
      zipCode: '22000',
      mobilePhone: '6645550000',
      code: 'SINHORAR01',
      zone: 'Noroeste',
      rfc: 'CEB180101AB1',
      businessName: 'Razón social',
      schedule: [],
    });
    await page.goto(`${server.url}/dashboard/cabinas/crear`);
    await page.getByLabel('Nombre', { exact: true }).fill('Sin horario 1');
    await chooseOption(page, 'Tipo de cabina', 'Cabina médica');
    await chooseOption(page, 'Sucursal', 'Sin horario');
    await visible(page, 'Sucursal sin horarios');
    await page.getByLabel('Abre el Lunes').click();
    await setRange(1, '10:00', '12:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => day(1).getByText('Sucursal sin horarios').isVisible(), { timeout: 5000 }).toBe(true);
    expect(page.url()).toMatch(/\/crear$/);
  });

  it("shows the 'Tipo de cabina' button only with show on cabain_types", async () => {
    await page.goto(`${server.url}/dashboard/cabinas`);
    await page.getByRole('button', { name: 'Tipo de cabina' }).click();
    await page.waitForURL(/\/dashboard\/tipos-cabina$/);
    await expect.poll(() => row(page, 'Consultorio de valoración').count()).toBe(1);
    // a new cabin type, with its treatment type and the default colour
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/tipos-cabina\/crear$/);
    await page.getByText('Nuevo tipo de cabina').waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Cabina corporal');
    await chooseOption(page, 'Tipo de tratamiento', 'Cosmetológico');
    await page.getByLabel('Orden').fill('0');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible(page, 'El campo orden debe ser mayor o igual a 1');
    await page.getByLabel('Orden').fill('5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/tipos-cabina`);
    await expect.poll(() => row(page, 'Cabina corporal').innerText()).toContain('#7c4dcc');
    expect(await row(page, 'Cabina corporal').innerText()).toContain('Cosmetológico');

    // the Monterrey franchisee sees her cabins but neither the button nor 'Nuevo'
    const franquicia = await newPage('franquicia@demo.mx');
    await franquicia.goto(`${server.url}/dashboard/cabinas`);
    await expect.poll(() => franquicia.getByTestId('total-records').innerText(), { timeout: 5000 }).toBe('Total de registros: 3');
    expect(await franquicia.getByRole('button', { name: 'Tipo de cabina' }).count()).toBe(0);
    expect(await franquicia.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);
    await franquicia.context().close();

    // the Tijuana manager reads cabin types: the button shows; her new cabin is fixed to Tijuana
    const gerente = await newPage('gerente@demo.mx');
    await gerente.goto(`${server.url}/dashboard/cabinas`);
    await expect.poll(() => gerente.getByRole('button', { name: 'Tipo de cabina' }).isVisible(), { timeout: 5000 }).toBe(true);
    await gerente.getByRole('button', { name: 'Nuevo' }).click();
    await gerente.waitForURL(/\/crear$/);
    await expect.poll(() => gerente.locator('.ant-select-disabled').innerText(), { timeout: 5000 }).toBe('Tijuana');
    await gerente.context().close();
  });
});

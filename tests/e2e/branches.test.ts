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
  page = await signedInPage(browser, server.url, 'admin@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (name: string) => page.locator('.ant-table-row', { hasText: name });
const day = (n: number) => page.getByTestId(`schedule-day-${n}`);
const visible = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 5000 }).toBe(true);

async function setRange(n: number, opening: string, closing: string) {
  const [start, end] = [day(n).locator('.ant-picker-input input').nth(0), day(n).locator('.ant-picker-input input').nth(1)];
  // fill focuses the input without waiting for the panel's animation to settle
  await start.fill(opening);
  await start.press('Enter');
  await end.fill(closing);
  await end.press('Enter');
  // a click beside the picker closes its panel
  await day(n).locator('strong').click();
  await expect.poll(() => rangeOf(n)).toEqual([opening, closing]);
}

/** Switches a day open or closed and waits to see it: a click that lands while a field's message folds away can miss. */
async function setOpen(dayName: string, open: boolean) {
  const toggle = page.getByLabel(`Abre el ${dayName}`);
  await expect
    .poll(async () => {
      if ((await toggle.isChecked()) !== open) await toggle.click();
      return toggle.isChecked();
    })
    .toBe(open);
}

async function rangeOf(n: number) {
  const inputs = day(n).locator('.ant-picker-input input');
  return [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
}

interface ApiBranch {
  id: string;
  name: string;
  code: string;
  zone: string;
  timeZone: string;
  mobilePhone: string;
  schedules: { day: number; opening: string; closing: string }[];
}

async function branchByCode(code: string): Promise<ApiBranch | undefined> {
  const { token } = await server.t.signIn('admin@demo.mx');
  const res = await server.t.as(token)({ method: 'GET', url: '/v1/branch?take=0' });
  return (res.json().items as ApiBranch[]).find((b) => b.code === code);
}

describe('branches', () => {
  it('creates a branch with its week, showing the spec messages first', async () => {
    await page.goto(`${server.url}/dashboard/sucursales`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/sucursales\/crear$/);
    // the chain's usual week is the starting point
    expect(await rangeOf(1)).toEqual(['09:00', '20:00']);
    expect(await rangeOf(6)).toEqual(['09:00', '15:00']);

    await page.getByLabel('Nombre', { exact: true }).fill('Tijuana Río');
    await page.getByLabel('Código', { exact: true }).fill('tijrio01');
    await page.getByLabel('Razón social').fill('Clínicas Estéticas de Baja S.A. de C.V.');
    await page.getByLabel('RFC').fill('CEB18010AB1');
    await page.getByLabel('Teléfono celular').fill('6645550199');
    expect(await page.getByLabel('Teléfono celular').inputValue()).toBe('(664)555-0199');
    await page.getByLabel('Calle').fill('Paseo de los Héroes');
    await page.getByLabel('Número exterior').fill('9350');
    await page.getByLabel('Colonia').fill('Zona Río');
    await page.getByLabel('Ciudad').fill('Tijuana');
    await page.getByLabel('Estado').fill('Baja California');
    await page.getByLabel('Código postal').fill('2201');
    // Sunday switched on without a range
    await setOpen('Domingo', true);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('RFC Invalido');
    await visible('El campo código debe tener exactamente 10 caracteres');
    await visible('El campo código postal debe tener exactamente 5 caracteres');
    await visible('El campo horario es requerido');
    expect(page.url()).toMatch(/\/crear$/);

    await page.getByLabel('RFC').fill('ceb180101ab1');
    await page.getByLabel('Código', { exact: true }).fill('tijrio0001');
    await page.getByLabel('Código postal').fill('22010');
    await setOpen('Domingo', false);
    await page.getByLabel('Zona').click();
    await page.getByTitle('Pacífico', { exact: true }).click();
    await setRange(1, '10:00', '18:00');
    await setOpen('Sábado', false);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/sucursales`);
    await visible('Operación exitosa');
    await expect.poll(() => row('Tijuana Río').count()).toBe(1);

    const saved = await branchByCode('TIJRIO0001');
    expect(saved).toMatchObject({ name: 'Tijuana Río', zone: 'Pacifico', timeZone: 'America/Mazatlan', mobilePhone: '6645550199' });
    expect(saved!.schedules).toEqual([
      { day: 0, opening: '00:00', closing: '00:00' },
      { day: 1, opening: '10:00', closing: '18:00' },
      ...[2, 3, 4, 5].map((d) => ({ day: d, opening: '09:00', closing: '20:00' })),
      { day: 6, opening: '00:00', closing: '00:00' },
    ]);

    // the detail modal shows every field and the week
    await row('Tijuana Río').getByRole('button', { name: 'Tijuana Río' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('TIJRIO0001').isVisible()).toBe(true);
    expect(await dialog.getByText('10:00 - 18:00').isVisible()).toBe(true);
    expect(await dialog.getByRole('row', { name: /Sábado/ }).innerText()).toContain('Cerrado');
    expect(await dialog.getByText('(664)555-0199').isVisible()).toBe(true);
    await page.locator('.ant-modal-close').click();
  });

  it('edits the branch and its schedule', async () => {
    await page.goto(`${server.url}/dashboard/sucursales`);
    await row('Tijuana Río').getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await page.waitForURL(/\/dashboard\/sucursales\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue(), { timeout: 5000 }).toBe('Tijuana Río');
    expect(await rangeOf(1)).toEqual(['10:00', '18:00']);
    expect(await day(6).locator('.ant-picker-input input').nth(0).isDisabled()).toBe(true);

    await page.getByLabel('Nombre', { exact: true }).fill('Tijuana Zona Río');
    await setOpen('Sábado', true);
    await setRange(6, '09:30', '14:00');
    await setRange(2, '11:00', '17:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/sucursales(\?.*)?$/);
    await expect.poll(() => row('Tijuana Zona Río').count()).toBe(1);
    const saved = await branchByCode('TIJRIO0001');
    expect(saved!.schedules.find((s) => s.day === 2)).toEqual({ day: 2, opening: '11:00', closing: '17:00' });
    expect(saved!.schedules.find((s) => s.day === 6)).toEqual({ day: 6, opening: '09:30', closing: '14:00' });
    expect(saved!.schedules.find((s) => s.day === 1)).toEqual({ day: 1, opening: '10:00', closing: '18:00' });
  });

  it('hides the active and franchise switches and the delete option for the distribution centre', async () => {
    await page.goto(`${server.url}/dashboard/sucursales`);
    await row('CEDIS Tijuana').getByRole('button', { name: 'Opciones' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Editar' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Eliminar' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue(), { timeout: 5000 }).toBe('CEDIS Tijuana');
    expect(await page.getByLabel('Activa').count()).toBe(0);
    expect(await page.getByLabel('Franquicia').count()).toBe(0);
    expect(await page.getByLabel('Centro de distribución').isDisabled()).toBe(true);

    // a clinic branch shows both switches
    await page.goto(`${server.url}/dashboard/sucursales`);
    await row('Mexicali').getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect.poll(() => page.getByLabel('Nombre', { exact: true }).inputValue(), { timeout: 5000 }).toBe('Mexicali');
    expect(await page.getByLabel('Activa').count()).toBe(1);
    expect(await page.getByLabel('Franquicia').count()).toBe(1);
  });
});

import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/** Issue 14: the app speaks its own Spanish, never the browser's or antd's English, and never a slug. */

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** With SHOTS_DIR set, keeps a picture of the screen (the screenshots); otherwise nothing. */
async function shot(name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

const visible = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 5000 }).toBe(true);
const crumbText = async () => (await page.getByTestId('breadcrumb').innerText()).replace(/\s+/g, ' ').trim();
const day = (n: number) => page.getByTestId(`schedule-day-${n}`);

async function setRange(n: number, opening: string, closing: string) {
  const inputs = day(n).locator('.ant-picker-input input');
  await inputs.nth(0).fill(opening);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(closing);
  await inputs.nth(1).press('Enter');
  await day(n).locator('strong').click();
}

async function choose(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('Spanish titles', () => {
  it('builds the breadcrumb from Spanish titles with accents, starting at Inicio', async () => {
    await page.goto(`${server.url}/dashboard/tipos-cabina`);
    await expect.poll(crumbText).toBe('Inicio / Tipos de cabina');
    await shot('breadcrumb-tipos-cabina');
    await page.goto(`${server.url}/dashboard/bitacora`);
    await expect.poll(crumbText).toBe('Inicio / Bitácora');
    await page.goto(`${server.url}/dashboard/historial-del-sistema`);
    await expect.poll(crumbText).toBe('Inicio / Historial del sistema');
    await page.goto(`${server.url}/dashboard/categorias/crear`);
    await expect.poll(crumbText).toBe('Inicio / Categorías / Nuevo');
    await page.getByTestId('breadcrumb').getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it("says 'Te extrañamos' in the sidebar, the page title and the breadcrumb", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.locator('.ant-layout-sider').getByText('Mercadotecnia', { exact: true }).click();
    const entry = page.locator('.ant-layout-sider').getByText('Te extrañamos', { exact: true });
    await entry.click();
    await page.waitForURL(/\/dashboard\/we-miss-you/);
    await expect.poll(crumbText).toBe('Inicio / Te extrañamos');
    await expect.poll(() => page.getByRole('heading', { name: 'Te extrañamos' }).isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).not.toMatch(/we miss you|dashboard/i);
    await shot('te-extranamos');
  });

  it("shows antd's sorter tooltip in Spanish", async () => {
    await page.goto(`${server.url}/dashboard/categorias`);
    const header = page.locator('.ant-table-column-has-sorters').first();
    await header.hover();
    const tooltip = page.locator('.ant-tooltip:visible');
    await expect.poll(() => tooltip.innerText().catch(() => ''), { timeout: 5000 }).toBe('Haga clic para ordenar de forma ascendente');
    await page.waitForFunction(() => !document.querySelector('.ant-tooltip[class*="zoom-big-fast-appear"], .ant-tooltip[class*="zoom-big-fast-enter"]'));
    await shot('sorter-tooltip');
  });

  it("names every icon in Spanish for screen readers, the ones inside antd's sorters, pagers and pickers too", async () => {
    for (const path of ['/dashboard/clientes', '/dashboard/citas']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.ant-table-row').first().waitFor();
      const labels = await page.locator('.anticon[aria-label]').evaluateAll((icons) => icons.map((i) => i.getAttribute('aria-label')!));
      expect(labels).toContain('Orden ascendente');
      expect(labels).toContain('Orden descendente');
      expect(labels.filter((l) => /^[a-z]+(-[a-z]+)*$/.test(l) && l !== 'hasta')).toEqual([]);
    }
  });

  it('names product types in Spanish, never by their keys', async () => {
    await page.goto(`${server.url}/dashboard/tipos-producto`);
    await page.locator('.ant-table-row').first().waitFor();
    const names = await page.locator('.ant-table-tbody').innerText();
    for (const label of ['Cosmetológico', 'Venta', 'Médico', 'Insumo']) expect(names).toContain(label);
    for (const key of ['cosmetologist', 'sale', 'medical', 'supply']) expect(names).not.toContain(key);
    await shot('tipos-producto');
  });
});

describe('forms answer in the app’s Spanish', () => {
  it('checks an e-mail with the Spanish message, without the browser’s bubble', async () => {
    await page.goto(`${server.url}/dashboard/proveedores/crear`);
    const email = page.getByLabel('Correo electrónico');
    await email.fill('no-es-un-correo');
    expect(await email.getAttribute('type')).not.toBe('email');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('El campo correo electrónico debe ser un correo electrónico válido');
    // the browser's own check has nothing to say, so it never shows its English bubble
    expect(
      await page
        .locator('form')
        .first()
        .evaluate((f) => (f as HTMLFormElement).checkValidity()),
    ).toBe(true);
    await shot('correo-proveedor');
  });

  it('accepts a phone with +52 and stores its 10 digits; another country gets a Spanish message', async () => {
    await page.goto(`${server.url}/dashboard/clientes/crear`);
    await page.locator('input#name').fill('Regina');
    await page.locator('input#lastName').fill('Lada');
    await choose('Género', 'Femenino');
    await page.getByLabel('Fecha de nacimiento').fill('11/04/1987');
    await page.getByLabel('Fecha de nacimiento').press('Enter');
    const mobile = page.getByLabel('Teléfono celular');
    await mobile.fill('+1 619 555 0101');
    await mobile.blur();
    await visible('Solo se aceptan teléfonos de México (+52)');
    await shot('telefono-otro-pais');
    await mobile.fill('+52 664 940 7788');
    await expect.poll(() => mobile.inputValue()).toBe('(664)940-7788');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);
    const { rows } = (await server.t.ctx.db.execute(sql`select mobile_phone from customers where name = 'Regina' and last_name = 'Lada'`)) as unknown as {
      rows: { mobile_phone: string }[];
    };
    expect(rows).toEqual([{ mobile_phone: '6649407788' }]);
  });

  it('refuses a typed time off the half hour naming the day, in the branch form', async () => {
    await page.goto(`${server.url}/dashboard/sucursales/crear`);
    await day(2).waitFor();
    await setRange(2, '08:15', '14:00');
    await visible('Martes: la hora debe ser en punto o y media (08:30)');
    await page.getByRole('button', { name: 'Guardar' }).scrollIntoViewIfNeeded();
    await shot('sucursal-hora-fuera-de-paso');
    await setRange(2, '08:30', '14:00');
    await expect.poll(() => day(2).getByText('Martes: la hora debe ser en punto o y media (08:30)').count()).toBe(0);
  });

  it('says the branch is closed that day in the cabin form, and refuses an off-step time naming the day', async () => {
    await page.goto(`${server.url}/dashboard/cabinas/crear`);
    await choose('Sucursal', 'Tijuana');
    await expect.poll(() => day(0).innerText()).toContain('La sucursal está cerrada ese día');
    expect(await page.locator('[role="group"]').innerText()).not.toContain('00:00 - 00:00');
    await page.getByLabel('Abre el Domingo').click();
    await setRange(0, '10:00', '12:00');
    await expect
      .poll(() =>
        day(0)
          .locator('.ant-form-item-explain-error')
          .innerText()
          .catch(() => ''),
      )
      .toBe('La sucursal está cerrada ese día');
    await setRange(3, '10:00', '12:45');
    await expect
      .poll(() =>
        day(3)
          .locator('.ant-form-item-explain-error')
          .innerText()
          .catch(() => ''),
      )
      .toBe('Miércoles: la hora debe ser en punto o y media (08:30)');
    await shot('cabina-dia-cerrado');
  });

  it('refuses an exchange rate of 0 with the rule’s own message', async () => {
    await page.goto(`${server.url}/dashboard/configuraciones/editar`);
    const tijuana = page.getByLabel('Tipo de cambio Tijuana');
    await tijuana.fill('0');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await visible('Debe ser mayor a 0');
    await shot('tipo-de-cambio-cero');
  });
});

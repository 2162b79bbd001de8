import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
const SHOTS = process.env.SHOTS_DIR;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every list of the menu, as a counter PC shows it (issue 30: identifier, Total and Estatus without scrolling sideways). */
const LISTS = [
  'clientes',
  'personal',
  'comisiones-medicas',
  'comisiones-cosmetologicas',
  'metas',
  'corte-sucursal',
  'ventas-en-sucursal',
  'ventas-en-linea',
  'ventas-en-app',
  'roles',
  'historial',
  'ordenes-de-compra',
  'ordenes-de-venta',
  'proveedores',
  'transferencias',
  'ordenes-de-surtido',
  'inventario',
  'tratamientos',
  'paquetes',
  'promociones',
  'cupones',
  'miembros',
  'we-miss-you',
  'aparatos-sucursal',
  'sucursales',
  'productos',
  'cabinas',
  'categorias',
  'historial-del-sistema',
  'citas',
];

/** How far each table of the page scrolls sideways, and the headers that start off its right edge. */
const overflowOf = () =>
  [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map((el) => ({
    over: el.scrollWidth - el.clientWidth,
    hidden: [...el.querySelectorAll('thead th')]
      .filter((th) => th.getBoundingClientRect().right > el.getBoundingClientRect().right + 1)
      .map((th) => (th as HTMLElement).innerText.trim()),
  }));

describe('lists at 1366×768', () => {
  it('show every default column of every list without scrolling sideways', async () => {
    const page = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
    const overflowing: string[] = [];
    for (const path of LISTS) {
      await page.goto(`${server.url}/dashboard/${path}`);
      await page.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 30_000 });
      const tables = await page.evaluate(overflowOf);
      for (const t of tables) if (t.over > 1) overflowing.push(`${path}: ${t.over} px (${t.hidden.join(', ')})`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-${path}-1366.png` });
    }
    expect(overflowing).toEqual([]);
    await page.context().close();
  });

  it("keeps a column chosen under 'Columnas' for the user after a reload", async () => {
    const page = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
    await page.goto(`${server.url}/dashboard/ventas-en-sucursal`);
    await page.locator('.ant-table-thead th').first().waitFor();
    const headers = () => page.locator('.ant-table-thead th').allInnerTexts();
    expect(await headers()).not.toContain('Vendedor');
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('checkbox', { name: 'Vendedor' }).check();
    await expect.poll(headers).toContain('Vendedor');
    await page.reload();
    await page.locator('.ant-table-thead th').first().waitFor();
    await expect.poll(headers).toContain('Vendedor');
    await page.getByRole('button', { name: 'Columnas' }).click();
    await page.getByRole('button', { name: 'Restablecer' }).click();
    await expect.poll(headers).not.toContain('Vendedor');
    await page.context().close();
  });
});

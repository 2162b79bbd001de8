import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, settled, signedInPage } from './browser';
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

async function session(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const page = await signedInPage(browser, server.url, username, { height: 768 });
  return { context: page.context(), page };
}
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe('generic lists', () => {
  it('keeps the search text in the box after opening a record and coming back', async () => {
    const { context, page } = await session('admin@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias`);
    const search = page.getByLabel('Buscar', { exact: true });
    await search.fill('facial');
    await search.press('Enter');
    await page.waitForURL(/sv=facial/);
    // the rows of the search, not the unfiltered first page that the answer replaces
    await expect.poll(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    await expect.poll(async () => (await page.locator('.ant-table-row').allInnerTexts()).every((t) => /facial/i.test(t))).toBe(true);
    await page.locator('.ant-table-row').first().getByRole('button', { name: 'Opciones' }).click();
    const edit = page.getByRole('menuitem', { name: 'Editar' });
    await edit.waitFor({ state: 'visible' });
    await edit.click();
    await page.waitForURL(/\/dashboard\/categorias\/[0-9a-f-]{36}$/);
    // the form's own way back goes to the bare list path; the list restores its query
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/dashboard\/categorias\?.*sv=facial/);
    await expect.poll(() => page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('facial');
    await shot(page, 'lists-search-kept');
    await context.close();
  });

  it('shows the Citas branch filter only to a role with approve on appointments', async () => {
    const admin = await session('admin@demo.mx');
    await admin.page.goto(`${server.url}/dashboard/citas`);
    await expect.poll(() => admin.page.getByTestId('total-records').isVisible()).toBe(true);
    await expect.poll(() => admin.page.getByLabel('Sucursal', { exact: true }).count()).toBe(1);
    await shot(admin.page, 'citas-branch-filter-admin');
    await admin.context.close();

    // Gerente Operativo: every branch, but no approve on appointments
    const operativo = await session('operativo@demo.mx');
    await operativo.page.goto(`${server.url}/dashboard/citas`);
    await expect.poll(() => operativo.page.getByLabel('Cabina', { exact: true }).count()).toBe(1);
    expect(await operativo.page.getByLabel('Sucursal', { exact: true }).count()).toBe(0);
    await shot(operativo.page, 'citas-no-branch-filter-operativo');
    await operativo.context.close();
  });

  it('warns before printing more rows than the limit and says so on the printed page', async () => {
    const { context, page } = await session('admin@demo.mx');
    // the list says it holds 3,245 rows (a mocked count; the rows are the real first page)
    await page.route(/\/v1\/categories\?/, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, meta: { ...body.meta, itemCount: 3245 } } });
    });
    await page.goto(`${server.url}/dashboard/categorias`);
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 3,245');
    await page.getByRole('button', { name: 'PDF' }).click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect.poll(() => dialog.innerText()).toContain('Se imprimirán los primeros 1,000 de 3,245 registros; use CSV para exportarlos todos.');
    await settled(page);
    await shot(page, 'lists-print-limit-warning');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Imprimir' }).click();
    const printed = await popup;
    await expect
      .poll(() => printed.locator('#print-limit-note').innerText())
      .toBe('Se imprimirán los primeros 1,000 de 3,245 registros; use CSV para exportarlos todos.');
    expect(await printed.locator('tbody tr').count()).toBeGreaterThan(0);
    await printed.close();

    // a list that fits prints without asking
    await page.unroute(/\/v1\/categories\?/);
    await page.reload();
    await expect.poll(() => page.getByTestId('total-records').innerText()).not.toBe('Total de registros: 3,245');
    const direct = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'PDF' }).click();
    const plain = await direct;
    await expect.poll(() => plain.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await plain.locator('#print-limit-note').count()).toBe(0);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await context.close();
  });
});

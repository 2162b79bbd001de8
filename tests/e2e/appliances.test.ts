import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(user: string): Promise<Page> {
  return signedInPage(browser, server.url, user);
}

const option = (page: Page, title: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title^="${title}"]`);

describe('branch appliances', () => {
  it('links an appliance to a branch, refusing a device number the branch already has', async () => {
    const res = await server.t.ctx.db.execute(
      sql`select number from branch_appliances where branch_id = ${demoId('branch:tijuana')} and number is not null limit 1`,
    );
    const taken = (res as unknown as { rows: { number: string }[] }).rows[0].number;
    const page = await newPage('admin@demo.mx');
    await page.goto(`${server.url}/dashboard/aparatos-sucursal`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/aparatos-sucursal\/vincular$/);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo aparato es requerido').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('El campo SKU es requerido').isVisible()).toBe(true);

    await page.getByLabel('Aparato').click();
    await option(page, 'Láser diodo').click();
    await page.getByLabel('Sucursal').click();
    await option(page, 'Tijuana').click();
    await page.getByLabel('SKU').fill('E2E-LAS-01');
    await page.getByLabel('Número de equipo').fill(taken);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El número de equipo ya existe en la sucursal').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/vincular$/);

    await page.getByLabel('Número de equipo').fill('E2E-900');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/aparatos-sucursal`);
    await expect.poll(() => page.getByText('Operación exitosa').isVisible()).toBe(true);
    await page.getByLabel('Buscar', { exact: true }).fill('E2E-LAS');
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 1');
    const text = await page.locator('.ant-table-row').first().innerText();
    expect(text).toContain('E2E-900');
    expect(text).toContain('Láser diodo');
    expect(text).toContain('Tijuana');
    expect(text).toContain('Funcionando');
  });

  it('gives the branch manager their own branch and no status change', async () => {
    const page = await newPage('gerente@demo.mx');
    await page.goto(`${server.url}/dashboard/aparatos-sucursal/vincular`);
    await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Sucursal' }).innerText()).toContain('Tijuana');
    expect(await page.getByLabel('Sucursal', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Estatus', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Aparato').click();
    await option(page, 'Impresora de tickets').click();
    await page.getByLabel('SKU').fill('E2E-TKT-09');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/aparatos-sucursal`);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'E2E-TKT-09' }).count()).toBe(1);
  });
});

describe('appliance catalogue', () => {
  it("records an appliance's state (Funcionando, Averiado, Con fallas, En reparación) and shows it on the list", async () => {
    const page = await newPage('logistica@demo.mx');
    await page.goto(`${server.url}/dashboard/aparatos/crear`);
    await page.getByLabel('Tipo', { exact: true }).click();
    await option(page, 'Aparatología').click();
    await page.getByLabel('Nombre', { exact: true }).fill('Láser de prueba E2E');
    await page.getByLabel('Marca', { exact: true }).fill('Cutera');
    await page.getByLabel('Modelo', { exact: true }).fill('excel V+');
    // a new appliance starts Funcionando
    await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Estado' }).getByText('Funcionando').isVisible()).toBe(true);
    await page.getByLabel('Estado', { exact: true }).click();
    await option(page, 'Averiado').click();
    await page.screenshot({ path: '/tmp/happliance-form.png' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/aparatos$/);
    const row = page.locator('.ant-table-row', { hasText: 'Láser de prueba E2E' });
    await row.getByText('Averiado').waitFor();
    await page.screenshot({ path: '/tmp/happliance-list.png' });
    expect(await queryRows(server.t, sql`select status from appliances where name = 'Láser de prueba E2E'`)).toEqual([{ status: 'Averiado' }]);
    await page.context().close();
  });
});

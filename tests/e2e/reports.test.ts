import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDay } from '../../src/server/db/demo/demo-day';
import { demoId } from '../../src/server/db/demo/random';
import { chooseOption, launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let admin: Page;
const TIJUANA = demoId('branch:tijuana');
/** A month of the demo's sales history (the demo moves with the calendar: a month some weeks before its day). */
const MONTH = demoDay('2026-10-14').slice(0, 7);
const monthText = (m: string) => m.split('-').reverse().join('/');
const lastDay = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
const SHOT = (name: string) => `/tmp/reports-${name}.png`;

/** The page never scrolls sideways at 1366×768 (the table scrolls inside itself). */
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const selectShows = (page: Page, label: string) => page.locator('.ant-select', { has: page.getByRole('combobox', { name: label, exact: true }) }).textContent();

describe('reports hub', () => {
  it('admin: profitability by default, daily sales by month and branch in the URL, a reload keeps them, totals and Excel', async () => {
    await admin.getByRole('menuitem', { name: 'Administración' }).click();
    await admin.getByRole('menuitem', { name: 'Reportes' }).click();
    await admin.waitForURL(/\/dashboard\/reportes/);
    await admin.getByRole('heading', { name: 'Reportes' }).waitFor();
    await expect.poll(() => selectShows(admin, 'Reporte')).toContain('Rentabilidad por sucursal');
    await expect.poll(() => admin.getByTestId('report-header').textContent()).toMatch(/Rentabilidad por sucursal.*Alejandra.*Super Administrador/);
    // the year of the demo month (the default, this year, may have no day yet on New Year's Day)
    await admin.getByLabel('Año', { exact: true }).click();
    await admin.getByLabel('Año', { exact: true }).fill(MONTH.slice(0, 4));
    await admin.getByLabel('Año', { exact: true }).press('Enter');
    await expect.poll(() => admin.getByTestId('report-header').textContent()).toContain(`01/01/${MONTH.slice(0, 4)} al 31/12/${MONTH.slice(0, 4)}`);
    await admin.getByRole('img', { name: 'Gráfica de ingresos y egresos por mes' }).waitFor();
    await admin.getByTestId('report-table-totals').getByText('Utilidad (ingresos − egresos)').waitFor();
    expect(await noSideScroll(admin)).toBe(true);
    await admin.screenshot({ path: SHOT('profitability') });

    await chooseOption(admin, 'Reporte', 'Ventas diarias');
    await admin.getByLabel('Mes', { exact: true }).click();
    await admin.getByLabel('Mes', { exact: true }).fill(monthText(MONTH));
    await admin.getByLabel('Mes', { exact: true }).press('Enter');
    await chooseOption(admin, 'Sucursal', 'Tijuana');
    await expect.poll(() => new URL(admin.url()).searchParams.get('reporte')).toBe('daily-sales');
    await expect.poll(() => new URL(admin.url()).searchParams.get('month')).toBe(MONTH);
    await expect.poll(() => new URL(admin.url()).searchParams.get('branchId')).toBe(TIJUANA);

    await admin.reload();
    await expect.poll(() => selectShows(admin, 'Reporte')).toContain('Ventas diarias');
    await expect.poll(() => selectShows(admin, 'Sucursal')).toContain('Tijuana');
    expect(await admin.getByLabel('Mes', { exact: true }).inputValue()).toBe(monthText(MONTH));
    const header = admin.getByTestId('report-header');
    await expect.poll(() => header.textContent()).toContain(`01/${monthText(MONTH)} al ${lastDay(MONTH).split('-').reverse().join('/')}`);
    await expect.poll(() => header.textContent()).toMatch(/Tijuana.*Base de efectivo/);
    // a day a row, the totals row under them with money as $ and two decimals
    await admin.locator('[data-testid="report-table"] .ant-table-row').first().waitFor();
    const totals = admin.getByTestId('report-table-totals');
    await expect.poll(() => totals.textContent()).toMatch(/^Total.*\$[\d,]+\.\d{2}/);
    await admin.getByRole('img', { name: 'Gráfica de ventas por día contra la meta del día' }).waitFor();
    await admin
      .getByTestId('report-definition')
      .getByText(/Base de efectivo/)
      .waitFor();
    expect(await noSideScroll(admin)).toBe(true);
    await admin.screenshot({ path: SHOT('daily-sales') });

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`daily-sales_${MONTH}-01_${lastDay(MONTH)}.xlsx`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

    // a failed export says why, and the button stays usable
    const xlsx = (url: URL) => url.pathname === '/v1/report/daily-sales' && url.searchParams.get('format') === 'xlsx';
    await admin.route(xlsx, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'X', message: 'No se pudo generar el archivo' }),
      }),
    );
    await admin.getByRole('button', { name: 'Excel' }).click();
    await admin.getByText('No se pudo generar el archivo').waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Excel' }).isEnabled()).toBe(true);
    await admin.unroute(xlsx);
  });

  it('admin: a total of general expenses opens the rows behind it, with their totals', async () => {
    // the month of the latest restock received in the demo (its inventory is dated as the services wrote it)
    const latest = (await server.t.ctx.db.execute(
      sql`select to_char(max(created_at at time zone 'America/Tijuana'), 'YYYY-MM') as month from stock_movements where cause = 'restock_received'`,
    )) as unknown as { rows: { month: string }[] };
    const month = latest.rows[0]!.month;
    await admin.goto(`${server.url}/dashboard/reportes?reporte=general-expenses-by-product&month=${month}`);
    await expect.poll(() => selectShows(admin, 'Reporte')).toContain('Gastos generales por producto');
    const link = admin.locator('[data-testid="report-table"] .ant-table-row button.link-cell').first();
    await link.waitFor();
    const cell = (await link.textContent())!.trim();
    await link.click();
    const modal = admin.locator('.ant-modal:visible');
    await modal.getByTestId('drill-table').locator('.ant-table-row').first().waitFor();
    await settled(admin);
    // the rows behind the total add up to it
    await expect.poll(() => modal.getByTestId('drill-table-totals').locator('td').last().textContent()).toBe(cell);
    expect(cell).toMatch(/^-?\$[\d,]+\.\d{2}$/);
    await admin.screenshot({ path: SHOT('drill') });
    await admin.keyboard.press('Escape');
    await expect.poll(() => admin.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('admin: a month without rows shows the empty state and a disabled Excel button', async () => {
    await admin.goto(`${server.url}/dashboard/reportes?reporte=daily-sales&month=2001-01`);
    await admin.getByText('No hay datos para el periodo y los filtros elegidos').waitFor();
    await expect.poll(() => admin.getByRole('button', { name: 'Excel' }).isDisabled()).toBe(true);
    await admin.screenshot({ path: SHOT('empty') });
  });

  it('admin: the widest filter form (dates, month and branch) fits 1366×768 without scrolling sideways', async () => {
    await admin.goto(`${server.url}/dashboard/reportes?reporte=general-inventory`);
    await expect.poll(() => selectShows(admin, 'Reporte')).toContain('Inventario general');
    for (const label of ['Mes', 'Sucursal']) await admin.getByLabel(label, { exact: true }).waitFor();
    await admin.getByLabel('Fechas').first().waitFor();
    // the API's answer (figures, or its error while the report is not served): either way a settled page
    await admin.getByTestId('report-header').or(admin.getByTestId('report-error')).first().waitFor();
    expect(await noSideScroll(admin)).toBe(true);
    await admin.screenshot({ path: SHOT('inventory') });
  });

  it('a medic sees only their own medical fee report', async () => {
    const medic = await signedInPage(browser, server.url, 'medico@demo.mx', { height: 768 });
    await medic.goto(`${server.url}/dashboard/reportes?reporte=daily-sales`);
    await expect.poll(() => selectShows(medic, 'Reporte')).toContain('Honorarios médicos individuales');
    await medic.getByRole('combobox', { name: 'Reporte', exact: true }).click();
    await expect.poll(() => medic.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBe(1);
    await medic.keyboard.press('Escape');
    await expect.poll(() => medic.locator('.ant-select-dropdown:visible').count()).toBe(0);
    // their own lines only: no one else to choose, no branch to change
    expect(await medic.getByRole('combobox', { name: 'Médico', exact: true }).count()).toBe(0);
    expect(await medic.getByRole('combobox', { name: 'Sucursal', exact: true }).count()).toBe(0);
    await medic.getByLabel('Fechas').first().waitFor();
    await medic.screenshot({ path: SHOT('medic') });
    await medic.context().close();
  });

  it('a role without reports nor commissions is refused', async () => {
    const reception = await signedInPage(browser, server.url, 'recepcion.tijuana@demo.mx', { height: 768 });
    await reception.getByRole('menuitem', { name: 'Administración' }).click();
    await reception.getByRole('menuitem', { name: 'Corte de sucursal' }).waitFor();
    expect(await reception.getByRole('menuitem', { name: 'Reportes' }).count()).toBe(0);
    await reception.goto(`${server.url}/dashboard/reportes`);
    await reception.getByText('Sin permiso').waitFor();
    await reception.screenshot({ path: SHOT('refused') });
    await reception.context().close();
  });
});

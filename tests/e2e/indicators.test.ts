import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDay } from '../../src/server/db/demo/demo-day';
import { chooseOption, launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let admin: Page;
/** A month of the demo's history (the demo moves with the calendar: a month some weeks before its day). */
const MONTH = demoDay('2026-10-14').slice(0, 7);
const monthText = (m: string) => m.split('-').reverse().join('/');
const SHOT = (name: string) => `/tmp/indicators-${name}.png`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('indicators', () => {
  it('opens from Administración, shows each figure against last year by branch, and drills into the rows behind one', async () => {
    await admin.getByRole('menuitem', { name: 'Administración' }).click();
    await admin.getByRole('menuitem', { name: 'Indicadores' }).click();
    await admin.waitForURL(/\/dashboard\/indicadores/);
    await admin.getByRole('heading', { name: 'Indicadores' }).waitFor();

    await admin.getByLabel('Mes', { exact: true }).click();
    await admin.getByLabel('Mes', { exact: true }).fill(monthText(MONTH));
    await admin.getByLabel('Mes', { exact: true }).press('Enter');
    await expect.poll(() => new URL(admin.url()).searchParams.get('month')).toBe(MONTH);
    const period = admin.getByTestId('indicators-period');
    await expect.poll(() => period.textContent()).toMatch(new RegExp(`Toda la cadena · del 01/${monthText(MONTH)}`));

    // six cards with the chain's figures: a demo month has finished appointments and sales
    for (const name of ['rebooking', 'retention90', 'averageTicket', 'revenuePerCabinHour', 'noShowRate', 'expiringStock'])
      await admin.getByTestId(`indicator-${name}`).waitFor();
    await expect.poll(() => admin.getByTestId('indicator-averageTicket').getByTestId('indicator-value').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect.poll(() => admin.getByTestId('indicator-noShowRate').getByTestId('indicator-value').textContent()).toMatch(/^\d+\.\d{2} %$/);
    await expect.poll(() => admin.getByTestId('indicator-rebooking').textContent()).toMatch(/Año anterior/);

    // the table: the chain first, then a row per branch
    const table = admin.getByTestId('indicators-table');
    await table.getByRole('button', { name: 'Ver el detalle de Ticket promedio de Tijuana' }).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await admin.screenshot({ path: SHOT('month') });

    // the drill of Tijuana's average ticket: its sales, whose total ÷ count is the cell
    const cell = table.getByRole('button', { name: 'Ver el detalle de Ticket promedio de Tijuana' });
    const shown = (await cell.textContent())!;
    await cell.click();
    await settled(admin);
    const modal = admin.locator('.ant-modal:visible');
    await modal.getByText('Ticket promedio: Tijuana').waitFor();
    await expect.poll(() => modal.getByTestId('drill-summary').textContent()).toContain(shown);
    await modal.locator('[data-testid="drill-table"] .ant-table-row').first().waitFor();
    await expect.poll(() => modal.getByTestId('drill-table-totals').textContent()).toMatch(/^Total.*\$[\d,]+\.\d{2}/);
    await admin.screenshot({ path: SHOT('drill') });
    await admin.keyboard.press('Escape');
    await expect.poll(() => admin.locator('.ant-modal:visible').count()).toBe(0);

    // a branch filter: the scope (cards and the one row) is that branch
    await chooseOption(admin, 'Sucursal', 'Tijuana');
    await expect.poll(() => period.textContent()).toMatch(/^Tijuana · del/);
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(1);
  });
});

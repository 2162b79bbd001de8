import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, type ReportMeta } from '../../src/domain/reports';
import { addDays } from '../../src/domain/inventory';
import { DEMO_TODAY } from '../../src/server/db/demo/sales';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * Issue 29's walk of the hub: each of the 16 reports opened by its address over the demo's last twelve months, its
 * table with rows and totals, its chart drawn, a total drilled into (where the report drills) and its Excel file read
 * back, at 1366×768. Screenshots land in /tmp/reports-all-<name>.png, and the drill's drawer in /tmp/reports-drill-<name>.png.
 */
let server: E2EServer;
let browser: Browser;
let admin: Page;
/** The demo's last twelve months, ending on its day (the demo moves with the calendar). */
const FROM = addDays(DEMO_TODAY, -364);
const MONTH = addDays(DEMO_TODAY, -20).slice(0, 7);
const YEAR = MONTH.slice(0, 4);

function addressOf(meta: ReportMeta): string {
  const q = new URLSearchParams({ reporte: meta.name });
  if (meta.filters.includes('dates')) {
    q.set('startDate', FROM);
    q.set('endDate', DEMO_TODAY);
  } else if (meta.filters.includes('month')) q.set('month', MONTH);
  else if (meta.filters.includes('year')) q.set('year', YEAR);
  return `/dashboard/reportes?${q}`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The first total of the table that is not zero (a zero's drill has no rows to show) opens a drawer whose rows add up to it. */
async function drillFirstTotal(page: Page, meta: ReportMeta) {
  const link = page.locator('[data-testid="report-table"] .ant-table-row button.link-cell', { hasNotText: /^(\$0\.00|0)$/ }).first();
  await link.waitFor();
  const cell = (await link.textContent())!.trim();
  await link.click();
  const modal = page.locator('.ant-modal:visible');
  await expect.poll(() => modal.locator('.ant-modal-title').textContent()).toContain(`${meta.title}: `);
  await modal.getByTestId('drill-table').locator('.ant-table-row').first().waitFor();
  await settled(page);
  // the rows behind the cell add up to it: the drill's totals row holds the same figure
  await expect.poll(async () => (await modal.getByTestId('drill-table-totals').locator('td').allTextContents()).map((s) => s.trim())).toContain(cell);
  await page.screenshot({ path: `/tmp/reports-drill-${meta.name}.png` });
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
}

async function excelOf(page: Page, meta: ReportMeta) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${meta.name}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  expect(ws.getCell('A1').value).toBe(meta.title);
  return ws;
}

describe('every report of the hub, as the owner opens it', () => {
  it.each(Object.values(REPORTS).map((meta) => [meta.name, meta] as const))('%s: table, chart, drill and Excel', async (_name, meta) => {
    await admin.goto(`${server.url}${addressOf(meta)}`);
    await expect.poll(() => admin.getByTestId('report-header').textContent()).toContain(meta.title);
    await admin.locator('[data-testid="report-table"] .ant-table-row').first().waitFor();
    if (meta.columns.some((c) => c.sums)) await admin.getByTestId('report-table-totals').waitFor();
    if (meta.chart) {
      const chart = admin.locator('[role="img"][aria-label]:not([aria-busy])', { has: admin.locator('canvas') }).first();
      await chart.waitFor();
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(150);
    }
    await settled(admin);
    await admin.screenshot({ path: `/tmp/reports-all-${meta.name}.png` });
    if (meta.drill) await drillFirstTotal(admin, meta);
    const ws = await excelOf(admin, meta);
    expect(ws.rowCount).toBeGreaterThan(6);
  });

  it("confirmation over the demo's days ahead: a branch's confirmed appointments add up to its cell", async () => {
    const meta = REPORTS.confirmation;
    await admin.goto(`${server.url}/dashboard/reportes?reporte=confirmation&startDate=${DEMO_TODAY}&endDate=${addDays(DEMO_TODAY, 13)}`);
    await expect.poll(() => admin.getByTestId('report-header').textContent()).toContain(meta.title);
    await admin.getByTestId('report-table-totals').waitFor();
    await settled(admin);
    await drillFirstTotal(admin, meta);
  });
});

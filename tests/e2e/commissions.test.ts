import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const TIJUANA = demoId('branch:tijuana');
const SHOTS = process.env.COMMISSIONS_SHOTS === '1';
/** A month of the demo history, at Tijuana (which has two doctors, so a line can change of doctor). */
const PERIOD = `startDate=2026-10-01&endDate=2026-10-31&branchId=${TIJUANA}`;

beforeAll(async () => {
  server = await startServer();
  // the demo's history has medico@demo.mx sell, not attend: one line of theirs, on a finished appointment of Tijuana
  await server.t.ctx.db
    .execute(sql`insert into commissions (kind, type, user_id, branch_id, business_date, appointment_id, customer_id, base, commission, isr_percent, isr_amount, payable)
    select 'medical', 'medical_sale', u.id, a.branch_id, a.date, a.id, a.customer_id, 500, 500, 10, 50, 450
    from users u, appointments a where u.username = 'medico@demo.mx' and a.branch_id = ${TIJUANA} and a.status = 'finished' order by a.date desc limit 1`);
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'operativo@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const modal = () => page.locator('.ant-modal:visible').first();

describe('commissions', () => {
  it('medical: a row per doctor with totals, the detail of one (5 per page) and the change of doctor', async () => {
    await page.goto(`${server.url}/dashboard/comisiones-medicas?${PERIOD}`);
    await page.getByRole('heading', { name: 'Comisiones médicas' }).waitFor();
    const first = page.locator('.ant-table-row').first();
    await first.waitFor();
    await page.locator('.ant-table-summary', { hasText: 'Total' }).waitFor();
    for (const header of ['Número de empleado', 'Nombre', 'Apellidos', 'Comisión', 'ISR', 'A pagar'])
      await page.locator('.ant-table-thead').getByText(header, { exact: true }).first().waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-medical.png' });

    await first.locator('button.link-cell').click();
    const lines = modal().getByTestId('medical-lines');
    await lines.locator('.ant-table-row').first().waitFor();
    expect(await lines.locator('.ant-table-row').count()).toBeLessThanOrEqual(5);
    // once its opening animation ends
    await expect.poll(() => modal().evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1000);
    for (const header of ['Cita', 'Médico', 'Sucursal', 'Fecha', 'Hora', 'Cliente', 'Tratamiento', 'Comisión', 'ISR', 'A pagar'])
      await lines.locator('.ant-table-thead').getByText(header, { exact: true }).waitFor();
    await expect.poll(() => lines.locator('.ant-table-row').first().textContent()).toMatch(/CITA-\d{6}/);
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-medical-detail.png' });

    const firstLine = lines.locator('.ant-table-row').first();
    const moved = (await firstLine.locator('td').first().textContent())!.trim();
    await firstLine.getByRole('button').click();
    await page.getByLabel('Médico', { exact: true }).click();
    // the branch's other doctor (the current one is the selected option)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)').first().click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Médico actualizado').waitFor();
    // the line is now the other doctor's: it leaves this doctor's detail, and the change log has it
    await expect.poll(() => lines.locator('.ant-table-row').first().locator('td').first().textContent()).not.toBe(moved);
    const logged = await server.t.ctx.db.execute(sql`select count(*)::int n from change_log where module = 'medic_comission'`);
    expect((logged as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('cosmetology: a row per seller, the employee number opens that seller’s sales and commissions', async () => {
    await page.goto(`${server.url}/dashboard/comisiones-cosmetologicas?${PERIOD}`);
    await page.getByRole('heading', { name: 'Comisiones cosmetológicas' }).waitFor();
    const first = page.locator('.ant-table-row').first();
    await first.waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-cosmetic.png' });
    await first.locator('button.link-cell').click();
    const lines = modal().getByTestId('cosmetic-lines');
    await lines.locator('.ant-table-row').first().waitFor();
    for (const header of ['Orden', 'Vendedor', 'Sucursal', 'Fecha', 'Hora', 'Cliente', 'Venta', 'Comisión'])
      await lines.locator('.ant-table-thead').getByText(header, { exact: true }).waitFor();
    await modal().getByTestId('cosmetic-lines-totals').waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-cosmetic-detail.png' });
  });

  it('types: a manager records an Insumo line; the list totals by type and filters by it', async () => {
    await page.goto(`${server.url}/dashboard/comisiones-cosmetologicas?${PERIOD}`);
    await page.locator('.ant-table-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('commission-type-totals').textContent())
      .toMatch(/Cosmetólogo\/Venta \$[\d,]+\.\d{2}.*Uso Cabina \$0\.00.*Insumo \$0\.00/);
    await page.getByRole('button', { name: 'Registrar comisión' }).click();
    const form = modal();
    const pick = async (label: string, option?: string) => {
      await form.getByLabel(label, { exact: true }).click();
      const options = page.locator(`.ant-select-dropdown:visible .ant-select-item-option${option ? `[title="${option}"]` : ''}`);
      await options.first().click();
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    await pick('Tipo', 'Insumo');
    await pick('Sucursal', 'Tijuana');
    await pick('Persona');
    await form.getByLabel('Fecha', { exact: true }).fill('15/10/2026');
    await form.getByLabel('Fecha', { exact: true }).press('Enter');
    await form.getByLabel('Monto', { exact: true }).fill('123.45');
    await form.getByLabel('Concepto', { exact: true }).fill('Insumos de cabina de octubre');
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-manual.png' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Comisión registrada').waitFor();
    await expect.poll(() => page.getByTestId('commission-type-totals').textContent()).toMatch(/Insumo \$123\.45/);
    await page.goto(`${server.url}/dashboard/comisiones-cosmetologicas?${PERIOD}&type=supply`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-row button.link-cell').click();
    const lines = modal().getByTestId('cosmetic-lines');
    await expect.poll(() => lines.locator('.ant-table-row').first().textContent()).toMatch(/Insumo.*Insumos de cabina de octubre/);
    if (SHOTS) await page.screenshot({ path: '/tmp/commissions-types.png' });
  });

  it('settings: the cosmetology percent is shown and edited (0–100, two decimals)', async () => {
    await page.goto(`${server.url}/dashboard/configuraciones`);
    await page.getByText('5.00 % de la venta sin IVA').waitFor();
    await page.getByRole('button', { name: 'Editar' }).click();
    const percent = page.getByLabel('Porcentaje de comisión cosmetológica', { exact: true });
    await expect.poll(() => percent.inputValue()).toBe('5.00');
    await percent.fill('7.5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/configuraciones$/);
    await page.getByText('7.50 % de la venta sin IVA').waitFor();
  });

  it('a period after the latest commission offers the last month that has them', async () => {
    const latest = async (kind: string) => {
      const res = await server.t.ctx.db.execute(sql`select max(business_date)::text as last from commissions where kind = ${kind} and deleted_at is null`);
      return (res as unknown as { rows: { last: string }[] }).rows[0]!.last;
    };
    const monthName = (day: string) =>
      new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`));
    // the month after the latest line: a period with no rows, whatever day the test runs
    const after = (day: string) => {
      const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      const start = d.toISOString().slice(0, 10);
      d.setUTCMonth(d.getUTCMonth() + 1, 0);
      return `startDate=${start}&endDate=${d.toISOString().slice(0, 10)}`;
    };
    for (const [path, kind, title] of [
      ['comisiones-medicas', 'medical', 'Comisiones médicas'],
      ['comisiones-cosmetologicas', 'cosmetology', 'Comisiones cosmetológicas'],
    ] as const) {
      const last = await latest(kind);
      await page.goto(`${server.url}/dashboard/${path}?${after(last)}`);
      await page.getByRole('heading', { name: title }).waitFor();
      const notice = page.getByTestId('latest-commissions');
      await notice.getByText(`la más reciente es del ${last.split('-').reverse().join('/')}`, { exact: false }).waitFor();
      await expect.poll(() => page.getByTestId('total-records').textContent()).toBe('Total de registros: 0');
      if (SHOTS) await page.screenshot({ path: `/tmp/commissions-latest-${kind}.png` });
      await notice.getByRole('button', { name: `Ver ${monthName(last)} (último con comisiones)` }).click();
      await page.waitForURL(new RegExp(`startDate=${last.slice(0, 7)}-01`));
      await page.locator('.ant-table-row').first().waitFor();
      await expect.poll(() => page.getByTestId('total-records').textContent()).not.toBe('Total de registros: 0');
      expect(await notice.count()).toBe(0);
    }
  });

  it('a medic sees only their own row and no doctor column', async () => {
    const medic = await signedInPage(browser, server.url, 'medico@demo.mx', { height: 768 });
    await medic.goto(`${server.url}/dashboard/comisiones-medicas?startDate=2025-10-01&endDate=2026-11-30`);
    await medic.locator('.ant-table-row').first().waitFor();
    expect(await medic.locator('.ant-table-row:has(button.link-cell)').count()).toBe(1);
    // their lines on the page itself: appointment number, branch, date, time
    await medic.getByText('Mis comisiones por cita').waitFor();
    await medic.getByTestId('medical-lines').locator('.ant-table-row').first().waitFor();
    expect(await medic.getByTestId('medical-lines').locator('.ant-table-row').first().textContent()).toMatch(
      /CITA-\d{6}.*Tijuana.*\d{2}\/\d{2}\/\d{4}\d{2}:\d{2}/,
    );
    if (SHOTS) await medic.screenshot({ path: '/tmp/commissions-medic.png' });
    await medic.locator('.ant-table-row button.link-cell').click();
    const lines = medic.locator('.ant-modal:visible').getByTestId('medical-lines');
    await lines.locator('.ant-table-row').first().waitFor();
    await lines.locator('.ant-table-thead').getByText('Cita', { exact: true }).waitFor();
    expect(await lines.locator('.ant-table-thead').getByText('Médico', { exact: true }).count()).toBe(0);
    expect(await lines.getByRole('button').count()).toBe(0);
    await medic.context().close();
  });
});

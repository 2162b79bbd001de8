import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const ENSENADA = demoId('branch:ensenada');
const SHOTS = process.env.GOALS_SHOTS === '1';

beforeAll(async () => {
  server = await startServer();
  // May 2031 at Ensenada: $5,000.00 sold (a refunded sale does not count)
  for (const [n, total, refunded] of [
    [1, '3000.00', false],
    [2, '2000.00', false],
    [3, '9999.00', true],
  ] as const)
    await server.t.ctx.db.execute(sql`insert into orders (order_number, branch_id, subtotal, total, payment_method, payment_status, business_date, refunded_at)
      values (${`E2E-GOAL-${n}`}, ${ENSENADA}, ${total}, ${total}, 'Efectivo', 'paid', ${`2031-05-0${n}`}, ${refunded ? sql`now()` : sql`null`})`);
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'operativo@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
const field = (label: string) => page.getByLabel(label, { exact: true });
const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

async function choose(label: string, option: string) {
  await field(label).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function fillGoal() {
  // the form replaces the list once its screen has loaded (the list's filter and header are labelled 'Sucursal' too)
  await page.getByText('Nueva meta').waitFor();
  await choose('Sucursal', 'Ensenada');
  await choose('Mes', 'Mayo');
  await field('Año').fill('2031');
  await field('Meta').fill('20000');
}

describe('goals', () => {
  it('creates a goal, shows its progress from the sales and refuses a second one of the month', async () => {
    await page.goto(`${server.url}/dashboard/metas`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/metas\/crear$/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El campo sucursal es requerido').waitFor();
    await page.getByText('El campo meta es requerido').waitFor();

    await fillGoal();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/dashboard\/metas$/);
    await page.getByText('Operación exitosa').waitFor();

    const line = row('Mayo 2031');
    await line.getByText('Ensenada').waitFor();
    await line.getByText('$20,000.00').waitFor();
    await line.getByText('$5,000.00').waitFor(); // total sold
    await line.getByText('$645.16').waitFor(); // 20,000 / 31 days
    await line.getByText('25.00 %').waitFor();
    await line.getByText('$15,000.00').waitFor(); // remaining
    if (SHOTS) await page.screenshot({ path: '/tmp/goals-list.png' });

    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.waitForURL(/\/dashboard\/metas\/crear$/);
    await fillGoal();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Ya existe una meta para esta sucursal en ese mes' }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/metas\/crear$/);
    if (SHOTS) await page.screenshot({ path: '/tmp/goals-form.png' });
    await poll(
      async () => (await queryRows(server.t, sql`select id from goals where branch_id = ${ENSENADA} and year = 2031 and deleted_at is null`)).length,
    ).toBe(1);
  });

  it('shows a branch-bound reader only its own branch, without Nuevo', async () => {
    await server.t.ctx.db.execute(sql`insert into goals (branch_id, year, month, goal) values (${demoId('branch:tijuana')}, 2031, 5, '12345.67')`);
    const manager = await signedInPage(browser, server.url, 'gerente@demo.mx', { height: 768 });
    await manager.goto(`${server.url}/dashboard/metas`);
    await manager.locator('.ant-table-row', { hasText: 'Tijuana' }).getByText('$12,345.67').first().waitFor();
    expect(await manager.locator('.ant-table-row', { hasText: 'Ensenada' }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);
    if (SHOTS) await manager.screenshot({ path: '/tmp/goals-list-manager.png' });
    await manager.context().close();
  });

  it('refuses the screen to a role without the goal privilege', async () => {
    const medic = await signedInPage(browser, server.url, 'medico@demo.mx');
    await medic.goto(`${server.url}/dashboard/metas`);
    await medic.getByText('No tiene permisos para ver esta pantalla.').waitFor();
    await medic.context().close();
  });
});

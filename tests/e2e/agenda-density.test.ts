import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, isNull, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema';
import { demoId } from '../../src/server/db/demo/random';
import { cancelBookings, insertAppointment } from '../../src/server/testing/appointments';
import { agendaCabins, type AgendaCabin } from './agenda-cabins';
import { chooseOption, launchBrowser, signIn } from './browser';
import { startServer, type E2EServer } from './server';

/** Issue 30: the agenda's density, its sticky edges, the folding sidebar, the tablet's one-cabin view, the keyboard's quick view. */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'agenda-density');
const TIJUANA = demoId('branch:tijuana');

/** A Wednesday ahead in Tijuana: the branch opens that day (today may be a Sunday, when it does not). */
function wednesdayAhead(): string {
  const today = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date())}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() + ((3 - today.getUTCDay() + 7) % 7 || 7));
  return today.toISOString().slice(0, 10);
}
const DATE = wednesdayAhead();
const NUMBER = 'CITA-DENS01';

let server: E2EServer;
let browser: Browser;
let tj: AgendaCabin[];
let patient: { name: string };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  const db = server.t.ctx.db;
  tj = await agendaCabins(db, TIJUANA);
  const [someone] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(isNull(customers.deletedAt), sql`not exists (select 1 from appointments a where a.customer_id = ${customers.id} and a.date = ${DATE})`))
    .limit(1);
  patient = someone;
  // the first cabin's day is ours: one card at 12:00, whatever the demo booked there
  await cancelBookings(server.t, sql`cabin_id = ${tj[0].id} and date = ${DATE}`);
  await insertAppointment(db, { appointmentNumber: NUMBER, branchId: TIJUANA, cabin: tj[0], customerId: someone.id, date: DATE, start: '12:00', end: '13:00' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function agendaPage(width: number, height: number, opts: { hasTouch?: boolean } = {}): Promise<Page> {
  // axe-core goes in as a script tag, which the app's CSP (script-src 'self') would refuse
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: opts.hasTouch, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, server.url, 'gerente@demo.mx');
  await openDay(page);
  return page;
}

async function openDay(page: Page) {
  await page.goto(`${server.url}/dashboard/agenda?date=${DATE}`);
  await page.getByTestId('agenda-grid').waitFor();
  await card(page).waitFor();
}

const card = (page: Page) => page.getByTestId('agenda-grid').getByRole('button', { name: new RegExp(`^Cita ${NUMBER}`) });
const quickView = (page: Page) => page.locator('.ant-popover:visible', { hasText: NUMBER });
const density = (page: Page) =>
  page.getByRole('radiogroup', { name: 'Densidad de la agenda' }).or(page.locator('.ant-segmented[aria-label="Densidad de la agenda"]'));
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

/** axe-core's critical and serious findings on the page, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } })
      .axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The boxes the compact view must fit in the window, and how the window scrolls. */
function layout(page: Page) {
  return page.evaluate(() => {
    const scroll = document.querySelector<HTMLElement>('[data-testid="agenda-grid"]')!;
    const columns = [...scroll.querySelectorAll('.agenda-col')].map((c) => c.getBoundingClientRect().right);
    const cells = [...scroll.querySelector('.agenda-col')!.querySelectorAll(':scope > .agenda-cell')];
    return {
      columns,
      lastSlotBottom: cells[cells.length - 1].getBoundingClientRect().bottom,
      gridScrolls: { x: scroll.scrollWidth > scroll.clientWidth, y: scroll.scrollHeight > scroll.clientHeight },
      pageScrollsX: document.documentElement.scrollWidth > window.innerWidth,
      scrollY: window.scrollY,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
    };
  });
}

describe('agenda density (issue 30)', () => {
  it('at 1366×768 shows the spec sizes by default and, in Compacta, every cabin and the whole day in the window; the choice survives a reload', async () => {
    const page = await agendaPage(1366, 768);
    expect(await density(page).getByText('Normal').count()).toBe(1);
    expect(await page.locator('.agenda-col').count()).toBe(tj.length);
    expect(await page.getByTestId('sidebar').evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
    const normalRow = await page
      .locator('.agenda-col')
      .first()
      .locator('.agenda-cell')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(normalRow).toBe(120);
    await shot(page, 'agenda-1366x768-normal');
    expect(await axeProblems(page)).toEqual([]);

    await density(page).getByText('Compacta').click();
    await expect.poll(() => page.locator('.agenda-grid.compact').count()).toBe(1);
    const fit = await layout(page);
    for (const right of fit.columns) expect(right).toBeLessThanOrEqual(fit.innerWidth);
    expect(fit.gridScrolls).toEqual({ x: false, y: false });
    expect(fit.pageScrollsX).toBe(false);
    expect(fit.scrollY).toBe(0);
    expect(fit.lastSlotBottom).toBeLessThanOrEqual(fit.innerHeight);
    // the card keeps the time, the patient (cut with an ellipsis when long) and its status colour
    const c = card(page);
    expect(await c.innerText()).toContain('12:00');
    expect(await c.innerText()).toContain(patient.name);
    expect(await c.locator('.agenda-card-name').evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    expect(await c.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(22, 119, 255)');
    await shot(page, 'agenda-1366x768-compact');
    expect(await axeProblems(page)).toEqual([]);

    await page.reload();
    await card(page).waitFor();
    expect(await page.locator('.agenda-grid.compact').count()).toBe(1);
    expect(await density(page).locator('.ant-segmented-item-selected').innerText()).toBe('Compacta');
    await page.context().close();
  });

  it('keeps the cabin headers and the time column in view while the grid scrolls', async () => {
    const page = await agendaPage(1366, 768);
    await density(page).getByText('Normal').click();
    await expect.poll(() => page.locator('.agenda-grid.compact').count()).toBe(0);
    const grid = page.getByTestId('agenda-grid');
    const before = await grid.evaluate((el) => el.getBoundingClientRect().top);
    await grid.evaluate((el) => el.scrollTo(600, 900));
    const head = await page
      .locator('.agenda-head')
      .nth(2)
      .evaluate((el) => el.getBoundingClientRect().top);
    const times = await page.locator('.agenda-times').evaluate((el) => el.getBoundingClientRect().left);
    const gridLeft = await grid.evaluate((el) => el.getBoundingClientRect().left);
    expect(Math.abs(head - before)).toBeLessThanOrEqual(1);
    expect(Math.abs(times - gridLeft)).toBeLessThanOrEqual(1);
    await shot(page, 'agenda-1366x768-normal-scrolled');
    await page.context().close();
  });

  it('folds the sidebar to its icons at 1024 wide, and its button opens it', async () => {
    const page = await agendaPage(1024, 768);
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await shot(page, 'agenda-1024x768');
    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await page.context().close();
  });

  it('at 768×1024 shows one cabin with a switcher, and the quick view opens on a tap and on Enter', async () => {
    const page = await agendaPage(768, 1024, { hasTouch: true });
    const switcher = page.getByRole('combobox', { name: 'Cabina', exact: true });
    await switcher.waitFor();
    expect(await page.locator('.agenda-col').count()).toBe(1);
    expect(await page.locator('.agenda-col').getAttribute('data-cabin')).toBe(tj[0].name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'agenda-768x1024');

    await card(page).tap();
    await quickView(page).waitFor();
    await expect.poll(() => quickView(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot(page, 'agenda-768x1024-quick-view');
    await page.keyboard.press('Escape');
    await expect.poll(() => quickView(page).count()).toBe(0);

    await card(page).focus();
    await page.keyboard.press('Enter');
    await quickView(page).waitFor();
    await expect.poll(() => quickView(page).getByRole('button', { name: 'Abrir cita' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => quickView(page).count()).toBe(0);

    const other = tj[1].name;
    await chooseOption(page, 'Cabina', other);
    await expect.poll(() => page.locator('.agenda-col').getAttribute('data-cabin')).toBe(other);
    expect(await page.locator('.agenda-col').count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('opens the quick view with Space and with a click, and Abrir cita goes to the appointment', async () => {
    const page = await agendaPage(1366, 768);
    await card(page).focus();
    await page.keyboard.press(' ');
    await quickView(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => quickView(page).count()).toBe(0);
    await card(page).click();
    await quickView(page).waitFor();
    await quickView(page).getByRole('button', { name: 'Abrir cita' }).click();
    await page.waitForURL(/\/dashboard\/agenda\/[0-9a-f-]{36}$/);
    await page.context().close();
  });
});

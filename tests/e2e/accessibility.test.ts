import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money';
import { NAVIGATION } from '../../src/domain/navigation';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { putIntoLot } from '../../src/server/modules/inventory';
import { launchBrowser, settled, signIn } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * Issue 30, 'Every screen, every person': axe-core (WCAG 2.1 A and AA) over every screen of the back office and the
 * point of sale — the sign-in page signed out, the home, every entry of the side menu, create and edit forms, the
 * booking form, the point of sale with a cart, its new customer dialog and its ticket, a report and its drill, the
 * indicators, a customer's detail — with no critical and no serious violation; the keyboard's focus is visible and
 * a Select chooses by typing, accents or not.
 */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = process.env.SHOTS_DIR ?? join(tmpdir(), 'accessibility');

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let product: { id: string; name: string; bar_code: string };
let customerId: string;

/** Every screen's findings, printed at the end: the per-screen counts of critical and serious nodes. */
const counts = new Map<string, number>();
/** …and their details (each node's HTML, the contrast measured), written next to the screenshots. */
const findings: unknown[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(server.t, q);
  [product] = await rows<typeof product>(sql`select id, name, bar_code from products
    where active and approved_at is not null and rejected_at is null and deleted_at is null and sale_price > 50 and bar_code is not null order by sku limit 1`);
  // the product in stock at every branch, whichever the point of sale opens on
  const branches = await rows<{ id: string }>(sql`select id from branches where deleted_at is null`);
  await server.t.ctx.db.transaction(async (tx) => {
    for (const b of branches)
      await putIntoLot(tx, null, { productId: product.id, branchId: b.id, allotment: 'E2E-A11Y', expiresAt: '2099-12-31', price: toCents(10) }, 5, {
        cause: 'adjustment_registration',
      });
  });
  [{ id: customerId }] = await rows<{ id: string }>(sql`select id from customers where active and deleted_at is null order by customer_number limit 1`);
  browser = await launchBrowser();
  // axe-core goes in as a script tag, which the app's CSP (script-src 'self') would refuse
  context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
  // a ticket prints and closes itself: headless Chromium has no print dialog, and the tab must stay to be checked
  await context.addInitScript(() => {
    window.print = () => undefined;
    window.close = () => undefined;
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, server.url, 'admin@demo.mx');
}, 180_000);
afterAll(async () => {
  const lines = [...counts].map(([screen, n]) => `${String(n).padStart(4)}  ${screen}`);
  writeFileSync(join(SHOTS, 'axe-findings.json'), JSON.stringify(findings, null, 1));
  console.log(`axe-core, critical + serious nodes per screen:\n${lines.join('\n')}`);
  await browser?.close();
  await server?.close();
});

type Violation = { id: string; impact: string; nodes: { target: string[]; html: string; any: { data: unknown }[] }[] };

/** Runs axe-core (WCAG 2.1 A and AA) on the page; returns one line per critical or serious node, naming the screen. */
async function audit(on: Page, screen: string): Promise<string[]> {
  await on.addScriptTag({ path: AXE });
  const violations = await on.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, data: n.any[0]?.data })) }));
  });
  const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  counts.set(
    screen,
    bad.reduce((n, v) => n + v.nodes.length, 0),
  );
  if (bad.length) findings.push({ screen, violations: bad });
  return bad.map((v) => `${screen} · ${v.id} (${v.impact}) · ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The screen has loaded: its requests done, no spinner, no pop-up in motion. */
async function loaded(on: Page) {
  await on.waitForLoadState('networkidle');
  await on.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
  await settled(on);
  // antd's fade-ins end in a few hundred milliseconds: contrast is measured on the final colours
  await on.waitForTimeout(400);
}

async function visit(path: string) {
  await page.goto(`${server.url}${path}`);
  await loaded(page);
}

/** A weekday some weeks ahead of the real today (the demo moves with the calendar): the agenda has free slots then. */
function dayAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const shot = (on: Page, name: string) => on.screenshot({ path: join(SHOTS, `${name}.png`) });

/** Create and edit forms of a few representative records: each list's address and its table. */
const FORMS = [
  ['clientes', 'customers'],
  ['productos', 'products'],
  ['tratamientos', 'treatments'],
  ['paquetes', 'packages'],
  ['personal', 'users'],
  ['cupones', 'coupons'],
] as const;

/**
 * The side menu's screens (the point of sale, a tab of its own, is checked below), and the appointments list, the
 * one list of tests/e2e/lists-fit.test.ts's walk that the menu reaches from the agenda.
 */
const MENU = [...NAVIGATION.flatMap((g) => g.entries).filter((e) => e.ready && e.path !== 'external:pos'), { label: 'Citas', path: 'citas' }];

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('the sign-in page, signed out', async () => {
    const out = await browser.newPage({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    await out.goto(`${server.url}/login`);
    await out.getByLabel('Usuario').waitFor();
    await loaded(out);
    const problems = await audit(out, '/login');
    await shot(out, 'login');
    await out.context().close();
    expect(problems).toEqual([]);
  });

  it('the home and every entry of the side menu', async () => {
    await visit('/dashboard');
    const problems = await audit(page, 'inicio');
    await shot(page, 'home');
    for (const entry of MENU) {
      await visit(`/dashboard/${entry.path}`);
      await page.locator('h1, h2, .ant-table-row, .ant-empty').first().waitFor();
      await loaded(page);
      problems.push(...(await audit(page, entry.label)));
      if (entry.path === 'productos') await shot(page, 'productos');
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('create and edit forms, a customer detail and the booking form on the agenda', async () => {
    const problems: string[] = [];
    for (const [path, table] of FORMS) {
      await visit(`/dashboard/${path}/crear`);
      await page.locator('form').first().waitFor();
      await loaded(page);
      problems.push(...(await audit(page, `${path}/crear`)));
      // a record of the demo in its edit form
      const [row] = await queryRows<{ id: string }>(
        server.t,
        sql`select id from ${sql.identifier(table)} where deleted_at is null order by created_at limit 1`,
      );
      await visit(`/dashboard/${path}/${row!.id}`);
      await page.locator('form').first().waitFor();
      await loaded(page);
      problems.push(...(await audit(page, `${path}/editar`)));
    }
    await visit('/dashboard/clientes');
    await page.locator('.ant-table-row .link-cell').first().click();
    await page.locator('.ant-modal:visible').waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'clientes: detalle')));
    await shot(page, 'customer-detail');
    await page.keyboard.press('Escape');

    await visit(`/dashboard/agenda/crear?customerId=${customerId}`);
    await page.locator('form').first().waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'agenda: formulario de cita')));

    await visit(`/dashboard/agenda?branchId=${demoId('branch:tijuana')}&date=${dayAhead(21)}`);
    await page.getByTestId('agenda-grid').locator('[data-state="free"]').first().click();
    await page.waitForURL(/\/dashboard\/agenda\/crear/);
    await loaded(page);
    problems.push(...(await audit(page, 'agenda: cita desde un espacio libre')));
    await shot(page, 'booking-form');
    expect(problems).toEqual([]);
  }, 300_000);

  it('the reports hub with a report and its drill, and the indicators', async () => {
    const problems: string[] = [];
    await visit('/dashboard/reportes?reporte=general-expenses-by-product');
    await page.getByTestId('report-header').or(page.getByTestId('report-error')).first().waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'reportes: un reporte')));
    const link = page.locator('[data-testid="report-table"] .ant-table-row button.link-cell').first();
    if (await link.count()) {
      await link.click();
      await page.locator('.ant-modal:visible').getByTestId('drill-table').waitFor();
      await loaded(page);
      problems.push(...(await audit(page, 'reportes: detalle de una cifra')));
      await shot(page, 'report-drill');
      await page.keyboard.press('Escape');
    }
    await visit('/dashboard/indicadores');
    await page.getByRole('heading', { name: 'Indicadores' }).waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'indicadores')));
    expect(problems).toEqual([]);
  }, 180_000);

  it('the point of sale with a cart, its new customer dialog, a charge and its ticket', async () => {
    const problems: string[] = [];
    await visit('/punto-de-venta');
    await page.locator('#pos-search').waitFor();
    problems.push(...(await audit(page, 'punto de venta vacío')));

    await page.keyboard.press('F3');
    await page.keyboard.type(product.bar_code);
    await page.locator('.pos-result').first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.pos-cart').getByText(product.name).waitFor();
    await page.getByRole('button', { name: 'Completar con lo que falta' }).click();
    await loaded(page);
    problems.push(...(await audit(page, 'punto de venta con artículo')));
    await shot(page, 'pos-cart');

    await page.keyboard.press('F6');
    await page.locator('.ant-modal:visible').waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'punto de venta: cliente nuevo')));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);

    const [ticket] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('F9')]);
    await expect.poll(() => ticket.url()).toMatch(/^blob:/);
    await ticket.waitForLoadState();
    problems.push(...(await audit(ticket, 'ticket')));
    await shot(ticket, 'ticket');
    await ticket.close();
    await page.locator('.pos-done').waitFor();
    await loaded(page);
    problems.push(...(await audit(page, 'punto de venta: venta cobrada')));
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('keyboard', () => {
  it('shows where the focus is on every control a Tab reaches', async () => {
    const hidden: string[] = [];
    const pictured = new Set<string>();
    for (const path of ['/dashboard/clientes', '/dashboard/productos/crear', '/punto-de-venta']) {
      await visit(path);
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        // antd's controls ease into their focused look (borders, halos, outlines in 0.2 to 0.3 s)
        await page.waitForTimeout(350);
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // the focused control itself, or the antd wrapper that shows an inner input's focus: an outline, a halo,
          // or (antd's inputs and selects) a border in the theme's purple
          const shows = (x: HTMLElement) => {
            const s = getComputedStyle(x);
            const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !/rgba\(.*, 0\)$/.test(s.outlineColor);
            const halo = s.boxShadow !== 'none' && !s.boxShadow.startsWith('rgba(0, 0, 0, 0)');
            return outline || halo || s.borderTopColor === 'rgb(124, 77, 204)';
          };
          const wrapper = el.closest<HTMLElement>(
            '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-switch',
          );
          const ringed = shows(el) || (wrapper !== null && shows(wrapper));
          const name = el.getAttribute('aria-label') ?? el.innerText?.trim().slice(0, 30) ?? '';
          return {
            ringed,
            kind: el.closest('.ant-select') ? 'select' : el.tagName === 'TH' ? 'header' : el.tagName === 'BUTTON' ? 'button' : 'other',
            what: `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} «${name}»`,
          };
        });
        if (focus && !focus.ringed) hidden.push(`${path}: ${focus.what}`);
        // one picture of each kind of focused control, to look at the ring
        if (focus && !pictured.has(focus.kind)) {
          pictured.add(focus.kind);
          await shot(page, `focus-${focus.kind}`);
        }
      }
    }
    expect([...new Set(hidden)]).toEqual([]);
  }, 120_000);

  it("chooses a select's option by typing, without the accents", async () => {
    await visit('/dashboard/productos/crear');
    const combobox = page.getByRole('combobox', { name: 'Categorías', exact: true });
    await combobox.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // read once the list holds its options: the dropdown may still be opening or its categories still arriving
    let titles: string[] = [];
    await expect
      .poll(async () => (titles = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? e.textContent ?? ''))).length)
      .toBeGreaterThan(0);
    // an option with an accent, typed without it (or the first option, typed in capitals)
    const accented = titles.find((t) => /[áéíóúñ]/i.test(t)) ?? titles[0]!;
    const typed = accented.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().slice(0, Math.min(accented.length, 8));
    await page.keyboard.type(typed);
    // the list narrows key by key: the first option once the last key has been applied
    await expect.poll(() => options.first().getAttribute('title')).toBe(accented);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-select', { has: combobox }).textContent()).toContain(accented);
  });
});

describe('point of sale at a tablet and a narrow counter', () => {
  /** Where the cart line's controls and the charge button are, against the window's edges. */
  const boxes = (on: Page, name: string) =>
    on.evaluate((item) => {
      const rect = (el: Element | null | undefined) => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const row = [...document.querySelectorAll('.pos-cart tbody tr')].find((tr) => tr.textContent?.includes(item));
      const cart = document.querySelector('.pos-cart-card')!;
      const charge = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Cobrar'));
      return {
        width: window.innerWidth,
        height: window.innerHeight,
        pageScrollsX: document.documentElement.scrollWidth > window.innerWidth,
        cartScrollsX: cart.scrollWidth > cart.clientWidth + 1,
        quantity: rect(row?.querySelector(`[aria-label="Cantidad de ${item}"]`)),
        amount: rect(row?.querySelector('.pos-cart-amount')),
        remove: rect(row?.querySelector(`[aria-label="Eliminar ${item}"]`)),
        charge: rect(charge),
      };
    }, name);

  for (const [width, height] of [
    [768, 1024],
    [1024, 768],
    [1366, 768],
  ] as const)
    it(`at ${width}×${height} shows each cart line's quantity, amount and delete, and the charge button, without scrolling sideways`, async () => {
      await page.setViewportSize({ width, height });
      await visit('/punto-de-venta');
      await page.locator('#pos-search').waitFor();
      await page.keyboard.press('F3');
      await page.keyboard.type(product.bar_code);
      await page.locator('.pos-result').first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.pos-cart').getByText(product.name).waitFor();
      await loaded(page);
      await shot(page, `pos-${width}x${height}`);
      const b = await boxes(page, product.name);
      expect(b.pageScrollsX).toBe(false);
      expect(b.cartScrollsX).toBe(false);
      for (const part of [b.quantity, b.amount, b.remove, b.charge]) {
        expect(part).not.toBeNull();
        expect(part!.left).toBeGreaterThanOrEqual(0);
        expect(part!.right).toBeLessThanOrEqual(b.width);
      }
      // the charge button in the window, without scrolling
      expect(b.charge!.bottom).toBeLessThanOrEqual(b.height);
      await page.setViewportSize({ width: 1366, height: 768 });
    });
});

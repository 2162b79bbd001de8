import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, cabinTypes, cabins, customers } from '../../src/server/db/schema';
import { demoId } from '../../src/server/db/demo/random';
import { launchBrowser, signIn } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');

/** The first Tuesday at least a week after the real today: open, in the future, usually quiet. */
function nextTuesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DATE = nextTuesday();
const SHOT = process.env.AGENDA_SHOTS === '1';

let tj: { id: string; name: string; treatmentTypeId: string }[];
let customer: { id: string; name: string; lastName: string };

beforeAll(async () => {
  server = await startServer();
  const db = server.t.ctx.db;
  tj = await db
    .select({ id: cabins.id, name: cabins.name, treatmentTypeId: cabinTypes.treatmentTypeId })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .where(and(eq(cabins.branchId, TIJUANA), eq(cabins.active, true), isNull(cabins.deletedAt)))
    .orderBy(asc(cabinTypes.order), asc(cabins.name));
  [customer] = await db.select({ id: customers.id, name: customers.name, lastName: customers.lastName }).from(customers).where(isNull(customers.deletedAt)).limit(1);
  // clear the chosen day of the first cabin, then book 10:00–11:00 there
  await db.delete(appointments).where(and(eq(appointments.cabinId, tj[0].id), eq(appointments.date, DATE)));
  await db.insert(appointments).values({
    appointmentNumber: 'CITA-E2E001',
    status: 'scheduled',
    branchId: TIJUANA,
    cabinId: tj[0].id,
    customerId: customer.id,
    treatmentTypeId: tj[0].treatmentTypeId,
    date: DATE,
    startTime: '10:00',
    endTime: '11:00',
    term: 60,
    appointmentMethod: 'inPerson',
    appointmentOption: 'newTreatments',
    confirmMethod: 'whatsapp',
  });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(10_000);
  await signIn(page, server.url, 'gerente@demo.mx');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const grid = () => page.getByTestId('agenda-grid');
const cell = (cabin: string, time: string) => grid().locator(`.agenda-col[data-cabin="${cabin}"] [aria-label="${cabin} ${time}"]`);

describe('agenda', () => {
  it('shows the branch manager their own branch, with cabins as columns and a booked card', async () => {
    await page.goto(`${server.url}/dashboard/agenda?date=${DATE}`);
    await grid().waitFor();
    expect(await page.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);
    const headers = await grid().getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.split('\n')[0])).toEqual(tj.map((c) => c.name));
    const card = grid().locator('.agenda-card', { hasText: 'CITA-E2E001' }).or(grid().getByRole('button', { name: /Cita CITA-E2E001/ }));
    await card.first().waitFor();
    expect(await card.first().getAttribute('data-status')).toBe('scheduled');
    expect(await card.first().innerText()).toContain(customer.name);
    // scheduled colour (#1677ff) on the card's edge
    expect(await card.first().evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(22, 119, 255)');
    // the card's tooltip changes the confirmation method
    await card.first().hover();
    const method = page.locator('.ant-popover:visible').getByLabel('Método de confirmación');
    await method.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Correo', { exact: true }).click();
    await expect.poll(() => page.getByText('Operación exitosa').first().isVisible()).toBe(true);
    if (SHOT) await page.screenshot({ path: '/tmp/agenda-card-tooltip.png' });
    await page.mouse.move(5, 5);
  });

  it('creates a lock for one cabin through the dialog and draws the blocked cells', async () => {
    const cabin = tj[1];
    await page.getByRole('button', { name: 'Crear bloqueo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear bloqueo' });
    await dialog.getByLabel('Tipo de bloqueo').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Rango de horas', { exact: true }).click();
    await dialog.getByLabel('Motivo').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Otro', { exact: true }).click();
    await dialog.getByLabel('Cabina').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(cabin.name, { exact: true }).click();
    await dialog.getByLabel('Hora inicial').click();
    await page.keyboard.type('12:00');
    await page.locator('.ant-select-dropdown:visible').getByTitle('12:00', { exact: true }).click();
    await dialog.getByLabel('Hora final').click();
    await page.keyboard.type('13:00');
    await page.locator('.ant-select-dropdown:visible').getByTitle('13:00', { exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Martes' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('La descripción es requerida cuando el motivo es otro').isVisible()).toBe(true);
    await dialog.getByLabel('Descripción').fill('Junta con proveedor');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => cell(cabin.name, '12:00').getAttribute('data-state')).toBe('blocked');
    expect(await cell(cabin.name, '12:30').getAttribute('data-state')).toBe('blocked');
    expect(await cell(cabin.name, '13:00').getAttribute('data-state')).not.toBe('blocked');
    expect(await cell(tj[0].name, '12:00').getAttribute('data-state')).not.toBe('blocked');

    await page.locator('button', { hasText: /^Bloqueos$/ }).click();
    const list = page.getByRole('dialog', { name: /Bloqueos/ });
    await expect.poll(() => list.getByText('Otro: Junta con proveedor').isVisible()).toBe(true);
    if (SHOT) await page.screenshot({ path: '/tmp/agenda-lock-dialog.png' });
    await list.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();
  });

  it('keeps the day on reload and opens the booking form from a free slot', async () => {
    await page.reload();
    await grid().waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe(DATE);
    await expect.poll(() => cell(tj[1].name, '12:00').getAttribute('data-state')).toBe('blocked');
    await cell(tj[0].name, '15:00').click();
    await page.waitForURL(/\/dashboard\/agenda\/crear\/\?/);
    const q = new URL(page.url()).searchParams;
    expect(q.get('cabainId')).toBe(tj[0].id);
    expect(q.get('date')).toBe(DATE);
    expect(q.get('startTime')).toBe('15:00');
    expect(q.get('branchId')).toBe(TIJUANA);
  });

  it('lists the locks at /dashboard/bloqueos', async () => {
    await page.goto(`${server.url}/dashboard/bloqueos`);
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'Junta con proveedor' }).count()).toBe(1);
    if (SHOT) await page.screenshot({ path: '/tmp/agenda-bloqueos.png' });
  });

  it('lets the administrator switch branch and refuses logistics', async () => {
    const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(admin, server.url, 'admin@demo.mx');
    await admin.goto(`${server.url}/dashboard/agenda?branchId=${TIJUANA}&date=${DATE}`);
    const g = admin.getByTestId('agenda-grid');
    await g.waitFor();
    const before = await g.getByRole('columnheader').allInnerTexts();
    await admin.getByRole('combobox', { name: 'Sucursal' }).click();
    await admin.locator('.ant-select-dropdown:visible').getByTitle('Mexicali', { exact: true }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('branchId')).toBe(MEXICALI);
    await expect.poll(async () => (await g.getByRole('columnheader').allInnerTexts()).join('|')).not.toBe(before.join('|'));
    await admin.close();

    const other = await browser.newPage();
    await signIn(other, server.url, 'logistica@demo.mx');
    await other.goto(`${server.url}/dashboard/agenda`);
    await expect.poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await other.close();
  });

  it.runIf(SHOT)('screenshots a busy demo day', async () => {
    await page.goto(`${server.url}/dashboard/agenda?date=2026-11-20`);
    await grid().waitFor();
    await grid().locator('.agenda-card').first().waitFor();
    await page.screenshot({ path: '/tmp/agenda-day.png' });
  });
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, cabinSchedules, customers } from '../../src/server/db/schema';
import { demoDay } from '../../src/server/db/demo/demo-day';
import { demoId } from '../../src/server/db/demo/random';
import { cancelBookings } from '../../src/server/testing/appointments';
import { agendaCabins, openCabinsAllDay, type AgendaCabin } from './agenda-cabins';
import { launchBrowser, signIn, signedInPage } from './browser';
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

/** Today in the branch's zone (America/Tijuana), whatever the machine's or the browser's zone. */
const tijuanaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

let tj: AgendaCabin[];
let customer: { id: string; name: string; lastName: string };

beforeAll(async () => {
  server = await startServer();
  // the afternoon's hours this file books in (the demo staffs its cabins a few hours a day)
  await openCabinsAllDay(server.t.ctx.db, TIJUANA);
  const db = server.t.ctx.db;
  tj = await agendaCabins(db, TIJUANA);
  // two patients: one patient cannot be in two cabins at 16:00 (appointments_customer_no_overlap, migration 0014)
  const [first, second] = await db
    .select({ id: customers.id, name: customers.name, lastName: customers.lastName })
    .from(customers)
    .where(and(isNull(customers.deletedAt), sql`not exists (select 1 from appointments a where a.customer_id = ${customers.id} and a.date = ${DATE})`))
    .limit(2);
  customer = first;
  // free the chosen day of the demo's bookings, cancelled as the reception would (nothing deleted), then book 10:00–11:00 in the first cabin (confirmed) and 16:00 in the third and fourth (not yet)
  await cancelBookings(server.t, sql`branch_id = ${TIJUANA} and date = ${DATE}`);
  const unconfirmed = (n: number, cabin: (typeof tj)[number]) => ({
    appointmentNumber: `CITA-E2E00${n}`,
    status: 'scheduled',
    branchId: TIJUANA,
    cabinId: cabin.id,
    customerId: n === 3 ? second.id : customer.id,
    treatmentTypeId: cabin.treatmentTypeId,
    date: DATE,
    startTime: '16:00',
    endTime: '16:30',
    term: 30,
    appointmentMethod: 'inPerson',
    appointmentOption: 'newTreatments',
  });
  await db.insert(appointments).values([unconfirmed(2, tj[2]), unconfirmed(3, tj[3])]);
  // the last cabin opens on Mondays only: the day (a Tuesday) shows it closed, as the booking sees it
  await db
    .update(cabinSchedules)
    .set({ deletedAt: new Date() })
    .where(and(eq(cabinSchedules.cabinId, tj[5].id), isNull(cabinSchedules.deletedAt)));
  await db.insert(cabinSchedules).values({ cabinId: tj[5].id, day: 1, opening: '09:00', closing: '20:00' });
  await db
    .insert(appointments)
    .values({
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
  page = await signedInPage(browser, server.url, 'gerente@demo.mx', { width: 1440 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const grid = () => page.getByTestId('agenda-grid');
const cell = (cabin: string, time: string) => grid().locator(`.agenda-col[data-cabin="${cabin}"] [data-time="${time}"]`);
const cardOf = (number: string, on = page) => on.getByTestId('agenda-grid').getByRole('button', { name: new RegExp(`Cita ${number}`) });

/** Confirms an appointment through its card's tooltip and waits for the check on the card. */
async function confirmOnCard(on: Page, number: string, method: string, shot?: string) {
  const card = cardOf(number, on);
  await card.waitFor();
  expect(await card.getByLabel('Confirmada').count()).toBe(0);
  await on.mouse.move(5, 5);
  await expect.poll(() => on.locator('.ant-popover:visible').count()).toBe(0);
  await card.hover();
  const select = on.locator('.ant-popover:visible').getByLabel('Método de confirmación');
  await select.click();
  await on.locator('.ant-select-dropdown:visible').getByTitle(method, { exact: true }).click();
  await expect.poll(() => card.getByLabel('Confirmada').count()).toBe(1);
  if (shot) await on.screenshot({ path: shot });
  await on.mouse.move(5, 5);
  const [row] = await server.t.ctx.db
    .select({ confirmMethod: appointments.confirmMethod })
    .from(appointments)
    .where(eq(appointments.appointmentNumber, number));
  return row.confirmMethod;
}

describe('agenda', () => {
  it('shows the branch manager their own branch, with cabins as columns and a booked card', async () => {
    await page.goto(`${server.url}/dashboard/agenda?date=${DATE}`);
    await grid().waitFor();
    expect(await page.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);
    const headers = await grid().getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.split('\n')[0])).toEqual(tj.map((c) => c.name));
    const card = grid()
      .locator('.agenda-card', { hasText: 'CITA-E2E001' })
      .or(grid().getByRole('button', { name: /Cita CITA-E2E001/ }));
    await card.first().waitFor();
    expect(await card.first().getAttribute('data-status')).toBe('scheduled');
    expect(await card.first().innerText()).toContain(customer.name);
    // scheduled colour (#1677ff) on the card's edge
    expect(await card.first().evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(22, 119, 255)');
    // the half hours under the card are drawn, not offered: no click or Tab can start a booking the server would refuse
    for (const time of ['10:00', '10:30']) {
      expect(await cell(tj[0].name, time).getAttribute('data-state')).toBe('booked');
      expect(await cell(tj[0].name, time).getAttribute('role')).toBeNull();
    }
    expect(await cell(tj[0].name, '11:00').getAttribute('data-state')).toBe('free');
    // the card's tooltip changes the confirmation method
    await card.first().hover();
    const method = page.locator('.ant-popover:visible').getByLabel('Método de confirmación');
    await method.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Correo', { exact: true }).click();
    await expect.poll(() => page.getByText('Operación exitosa').first().isVisible()).toBe(true);
    if (SHOT) await page.screenshot({ path: '/tmp/agenda-card-tooltip.png' });
    await page.mouse.move(5, 5);
    // an unconfirmed card gets the check once a method is chosen
    expect(await confirmOnCard(page, 'CITA-E2E002', 'Sí', '/tmp/agenda-confirmed.png')).toBe('si');
  });

  it('draws a cabin closed on a weekday its schedule does not list, as the booking sees it', async () => {
    const closed = tj[5];
    await page.mouse.move(5, 5);
    await expect.poll(() => page.locator('.ant-popover:visible').count()).toBe(0);
    const head = grid().getByRole('columnheader').filter({ hasText: closed.name });
    await cell(closed.name, '12:00').scrollIntoViewIfNeeded();
    expect(await head.innerText()).toContain('Cerrada');
    expect(await cell(closed.name, '12:00').getAttribute('data-state')).toBe('closed');
    expect(await cell(tj[0].name, '12:00').getAttribute('data-state')).toBe('free');
    await page.screenshot({ path: '/tmp/agenda-closed-cabin.png' });
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

  it('fixes the medic to his branch: no branch choice, no locks to create, confirms and books from a free slot', async () => {
    const medic = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    medic.setDefaultTimeout(10_000);
    await signIn(medic, server.url, 'medico@demo.mx');
    await medic.goto(`${server.url}/dashboard/agenda?date=${DATE}`);
    await medic.getByTestId('agenda-grid').waitFor();
    expect(new URL(medic.url()).searchParams.get('branchId')).toBe(TIJUANA);
    expect(await medic.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);
    expect(await medic.getByRole('button', { name: 'Crear bloqueo' }).count()).toBe(0);
    expect(await medic.getByRole('button', { name: 'Bitácora' }).count()).toBe(0);
    expect(await medic.getByRole('button', { name: 'Citas' }).count()).toBe(1);
    // dairy.edit: the tooltip's confirmation selector
    expect(await confirmOnCard(medic, 'CITA-E2E003', 'WhatsApp', '/tmp/agenda-medic-confirmed.png')).toBe('whatsapp');
    // dairy.create: a free slot opens the booking form
    const free = medic.getByTestId('agenda-grid').locator(`.agenda-col[data-cabin="${tj[0].name}"] [aria-label="${tj[0].name} 17:00"]`);
    expect(await free.getAttribute('role')).toBe('button');
    await free.click();
    await medic.waitForURL(/\/dashboard\/agenda\/crear\/\?/);
    await medic.close();
  });

  it('fixes the cosmetologist to her branch and shows her the day read-only for locks', async () => {
    const cosme = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    cosme.setDefaultTimeout(10_000);
    await signIn(cosme, server.url, 'cosmetologa@demo.mx');
    await cosme.goto(`${server.url}/dashboard/agenda?date=${DATE}`);
    const g = cosme.getByTestId('agenda-grid');
    await g.waitFor();
    expect(await cosme.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);
    expect(await cosme.getByRole('button', { name: 'Crear bloqueo' }).count()).toBe(0);
    expect((await g.getByRole('columnheader').allInnerTexts()).map((h) => h.split('\n')[0])).toEqual(tj.map((c) => c.name));
    await cardOf('CITA-E2E001', cosme).waitFor();
    // the locks dialog lists, without the delete of blockers
    await cosme.locator('button', { hasText: /^Bloqueos$/ }).click();
    const list = cosme.getByRole('dialog', { name: /Bloqueos/ });
    await expect.poll(() => list.getByText('Otro: Junta con proveedor').isVisible()).toBe(true);
    await cosme.screenshot({ path: '/tmp/agenda-cosmetologist-locks.png' });
    await cosme.close();
  });

  it("highlights the branch's today in the side calendar, whatever the browser's zone", async () => {
    // a browser far ahead of Tijuana (UTC+14): its own today is usually the branch's tomorrow
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Pacific/Kiritimati' });
    const p = await context.newPage();
    p.setDefaultTimeout(10_000);
    await signIn(p, server.url, 'gerente@demo.mx');
    const today = tijuanaToday();
    await p.goto(`${server.url}/dashboard/agenda?date=${today}`);
    await p.getByTestId('agenda-grid').or(p.locator('.ant-empty')).first().waitFor();
    const side = p.locator('.agenda-side');
    await expect.poll(() => side.locator('td.ant-picker-cell-today').getAttribute('title')).toBe(today);
    expect(await side.locator('.ant-picker-calendar-date-today').count()).toBe(1);
    expect(await side.getByRole('button', { name: 'Hoy' }).isDisabled()).toBe(true);
    await p.screenshot({ path: '/tmp/agenda-calendar-today.png' });
    // another day, and Hoy comes back to the branch's today
    await side.getByRole('button', { name: 'Día siguiente' }).click();
    await expect.poll(() => new URL(p.url()).searchParams.get('date')).not.toBe(today);
    await side.getByRole('button', { name: 'Hoy' }).click();
    await expect.poll(() => new URL(p.url()).searchParams.get('date')).toBe(today);
    await context.close();
  });

  it.runIf(SHOT)('screenshots a busy demo day', async () => {
    await page.goto(`${server.url}/dashboard/agenda?date=${demoDay('2026-11-20')}`);
    await grid().waitFor();
    await grid().locator('.agenda-card').first().waitFor();
    await page.screenshot({ path: '/tmp/agenda-day.png' });
  });
});

describe('a lock over booked appointments (issue 14)', () => {
  beforeAll(() => page.setViewportSize({ width: 1366, height: 768 }));
  const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');
  const dropdown = () => page.locator('.ant-select-dropdown:visible');
  async function choose(label: string, option: string) {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await dropdown().getByTitle(option, { exact: true }).click();
    await expect.poll(() => dropdown().count()).toBe(0);
  }
  async function fillLock(date: string, hour: string) {
    await page.goto(`${server.url}/dashboard/bloqueos/crear`);
    await choose('Tipo de bloqueo', 'Hora');
    await choose('Motivo', 'Comida');
    await choose('Cabina', tj[0].name);
    const day = page.locator('#date');
    await day.click();
    await day.fill(ddmmyyyy(date));
    await day.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Horas', exact: true }).click();
    await dropdown().getByTitle(hour, { exact: true }).click();
    await page.keyboard.press('Escape');
  }
  const hourLocks = () =>
    server.t.ctx.db.execute(
      sql`select id from locks where branch_id = ${TIJUANA} and cabin_id = ${tj[0].id} and type = 'hour' and date = ${DATE} and deleted_at is null`,
    );
  const count = async () => {
    const r = await hourLocks();
    return ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])).length;
  };

  it('lists the appointments it covers (patient, time, cabin) before saving: Volver keeps the form, confirming saves', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await fillLock(DATE, '10:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const warning = page.getByRole('dialog').filter({ hasText: 'El bloqueo se cruza con' });
    await warning.waitFor();
    const list = warning.getByTestId('lock-overlaps');
    await expect.poll(() => list.innerText()).toContain(`${customer.name} ${customer.lastName}`);
    expect(await list.innerText()).toContain('10:00 – 11:00');
    expect(await list.innerText()).toContain(tj[0].name);
    expect(await list.innerText()).toContain(ddmmyyyy(DATE));
    await page.screenshot({ path: '/tmp/agendaui-shots/lock-overlaps.png' });
    await warning.getByRole('button', { name: 'Volver' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard/bloqueos/crear');
    expect(await count()).toBe(0);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Guardar de todos modos' }).click();
    await page.waitForURL(/\/dashboard\/bloqueos$/);
    expect(await count()).toBe(1);
    // the appointment stays booked
    const [row] = await server.t.ctx.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.appointmentNumber, 'CITA-E2E001'));
    expect(row.status).toBe('scheduled');
    expect(errors).toEqual([]);
  });

  it('refuses in the form a lock whose hours have already gone by today', async () => {
    const now = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Tijuana', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
    // the first lock hour is 06:00: from 06:30 on it has gone by (before that, nothing of today has)
    if (now < '06:30') return;
    await fillLock(tijuanaToday(), '06:00');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El bloqueo ya terminó: no se puede guardar un bloqueo en el pasado').count()).toBe(1);
    expect(await page.getByRole('dialog').filter({ hasText: 'El bloqueo se cruza con' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/agendaui-shots/lock-in-past.png' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/bloqueos/crear');
  });
});

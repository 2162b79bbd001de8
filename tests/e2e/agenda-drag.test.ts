import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows, type TestApp } from '../../src/server/testing/harness';
import { cancelBookings } from '../../src/server/testing/appointments';
import { agendaCabins, openCabinsAllDay, type AgendaCabin } from './agenda-cabins';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * Issue 30, the agenda: a card dragged to another slot or cabin is rescheduled through the edit form's update (with
 * its confirmation, its refusals and 'Deshacer'), 'Nueva cita' on the toolbar, the search that finds a patient's
 * appointment and flashes its card, and a booking whose start-time picker is still open when 'Agendar' is clicked.
 */

let server: E2EServer;
let browser: Browser;
let page: Page;
const TIJUANA = demoId('branch:tijuana');
const SHOTS = process.env.DRAG_SHOTS === '1';

/** A weekday at least two weeks after the real today (the demo's weekday hours), and the same weekday a week before it. */
function futureTuesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 21);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DATE = futureTuesday();
const WEEK_BEFORE = new Date(Date.parse(DATE + 'T12:00:00Z') - 7 * 86_400_000).toISOString().slice(0, 10);

type Person = { id: string; name: string; last_name: string; customer_number: number };
let first: AgendaCabin;
let second: AgendaCabin;
let patient: Person;
let other: Person;
let treatment: { id: string; name: string };
let card: string;
let admin: ReturnType<TestApp['as']>;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(server.t, q);
const quiet = sql`c.active and c.deleted_at is null and not c.black_list and c.cancellations = 0 and c.mobile_phone is not null and c.birthday < '2000-01-01'
  and not exists (select 1 from customer_notes n where n.customer_id = c.id and n.deleted_at is null)
  and not exists (select 1 from appointments a where a.customer_id = c.id and a.status = 'absence')
  and not exists (select 1 from purchased_products p where p.customer_id = c.id and p.deleted_at is null and p.current_session < p.sessions)`;

async function book(customerId: string, cabin: AgendaCabin, startTime: string, date = DATE): Promise<string> {
  const res = await admin({
    method: 'POST',
    url: '/v1/appointment/create',
    payload: {
      branchId: TIJUANA,
      cabainId: cabin.id,
      treatmentTypeId: cabin.treatmentTypeId,
      customerId,
      date,
      startTime,
      term: 30,
      appointmentMethod: 'inPerson',
      appointmentOption: 'newTreatments',
      treatmentId: treatment.id,
    },
  });
  if (res.statusCode !== 201) throw new Error(`agendar ${startTime}: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

const stored = async (id: string) =>
  (
    await rows<{ start_time: string; cabin_id: string; reschedules: number }>(sql`select start_time, cabin_id, reschedules from appointments where id = ${id}`)
  )[0]!;

beforeAll(async () => {
  server = await startServer();
  // the afternoon's hours this file books in (the demo staffs its cabins a few hours a day)
  await openCabinsAllDay(server.t.ctx.db, TIJUANA);
  const db = server.t.ctx.db;
  const [cos] = await rows<{ id: string }>(sql`select id from treatment_types where name = 'Cosmetologico'`);
  const cabins = (await agendaCabins(db, TIJUANA)).filter((c) => c.treatmentTypeId === cos!.id);
  [first, second] = cabins as [AgendaCabin, AgendaCabin];
  await cancelBookings(server.t, sql`branch_id = ${TIJUANA} and date in (${DATE}, ${WEEK_BEFORE})`);
  [treatment] = await rows<
    typeof treatment
  >(sql`select t.id, t.name from treatments t where t.treatment_type_id = ${cos!.id} and t.active and t.deleted_at is null
    and not exists (select 1 from treatment_appliances ta where ta.treatment_id = t.id) order by t.sku limit 1`);
  [patient, other] = await rows<Person>(
    sql`select c.id, c.name, c.last_name, c.customer_number from customers c where ${quiet} order by c.customer_number limit 2`,
  );
  admin = server.t.as((await server.t.signIn('admin@demo.mx')).token);
  // her card at 11:00 in the first cabin, and her other appointment at 15:00 in the second one
  card = await book(patient.id, first, '11:00');
  await book(patient.id, second, '15:00');

  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'recepcion.tijuana@demo.mx', { height: 768 });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const grid = () => page.getByTestId('agenda-grid');
const slot = (cabin: AgendaCabin, time: string) => grid().locator(`.agenda-col[data-cabin="${cabin.name}"] [data-time="${time}"]`);
const cardOf = (id: string) => grid().locator(`[data-appointment="${id}"]`);
const dialog = () => page.locator('.ant-modal', { hasText: '¿Mover la cita?' });

async function atAgenda(date = DATE) {
  await page.goto(`${server.url}/dashboard/agenda?branchId=${TIJUANA}&date=${date}`);
  await grid().waitFor();
  await expect.poll(() => grid().locator('[data-state="free"]').count()).toBeGreaterThan(0);
}

/** Drags the card by its top edge onto the top of a slot (the card's top lands on the slot's start), as a mouse does. */
async function dragCard(id: string, cabin: AgendaCabin, time: string) {
  await cardOf(id).scrollIntoViewIfNeeded();
  const from = (await cardOf(id).boundingBox())!;
  await page.mouse.move(from.x + 30, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 20, { steps: 3 });
  await slot(cabin, time).scrollIntoViewIfNeeded();
  const to = (await slot(cabin, time).boundingBox())!;
  await page.mouse.move(to.x + 30, to.y + 8, { steps: 5 });
  await page.mouse.up();
}

describe('the agenda', () => {
  it('moves a card to another cabin and hour after a confirmation, and Deshacer puts it back', async () => {
    await atAgenda();
    await expect.poll(() => cardOf(card).getAttribute('draggable')).toBe('true');
    await dragCard(card, second, '12:00');
    await dialog().waitFor();
    await expect.poll(() => dialog().getByTestId('move-from').innerText()).toBe(`${first.name} · 11:00 – 11:30`);
    await expect.poll(() => dialog().getByTestId('move-to').innerText()).toBe(`${second.name} · 12:00 – 12:30`);
    await expect.poll(() => dialog().getByTestId('move-changes-left').innerText()).toContain('Le quedan 2 cambios de fecha, hora o cabina');
    if (SHOTS) {
      await page.waitForTimeout(400);
      await page.screenshot({ path: '/tmp/agenda-drag-confirm.png' });
    }
    await settled(page);
    await dialog().getByRole('button', { name: 'Mover' }).click();
    await expect.poll(async () => stored(card)).toMatchObject({ start_time: '12:00:00', cabin_id: second.id, reschedules: 1 });
    // the API says so too, and the card is drawn in its new cabin
    const moved = await admin({ method: 'GET', url: `/v1/appointment/${card}` });
    expect(moved.json()).toMatchObject({ startTime: '12:00', cabain: { id: second.id }, reschedules: 1 });
    await grid().locator(`.agenda-col[data-cabin="${second.name}"] [data-appointment="${card}"]`).waitFor();

    const message = page.getByTestId('moved-message');
    await message.waitFor();
    if (SHOTS) {
      await page.waitForTimeout(400);
      await page.screenshot({ path: '/tmp/agenda-drag-moved.png' });
    }
    await message.getByRole('button', { name: 'Deshacer' }).click();
    await expect.poll(async () => stored(card)).toMatchObject({ start_time: '11:00:00', cabin_id: first.id, reschedules: 0 });
    await page.locator('.ant-message').getByText('Cambio deshecho').waitFor();
    await grid().locator(`.agenda-col[data-cabin="${first.name}"] [data-appointment="${card}"]`).waitFor();
  });

  it("refuses a drop over the patient's other appointment with the server's message, and the card stays", async () => {
    await atAgenda();
    await dragCard(card, first, '15:00');
    await dialog().waitFor();
    await expect.poll(() => dialog().getByTestId('move-to').innerText()).toBe(`${first.name} · 15:00 – 15:30`);
    await settled(page);
    await dialog().getByRole('button', { name: 'Mover' }).click();
    await page.locator('.ant-message').getByText('El paciente ya tiene una cita en ese horario').waitFor();
    expect(await stored(card)).toMatchObject({ start_time: '11:00:00', cabin_id: first.id, reschedules: 0 });
    // drawn where it was: its column and its top at 11:00's
    await grid().locator(`.agenda-col[data-cabin="${first.name}"] [data-appointment="${card}"]`).waitFor();
    const [cardTop, slotTop] = [(await cardOf(card).boundingBox())!.y, (await slot(first, '11:00').boundingBox())!.y];
    expect(Math.abs(cardTop - slotTop)).toBeLessThan(8);
  });

  it("opens the booking form from 'Nueva cita' with the branch and the day of the view", async () => {
    await atAgenda();
    await page.getByRole('button', { name: 'Nueva cita' }).click();
    await page.waitForURL(/\/dashboard\/agenda\/crear/);
    const url = new URL(page.url());
    expect([url.searchParams.get('branchId'), url.searchParams.get('date')]).toEqual([TIJUANA, DATE]);
    await page.locator('.ant-card-head', { hasText: 'Nueva cita' }).waitFor();
    await expect.poll(() => page.getByLabel('Fecha').inputValue()).toBe(DATE.split('-').reverse().join('/'));
  });

  it("finds a patient's appointments from the day on screen on and flashes the chosen card on its day", async () => {
    await atAgenda(WEEK_BEFORE);
    const search = page.getByRole('combobox', { name: 'Buscar cita por paciente o teléfono' });
    await search.click();
    await page.keyboard.type(patient.last_name);
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2);
    const first11 = options.filter({ hasText: `${DATE.split('-').reverse().join('/')} 11:00` });
    await first11.first().waitFor();
    if (SHOTS) await page.screenshot({ path: '/tmp/agenda-search.png' });
    await first11.first().click();
    await page.waitForURL(new RegExp(`date=${DATE}`));
    await expect.poll(() => cardOf(card).getAttribute('class')).toContain('highlight');
    await expect.poll(() => cardOf(card).isVisible()).toBe(true);
    if (SHOTS) {
      await page.waitForTimeout(800);
      await page.screenshot({ path: '/tmp/agenda-search-found.png' });
    }
  });

  it("books with the start-time picker still open when 'Agendar' is clicked, and flashes the new card", async () => {
    await atAgenda();
    await slot(first, '17:00').click();
    await page.waitForURL(/\/dashboard\/agenda\/crear/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('customerId');
    await page.keyboard.type(`${other.name.split(' ')[0]!} ${other.last_name}`);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${other.customer_number} · `) })
      .first()
      .click();
    await page.getByLabel('Tratamiento', { exact: true }).click();
    await page.keyboard.type(treatment.name.split(' ')[0]!);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: treatment.name }).first().click();
    // the mouse alone: the picker opened, another hour chosen in its columns, then straight to 'Agendar'
    await page.getByLabel('Hora de inicio').click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await panel.locator('.ant-picker-time-panel-column').first().locator('.ant-picker-time-panel-cell', { hasText: /^18$/ }).click();
    await expect.poll(() => panel.count()).toBe(1);
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.waitForURL(/\/dashboard\/agenda\?/, { timeout: 10_000 });
    const [booked] = await rows<{ id: string; start_time: string }>(
      sql`select id, start_time from appointments where customer_id = ${other.id} and date = ${DATE} and status = 'scheduled'`,
    );
    expect(booked?.start_time).toBe('18:00:00');
    expect(new URL(page.url()).searchParams.get('focus')).toBe(booked!.id);
    await expect.poll(() => cardOf(booked!.id).getAttribute('class')).toContain('highlight');
  });
});

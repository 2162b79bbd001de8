import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_REQUIRED } from '../../src/domain/agenda';
import { appointments, customerNotes, customers, purchasedProducts } from '../../src/server/db/schema';
import { demoId } from '../../src/server/db/demo/random';
import { launchBrowser, settled, signIn, signedInPage } from './browser';
import { cancelBookings, liftLocks } from '../../src/server/testing/appointments';
import { startServer, type E2EServer } from './server';
import { openCabinsAllDay } from './agenda-cabins';

let server: E2EServer;
let browser: Browser;
let page: Page;

const TIJUANA = demoId('branch:tijuana');

/** The first Wednesday at least a week after today: open and in the future. */
function nextWednesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 8);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DATE = nextWednesday();

let cabin: { id: string; name: string };
let treatment: { id: string; name: string; minutes: number };
let patientId: string;

const rows = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);
const one = async <T>(q: ReturnType<typeof sql>) => rows<T>(await server.t.ctx.db.execute(q))[0];

/** The branch's wall clock (America/Tijuana), independent of the machine's zone and of the demo data's anchor. */
function tijuanaNow() {
  const parts: Record<string, string> = {};
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Tijuana',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const x of f.formatToParts(new Date())) parts[x.type] = x.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

// fixtures written straight to the database, all before the first booking through the form:
// the form numbers its appointments after the highest CITA- number
let seq = 990000;
async function insertAppointment(v: {
  cabinId: string;
  customerId: string;
  treatmentTypeId: string;
  date: string;
  start: string;
  end: string;
  status?: string;
  option?: string;
  treatmentId?: string | null;
  packageId?: string | null;
  purchasedProductId?: string | null;
}) {
  const [row] = await server.t.ctx.db
    .insert(appointments)
    .values({
      appointmentNumber: `CITA-${++seq}`,
      status: v.status ?? 'scheduled',
      branchId: TIJUANA,
      cabinId: v.cabinId,
      customerId: v.customerId,
      treatmentTypeId: v.treatmentTypeId,
      treatmentId: v.treatmentId ?? null,
      packageId: v.packageId ?? null,
      purchasedProductId: v.purchasedProductId ?? null,
      date: v.date,
      startTime: v.start,
      endTime: v.end,
      // the stored length matches the slot: an edit keeps it and does not move the end
      term: minutesOf(v.end) - minutesOf(v.start),
      appointmentMethod: 'inPerson',
      appointmentOption: v.option ?? 'newTreatments',
    })
    .returning({ id: appointments.id, appointmentNumber: appointments.appointmentNumber });
  return row;
}
async function insertCustomer(name: string, lastName: string, extra: Partial<typeof customers.$inferInsert> = {}) {
  const [c] = await server.t.ctx.db
    .insert(customers)
    .values({
      name,
      lastName,
      gender: 'Femenino',
      birthday: '1988-03-03',
      mobilePhone: `664${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      registryBranchId: TIJUANA,
      ...extra,
    })
    .returning({ id: customers.id });
  return c.id;
}

interface Fx {
  typeId: string;
  lot: { id: string; productId: string; quantity: number };
  renata: { id: string; pp: string };
  tobias: string;
  ines: { id: string; pp: string; appointment: { id: string; appointmentNumber: string } };
  moved: { id: string; appointmentNumber: string };
  inProcess: { id: string; appointmentNumber: string };
  pkg: { id: string; appointmentNumber: string };
  valuation: { id: string; appointmentNumber: string };
  scheduled2: { id: string; appointmentNumber: string };
  cabinsByType: Record<string, { id: string; name: string; typeId: string }>;
}
const fx = {} as Fx;
const DATE2 = (() => {
  const d = new Date(DATE + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
})();

beforeAll(async () => {
  server = await startServer();
  // the afternoon's hours this file books in (the demo staffs its cabins a few hours a day)
  await openCabinsAllDay(server.t.ctx.db, TIJUANA);
  const db = server.t.ctx.db;
  // an active Tijuana cabin and a treatment of its type with areas and products in stock, no consent needed
  const found = rows<{ cabin_id: string; cabin_name: string; treatment_id: string; treatment_name: string; minutes: number; type_id: string }>(
    await db.execute(sql`
      select c.id as cabin_id, c.name as cabin_name, t.id as treatment_id, t.name as treatment_name, t.duration_minutes as minutes, ct.treatment_type_id as type_id
      from cabins c
      join cabin_types ct on ct.id = c.type_id
      join treatments t on t.treatment_type_id = ct.treatment_type_id
      where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null and t.active and t.deleted_at is null and not t.consent
        and t.duration_minutes <= 60
        and exists (select 1 from treatment_areas ta where ta.treatment_id = t.id)
        and exists (select 1 from treatment_products tp where tp.treatment_id = t.id)
        and not exists (
          select 1 from treatment_products tp where tp.treatment_id = t.id and not exists (
            select 1 from product_stocks ps where ps.product_id = tp.product_id and ps.branch_id = ${TIJUANA} and ps.deleted_at is null and ps.quantity >= tp.quantity))
      order by ct."order", c.name, t.name
      limit 1`),
  );
  expect(found.length).toBe(1);
  cabin = { id: found[0].cabin_id, name: found[0].cabin_name };
  treatment = { id: found[0].treatment_id, name: found[0].treatment_name, minutes: Math.ceil(found[0].minutes / 30) * 30 };
  fx.typeId = found[0].type_id;
  const end = (start: string) => hhmm(Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) + treatment.minutes);
  // the days the tests book are freed of the demo's bookings, cancelled as the reception would (nothing deleted)
  await cancelBookings(server.t, sql`branch_id = ${TIJUANA} and date in (${DATE}, ${DATE2})`);
  await liftLocks(server.t, TIJUANA);

  // one product of the treatment takes 2 units a session and the branch has one lot of it, with 15 units
  const tp = await one<{ product_id: string }>(sql`select product_id from treatment_products where treatment_id = ${treatment.id} order by product_id limit 1`);
  await db.execute(sql`update treatment_products set quantity = 2 where treatment_id = ${treatment.id} and product_id = ${tp.product_id}`);
  const lot = await one<{ id: string }>(
    sql`select id from product_stocks where product_id = ${tp.product_id} and branch_id = ${TIJUANA} and deleted_at is null order by allotment limit 1`,
  );
  await db.execute(sql`update product_stocks set deleted_at = now() where product_id = ${tp.product_id} and branch_id = ${TIJUANA} and id <> ${lot.id}`);
  await db.execute(sql`update product_stocks set quantity = 15 where id = ${lot.id}`);
  fx.lot = { id: lot.id, productId: tp.product_id, quantity: 15 };

  const byType = rows<{ id: string; name: string; type_id: string; type_name: string }>(
    await db.execute(sql`select c.id, c.name, ct.treatment_type_id as type_id, tt.name as type_name from cabins c join cabin_types ct on ct.id = c.type_id
      join treatment_types tt on tt.id = ct.treatment_type_id where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null order by ct."order", c.name`),
  );
  fx.cabinsByType = {};
  for (const c of byType) fx.cabinsByType[c.type_name] ??= { id: c.id, name: c.name, typeId: c.type_id };

  const [patient] = await db
    .insert(customers)
    .values({ name: 'Ximena', lastName: 'Quetzalcoatl', gender: 'Femenino', birthday: '1990-05-05', mobilePhone: '6640001122', registryBranchId: TIJUANA })
    .returning({ id: customers.id });
  patientId = patient.id;
  await db
    .insert(customers)
    .values({
      name: 'Braulio',
      lastName: 'Negrete',
      gender: 'Masculino',
      birthday: '1980-01-01',
      mobilePhone: '6640003344',
      blackList: true,
      registryBranchId: TIJUANA,
    });

  // Renata: a purchased treatment of 5 sessions, 2 taken → 1…3 to book
  const renata = await insertCustomer('Renata', 'Olvidozo');
  const [pp1] = await db
    .insert(purchasedProducts)
    .values({ customerId: renata, branchId: TIJUANA, treatmentId: treatment.id, sessions: 5, currentSession: 2 })
    .returning({ id: purchasedProducts.id });
  fx.renata = { id: renata, pp: pp1.id };

  // Tobías: an adult without any phone, with a note and two missed appointments
  fx.tobias = await insertCustomer('Tobías', 'Warnecke', { mobilePhone: null, phone: null, gender: 'Masculino' });
  await db.insert(customerNotes).values({ customerId: fx.tobias, noteType: 'general', title: 'Alergia al látex', note: 'Usar guantes de nitrilo' });
  for (const d of ['2025-01-08', '2025-02-12'])
    await insertAppointment({ cabinId: cabin.id, customerId: fx.tobias, treatmentTypeId: fx.typeId, date: d, start: '10:00', end: '10:30', status: 'absence' });

  // Inés: booked now (today, branch clock) against a purchased treatment: it can be marked absent, then rebooked
  // (after 23:00 it ends at 23:59: an appointment cannot run past midnight)
  const ines = await insertCustomer('Inés', 'Faltante');
  const [pp2] = await db
    .insert(purchasedProducts)
    .values({ customerId: ines, branchId: TIJUANA, treatmentId: treatment.id, sessions: 4, currentSession: 1 })
    .returning({ id: purchasedProducts.id });
  const now = tijuanaNow();
  const start = Math.floor(now.minutes / 30) * 30;
  await cancelBookings(server.t, sql`cabin_id = ${cabin.id} and date = ${now.date}`);
  const missed = await insertAppointment({
    cabinId: cabin.id,
    customerId: ines,
    treatmentTypeId: fx.typeId,
    date: now.date,
    start: hhmm(start),
    end: hhmm(Math.min(start + 60, 23 * 60 + 59)),
    option: 'purchasedProducts',
    treatmentId: treatment.id,
    purchasedProductId: pp2.id,
  });
  fx.ines = { id: ines, pp: pp2.id, appointment: missed };

  // a scheduled one to reschedule, an in-process one, a package one and a valuation one to finish
  fx.moved = await insertAppointment({
    cabinId: cabin.id,
    customerId: await insertCustomer('Leonor', 'Reagenda'),
    treatmentTypeId: fx.typeId,
    date: DATE,
    start: '16:00',
    end: end('16:00'),
    treatmentId: treatment.id,
  });
  fx.inProcess = await insertAppointment({
    cabinId: cabin.id,
    customerId: await insertCustomer('Mateo', 'Enproceso'),
    treatmentTypeId: fx.typeId,
    date: DATE,
    start: '18:00',
    end: end('18:00'),
    status: 'inProcess',
    treatmentId: treatment.id,
  });
  const cosmo = fx.cabinsByType['Cosmetologico'];
  const pkg = await one<{ id: string }>(
    sql`select id from packages where type = 'Package' and treatment_type_id = ${cosmo.typeId} and deleted_at is null order by sku limit 1`,
  );
  fx.pkg = await insertAppointment({
    cabinId: cosmo.id,
    customerId: await insertCustomer('Paula', 'Paquete'),
    treatmentTypeId: cosmo.typeId,
    date: DATE,
    start: '11:00',
    end: '12:00',
    status: 'inProcess',
    option: 'packages',
    packageId: pkg.id,
  });
  const val = fx.cabinsByType['Valoracion'];
  const valTreatment = await one<{ id: string }>(
    sql`select id from treatments where treatment_type_id = ${val.typeId} and deleted_at is null and consent order by sku limit 1`,
  );
  fx.valuation = await insertAppointment({
    cabinId: val.id,
    customerId: await insertCustomer('Valeria', 'Valora'),
    treatmentTypeId: val.typeId,
    date: DATE,
    start: '11:00',
    end: '11:30',
    status: 'inProcess',
    treatmentId: valTreatment.id,
  });
  // for the medic's status choices
  fx.scheduled2 = await insertAppointment({
    cabinId: cabin.id,
    customerId: await insertCustomer('Sofía', 'Estatus'),
    treatmentTypeId: fx.typeId,
    date: DATE2,
    start: '16:00',
    end: end('16:00'),
    treatmentId: treatment.id,
  });

  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'gerente@demo.mx');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const dropdown = () => page.locator('.ant-select-dropdown:visible');
async function pick(label: string, option: string | RegExp, scope = page.locator('body')) {
  await scope.getByLabel(label, { exact: true }).and(scope.locator(':not([role="option"])')).click();
  await dropdown().locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}
async function pickFirst(label: string | RegExp, scope = page.locator('body')) {
  const input = typeof label === 'string' ? scope.getByLabel(label, { exact: true }) : scope.getByLabel(label);
  await input.click();
  await dropdown().locator('.ant-select-item-option').first().waitFor();
  // the first option is the active one: Enter takes it without racing the closing animation of the last dropdown
  await input.press('Enter');
}

const createUrl = (time: string) => `${server.url}/dashboard/agenda/crear/?cabainId=${cabin.id}&date=${DATE}&startTime=${time}&branchId=${TIJUANA}`;
const agendaUrl = () => `${server.url}/dashboard/agenda?branchId=${TIJUANA}&date=${DATE}`;

async function book(time: string, shot?: string): Promise<{ id: string; appointmentNumber: string }> {
  await page.goto(createUrl(time));
  await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(cabin.name);
  // the cabin's type fills the appointment type
  const typeItem = page.locator('.ant-form-item', { hasText: 'Tipo de cita' }).first();
  await expect.poll(() => typeItem.innerText()).toMatch(/Tipo de cita\s+\S/);
  await page.getByLabel('Paciente', { exact: true }).fill('Ximena');
  await dropdown()
    .getByText(/Ximena Quetzalcoatl/)
    .click();
  await page.getByLabel('Tratamiento', { exact: true }).fill(treatment.name);
  await dropdown().locator('.ant-select-item-option').filter({ hasText: treatment.name }).first().click();
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  await page.getByRole('button', { name: 'Agendar' }).click();
  await page.waitForURL(agendaUrl());
  const [row] = await server.t.ctx.db
    .select({ id: appointments.id, appointmentNumber: appointments.appointmentNumber })
    .from(appointments)
    .where(and(eq(appointments.customerId, patientId), eq(appointments.startTime, `${time}:00`)));
  expect(row).toBeTruthy();
  return row;
}

const statusOf = async (id: string) =>
  (await server.t.ctx.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]?.status;
const openAppointment = async (a: { id: string; appointmentNumber: string }, on = page) => {
  await on.goto(`${server.url}/dashboard/agenda/${a.id}`);
  await on.getByText(`Cita ${a.appointmentNumber}`).waitFor();
};
/** Opens a select and answers its option texts (the list is virtual: the first screenful). */
async function optionsOf(label: string, on = page) {
  await expect.poll(() => on.locator('.ant-select-dropdown:visible').count()).toBe(0);
  await on.getByRole('combobox', { name: label, exact: true }).click();
  const options = on.locator('.ant-select-dropdown:visible .ant-select-item-option');
  // the list may still be loading or animating in: wait until it shows options and stops changing
  let texts: string[] = [];
  await expect
    .poll(async () => {
      const before = texts.join('|');
      texts = await options.allInnerTexts();
      return texts.length > 0 && texts.join('|') === before;
    })
    .toBe(true);
  return texts;
}
/** Closes the open dropdown and waits for its closing animation. */
async function closeDropdown(on = page) {
  await on.keyboard.press('Escape');
  await expect.poll(() => on.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
/** Types a date or time into an antd picker and confirms it. */
async function typeInPicker(label: string, text: string, on = page) {
  const input = on.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await on.keyboard.press('Escape');
}
const lotStock = async () => (await one<{ quantity: number }>(sql`select quantity from product_stocks where id = ${fx.lot.id}`)).quantity;

describe('appointments', () => {
  let first: { id: string; appointmentNumber: string };
  let second: { id: string; appointmentNumber: string };

  it('books from a free slot, sets it in process and finishes it with professional, area and one lot for two units', async () => {
    first = await book('10:00', '/tmp/appt-create.png');
    await openAppointment(first);
    // the branch manager may cancel: "Cancelada" is offered beside "En Proceso"
    expect(await optionsOf('Cambiar estatus')).toEqual(['En Proceso', 'Cancelada']);
    await dropdown().locator('.ant-select-item-option').filter({ hasText: 'En Proceso' }).click();
    await expect.poll(() => statusOf(first.id)).toBe('inProcess');
    await pick('Cambiar estatus', 'Terminada');
    const dialog = page.getByRole('dialog', { name: `Terminar cita ${first.appointmentNumber}` });
    await dialog.waitFor();
    await pickFirst(/que atendió/, dialog);
    await pickFirst('Área de la sesión 1', dialog);
    const lots = dialog.locator('.ant-form-item', { hasText: /\(\d+\)/ });
    const count = await lots.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      await pickFirst(/\(\d+\)$/, lots.nth(i));
    }
    // the product that takes 2 units has one lot of 15: both of its slots take it, the second sees 14 left
    const twice = dialog.locator('.ant-form-item', { hasText: /Lote/ }).filter({ hasText: 'Existencia 14' });
    await expect.poll(() => twice.count()).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: '/tmp/appt-finish.png' });
    await dialog.getByRole('button', { name: 'Terminar' }).click();
    await expect.poll(() => statusOf(first.id)).toBe('finished');
    expect(await lotStock()).toBe(fx.lot.quantity - 2);
    // a finished appointment is read-only and offers no status change
    await expect.poll(() => page.getByRole('combobox', { name: 'Cambiar estatus' }).count()).toBe(0);
    for (const field of ['cabainId', 'customerId', 'date', 'startTime', 'appointmentOption', 'treatmentId', 'observations']) {
      expect(await page.locator(`#${field}`).isDisabled(), field).toBe(true);
    }
  });

  it('books another and cancels it with reason Other after the comment-required message', async () => {
    second = await book('12:00');
    await openAppointment(second);
    await page.getByRole('button', { name: 'Cancelar cita' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancelar cita ${second.appointmentNumber}` });
    await dialog.waitFor();
    await pick('Motivo', 'Otro', dialog);
    await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect.poll(() => dialog.getByText(COMMENT_REQUIRED).isVisible()).toBe(true);
    await dialog.getByLabel('Comentario').fill('Viaje fuera de la ciudad');
    await page.screenshot({ path: '/tmp/appt-cancel.png' });
    await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
    await page.waitForURL(agendaUrl());
    expect(await statusOf(second.id)).toBe('cancelled');
  });

  it('lists both in citas and their changes in the bitácora', async () => {
    await page.goto(`${server.url}/dashboard/citas`);
    await page.getByTestId('total-records').waitFor();
    await pick('Campo de búsqueda', 'Paciente');
    await page.waitForURL(/sf=customer/);
    await page.getByLabel('Buscar', { exact: true }).fill('Quetzalcoatl');
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await page.waitForURL(/sv=Quetzalcoatl/);
    const table = page.locator('.ant-table-tbody');
    // the unfiltered list shows the newest appointments too: wait for the search's answer, the patient's two rows
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 2');
    await expect.poll(() => table.innerText()).toContain(first.appointmentNumber);
    expect(await table.innerText()).toContain(second.appointmentNumber);
    expect(await table.innerText()).toMatch(/Terminada[\s\S]*|Cancelada/);
    await expect.poll(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    await page.locator('.ant-table-row', { hasText: second.appointmentNumber }).getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Detalle de la cita' });
    await expect.poll(() => detail.innerText()).toContain('Viaje fuera de la ciudad');
    // booked as a new treatment: nothing to rebook
    expect(await detail.getByRole('button', { name: 'Reagendar' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/appt-citas.png' });
    await detail.getByRole('button', { name: /Close|Cerrar/ }).click();

    await page.goto(`${server.url}/dashboard/bitacora`);
    await page.getByLabel('Buscar', { exact: true }).fill(first.appointmentNumber);
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('Creación');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('Terminada');
    await page.locator('.ant-table-row', { hasText: 'Terminada' }).first().getByRole('button').first().click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Cambios' }).innerText()).toContain('Antes');
    await page.screenshot({ path: '/tmp/appt-bitacora.png' });
  });

  it('warns about a blacklisted patient and goes back to the agenda', async () => {
    await page.goto(createUrl('14:00'));
    await page.getByLabel('Paciente', { exact: true }).fill('Braulio');
    await dropdown()
      .getByText(/Braulio Negrete/)
      .click();
    const warning = page.getByRole('dialog').filter({ hasText: 'Cliente en lista negra' });
    await warning.waitFor();
    await settled(page);
    await warning.getByRole('button', { name: 'Volver a la agenda' }).click();
    await page.waitForURL(agendaUrl());
  });

  it('warns about notes, a missing phone and missed appointments, one after another', async () => {
    await page.goto(createUrl('14:00'));
    await page.getByLabel('Paciente', { exact: true }).fill('Tobías');
    await dropdown()
      .getByText(/Tobías Warnecke/)
      .click();
    const notes = page.getByRole('dialog').filter({ hasText: 'El cliente tiene notas' });
    await notes.waitFor();
    await page.screenshot({ path: '/tmp/appt-warning-notes.png' });
    // "Ver notas" shows the notes; the next warning waits until they are closed
    await notes.getByRole('button', { name: 'Ver notas' }).click();
    const record = page.getByRole('dialog', { name: 'Notas del cliente' });
    await expect.poll(() => record.innerText()).toContain('Alergia al látex');
    await page.screenshot({ path: '/tmp/appt-warning-notes-list.png' });
    expect(await page.getByRole('dialog').filter({ hasText: 'Cliente sin teléfono' }).count()).toBe(0);
    await record
      .getByRole('button', { name: /Close|Cerrar/ })
      .first()
      .click();
    const phone = page.getByRole('dialog').filter({ hasText: 'Cliente sin teléfono' });
    await phone.waitFor();
    expect(await phone.innerText()).toContain('no tiene teléfono ni celular');
    await page.screenshot({ path: '/tmp/appt-warning-phone.png' });
    await phone.getByRole('button', { name: 'Continuar' }).click();
    const missed = page.getByRole('dialog').filter({ hasText: 'Inasistencias' });
    await missed.waitFor();
    expect(await missed.innerText()).toContain('tiene 2 inasistencias registradas');
    await page.screenshot({ path: '/tmp/appt-warning-absences.png' });
    await missed.getByRole('button', { name: 'Entendido' }).click();
    // the closable banner stays on the form
    await expect.poll(() => page.getByText('El cliente tiene 2 inasistencias', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard/agenda/crear/');
  });

  it('books by purchased treatment with session choices 1 … sessions − currentSession', async () => {
    // two sessions of up to an hour each: 14:00–16:00 at most, clear of the 16:00 appointment
    await page.goto(createUrl('14:00'));
    await page.getByLabel('Paciente', { exact: true }).fill('Renata');
    await dropdown()
      .getByText(/Renata Olvidozo/)
      .click();
    await pick('Opción', 'Tratamiento adquirido');
    await pick('Tratamiento adquirido', treatment.name);
    expect(await optionsOf('Sesiones')).toEqual(['1', '2', '3']);
    await dropdown().locator('.ant-select-item-option').filter({ hasText: /^2$/ }).click();
    await page.screenshot({ path: '/tmp/appt-purchased.png', fullPage: true });
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.waitForURL(agendaUrl());
    const [row] = await server.t.ctx.db
      .select({ purchasedProductId: appointments.purchasedProductId, sessions: appointments.sessions, option: appointments.appointmentOption })
      .from(appointments)
      .where(and(eq(appointments.customerId, fx.renata.id), eq(appointments.date, DATE)));
    expect(row).toEqual({ purchasedProductId: fx.renata.pp, sessions: 2, option: 'purchasedProducts' });
  });

  it('reschedules an appointment by moving its start time in the form', async () => {
    await openAppointment(fx.moved);
    await typeInPicker('Hora de inicio', '17:00');
    await expect.poll(() => page.getByLabel('Hora de inicio', { exact: true }).inputValue()).toBe('17:00');
    await page.screenshot({ path: '/tmp/appt-reschedule.png', fullPage: true });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(agendaUrl());
    const [row] = await server.t.ctx.db
      .select({ startTime: appointments.startTime, reschedules: appointments.reschedules })
      .from(appointments)
      .where(eq(appointments.id, fx.moved.id));
    expect(row).toEqual({ startTime: '17:00:00', reschedules: 1 });
  });

  it('keeps an in-process appointment in place: only observations and categories change', async () => {
    await openAppointment(fx.inProcess);
    await page.getByText('La cita está en proceso').waitFor();
    for (const field of ['cabainId', 'treatmentTypeId', 'customerId', 'date', 'startTime', 'appointmentMethod', 'appointmentOption', 'treatmentId']) {
      expect(await page.locator(`#${field}`).isDisabled(), field).toBe(true);
    }
    expect(await page.locator('#categoriesIds').isDisabled()).toBe(false);
    await page.locator('#observations').fill('Llegó 10 minutos tarde');
    await page.screenshot({ path: '/tmp/appt-in-process.png', fullPage: true });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(agendaUrl());
    const [row] = await server.t.ctx.db
      .select({ observations: appointments.observations, status: appointments.status, startTime: appointments.startTime })
      .from(appointments)
      .where(eq(appointments.id, fx.inProcess.id));
    expect(row).toEqual({ observations: 'Llegó 10 minutos tarde', status: 'inProcess', startTime: '18:00:00' });
  });

  it('finishes a package appointment with the areas of its type', async () => {
    await openAppointment(fx.pkg);
    await pick('Cambiar estatus', 'Terminada');
    const dialog = page.getByRole('dialog', { name: `Terminar cita ${fx.pkg.appointmentNumber}` });
    await dialog.waitFor();
    await pickFirst(/que atendió/, dialog);
    await pickFirst('Área de la sesión 1', dialog);
    await page.screenshot({ path: '/tmp/appt-finish-package.png' });
    await dialog.getByRole('button', { name: 'Terminar' }).click();
    await expect.poll(() => statusOf(fx.pkg.id)).toBe('finished');
  });

  it('finishes a valuation whose treatment has no areas without choosing one, after the consent switch', async () => {
    await openAppointment(fx.valuation);
    const status = page.getByRole('combobox', { name: 'Cambiar estatus' });
    await status.click();
    // finishing waits for the signed consent
    await expect.poll(() => dropdown().locator('.ant-select-item-option-disabled').filter({ hasText: 'Terminada' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('switch', { name: 'Consentimiento firmado' }).click();
    await pick('Cambiar estatus', 'Terminada');
    const dialog = page.getByRole('dialog', { name: `Terminar cita ${fx.valuation.appointmentNumber}` });
    await dialog.waitFor();
    await pickFirst(/que atendió/, dialog);
    await dialog.getByText('El tratamiento no tiene áreas').waitFor();
    expect(await dialog.getByLabel('Área de la sesión 1').count()).toBe(0);
    await page.screenshot({ path: '/tmp/appt-finish-valuation.png' });
    await dialog.getByRole('button', { name: 'Terminar' }).click();
    await expect.poll(() => statusOf(fx.valuation.id)).toBe('finished');
  });

  it('marks an appointment that has started as absent, then rebooks its purchased treatment from the citas view', async () => {
    const a = fx.ines.appointment;
    await openAppointment(a);
    await pick('Cambiar estatus', 'Inasistencia');
    const confirm = page.getByRole('dialog').filter({ hasText: 'Marcar inasistencia' });
    await confirm.getByRole('button', { name: 'Marcar inasistencia' }).click();
    await expect.poll(() => statusOf(a.id)).toBe('absence');

    await page.goto(`${server.url}/dashboard/citas`);
    await page.getByTestId('total-records').waitFor();
    await pick('Campo de búsqueda', 'Número de cita');
    await page.getByLabel('Buscar', { exact: true }).fill(a.appointmentNumber);
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 1');
    await expect.poll(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    await page.locator('.ant-table-row', { hasText: a.appointmentNumber }).getByRole('button').first().click();
    const detail = page.getByRole('dialog', { name: 'Detalle de la cita' });
    const rebook = detail.getByRole('button', { name: 'Reagendar' });
    await expect.poll(() => rebook.isEnabled()).toBe(true);
    await page.screenshot({ path: '/tmp/appt-rebook-view.png' });
    await rebook.click();
    await page.waitForURL(/\/dashboard\/agenda\/crear\/\?/);
    // the customer and the purchased treatment come filled in; the date and time are chosen
    await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Paciente' }).first().innerText()).toContain('Inés Faltante');
    const purchasedItem = page.locator('.ant-form-item').filter({ has: page.locator('#purchasedProductId') });
    await expect.poll(() => purchasedItem.innerText()).toContain(`${treatment.name} · sesión 1/4`);
    await typeInPicker('Fecha', ddmmyyyy(DATE));
    await typeInPicker('Hora de inicio', '13:00');
    await page.screenshot({ path: '/tmp/appt-rebook-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.waitForURL(agendaUrl());
    const [row] = await server.t.ctx.db
      .select({ purchasedProductId: appointments.purchasedProductId, startTime: appointments.startTime, status: appointments.status })
      .from(appointments)
      .where(and(eq(appointments.customerId, fx.ines.id), eq(appointments.date, DATE)));
    expect(row).toEqual({ purchasedProductId: fx.ines.pp, startTime: '13:00:00', status: 'scheduled' });
  });
});

describe('the medic and the cosmetologist, fixed to their branch', () => {
  const typeOf = async (name: string) => (await one<{ id: string }>(sql`select id from treatment_types where name = ${name}`)).id;
  const treatmentsOf = async (typeId: string) =>
    rows<{ name: string }>(
      await server.t.ctx.db.execute(sql`select name from treatments where treatment_type_id = ${typeId} and active and deleted_at is null`),
    ).map((r) => r.name);

  it('lets the medic book a treatment of the cabin type only, offers packages and promotions through the agenda, and not cancel', async () => {
    const medic = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    medic.setDefaultTimeout(10_000);
    await signIn(medic, server.url, 'medico@demo.mx');
    const patient = await insertCustomer('Marco', 'Medicina');
    const medical = fx.cabinsByType['Medico'];
    await medic.goto(`${server.url}/dashboard/agenda/crear/?cabainId=${medical.id}&date=${DATE2}&startTime=10:00&branchId=${TIJUANA}`);
    await expect.poll(() => medic.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(medical.name);
    // the appointment type is the cabin's, fixed
    await expect.poll(() => medic.getByLabel('Tipo de cita', { exact: true }).isDisabled()).toBe(true);
    expect(await optionsOf('Opción', medic)).toEqual(['Promoción', 'Paquete', 'Tratamiento adquirido', 'Tratamiento nuevo']);
    await closeDropdown(medic);
    const offered = await optionsOf('Tratamiento', medic);
    const ofType = await treatmentsOf(medical.typeId);
    expect(offered.length).toBeGreaterThan(0);
    for (const name of offered) expect(ofType, name).toContain(name);
    await medic.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option').first().click();
    await expect.poll(() => medic.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await medic.getByLabel('Paciente', { exact: true }).fill('Marco');
    await medic
      .locator('.ant-select-dropdown:visible')
      .getByText(/Marco Medicina/)
      .click();
    await medic.screenshot({ path: '/tmp/appt-medic-form.png', fullPage: true });
    await medic.getByRole('button', { name: 'Agendar' }).click();
    await medic.waitForURL(/\/dashboard\/agenda\?/);
    const [booked] = await server.t.ctx.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.customerId, patient), eq(appointments.date, DATE2)));
    expect(booked).toBeTruthy();

    // without dairy.delete: no "Cancelada" in the status choices and no cancel button
    await openAppointment(fx.scheduled2, medic);
    expect(await optionsOf('Cambiar estatus', medic)).toEqual(['En Proceso']);
    await closeDropdown(medic);
    expect(await medic.getByRole('button', { name: 'Cancelar cita' }).count()).toBe(0);
    await medic.screenshot({ path: '/tmp/appt-medic-status.png', fullPage: true });
    await medic.close();
  });

  it("gives the cosmetologist her branch's cabins in the citas filter and the cosmetology treatments in a facial cabin", async () => {
    const cosme = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    cosme.setDefaultTimeout(10_000);
    await signIn(cosme, server.url, 'cosmetologa@demo.mx');
    await cosme.goto(`${server.url}/dashboard/citas`);
    await cosme.getByTestId('total-records').waitFor();
    expect(await cosme.getByRole('combobox', { name: 'Sucursal' }).count()).toBe(0);
    const shown = await optionsOf('Cabina', cosme);
    const names = rows<{ name: string }>(
      await server.t.ctx.db.execute(sql`select name from cabins where branch_id = ${TIJUANA} and active and deleted_at is null`),
    ).map((r) => r.name);
    // the six cabins of Tijuana fit in the list's first screenful
    expect(shown.sort()).toEqual(names.sort());
    await cosme.screenshot({ path: '/tmp/appt-cosmetologist-citas.png' });
    await closeDropdown(cosme);

    const facial = fx.cabinsByType['Cosmetologico'];
    await cosme.goto(`${server.url}/dashboard/agenda/crear/?cabainId=${facial.id}&date=${DATE2}&startTime=10:00&branchId=${TIJUANA}`);
    await expect.poll(() => cosme.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(facial.name);
    const offered = await optionsOf('Tratamiento', cosme);
    const ofType = await treatmentsOf(await typeOf('Cosmetologico'));
    expect(offered.length).toBeGreaterThan(0);
    for (const name of offered) expect(ofType, name).toContain(name);
    await cosme.screenshot({ path: '/tmp/appt-cosmetologist-form.png', fullPage: true });
    await cosme.close();
  });
});

describe('the form as the spec says it (issue 14): category, duration, changes left, cabin hours, messages once', () => {
  const DATE3 = (() => {
    const d = new Date(DATE + 'T12:00:00Z');
    d.setUTCDate(d.getUTCDate() + 14);
    return d.toISOString().slice(0, 10);
  })();
  const SUNDAY = (() => {
    const d = new Date(DATE3 + 'T12:00:00Z');
    d.setUTCDate(d.getUTCDate() + 4);
    return d.toISOString().slice(0, 10);
  })();
  const url = (time?: string, date = DATE3, cabinId: string | null = cabin.id) =>
    `${server.url}/dashboard/agenda/crear/?${cabinId ? `cabainId=${cabinId}&` : ''}date=${date}${time ? `&startTime=${time}` : ''}&branchId=${TIJUANA}`;
  let rawMinutes: number;
  let twoSessions: { id: string; pp: string };
  let fresh: { id: string; appointmentNumber: string };
  let spent: { id: string; appointmentNumber: string };
  let missed: { id: string; appointmentNumber: string };

  beforeAll(async () => {
    // the screenshots of these screens at the size the clinics' laptops show them
    await page.setViewportSize({ width: 1366, height: 768 });
    const db = server.t.ctx.db;
    await cancelBookings(server.t, sql`branch_id = ${TIJUANA} and date in (${DATE3}, ${SUNDAY})`);
    rawMinutes = (await one<{ minutes: number }>(sql`select duration_minutes as minutes from treatments where id = ${treatment.id}`)).minutes;
    const patient = await insertCustomer('Dalia', 'Dossesiones');
    const [pp] = await db
      .insert(purchasedProducts)
      .values({ customerId: patient, branchId: TIJUANA, treatmentId: treatment.id, sessions: 4, currentSession: 0 })
      .returning({ id: purchasedProducts.id });
    twoSessions = { id: patient, pp: pp.id };
    const at = (start: string, minutesLong: number) => hhmm(Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) + minutesLong);
    fresh = await insertAppointment({
      cabinId: cabin.id,
      customerId: await insertCustomer('Fabián', 'Cambios'),
      treatmentTypeId: fx.typeId,
      date: DATE3,
      start: '16:00',
      end: at('16:00', 30),
      treatmentId: treatment.id,
    });
    spent = await insertAppointment({
      cabinId: cabin.id,
      customerId: await insertCustomer('Sergio', 'Sincambios'),
      treatmentTypeId: fx.typeId,
      date: DATE3,
      start: '17:00',
      end: at('17:00', 30),
      treatmentId: treatment.id,
    });
    await db.update(appointments).set({ reschedules: 2 }).where(eq(appointments.id, spent.id));
    // a missed appointment of a purchased treatment already charged one change
    const ana = await insertCustomer('Ana', 'Unavez');
    const [pp3] = await db
      .insert(purchasedProducts)
      .values({ customerId: ana, branchId: TIJUANA, treatmentId: treatment.id, sessions: 3, currentSession: 1, changes: 1 })
      .returning({ id: purchasedProducts.id });
    missed = await insertAppointment({
      cabinId: cabin.id,
      customerId: ana,
      treatmentTypeId: fx.typeId,
      date: '2025-03-05',
      start: '10:00',
      end: '10:30',
      status: 'absence',
      option: 'purchasedProducts',
      treatmentId: treatment.id,
      purchasedProductId: pp3.id,
    });
  });

  it('shows the required category and the duration, and books two sessions for twice the time', async () => {
    await page.goto(url('10:00'));
    await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(cabin.name);
    const category = page.locator('.ant-form-item').filter({ has: page.locator('#categoriesIds') });
    await expect.poll(() => category.innerText()).toContain('Categoría');
    // required once the type's categories are known: no "(opcional)" mark beside it
    await expect.poll(() => category.innerText()).not.toContain('opcional');
    // a treatment of a category: the category filters the treatments offered
    const categories = await optionsOf('Categoría');
    expect(categories.length).toBeGreaterThan(0);
    await closeDropdown();
    await page.getByLabel('Tratamiento', { exact: true }).fill(treatment.name);
    await dropdown().locator('.ant-select-item-option').filter({ hasText: treatment.name }).first().click();
    const oneSession = Math.max(30, Math.ceil(rawMinutes / 30) * 30);
    await expect.poll(() => page.getByTestId('appointment-duration').innerText()).toContain(`de 10:00 a ${hhmm(600 + oneSession)}`);
    // the treatment chosen first brings its categories
    await expect.poll(() => category.locator('.ant-select-selection-item').count()).toBeGreaterThan(0);

    await page.getByLabel('Paciente', { exact: true }).fill('Dalia');
    await dropdown()
      .getByText(/Dalia Dossesiones/)
      .click();
    await pick('Opción', 'Tratamiento adquirido');
    await pick('Tratamiento adquirido', treatment.name);
    await pick('Sesiones', /^2$/);
    const twoMinutes = Math.max(30, Math.ceil((2 * rawMinutes) / 30) * 30);
    const end = hhmm(600 + twoMinutes);
    await expect.poll(() => page.getByTestId('appointment-duration').innerText()).toContain(`de 10:00 a ${end}`);
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-form-duration.png', fullPage: true });
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.waitForURL(/\/dashboard\/agenda\?/);
    const [row] = await server.t.ctx.db
      .select({ sessions: appointments.sessions, endTime: appointments.endTime, term: appointments.term })
      .from(appointments)
      .where(and(eq(appointments.customerId, twoSessions.id), eq(appointments.date, DATE3)));
    expect(row).toEqual({ sessions: 2, endTime: `${end}:00`, term: twoMinutes });
  });

  it('says how many changes of date, time or cabin remain, and fixes the slot when none do', async () => {
    await openAppointment(fresh);
    await expect.poll(() => page.getByTestId('changes-left').innerText()).toContain('Le quedan 2 cambios de fecha, hora o cabina');
    expect(await page.locator('#startTime').isDisabled()).toBe(false);
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-changes-left.png', fullPage: true });
    await openAppointment(spent);
    await expect.poll(() => page.getByTestId('changes-left').innerText()).toContain('Ya no le quedan cambios');
    for (const field of ['cabainId', 'date', 'startTime']) expect(await page.locator(`#${field}`).isDisabled(), field).toBe(true);
    // what does not move it stays editable
    expect(await page.locator('#observations').isDisabled()).toBe(false);
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-no-changes-left.png', fullPage: true });
    // the rebook action of a missed purchased treatment tells its own changes left
    await openAppointment(missed);
    await expect.poll(() => page.getByTestId('treatment-changes-left').innerText()).toBe('Le quedan 2 cambios al tratamiento adquirido');
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-rebook-changes.png', fullPage: true });
  });

  it("offers only the cabin's hours that day in half hours, and says when the branch is closed", async () => {
    const { cabinDayHours, startTimeChoices } = await import('../../src/domain/appointment-rules');
    const hm = (r: { day: number; opening: string; closing: string }[]) =>
      r.map((x) => ({ day: x.day, opening: x.opening.slice(0, 5), closing: x.closing.slice(0, 5) }));
    const branchRows = rows<{ day: number; opening: string; closing: string }>(
      await server.t.ctx.db.execute(sql`select day, opening::text, closing::text from branch_schedules where branch_id = ${TIJUANA} and deleted_at is null`),
    );
    const cabinRows = rows<{ day: number; opening: string; closing: string }>(
      await server.t.ctx.db.execute(sql`select day, opening::text, closing::text from cabin_schedules where cabin_id = ${cabin.id} and deleted_at is null`),
    );
    const expected = startTimeChoices(cabinDayHours(hm(branchRows), hm(cabinRows), 3), 30);
    const expectedHours = [...new Set(expected.map((t) => t.slice(0, 2)))];
    expect(expectedHours.length).toBeGreaterThan(0);
    expect(expectedHours.length).toBeLessThan(24);

    await page.goto(url());
    await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(cabin.name);
    await page.getByLabel('Hora de inicio', { exact: true }).click();
    const hours = page.locator('.ant-picker-dropdown:visible .ant-picker-time-panel-column').first().locator('.ant-picker-time-panel-cell-inner');
    await expect.poll(async () => (await hours.allInnerTexts()).join(',')).toBe(expectedHours.join(','));
    const minutesColumn = page.locator('.ant-picker-dropdown:visible .ant-picker-time-panel-column').nth(1).locator('.ant-picker-time-panel-cell-inner');
    expect((await minutesColumn.allInnerTexts()).every((m) => m === '00' || m === '30')).toBe(true);
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-time-options.png', fullPage: true });
    await page.keyboard.press('Escape');

    // Sunday: the branch is closed
    await typeInPicker('Fecha', ddmmyyyy(SUNDAY));
    const timeItem = page.locator('.ant-form-item').filter({ has: page.locator('#startTime') });
    await expect.poll(() => timeItem.innerText()).toContain('La sucursal está cerrada ese día');
    await page.screenshot({ path: '/tmp/agendaui-shots/appt-branch-closed.png', fullPage: true });
  });

  it('shows each required message once on a failed submit, with no error in the browser console', async () => {
    const errors: string[] = [];
    const onConsole = (m: { type(): string; text(): string }) => {
      if (m.type() === 'error') errors.push(m.text());
    };
    const onPageError = (e: Error) => errors.push(e.message);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    try {
      const explained = () => page.locator('.ant-form-item-explain-error').allInnerTexts();
      const onceEach = async (expected: string[]) => {
        await expect.poll(async () => (await explained()).filter((t) => expected.includes(t)).length).toBeGreaterThanOrEqual(expected.length);
        const texts = await explained();
        for (const m of expected)
          expect(
            texts.filter((t) => t === m),
            m,
          ).toHaveLength(1);
        expect(new Set(texts).size, texts.join(' | ')).toBe(texts.length);
      };
      // no cabin, no time: every field the slot would fill is empty
      await page.goto(url(undefined, DATE3, null));
      await page.getByRole('button', { name: 'Agendar' }).click();
      await onceEach([
        'El campo cabina es requerido',
        'El campo tipo de cita es requerido',
        'El campo paciente es requerido',
        'El campo hora de inicio es requerido',
        'El campo tratamiento es requerido',
      ]);
      await page.screenshot({ path: '/tmp/agendaui-shots/appt-required-once.png', fullPage: true });

      // with the cabin its type's categories load: the category is required too
      await page.goto(url('11:00'));
      await expect.poll(() => page.locator('.ant-form-item', { hasText: 'Cabina' }).first().innerText()).toContain(cabin.name);
      await expect.poll(async () => (await optionsOf('Categoría')).length).toBeGreaterThan(0);
      await closeDropdown();
      await page.getByRole('button', { name: 'Agendar' }).click();
      await onceEach(['El campo paciente es requerido', 'El campo categoría es requerido', 'El campo tratamiento es requerido']);
      for (const [option, message] of [
        ['Paquete', 'El campo paquete es requerido'],
        ['Promoción', 'El campo promoción es requerido'],
        ['Tratamiento adquirido', 'El campo tratamiento adquirido es requerido'],
      ]) {
        await pick('Opción', option);
        await page.getByRole('button', { name: 'Agendar' }).click();
        await onceEach(['El campo paciente es requerido', message]);
      }
      // the cancel dialog's reason, on a stored appointment
      await openAppointment(fresh);
      await page.getByRole('button', { name: 'Cancelar cita' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancelar cita ${fresh.appointmentNumber}` });
      await dialog.waitFor();
      await settled(page);
      await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
      await onceEach(['El campo motivo de cancelación es requerido']);
      await dialog
        .getByRole('button', { name: /Cancelar$/ })
        .first()
        .click();
      expect(errors).toEqual([]);
    } finally {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    }
  });
});

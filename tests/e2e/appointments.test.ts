import { and, eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_REQUIRED } from '../../src/domain/agenda';
import { appointments, customers, locks } from '../../src/server/db/schema';
import { demoId } from '../../src/server/db/demo/random';
import { launchBrowser, signIn } from './browser';
import { startServer, type E2EServer } from './server';

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
let treatment: { id: string; name: string };
let patientId: string;

const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[]));

beforeAll(async () => {
  server = await startServer();
  const db = server.t.ctx.db;
  // an active Tijuana cabin and a treatment of its type with areas and products in stock, no consent needed
  const found = rows<{ cabin_id: string; cabin_name: string; treatment_id: string; treatment_name: string }>(
    await db.execute(sql`
      select c.id as cabin_id, c.name as cabin_name, t.id as treatment_id, t.name as treatment_name
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
  treatment = { id: found[0].treatment_id, name: found[0].treatment_name };
  await db.delete(appointments).where(and(eq(appointments.cabinId, cabin.id), eq(appointments.date, DATE)));
  await db.delete(locks).where(eq(locks.branchId, TIJUANA));
  const [patient] = await db
    .insert(customers)
    .values({ name: 'Ximena', lastName: 'Quetzalcoatl', gender: 'Femenino', birthday: '1990-05-05', mobilePhone: '6640001122', registryBranchId: TIJUANA })
    .returning({ id: customers.id });
  patientId = patient.id;
  await db.insert(customers).values({ name: 'Braulio', lastName: 'Negrete', gender: 'Masculino', birthday: '1980-01-01', mobilePhone: '6640003344', blackList: true, registryBranchId: TIJUANA });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(10_000);
  await signIn(page, server.url, 'gerente@demo.mx');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const dropdown = () => page.locator('.ant-select-dropdown:visible');
async function pick(label: string, option: string | RegExp, scope = page.locator('body')) {
  await scope.getByLabel(label, { exact: true }).click();
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
  await dropdown().getByText(/Ximena Quetzalcoatl/).click();
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

const statusOf = async (id: string) => (await server.t.ctx.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]?.status;

describe('appointments', () => {
  let first: { id: string; appointmentNumber: string };
  let second: { id: string; appointmentNumber: string };

  it('books from a free slot, sets it in process and finishes it with professional, area and lot', async () => {
    first = await book('10:00', '/tmp/appt-create.png');
    await page.goto(`${server.url}/dashboard/agenda/${first.id}`);
    await page.getByText(`Cita ${first.appointmentNumber}`).waitFor();
    await pick('Cambiar estatus', 'En Proceso');
    await expect.poll(() => statusOf(first.id)).toBe('inProcess');
    await pick('Cambiar estatus', 'Terminada');
    const dialog = page.getByRole('dialog', { name: `Terminar cita ${first.appointmentNumber}` });
    await dialog.waitFor();
    await pickFirst(/que atendió/, dialog);
    await pickFirst('Área de la sesión 1', dialog);
    const lots = dialog.locator('.ant-form-item', { hasText: /\(\d+\)/ });
    const count = await lots.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      await pickFirst(/\(\d+\)$/, lots.nth(i));
    }
    await page.screenshot({ path: '/tmp/appt-finish.png' });
    await dialog.getByRole('button', { name: 'Terminar' }).click();
    await expect.poll(() => statusOf(first.id)).toBe('finished');
    // a finished appointment is read-only and offers no status change
    await expect.poll(() => page.getByRole('combobox', { name: 'Cambiar estatus' }).count()).toBe(0);
  });

  it('books another and cancels it with reason Other after the comment-required message', async () => {
    second = await book('12:00');
    await page.goto(`${server.url}/dashboard/agenda/${second.id}`);
    await page.getByText(`Cita ${second.appointmentNumber}`).waitFor();
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
    await dropdown().getByText(/Braulio Negrete/).click();
    const warning = page.getByRole('dialog').filter({ hasText: 'Cliente en lista negra' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Volver a la agenda' }).click();
    await page.waitForURL(agendaUrl());
  });
});

import type { Browser, Page } from 'playwright-core';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/domain/age';
import { addDays } from '../../src/domain/loyalty';
import { toCents } from '../../src/domain/money';
import {
  appointments,
  branches,
  cabinTypes,
  cabins,
  cashOrderDetails,
  cashOrders,
  customers,
  orderDetails,
  orders,
  packages,
  products,
  purchasedProducts,
  treatments,
} from '../../src/server/db/schema';
import { launchBrowser, signIn, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const shots = process.env.LOYALTY_SHOTS === '1';
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: `/tmp/loyalty-${name}.png`, fullPage: true });
};

const DAY = 86_400_000;
const ORDER = 'OR-E2E-LEAL-1';
const CASH = 'OC-E2E-LEAL-1';
let treatmentName = '';

/** The rows this suite reads, inserted straight into the database so it does not lean on the demo sales. */
async function seed() {
  const db = server.t.ctx.db;
  const [branch] = await db.select().from(branches).where(eq(branches.distributionCenter, false)).limit(1);
  const [type] = await db.select().from(cabinTypes).limit(1);
  const [cabin] = await db.insert(cabins).values({ name: 'Cabina E2E', typeId: type.id, branchId: branch.id }).returning();
  const [treatment] = await db.select().from(treatments).where(isNull(treatments.deletedAt)).limit(1);
  treatmentName = treatment.name;
  const [pkg] = await db.select().from(packages).limit(1);
  const [product] = await db.select().from(products).limit(1);
  const [member] = await db
    .insert(customers)
    .values({
      name: 'Lealtadnavegador',
      lastName: 'Prueba',
      motherLastName: 'Chromium',
      gender: 'Femenino',
      birthday: '1988-05-05',
      email: 'lealtad@correo.mx',
      points: 350,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: ORDER,
      branchId: branch.id,
      customerId: member.id,
      subtotal: toCents(35_000),
      total: toCents(35_000),
      points: 350,
      paymentMethod: 'Tarjeta de crédito',
      paymentStatus: 'paid',
      createdAt: new Date(Date.now() - 10 * DAY),
      businessDate: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10),
    })
    .returning();
  await db.insert(orderDetails).values({ orderId: order.id, packageId: pkg.id, quantity: 1, salePrice: toCents(35_000), price: toCents(38_000) });
  const [cash] = await db
    .insert(cashOrders)
    .values({
      orderNumber: CASH,
      branchId: branch.id,
      customerId: member.id,
      subtotal: toCents(1_200),
      total: toCents(1_200),
      paymentMethod: 'Efectivo',
      paymentStatus: 'paid',
      refundedAt: new Date(),
      createdAt: new Date(Date.now() - 3 * DAY),
      businessDate: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
    })
    .returning();
  await db.insert(cashOrderDetails).values({ cashOrderId: cash.id, productId: product.id, quantity: 2, salePrice: toCents(600), price: toCents(600) });
  await db
    .insert(purchasedProducts)
    .values({ customerId: member.id, orderId: order.id, branchId: branch.id, treatmentId: treatment.id, packageId: pkg.id, sessions: 6, currentSession: 1 });
  await db
    .insert(appointments)
    .values({
      appointmentNumber: 'CITA-E2E-LEAL',
      status: 'finished',
      branchId: branch.id,
      cabinId: cabin.id,
      customerId: member.id,
      treatmentTypeId: treatment.treatmentTypeId,
      treatmentId: treatment.id,
      date: addDays(todayIn(), -10),
      startTime: '10:00:00',
      endTime: '10:30:00',
      term: 30,
      appointmentMethod: 'inPerson',
      appointmentOption: 'packages',
    });
  // someone who came 60 days ago and not since, for the we-miss-you list
  const [missed] = await db
    .insert(customers)
    .values({ name: 'Extrananavegador', lastName: 'Ausente', gender: 'Masculino', birthday: '1980-01-01' })
    .returning();
  await db
    .insert(appointments)
    .values({
      appointmentNumber: 'CITA-E2E-MISS',
      status: 'finished',
      branchId: branch.id,
      cabinId: cabin.id,
      customerId: missed.id,
      treatmentTypeId: treatment.treatmentTypeId,
      treatmentId: treatment.id,
      date: addDays(todayIn(), -60),
      startTime: '10:00:00',
      endTime: '10:30:00',
      term: 30,
      appointmentMethod: 'inPerson',
      appointmentOption: 'newTreatments',
    });
  // embedded PostgreSQL has no autovacuum: without statistics the planner nests loops over the demo tables
  await db.execute(sql`analyze`);
}

beforeAll(async () => {
  server = await startServer();
  await seed();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx', { width: 1440 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function searchFor(text: string) {
  await page.getByLabel('Buscar', { exact: true }).fill(text);
  await page.getByLabel('Buscar', { exact: true }).press('Enter');
  await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 1');
}

describe('loyalty', () => {
  it('shows members with their purchases and tier over the last 365 days', async () => {
    await page.goto(`${server.url}/dashboard/miembros`);
    await page.getByTestId('total-records').waitFor();
    // the range picker shows the default period
    const [start, end] = [page.locator('.ant-picker-range input').first(), page.locator('.ant-picker-range input').nth(1)];
    await expect.poll(() => end.inputValue()).toBe(todayIn().split('-').reverse().join('/'));
    expect(await start.inputValue()).toBe(addDays(todayIn(), -364).split('-').reverse().join('/'));
    await shot('members');
    await searchFor('Lealtadnavegador');
    const row = page.locator('.ant-table-row', { hasText: 'Lealtadnavegador' });
    await expect.poll(() => row.innerText()).toContain('$35,000.00');
    expect(await row.getByTestId('tier-tag').innerText()).toBe('ORO');
    expect(await row.innerText()).toContain('CHROMIUM');
  });

  it('opens a member from the sistema de lealtad with their orders and cash orders', async () => {
    await page.goto(`${server.url}/dashboard/sistema-de-lealtad`);
    await page.getByTestId('total-records').waitFor();
    await shot('system');
    await searchFor('Lealtadnavegador');
    await page.locator('.ant-table-row', { hasText: 'Lealtadnavegador' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(ORDER).isVisible()).toBe(true);
    expect(await dialog.locator('.ant-table-row', { hasText: ORDER }).innerText()).toMatch(/\$35,000\.00[\s\S]*Venta/);
    await shot('member-modal');
    await dialog.getByRole('tab', { name: 'Órdenes en efectivo' }).click();
    await expect.poll(() => dialog.getByText(CASH).isVisible()).toBe(true);
    const cashRow = dialog.getByRole('tabpanel').locator('.ant-table-row', { hasText: CASH });
    expect(await cashRow.innerText()).toContain('Devolución');
    await cashRow.getByRole('button', { name: /expandir|expand/i }).click();
    await expect.poll(() => dialog.getByText('Precio de venta').isVisible()).toBe(true);
    await shot('member-modal-cash');
    await page.keyboard.press('Escape');
  });

  it('shows the customer detail tabs Citas, Órdenes and Productos adquiridos', async () => {
    await page.goto(`${server.url}/dashboard/clientes`);
    await page.getByTestId('total-records').waitFor();
    await searchFor('Lealtadnavegador');
    await page.locator('.ant-table-row', { hasText: 'Lealtadnavegador' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const pane = dialog.getByRole('tabpanel');
    await expect.poll(() => dialog.getByTestId('tier-tag').innerText()).toBe('ORO');
    await dialog.getByRole('tab', { name: 'Citas' }).click();
    await expect.poll(() => dialog.getByText('CITA-E2E-LEAL').isVisible()).toBe(true);
    const cita = await pane.locator('.ant-table-row', { hasText: 'CITA-E2E-LEAL' }).innerText();
    expect(cita).toContain('Terminada');
    expect(cita).toContain('10:00 AM');
    expect(cita).toContain('Cabina E2E');
    await shot('detail-citas');
    await dialog.getByRole('tab', { name: 'Órdenes', exact: true }).click();
    await expect.poll(() => dialog.getByText(ORDER).isVisible()).toBe(true);
    await shot('detail-orders');
    await dialog.getByRole('tab', { name: 'Productos adquiridos' }).click();
    const bought = pane.locator('.ant-table-row', { hasText: treatmentName });
    await expect.poll(() => bought.innerText()).toContain('1 / 6');
    expect(await bought.innerText()).toContain('En proceso');
    expect(await bought.innerText()).toContain(ORDER);
    await shot('detail-purchased');
    await page.keyboard.press('Escape');
  });

  it('lists who we miss over the last 30 days', async () => {
    await page.goto(`${server.url}/dashboard/we-miss-you`);
    await page.getByTestId('total-records').waitFor();
    await shot('miss-you');
    await searchFor('Extrananavegador');
    expect(await page.locator('.ant-table-row').first().innerText()).toContain('AUSENTE');
  });

  it('moves a tier threshold in settings and the member follows it', async () => {
    await page.goto(`${server.url}/dashboard/configuraciones/editar`);
    const oro = page.getByLabel('Monto ORO');
    await expect.poll(() => oro.inputValue()).toBe('30000.00');
    await oro.fill('5000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El monto de ORO debe ser mayor que el de PLATA').first().isVisible()).toBe(true);
    await oro.fill('40000');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/configuraciones`);
    await expect.poll(() => page.getByText('De $10,000.00 a menos de $40,000.00').isVisible()).toBe(true);
    await shot('settings');
    await page.goto(`${server.url}/dashboard/miembros`);
    await searchFor('Lealtadnavegador');
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'Lealtadnavegador' }).getByTestId('tier-tag').innerText()).toBe('PLATA');
  });

  it('keeps the three loyalty screens from a medic, whose role has no loyalty privileges', async () => {
    const medic = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(medic, server.url, 'medico@demo.mx');
    for (const path of ['sistema-de-lealtad', 'miembros', 'we-miss-you']) {
      await medic.goto(`${server.url}/dashboard/${path}`);
      await expect.poll(() => medic.getByText('Sin permiso').isVisible()).toBe(true);
    }
    expect(await medic.getByRole('link', { name: 'Miembros' }).count()).toBe(0);
    await medic.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, products, purchasedProducts, users } from '../../src/server/db/schema';
import { futureDate, loadFixtures, medicalBooking, type Fixtures } from '../../src/server/modules/appointments/fixtures';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/** Finalizar sesión: sessions of a purchased treatment given from the customer's purchased-treatments tab. */

let server: E2EServer;
let browser: Browser;
let page: Page;
let f: Fixtures;
const shots = process.env.SESSIONS_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

let doctorName = '';
let customerId = '';
let inProcessId = '';
let firstProduct = { id: '', name: '' };

/** A customer with a treatment in process, a finished one and an expired one, straight into the database. */
async function seed() {
  const db = server.t.ctx.db;
  f = await loadFixtures(server.t);
  const [customer] = await db.insert(customers).values({ name: 'Sesionnavegador', lastName: 'Prueba', gender: 'Femenino', birthday: '1987-04-04' }).returning();
  const base = { customerId: customer.id, branchId: f.branchId, treatmentId: f.medTreatment.id };
  customerId = customer.id;
  const [inProcess] = await db
    .insert(purchasedProducts)
    .values({ ...base, sessions: 3, currentSession: 0, status: 'onProcess', createdAt: new Date('2026-10-03T18:00:00Z') })
    .returning();
  inProcessId = inProcess.id;
  await db.insert(purchasedProducts).values([
    { ...base, sessions: 2, currentSession: 2, status: 'finished', createdAt: new Date('2026-08-03T18:00:00Z') },
    { ...base, sessions: 4, currentSession: 1, status: 'expired', expiredAt: '2026-06-01', createdAt: new Date('2026-02-03T18:00:00Z') },
  ]);
  const [doctor] = await db.select().from(users).where(eq(users.id, f.doctorId));
  doctorName = [doctor.name, doctor.lastName, doctor.motherLastName].filter(Boolean).join(' ');
  const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, f.medTreatment.products[0].productId));
  firstProduct = product;
  // embedded PostgreSQL has no autovacuum: without statistics the planner nests loops over the demo tables
  await db.execute(sql`analyze`);
}

beforeAll(async () => {
  server = await startServer();
  await seed();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'gerente@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a select and clicks an option of its list, then waits for the list to close (a closing list still matches :visible). */
async function choose(select: ReturnType<Page['locator']>, option: string | RegExp) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}
const pick = (scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp) => choose(scope.getByLabel(label, { exact: true }), option);

/** The customer's detail, on its purchased-treatments tab. */
async function openPurchased() {
  await page.goto(`${server.url}/dashboard/clientes`);
  await page.getByLabel('Buscar', { exact: true }).fill('Sesionnavegador');
  await page.getByLabel('Buscar', { exact: true }).press('Enter');
  await expect.poll(() => page.getByTestId('total-records').innerText()).toBe('Total de registros: 1');
  await page.locator('.ant-table-row', { hasText: 'Sesionnavegador' }).getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Productos adquiridos' }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect.poll(() => panel.locator('.ant-table-row').count()).toBe(3);
  return panel;
}

describe('finishing a session of a purchased treatment', () => {
  it('finishes one session from the customer tab and the row counts it', async () => {
    const panel = await openPurchased();
    const row = (status: string) => panel.locator('.ant-table-row', { hasText: status });
    // finished and expired treatments take no more sessions
    expect(await row('Terminado').getByRole('button', { name: 'Finalizar sesión' }).isDisabled()).toBe(true);
    expect(await row('Vencido').getByRole('button', { name: 'Finalizar sesión' }).isDisabled()).toBe(true);
    const inProcess = row('En proceso');
    expect(await inProcess.innerText()).toContain('0 / 3');
    await shot('purchased-tab');

    await inProcess.getByRole('button', { name: 'Finalizar sesión' }).click();
    const modal = page.getByRole('dialog', { name: /Finalizar sesión/ });
    await settled(page);
    await pick(modal, 'Médico que atendió', doctorName);
    await pick(modal, 'Área de la sesión 1', /./);
    const slots = f.medTreatment.products.reduce((n, p) => n + p.quantity, 0);
    for (let i = 1; i <= slots; i++) {
      await choose(modal.locator('.ant-form-item', { has: page.locator('label', { hasText: `(${i})` }) }).locator('.ant-select'), 'LOTE-PRUEBA-1');
    }
    await modal.getByRole('switch', { name: 'Consentimiento del paciente firmado' }).click();
    await shot('purchased-finish-modal');
    await modal.getByRole('button', { name: 'Finalizar sesión' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => inProcess.innerText()).toContain('1 / 3');
    const [pp] = await server.t.ctx.db.select().from(purchasedProducts).where(eq(purchasedProducts.id, inProcessId));
    expect(pp).toMatchObject({ currentSession: 1, consent: true });
  });

  it('says which supply has no lot at the branch before the user tries', async () => {
    await server.t.ctx.db.execute(sql`update product_stocks set quantity = 0 where branch_id = ${f.branchId} and product_id = ${firstProduct.id}`);
    const panel = await openPurchased();
    await panel.locator('.ant-table-row', { hasText: 'En proceso' }).getByRole('button', { name: 'Finalizar sesión' }).click();
    const modal = page.getByRole('dialog', { name: /Finalizar sesión/ });
    const message = `No hay lotes con existencia de «${firstProduct.name}» en la sucursal Tijuana: registre una entrada de inventario o pida un traspaso`;
    await expect.poll(() => modal.getByText(message).first().isVisible()).toBe(true);
    await shot('purchased-finish-no-lot');
  });

  it('names the missing supply in the appointment finish form too', async () => {
    const gerente = server.t.as((await server.t.signIn('gerente@demo.mx')).token);
    const date = futureDate(20);
    const booked = await gerente({
      method: 'POST',
      url: '/v1/appointment/create',
      payload: medicalBooking(f, customerId, date, { appointmentOption: 'purchasedProducts', purchasedProductId: inProcessId, treatmentId: null }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await gerente({ method: 'PATCH', url: `/v1/appointment/${booked.json().id}/set-on-process` });
    await page.goto(`${server.url}/dashboard/agenda/${booked.json().id}`);
    await choose(page.getByLabel('Cambiar estatus', { exact: true }), 'Terminada');
    const modal = page.getByRole('dialog', { name: /Terminar cita/ });
    const message = `No hay lotes con existencia de «${firstProduct.name}» en la sucursal Tijuana: registre una entrada de inventario o pida un traspaso`;
    await expect.poll(() => modal.getByText(message).first().isVisible()).toBe(true);
    await settled(page);
    await shot('appointment-finish-no-lot');
  });
});

import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinDayHours, hhmm } from '../../src/domain/appointment-rules';
import { weekDay } from '../../src/domain/agenda';
import { demoId } from '../../src/server/db/demo/random';
import { futureDate } from '../../src/server/modules/appointments/fixtures';
import { putIntoLot } from '../../src/server/modules/inventory';
import { queryRows } from '../../src/server/testing/harness';
import { chooseOption, confirmDialog, launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * The whole life of one lot, in the browser where a screen exists: bought and received at the distribution centre,
 * sent to a clinic on a restock order, moved to another clinic on a transfer, applied to a patient in an appointment,
 * and traced back from the stock screen to that patient.
 */

let server: E2EServer;
let browser: Browser;
const LOT = `E2E-PATH-${Date.now().toString(36).toUpperCase()}`;
const INVOICE = 'FAC-E2E-PATH';
const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const PATIENT = { name: 'Renata', lastName: 'Retiro', motherLastName: 'Lote' };
const VIEW = { width: 1366, height: 768 };

let product: { id: string; sku: string; name: string; bar_code: string };
let treatment: { id: string; type_id: string };
/** Units of the product one session of the treatment takes. */
let perSession: number;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // a medical treatment with areas whose supplies include a product bought by lot, with a barcode to scan
  const [pick] = await queryRows<{ treatment_id: string; type_id: string; product_id: string; quantity: number }>(
    server.t,
    sql`select t.id as treatment_id, t.treatment_type_id as type_id, p.id as product_id, tp.quantity
        from treatments t join treatment_types tt on tt.id = t.treatment_type_id
        join treatment_products tp on tp.treatment_id = t.id
        join products p on p.id = tp.product_id join product_types pt on pt.id = p.product_type_id
        where tt.name = 'Medico' and t.active and t.deleted_at is null and exists (select 1 from treatment_areas ta where ta.treatment_id = t.id)
          and pt.requires_lot and p.active and p.deleted_at is null and p.approved_at is not null and length(p.bar_code) = 13
        order by t.sku, p.sku limit 1`,
  );
  expect(pick, 'a medical treatment using a lot-tracked product').toBeDefined();
  treatment = { id: pick!.treatment_id, type_id: pick!.type_id };
  perSession = pick!.quantity;
  [product] = (await queryRows<typeof product>(server.t, sql`select id, sku, name, bar_code from products where id = ${pick!.product_id}`)) as [typeof product];
  // the other supplies of the treatment, at the destination clinic, so the finish has a lot for each
  const others = await queryRows<{ product_id: string }>(
    server.t,
    sql`select product_id from treatment_products where treatment_id = ${treatment.id} and product_id <> ${product.id}`,
  );
  for (const o of others) {
    await putIntoLot(
      server.t.ctx.db,
      null,
      { productId: o.product_id, branchId: MEXICALI, allotment: 'E2E-PATH-AUX', expiresAt: '2031-06-30', price: null },
      10,
      { cause: 'adjustment_registration' },
    );
  }
  // the ordered quantity stays under the product's max at the clinic
  await server.t.ctx.db.execute(sql`update max_mins set max = 0, min = 0 where product_id = ${product.id} and branch_id = ${TIJUANA}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout });
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

async function rowAction(page: Page, text: string, action: string) {
  await row(page, text).getByRole('button', { name: 'Opciones' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

const lotAt = async (branchId: string) =>
  (
    await queryRows<{ id: string; quantity: number }>(
      server.t,
      sql`select id, quantity from product_stocks where product_id = ${product.id} and branch_id = ${branchId} and allotment = ${LOT} and deleted_at is null`,
    )
  )[0];

/** The Mexicali medical cabin, its first slot on a date, and a Mexicali doctor: where the lot's units are applied. */
async function mexicaliAppointment() {
  const [cabin] = await queryRows<{ id: string }>(
    server.t,
    sql`select c.id from cabins c join cabin_types ct on ct.id = c.type_id
        where c.branch_id = ${MEXICALI} and c.active and c.deleted_at is null and ct.treatment_type_id = ${treatment.type_id} order by c.name limit 1`,
  );
  const hours = (rows: { day: number; opening: string; closing: string }[]) =>
    rows.map((e) => ({ day: e.day, opening: e.opening.slice(0, 5), closing: e.closing.slice(0, 5) }));
  const branchHours = hours(
    await queryRows(server.t, sql`select day, opening, closing from branch_schedules where branch_id = ${MEXICALI} and deleted_at is null`),
  );
  const cabinHours = hours(
    await queryRows(server.t, sql`select day, opening, closing from cabin_schedules where cabin_id = ${cabin!.id} and deleted_at is null`),
  );
  let date = '';
  let open: ReturnType<typeof cabinDayHours> = null;
  for (let w = 3; !open; w++) {
    date = futureDate(w);
    open = cabinDayHours(branchHours, cabinHours, weekDay(date));
  }
  const [doctor] = await queryRows<{ id: string }>(
    server.t,
    sql`select u.id from users u join staff_files s on s.user_id = u.id and s.deleted_at is null join job_positions j on j.id = s.job_position_id
        join departments d on d.id = j.department_id where u.main_branch_id = ${MEXICALI} and u.status = 'activo' and u.deleted_at is null and d.name = 'Médica'
        order by u.username limit 1`,
  );
  return { cabinId: cabin!.id, date, startTime: hhmm(open![0]), doctorId: doctor!.id };
}

describe('the path of one lot', () => {
  it('is bought, received, restocked, transferred, applied to a patient and traced back to her', { timeout: 240_000 }, async () => {
    const restocked = perSession + 2;
    const transferred = perSession + 1;

    // 1. purchase order at the distribution centre, through the form with a GS1 scan, then received there
    const logistics = await signedInPage(browser, server.url, 'logistica@demo.mx', VIEW);
    await logistics.goto(`${server.url}/dashboard/ordenes-de-compra`);
    await logistics.getByRole('button', { name: 'Nuevo' }).click();
    await logistics.waitForURL(/\/dashboard\/ordenes-de-compra\/crear$/);
    await logistics.getByLabel('Número de factura', { exact: true }).fill(INVOICE);
    await chooseOption(logistics, 'Proveedor', 'Dermafarma');
    await chooseOption(logistics, 'Método de pago', 'Transferencia electrónica');
    await logistics.getByLabel('Fecha de llegada', { exact: true }).fill('20/11/2026');
    await logistics.getByLabel('Fecha de llegada', { exact: true }).press('Enter');
    await logistics.getByLabel('Monto', { exact: true }).fill('1000');
    await logistics.getByLabel('Escanear código', { exact: true }).fill(`(01)0${product.bar_code}(10)${LOT}(17)281200`);
    await logistics.getByLabel('Escanear código', { exact: true }).press('Enter');
    await poll(() => logistics.getByLabel('Lote 1', { exact: true }).inputValue()).toBe(LOT);
    await logistics.getByTestId('line-0').getByLabel('Cantidad').fill('10');
    await logistics.getByTestId('line-0').getByLabel('Precio unitario').fill('100');
    await logistics.getByRole('button', { name: 'Guardar' }).click();
    await confirmDialog(logistics, 'Guardar');
    await logistics.waitForURL(/\/dashboard\/ordenes-de-compra$/);
    await row(logistics, INVOICE).getByText('Pendiente').waitFor();
    await rowAction(logistics, INVOICE, 'Recibir en CEDIS');
    await confirmDialog(logistics, 'Recibir');
    await logistics.getByText('Operación exitosa').first().waitFor();
    await poll(async () => (await lotAt(demoId('branch:cedis')))?.quantity).toBe(10);

    // 2. the Tijuana branch manager asks for a restock of that product
    const manager = await signedInPage(browser, server.url, 'gerente@demo.mx', VIEW);
    await manager.goto(`${server.url}/dashboard/ordenes-de-surtido`);
    await manager.getByRole('button', { name: 'Nuevo' }).click();
    await manager.waitForURL(/\/dashboard\/ordenes-de-surtido\/crear$/);
    await chooseOption(manager, 'Tipo de orden', 'Ordinaria general');
    await manager.getByRole('button', { name: 'Agregar producto' }).click();
    await manager.getByLabel('Producto', { exact: true }).last().click();
    await manager.getByLabel('Producto', { exact: true }).last().fill(product.sku);
    await manager.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: product.sku }).first().click();
    await manager.getByLabel('Cantidad', { exact: true }).last().fill(String(restocked));
    await manager.getByRole('button', { name: 'Guardar' }).click();
    await manager.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    const [order] = await queryRows<{ id: string; order_number: string }>(
      server.t,
      sql`select id, order_number from assortment_orders order by created_at desc limit 1`,
    );
    await poll(() => row(manager, order!.order_number).getByText('En proceso').isVisible()).toBe(true);

    // 3. logistics approves it, sending the purchased lot
    await logistics.goto(`${server.url}/dashboard/ordenes-de-surtido`);
    await rowAction(logistics, order!.order_number, 'Aprobar');
    await logistics.waitForURL(new RegExp(`/dashboard/ordenes-de-surtido/${order!.id}$`));
    await logistics.locator('.ant-select', { hasText: 'Primero en caducar' }).click();
    await logistics.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LOT }).click();
    await poll(() => logistics.getByLabel(`Cantidad a enviar de ${product.name}`).inputValue()).toBe(String(restocked));
    await logistics.getByRole('button', { name: 'Aprobar y enviar' }).click();
    await logistics.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    await poll(() => row(logistics, order!.order_number).getByText('En tránsito').isVisible()).toBe(true);

    // 4. the clinic confirms what arrived
    await manager.goto(`${server.url}/dashboard/resurtidos/${order!.id}`);
    await manager.getByLabel(`Cantidad recibida de ${product.name}`).fill(String(restocked));
    await manager.getByRole('button', { name: 'Confirmar recepción' }).click();
    await manager.waitForURL(/\/dashboard\/ordenes-de-surtido$/);
    await poll(() => row(manager, order!.order_number).getByText('Terminada').isVisible()).toBe(true);
    expect((await lotAt(TIJUANA))?.quantity).toBe(restocked);

    // 5. a transfer of that lot from Tijuana to Mexicali: created by logistics, approved by the super administrator
    // (another user than its creator), who also confirms it for Mexicali
    await logistics.goto(`${server.url}/dashboard/transferencias`);
    await logistics.getByRole('button', { name: 'Nuevo' }).click();
    await logistics.waitForURL(/\/dashboard\/transferencias\/crear$/);
    await chooseOption(logistics, 'Sucursal origen', 'Tijuana');
    await chooseOption(logistics, 'Sucursal destino', 'Mexicali');
    await logistics.getByLabel('Lote', { exact: true }).click();
    await logistics.getByLabel('Lote', { exact: true }).fill(LOT);
    await logistics.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: LOT }).first().click();
    await logistics.getByText(`Disponibles: ${restocked}`).waitFor();
    await logistics.getByLabel('Cantidad', { exact: true }).fill(String(transferred));
    await logistics.getByRole('button', { name: 'Guardar' }).click();
    await logistics.waitForURL(/\/dashboard\/transferencias$/);
    const [transfer] = await queryRows<{ id: string; transfer_number: string }>(
      server.t,
      sql`select id, transfer_number from transfers order by created_at desc limit 1`,
    );
    await row(logistics, transfer!.transfer_number).getByText('En proceso').waitFor();

    const admin = await signedInPage(browser, server.url, 'admin@demo.mx', VIEW);
    await admin.goto(`${server.url}/dashboard/transferencias`);
    await rowAction(admin, transfer!.transfer_number, 'Aprobar');
    await admin.waitForURL(/\/dashboard\/transferencias\/[0-9a-f-]{36}$/);
    await poll(() => admin.getByLabel(`Cantidad a enviar ${LOT}`).inputValue()).toBe(String(transferred));
    await admin.getByRole('button', { name: 'Aprobar' }).click();
    await admin.waitForURL(/\/dashboard\/transferencias$/);
    await row(admin, transfer!.transfer_number).getByText('En tránsito').waitFor();

    await rowAction(admin, transfer!.transfer_number, 'Editar');
    await admin.getByLabel(`Cantidad recibida ${LOT}`).fill(String(transferred));
    await admin.getByRole('button', { name: 'Confirmar recepción' }).click();
    await admin.waitForURL(/\/dashboard\/transferencias$/);
    await row(admin, transfer!.transfer_number).getByText('Terminada').waitFor();
    const arrived = await lotAt(MEXICALI);
    expect(arrived?.quantity).toBe(transferred);

    // 6. an appointment at Mexicali applies the lot's units to a patient (booked and finished through the API)
    const api = server.t.as((await server.t.signIn('admin@demo.mx')).token);
    const customer = await api({
      method: 'POST',
      url: '/v1/customer/create',
      payload: { ...PATIENT, gender: 'Femenino', birthday: '1988-03-14', mobilePhone: '6861234987' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const slot = await mexicaliAppointment();
    const booked = await api({
      method: 'POST',
      url: '/v1/appointment/create',
      payload: {
        branchId: MEXICALI,
        cabainId: slot.cabinId,
        treatmentTypeId: treatment.type_id,
        customerId: customer.json().id,
        date: slot.date,
        startTime: slot.startTime,
        appointmentMethod: 'phoneCall',
        appointmentOption: 'newTreatments',
        treatmentId: treatment.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json();
    const started = await api({ method: 'PATCH', url: `/v1/appointment/${appointment.id}/set-on-process` });
    expect(started.statusCode, started.body).toBe(200);
    const supplies = await queryRows<{ product_id: string; quantity: number }>(
      server.t,
      sql`select product_id, quantity from treatment_products where treatment_id = ${treatment.id} order by product_id`,
    );
    const aux = await queryRows<{ id: string; product_id: string }>(
      server.t,
      sql`select id, product_id from product_stocks where branch_id = ${MEXICALI} and allotment = 'E2E-PATH-AUX' and deleted_at is null`,
    );
    const units = supplies.flatMap((s) =>
      Array.from({ length: s.quantity }, () => (s.product_id === product.id ? arrived!.id : aux.find((a) => a.product_id === s.product_id)!.id)),
    );
    const [area] = await queryRows<{ area_id: string }>(server.t, sql`select area_id from treatment_areas where treatment_id = ${treatment.id} limit 1`);
    const finished = await api({
      method: 'POST',
      url: `/v1/appointment/${appointment.id}/finish`,
      payload: { attendedById: slot.doctorId, sessions: 1, sessionAreas: [area!.area_id], treatmentProducts: units, consent: true },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await lotAt(MEXICALI))?.quantity).toBe(transferred - perSession);

    // 7. from the stock screen, the lot's trace names the patient who received it
    await admin.goto(`${server.url}/dashboard/inventario`);
    await admin.getByLabel('Campo de búsqueda').click();
    await admin.locator('.ant-select-dropdown:visible').getByTitle('SKU', { exact: true }).click();
    await admin.getByLabel('Buscar', { exact: true }).fill(product.sku);
    await admin.getByLabel('Buscar', { exact: true }).press('Enter');
    const mexicaliRow = admin.locator('.ant-table-row', { hasText: product.sku }).filter({ has: admin.locator('td:nth-child(4)', { hasText: /^Mexicali$/ }) });
    await mexicaliRow.locator('.link-cell').click();
    const details = admin.locator('.ant-modal', { has: admin.locator('.ant-modal-title', { hasText: 'Detalle de inventario' }) });
    const lotRow = details.locator('.ant-table-row', { hasText: LOT });
    await lotRow.waitFor();
    await settled(admin);
    await lotRow.getByRole('button', { name: 'Ver origen y pacientes' }).click();
    const trace = admin.locator('.ant-modal', { has: admin.locator('.ant-modal-title', { hasText: 'Trazabilidad del lote' }) });
    await trace.waitFor();
    // where it came from and where it went
    for (const doc of [order!.order_number, transfer!.transfer_number, appointment.appointmentNumber]) {
      await trace.getByText(doc).first().waitFor();
    }
    // the recall list names the patient, her phone, the clinic and the units
    const recalled = trace.locator('.ant-table-row', { hasText: PATIENT.name });
    await recalled.waitFor();
    const text = await recalled.innerText();
    expect(text).toContain(`${PATIENT.name} ${PATIENT.lastName}`);
    expect(text).toContain('Mexicali');
    expect(text).toContain(String(perSession));
    await settled(admin);
    await admin.screenshot({ path: '/tmp/hinve2e-path-trace.png' });

    for (const p of [logistics, manager, admin]) await p.context().close();
  });
});

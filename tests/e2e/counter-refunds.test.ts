import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { queryRows } from '../../src/server/testing/harness';
import { insertAppointment } from '../../src/server/testing/appointments';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * Issue 28 at the counter: a sale paid in cash with change and by debit card goes back split as the user chooses, and
 * a package's refund lists its booked session first and cancels it ('Venta devuelta'). The sales are made through the
 * API as the point of sale makes them; the refunds are clicked in the sales list.
 */

let server: E2EServer;
let browser: Browser;
let desk: Page;
const TIJUANA = demoId('branch:tijuana');
const PASSWORD = 'Demo2026!';
const SHOTS = process.env.SCREENSHOT_DIR;
let seq = 0;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(server.t, q);
const shot = async (name: string) => {
  if (SHOTS) await desk.screenshot({ path: `${SHOTS}/${name}.png` });
};
const tableRow = (text: string) => desk.locator('.ant-table-row', { hasText: text });

async function sell(url: string, payload: Record<string, unknown>): Promise<{ id: string; orderNumber: string; total: number; change: number }> {
  const recepcion = server.t.as((await server.t.signIn('recepcion.tijuana@demo.mx')).token);
  const res = await recepcion({
    method: 'POST',
    url,
    payload: { branchId: TIJUANA, ...payload },
    headers: { 'idempotency-key': `e2e-devolucion-${Date.now()}-${++seq}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Opens the refund dialog of a sale from the treatments and packages list of its day. */
async function openRefund(orderNumber: string, day: string) {
  await desk.goto(`${server.url}/dashboard/ventas-sucursal-producto?startDate=${day}&endDate=${day}`);
  await tableRow(orderNumber).waitFor();
  await tableRow(orderNumber).getByRole('button', { name: 'Opciones' }).click();
  await desk.locator('.ant-dropdown:visible').getByText('Devolver', { exact: true }).click();
  const modal = desk.locator('.ant-modal', { hasText: `Devolver venta ${orderNumber}` });
  await modal.waitFor();
  await settled(desk);
  return modal;
}

let treatment: { id: string; price: string };
let customerId = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  desk = await signedInPage(browser, server.url, 'gerente@demo.mx', { width: 1366, height: 768 });
  [treatment] = await rows<{ id: string; price: string }>(
    sql`select id, price from treatments where active and deleted_at is null and price > 1000 order by sku limit 1`,
  );
  [{ id: customerId }] = await rows<{ id: string }>(
    sql`select id from customers where deleted_at is null and active order by customer_number limit 1 offset 3`,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('refunds at the counter', () => {
  it('gives a cash-with-change and debit sale back split as the user chooses, adding up to what was paid', async () => {
    const price = toCents(treatment.price);
    const debit = Math.round(price * 0.4);
    const cashGiven = price - debit + 7625;
    const sale = await sell('/v1/order/create', {
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [
        { method: 'Efectivo', amount: cashGiven / 100, currency: 'MXN' },
        { method: 'Tarjeta de débito', amount: debit / 100, currency: 'MXN' },
      ],
    });
    expect(toCents(sale.change)).toBe(7625);
    const [{ day }] = await rows<{ day: string }>(sql`select business_date::text as day from orders where id = ${sale.id}`);
    const modal = await openRefund(sale.orderNumber, day!);
    const cashStayed = cashGiven - 7625;
    // what each method paid, cash net of change
    await modal.getByText(`Efectivo ${formatMoney(cashStayed / 100)} · Tarjeta de débito ${formatMoney(debit / 100)}`).waitFor();
    await modal.getByLabel('Motivo de la devolución').fill('La clienta pidió la devolución');
    await modal.getByRole('radio', { name: 'Dividido' }).check();
    // the split starts as it was paid; the user moves $100 from the card to cash and then sees it does not add up
    await modal.getByLabel('Monto 2').fill(String((debit - 10000) / 100));
    await modal.getByText(`Faltan ${formatMoney(100)} para ${formatMoney(price / 100)}`).waitFor();
    await modal.getByLabel('Monto 1').fill(String((cashStayed + 10000) / 100));
    await modal.getByText(`Suma ${formatMoney(price / 100)}`).waitFor();
    await modal.getByLabel('Su contraseña').fill(PASSWORD);
    await shot('refund-split');
    await modal.getByRole('button', { name: 'Devolver' }).click();
    await desk.getByText(`Venta ${sale.orderNumber} devuelta`).waitFor();
    const back = await rows<{ method: string; amount: string }>(
      sql`select method, amount_mxn::text as amount from sale_payments where order_id = ${sale.id} and kind = 'refund' order by method`,
    );
    expect(back.map((r) => [r.method, toCents(r.amount)])).toEqual([
      ['Efectivo', -(cashStayed + 10000)],
      ['Tarjeta de débito', -(debit - 10000)],
    ]);
  });

  it("lists the package's booked session before refunding it, and the refund cancels it as 'Venta devuelta'", async () => {
    const sale = await sell('/v1/order/create', {
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 2 }],
      payments: [{ method: 'Efectivo', amount: (toCents(treatment.price) * 2) / 100, currency: 'MXN' }],
    });
    const [pp] = await rows<{ id: string }>(sql`select id from purchased_products where order_id = ${sale.id}`);
    const [cabin] = await rows<{ id: string; treatment_type_id: string; name: string }>(
      sql`select c.id, c.name, ct.treatment_type_id from cabins c join cabin_types ct on ct.id = c.type_id where c.branch_id = ${TIJUANA} and c.deleted_at is null order by c.name limit 1`,
    );
    const booked = await insertAppointment(server.t.ctx.db, {
      appointmentNumber: `CITA-E2EDEV${Date.now() % 100000}`,
      branchId: TIJUANA,
      cabin: { id: cabin!.id, treatmentTypeId: cabin!.treatment_type_id },
      customerId,
      date: '2099-03-02',
      start: '11:00',
      end: '11:30',
    });
    await rows(sql`update appointments set purchased_product_id = ${pp!.id} where id = ${booked.id}`);
    const [{ day }] = await rows<{ day: string }>(sql`select business_date::text as day from orders where id = ${sale.id}`);
    const modal = await openRefund(sale.orderNumber, day!);
    await modal.getByText('La devolución cancela esta cita agendada').waitFor();
    await modal.getByText(`${booked.appointmentNumber} · 02/03/2099 11:00`).waitFor();
    await modal.getByLabel('Motivo de la devolución').fill('Ya no tomará las sesiones');
    await modal.getByLabel('Su contraseña').fill(PASSWORD);
    await shot('refund-package-bookings');
    await modal.getByRole('button', { name: 'Devolver' }).click();
    await desk.getByText(`Venta ${sale.orderNumber} devuelta`).waitFor();
    const [after] = await rows<{ status: string; reason: string }>(sql`select a.status, c.cancellation_reason as reason from appointments a
      join appointment_cancellations c on c.appointment_id = a.id where a.id = ${booked.id}`);
    expect(after).toEqual({ status: 'cancelled', reason: 'Venta devuelta' });
  });
});

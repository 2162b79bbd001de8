import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_FLOAT } from '../../src/domain/cash-closings';
import { dateInZone } from '../../src/domain/dates';
import { periodLabel } from '../../src/domain/goals';
import { formatIsoDate } from '../../src/domain/inventory';
import { formatMoney, toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { customers } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/testing/harness';
import { putIntoLot } from '../../src/server/modules/inventory';
import { launchBrowser, settled, signedInPage } from './browser';
import { cancelBookings, liftLocks } from '../../src/server/testing/appointments';
import { startServer, type E2EServer } from './server';

/**
 * Issue 17's "done when": a receptionist sells at the counter (a package, a treatment with a coupon, points; a product
 * paid half in cash with change and half by card), books a session of the package, refunds the product from the list,
 * closes the day with a counted drawer; a manager then sees it all; a medic is refused the sales list.
 * Each browser test has a database of its own, so closing Tijuana's day here meets no other test's closing.
 */

let server: E2EServer;
let browser: Browser;
let desk: Page;
let pos: Page;
const TIJUANA = demoId('branch:tijuana');
const PASSWORD = 'Demo2026!';
const SHOTS = process.env.SALES_PATH_SHOTS;
/** Letters only, new on every run: the customer and the coupon of this run and no other. */
const RUN = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const CUSTOMER = { name: `Ruta${RUN}`, lastName: 'Ventas' };
const COUPON = `RUTA${RUN.toUpperCase()}`;
const POINTS = 50;

type Item = { id: string; sku: string; name: string; price: string };
let pkg: Item & { treatment_type_id: string };
let treatment: Item;
let product: { id: string; name: string; bar_code: string; sale_price: string };
let cabinId = '';
let customerId = '';
let customerNumber = 0;
let today = '';
let bookingDate = '';
let soldBefore = 0;
const sale = { order: '', orderTotal: 0, orderDue: 0, cashOrder: '', cashHalf: 0 };

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(server.t, q);
const money = (c: number) => formatMoney(c / 100);
const shot = async (p: Page, name: string) => {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The first Wednesday two months ahead: open at the branch and clear of the demo agenda's near days. */
function wednesdayAhead(): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 60);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Σ of the paid, not refunded sales of Tijuana this month: what the goal's progress reads. */
async function soldThisMonth(): Promise<number> {
  const month = today.slice(0, 7);
  const [r] = await rows<{ total: string }>(sql`select coalesce(sum(total), 0)::text as total from (
      select total from orders where branch_id = ${TIJUANA} and to_char(business_date, 'YYYY-MM') = ${month} and payment_status = 'paid' and refunded_at is null and deleted_at is null
      union all
      select total from cash_orders where branch_id = ${TIJUANA} and to_char(business_date, 'YYYY-MM') = ${month} and payment_status = 'paid' and refunded_at is null and deleted_at is null) s`);
  return toCents(r!.total);
}

async function seed() {
  const { t } = server;
  const [branch] = await rows<{ time_zone: string }>(sql`select time_zone from branches where id = ${TIJUANA}`);
  today = dateInZone(branch!.time_zone);
  bookingDate = wednesdayAhead();
  // a package sold at Tijuana today whose treatments can be booked in one of its cabins
  [pkg] = await rows<Item & { treatment_type_id: string }>(sql`select p.id, p.sku, p.name, p.price, t.treatment_type_id
    from packages p join package_branches pb on pb.package_id = p.id and pb.branch_id = ${TIJUANA}
    join package_treatments pt on pt.package_id = p.id and pt.deleted_at is null join treatments t on t.id = pt.treatment_id
    where p.type = 'Package' and p.active and p.deleted_at is null and not p.valid_by_time and not p.valid_by_schedule and p.price > 100
      and (cardinality(p.payment_type) = 0 or 'Efectivo' = any(p.payment_type)) and t.duration_minutes <= 60
      and exists (select 1 from cabins c join cabin_types ct on ct.id = c.type_id
        where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null and ct.treatment_type_id = t.treatment_type_id)
    order by p.sku limit 1`);
  expect(pkg).toBeTruthy();
  const [cabin] = await rows<{ id: string }>(sql`select c.id from cabins c join cabin_types ct on ct.id = c.type_id
    where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null and ct.treatment_type_id = ${pkg.treatment_type_id} order by c.name limit 1`);
  cabinId = cabin!.id;
  await cancelBookings(t, sql`cabin_id = ${cabinId} and date = ${bookingDate}`);
  await liftLocks(t, TIJUANA);

  [treatment] = await rows<Item>(sql`select id, sku, name, price from treatments where active and deleted_at is null and price > 100 order by sku limit 1`);
  [product] = await rows<typeof product>(sql`select id, name, bar_code, sale_price from products
    where active and approved_at is not null and rejected_at is null and deleted_at is null and sale_price > 50 order by sku limit 1`);
  await t.ctx.db.transaction((tx) =>
    putIntoLot(tx, null, { productId: product.id, branchId: TIJUANA, allotment: `E2E-${RUN}`, expiresAt: '2099-12-31', price: toCents(10) }, 5, {
      cause: 'adjustment_registration',
    }),
  );

  const [c] = await t.ctx.db
    .insert(customers)
    .values({
      ...CUSTOMER,
      gender: 'Femenino',
      birthday: '1991-06-06',
      mobilePhone: `66${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      registryBranchId: TIJUANA,
    })
    .returning({ id: customers.id, customerNumber: customers.customerNumber });
  customerId = c!.id;
  customerNumber = c!.customerNumber;

  const admin = t.as((await t.signIn('admin@demo.mx')).token);
  const points = await admin({ method: 'POST', url: `/v1/customer/${customerId}/points/adjust`, payload: { points: 200, reason: 'Saldo de la prueba' } });
  expect(points.statusCode, points.body).toBe(201);
  const coupon = await admin({
    method: 'POST',
    url: '/v1/coupon/create',
    payload: {
      code: COUPON,
      name: `Cupón ${RUN}`,
      description: 'Cupón de la prueba de la ruta de ventas',
      branchesIds: [TIJUANA],
      limit: 5,
      expireDate: '2099-12-31',
      type: 'Treatment',
      treatmentId: treatment.id,
      discount: 10,
    },
  });
  expect(coupon.statusCode, coupon.body).toBe(201);

  // the month's goal of Tijuana, when the demo has none
  const [year, month] = today.split('-').map(Number) as [number, number];
  const [goal] = await rows<{ id: string }>(
    sql`select id from goals where branch_id = ${TIJUANA} and year = ${year} and month = ${month} and deleted_at is null`,
  );
  if (!goal) await t.ctx.db.execute(sql`insert into goals (branch_id, year, month, goal) values (${TIJUANA}, ${year}, ${month}, '500000.00')`);
  soldBefore = await soldThisMonth();
  // embedded PostgreSQL has no autovacuum: without statistics the planner nests loops over the demo tables
  await t.ctx.db.execute(sql`analyze`);
}

beforeAll(async () => {
  server = await startServer();
  await seed();
  browser = await launchBrowser();
  desk = await signedInPage(browser, server.url, 'recepcion.tijuana@demo.mx', { height: 768 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The ticket opens in a tab of its own: it is read, then closed. */
async function ticketText(page: Page): Promise<string> {
  const ticket = await page.context().waitForEvent('page');
  await expect.poll(() => ticket.url()).toMatch(/^blob:/);
  await ticket.waitForLoadState();
  const text = await ticket.locator('body').innerText();
  await ticket.close();
  return text;
}

/** Opens a select by its label and clicks an option, then waits for its list to close. */
async function choose(page: Page, label: string, option: string | RegExp) {
  // the open list's accessible options carry the same label: the select is the combobox
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

const tableRow = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

async function rowMenu(page: Page, text: string) {
  await tableRow(page, text).getByRole('button', { name: 'Opciones' }).click();
  const menu = page.locator('.ant-dropdown:visible');
  await menu.locator('.ant-dropdown-menu-item').first().waitFor();
  return menu;
}

describe('the sales path of a day at the counter', () => {
  it('sells a package and a treatment with a coupon and points, then a product half in cash with change and half by card', async () => {
    const [tab] = await Promise.all([desk.context().waitForEvent('page'), desk.getByRole('menuitem', { name: 'Punto de venta' }).click()]);
    pos = tab;
    pos.setDefaultTimeout(10_000);
    await pos.setViewportSize({ width: 1366, height: 768 });
    await pos.getByText('TIJUANA').waitFor();

    await pos.keyboard.press('F2');
    await pos.keyboard.type(`${CUSTOMER.name} ${CUSTOMER.lastName}`);
    await pos
      .locator('.ant-select-item-option', { hasText: String(customerNumber) })
      .first()
      .click();
    await pos.getByText('Saldo 200').waitFor();
    for (const [code, name] of [
      [pkg.sku, pkg.name],
      [treatment.sku, treatment.name],
      [product.bar_code, product.name],
    ]) {
      await pos.keyboard.press('F3');
      await pos.keyboard.type(code!);
      // the lookup answers before Enter adds it: wait for the result, then see the line in the cart
      await pos.locator('.pos-result').first().waitFor();
      await pos.keyboard.press('Enter');
      await pos.locator('.pos-cart').getByText(name!).first().waitFor();
    }
    await pos.getByText('Cobro 1 de 2 · Tratamientos y paquetes').waitFor();

    await pos.keyboard.press('F4');
    await pos.keyboard.type(COUPON);
    await pos.keyboard.press('Enter');
    await pos.getByText(`${COUPON} · 10 % en ${treatment.name}`).waitFor();
    await pos.keyboard.press('F7');
    await pos.keyboard.type(String(POINTS));
    const discount = Math.round(toCents(treatment.price) / 10);
    sale.orderDue = toCents(pkg.price) + toCents(treatment.price) - discount - POINTS * 100;
    await expect.poll(() => pos.getByLabel('Total a pagar').textContent()).toBe(money(sale.orderDue));
    await pos.getByRole('button', { name: 'Completar con lo que falta' }).click();
    await shot(pos, 'path-pos-order');
    const [orderTicket] = await Promise.all([ticketText(pos), pos.keyboard.press('F9')]);
    await pos.locator('.pos-done', { hasText: 'Tratamientos y paquetes' }).waitFor();

    const [order] = await rows<{ order_number: string; total: string; points_redeemed: number; coupon_id: string | null; discount_total: string }>(
      sql`select order_number, total, points_redeemed, coupon_id, discount_total from orders where customer_id = ${customerId}`,
    );
    expect(order).toMatchObject({ points_redeemed: POINTS });
    expect(order!.coupon_id).not.toBeNull();
    expect(toCents(order!.discount_total)).toBe(discount);
    sale.order = order!.order_number;
    sale.orderTotal = toCents(order!.total);
    expect(orderTicket).toContain(sale.order);
    const sessions = await rows<{ n: number }>(sql`select count(*)::int as n from purchased_products pp join orders o on o.id = pp.order_id
      where o.order_number = ${sale.order} and pp.package_id = ${pkg.id}`);
    expect(sessions[0]!.n).toBeGreaterThan(0);

    // the product: half by card, the other half in cash handed over with $50.00 more
    await pos.getByText('Cobro · Productos').waitFor();
    const price = toCents(product.sale_price);
    sale.cashHalf = Math.floor(price / 2);
    await pos.keyboard.press('F8');
    await pos.keyboard.type(((sale.cashHalf + 5000) / 100).toFixed(2));
    await pos.getByRole('button', { name: 'Agregar pago' }).click();
    await pos.getByLabel('Monto del pago 2').fill(((price - sale.cashHalf) / 100).toFixed(2));
    await pos.getByLabel('Referencia del pago 2').fill(`AUT-${RUN}`);
    await expect.poll(() => pos.getByLabel('Cambio').textContent()).toBe('$50.00');
    await shot(pos, 'path-pos-product');
    await Promise.all([ticketText(pos), pos.keyboard.press('F9')]);
    const done = pos.locator('.pos-done', { hasText: 'Productos' });
    await done.getByText('Cambio $50.00').waitFor();
    const [cashOrder] = await rows<{ order_number: string; payment_method: string }>(
      sql`select order_number, payment_method from cash_orders where customer_id = ${customerId}`,
    );
    expect(cashOrder!.payment_method).toBe('Mixto');
    sale.cashOrder = cashOrder!.order_number;

    // printed again from the sale's line
    const [reprint] = await Promise.all([ticketText(pos), done.getByRole('button', { name: 'Ticket' }).click()]);
    expect(reprint).toContain(sale.cashOrder);
    expect(reprint).toContain(product.name);
    await pos.close();
  });

  it('books a session of the purchased package in the agenda', async () => {
    await desk.goto(`${server.url}/dashboard/agenda/crear/?cabainId=${cabinId}&date=${bookingDate}&startTime=11:00&branchId=${TIJUANA}`);
    const typeItem = desk.locator('.ant-form-item', { hasText: 'Tipo de cita' }).first();
    await expect.poll(() => typeItem.innerText()).toMatch(/Tipo de cita\s+\S/);
    await desk.getByLabel('Paciente', { exact: true }).fill(CUSTOMER.name);
    await desk
      .locator('.ant-select-dropdown:visible')
      .getByText(new RegExp(`${CUSTOMER.name} ${CUSTOMER.lastName}`))
      .click();
    await choose(desk, 'Opción', 'Tratamiento adquirido');
    await choose(desk, 'Tratamiento adquirido', sale.order);
    await shot(desk, 'path-booking');
    await desk.getByRole('button', { name: 'Agendar' }).click();
    await desk.waitForURL(/\/dashboard\/agenda\?/);
    const [booked] = await rows<{ option: string; n: number }>(sql`select a.appointment_option as option, count(*)::int as n from appointments a
      join purchased_products pp on pp.id = a.purchased_product_id join orders o on o.id = pp.order_id
      where o.order_number = ${sale.order} and a.date = ${bookingDate} group by a.appointment_option`);
    expect(booked).toEqual({ option: 'purchasedProducts', n: 1 });
  });

  it('refunds the product sale from the list with the password: a wrong one keeps the user signed in', async () => {
    await desk.goto(`${server.url}/dashboard/ventas-en-sucursal`);
    await desk.getByRole('heading', { name: 'Ventas de Producto' }).waitFor();
    await tableRow(desk, sale.cashOrder).waitFor();
    let menu = await rowMenu(desk, sale.cashOrder);
    expect(await menu.getByText('Ticket de devolución').count()).toBe(0);
    await menu.getByText('Devolver', { exact: true }).click();
    const modal = desk.locator('.ant-modal', { hasText: `Devolver venta ${sale.cashOrder}` });
    await modal.waitFor();
    await settled(desk);
    await modal.getByRole('button', { name: 'Devolver' }).click();
    await modal.getByText('El campo motivo de la devolución es requerido').waitFor();
    await modal.getByText('El campo contraseña es requerido').waitFor();
    await shot(desk, 'path-refund-empty');

    await modal.getByLabel('Motivo de la devolución').fill('El producto no era el tono que buscaba');
    await modal.getByRole('radio', { name: 'Tarjeta' }).check();
    await modal.getByLabel('Su contraseña').fill('Equivocada2026!');
    await modal.getByRole('button', { name: 'Devolver' }).click();
    await desk.getByText('La contraseña no es correcta: la devolución no se realizó').waitFor();
    await shot(desk, 'path-refund-wrong-password');
    expect(new URL(desk.url()).pathname).toBe('/dashboard/ventas-en-sucursal');
    expect(await modal.isVisible()).toBe(true);
    const [still] = await rows<{ refunded_at: Date | null }>(sql`select refunded_at from cash_orders where order_number = ${sale.cashOrder}`);
    expect(still!.refunded_at).toBeNull();

    await modal.getByLabel('Su contraseña').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Devolver' }).click();
    await desk.getByText(`Venta ${sale.cashOrder} devuelta`).waitFor();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => tableRow(desk, sale.cashOrder).textContent()).toContain('Devolución');
    menu = await rowMenu(desk, sale.cashOrder);
    await menu.getByText('Ticket de devolución', { exact: true }).waitFor();
    expect(await menu.getByText('Devolver', { exact: true }).count()).toBe(0);
    const [refundTicket] = await Promise.all([ticketText(desk), menu.getByText('Ticket de devolución', { exact: true }).click()]);
    expect(refundTicket).toContain('El producto no era el tono que buscaba');
    // the card's part back to the card, the cash part in cash
    const refunds = await rows<{ method: string; amount: string }>(sql`select p.method, p.amount from sale_payments p join cash_orders c on c.id = p.order_id
      where c.order_number = ${sale.cashOrder} and p.kind = 'refund' order by p.method`);
    const price = toCents(product.sale_price);
    expect(refunds.map((r) => [r.method, toCents(r.amount)])).toEqual([
      ['Efectivo', -sale.cashHalf],
      ['Tarjeta de débito', -(price - sale.cashHalf)],
    ]);
  });

  it('closes the day with a counted drawer and sees the difference', async () => {
    await desk.goto(`${server.url}/dashboard/corte-sucursal`);
    await desk.getByRole('heading', { name: 'Corte de sucursal' }).waitFor();
    await desk.getByRole('button', { name: 'Cerrar caja' }).click();
    await settled(desk);
    const modal = desk.locator('.ant-modal', { hasText: 'Cuente el efectivo' });
    // the drawer's float and the package's cash; the product's cash came in and went back out with its refund
    const expected = DEFAULT_OPENING_FLOAT + sale.orderDue;
    const thousands = Math.ceil(expected / 100_000);
    await modal.getByLabel('Pesos 1000', { exact: true }).fill(String(thousands));
    await modal.getByLabel('Pesos 0.5', { exact: true }).fill('1');
    const counted = thousands * 100_000 + 50;
    await expect.poll(() => modal.getByTestId('counted-MXN').textContent()).toBe(money(counted));
    await modal.getByRole('button', { name: 'Cerrar caja' }).click();
    const pesos = desk.getByTestId('drawer-result').locator('tr', { hasText: 'Pesos' });
    await pesos.waitFor();
    await shot(desk, 'path-closing');
    const cells = await pesos.locator('td').allInnerTexts();
    expect(cells.slice(1).map((c) => c.trim())).toEqual([money(expected), money(counted), money(counted - expected)]);
    await desk.getByRole('button', { name: 'Listo' }).click();
    await desk.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
  });

  it('shows a manager the sales, the closing, the commissions and the goal’s progress', async () => {
    const manager = await signedInPage(browser, server.url, 'gerente@demo.mx', { height: 768 });
    await manager.goto(`${server.url}/dashboard/ventas-sucursal-producto`);
    await manager.getByRole('heading', { name: 'Ventas en sucursal' }).waitFor();
    const orderRow = tableRow(manager, sale.order);
    await orderRow.getByText(money(sale.orderTotal)).first().waitFor();
    // the coupon is a column chosen under 'Columnas' (the list fits 1366 px without it)
    await manager.getByRole('button', { name: 'Columnas' }).click();
    await manager.getByRole('checkbox', { name: 'Cupón' }).check();
    await manager.keyboard.press('Escape');
    await orderRow.getByText(`Cupón ${RUN}`).waitFor();
    await orderRow.getByText('Venta', { exact: true }).waitFor();
    // a paid order not refunded offers its refund to who may refund
    const menu = await rowMenu(manager, sale.order);
    await menu.getByText('Devolver', { exact: true }).waitFor();
    await manager.keyboard.press('Escape');

    await manager.goto(`${server.url}/dashboard/ventas-en-sucursal`);
    await expect.poll(() => tableRow(manager, sale.cashOrder).textContent()).toContain('Devolución');

    await manager.goto(`${server.url}/dashboard/corte-sucursal`);
    await tableRow(manager, formatIsoDate(today)).filter({ hasText: 'Paola Serrano Beltrán' }).first().waitFor();

    await manager.goto(`${server.url}/dashboard/comisiones-cosmetologicas?startDate=${today}&endDate=${today}`);
    await manager.getByRole('heading', { name: 'Comisiones cosmetológicas' }).waitFor();
    const seller = tableRow(manager, 'Paola');
    await seller.locator('button.link-cell').click();
    const lines = manager.locator('.ant-modal:visible').getByTestId('cosmetic-lines');
    await expect.poll(() => lines.locator('.ant-table-row', { hasText: sale.cashOrder }).count()).toBeGreaterThan(0);
    await shot(manager, 'path-commissions');
    await manager.keyboard.press('Escape');

    const sold = await soldThisMonth();
    expect(sold).toBe(soldBefore + sale.orderTotal);
    const [year, month] = today.split('-').map(Number) as [number, number];
    await manager.goto(`${server.url}/dashboard/metas`);
    const goal = tableRow(manager, periodLabel(year, month)).filter({ hasText: 'Tijuana' });
    await goal.getByText(money(sold)).first().waitFor();
    await shot(manager, 'path-goal');
    await manager.context().close();
  });

  it('refuses the sales list to a role without sales privileges', async () => {
    const medic = await signedInPage(browser, server.url, 'medico@demo.mx', { height: 768 });
    await medic.goto(`${server.url}/dashboard/ventas-en-sucursal`);
    await medic.getByText('No tiene permisos para ver esta pantalla.').waitFor();
    expect(await medic.locator('.ant-table-row').count()).toBe(0);
    await medic.context().close();
  });
});

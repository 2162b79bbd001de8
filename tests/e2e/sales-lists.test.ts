import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money';
import { demoId } from '../../src/server/db/demo/random';
import { cashOrderDetails, cashOrders, orderDetails, orders, salePayments } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/testing/harness';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

const TIJUANA = demoId('branch:tijuana');
/** A business day no demo sale has: the lists opened on it show only this file's sales. */
const DAY = '2031-03-14';
const onDay = `startDate=${DAY}&endDate=${DAY}`;
const SHOTS = process.env.SCREENSHOT_DIR;

type SaleRow = typeof orders.$inferInsert;

async function insertSales() {
  const db = server.t.ctx.db;
  const [customer] = await queryRows<{ id: string }>(server.t, sql`select id from customers where deleted_at is null order by customer_number limit 1`);
  const [seller] = await queryRows<{ id: string }>(
    server.t,
    sql`select id from users where main_branch_id = ${TIJUANA} and status = 'activo' and deleted_at is null order by username limit 1`,
  );
  const treatments = await queryRows<{ id: string }>(server.t, sql`select id from treatments order by sku limit 4`);
  const [product] = await queryRows<{ id: string }>(server.t, sql`select id from products order by sku limit 1`);
  const head = (orderNumber: string, extra: Partial<SaleRow>): SaleRow => ({
    orderNumber,
    branchId: TIJUANA,
    customerId: customer!.id,
    sellerId: seller!.id,
    channel: 'pos',
    subtotal: toCents(100),
    total: toCents(100),
    paymentMethod: 'Efectivo',
    paymentStatus: 'paid',
    businessDate: DAY,
    createdAt: new Date(`${DAY}T18:30:00Z`),
    ...extra,
  });
  const payment = (orderKind: string, orderId: string, method: string, amount: number, kind = 'payment') => ({
    orderKind,
    orderId,
    branchId: TIJUANA,
    businessDate: DAY,
    kind,
    method,
    currency: 'MXN',
    amount: toCents(amount),
    amountMxn: toCents(amount),
  });

  const [pos] = await db
    .insert(orders)
    .values(
      head('POS-E2E-000001', {
        subtotal: toCents(1300),
        discountTotal: toCents(139.5),
        taxes: toCents(160.07),
        total: toCents(1160.5),
        points: 11,
        paymentMethod: 'Mixto',
      }),
    )
    .returning({ id: orders.id });
  // four lines: the detail shows three per page
  await db
    .insert(orderDetails)
    .values(
      treatments.map((tr, i) => ({ orderId: pos!.id, treatmentId: tr.id, quantity: 1, salePrice: toCents(i ? 200 : 560.5), price: toCents(i ? 250 : 600) })),
    );
  await db.insert(salePayments).values([payment('order', pos!.id, 'Efectivo', 500), payment('order', pos!.id, 'Tarjeta de crédito', 660.5)]);

  const [cash] = await db
    .insert(cashOrders)
    .values(
      head('CAJ-E2E-000002', {
        total: toCents(50),
        subtotal: toCents(50),
        taxes: toCents(6.9),
        refundedAt: new Date(`${DAY}T21:00:00Z`),
        refundMethod: 'Efectivo',
        refundReason: 'Producto dañado',
      }),
    )
    .returning({ id: cashOrders.id });
  await db.insert(cashOrderDetails).values({ cashOrderId: cash!.id, productId: product!.id, quantity: 1, salePrice: toCents(50), price: toCents(50) });
  await db.insert(salePayments).values([payment('cashOrder', cash!.id, 'Efectivo', 50), payment('cashOrder', cash!.id, 'Efectivo', -50, 'refund')]);

  for (const [number, channel] of [
    ['APP-E2E-000003', 'app'],
    ['WEB-E2E-000004', 'online'],
  ] as const) {
    const [o] = await db
      .insert(orders)
      .values(head(number, { channel, sellerId: null, paymentMethod: 'Tarjeta de crédito' }))
      .returning({ id: orders.id });
    await db.insert(orderDetails).values({ orderId: o!.id, treatmentId: treatments[0]!.id, quantity: 1, salePrice: toCents(100), price: toCents(100) });
    await db.insert(salePayments).values(payment('order', o!.id, 'Tarjeta de crédito', 100));
  }
}

beforeAll(async () => {
  server = await startServer();
  await insertSales();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });
const shot = async (p: Page, name: string) => {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png` });
};

async function rowMenu(text: string) {
  await row(text).getByRole('button', { name: 'Opciones' }).click();
  return page.locator('.ant-dropdown:visible');
}

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

describe('sales lists', () => {
  it('lists product sales at the branch with their totals and opens the refund ticket', async () => {
    await page.goto(`${server.url}/dashboard/ventas-en-sucursal?${onDay}`);
    await page.getByRole('heading', { name: 'Ventas de Producto' }).waitFor();
    await row('CAJ-E2E-000002').waitFor();
    await expect.poll(() => row('CAJ-E2E-000002').textContent()).toContain('Devolución');
    await expect.poll(() => page.getByTestId('list-totals').textContent()).toContain('$50.00');
    const menu = await rowMenu('CAJ-E2E-000002');
    await menu.getByText('Ticket de devolución', { exact: true }).waitFor();
    expect(await menu.getByText('Cambiar vendedor').count()).toBe(0);
    const [ticket] = await Promise.all([page.context().waitForEvent('page'), menu.getByText('Ticket de devolución', { exact: true }).click()]);
    await ticket.waitForURL(/^blob:/);
    const text = await ticket.locator('body').innerText();
    expect(text).toContain('Ticket de devolución');
    expect(text).toContain('Producto dañado');
    await ticket.close();
    await expect.poll(() => page.getByRole('button', { name: 'Ventas de tratamientos y paquetes' }).count()).toBe(1);
  });

  it('filters the branch sales, opens the detail and prints the ticket', async () => {
    await page.goto(`${server.url}/dashboard/ventas-sucursal-producto?${onDay}`);
    await page.getByRole('heading', { name: 'Ventas en sucursal' }).waitFor();
    await row('POS-E2E-000001').waitFor();
    await expect.poll(() => page.getByTestId('list-totals').textContent()).toContain('$1,160.50');
    await shot(page, 'sales-list');

    await choose('Método de pago', 'Depósito bancario');
    await page.getByText('Sin registros').waitFor();
    await choose('Método de pago', 'Tarjeta de crédito');
    await row('POS-E2E-000001').waitFor();

    await row('POS-E2E-000001').locator('button.link-cell').click();
    const modal = page.locator('.ant-modal:visible');
    await settled(page);
    await modal.getByText('Detalle de la orden').waitFor();
    await expect.poll(() => modal.getByTestId('sale-lines').locator('.ant-table-row').count()).toBe(3);
    await modal.getByTestId('sale-payments').getByText('Tarjeta de crédito').waitFor();
    await modal.getByTestId('sale-payments').getByText('$660.50').first().waitFor();
    await shot(page, 'sales-detail');

    // the receipt as an 80 mm PDF: downloaded, and e-mailed to the address on the customer's record
    const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('ticket-POS-E2E-000001.pdf');
    const info = execFileSync('pdfinfo', [await download.path()], { encoding: 'utf8' });
    expect(Number(/Page size:\s+([\d.]+) x/.exec(info)![1])).toBeCloseTo(226.8, 1);
    await server.t.ctx.db.execute(
      sql`update customers set email = 'recibo.e2e@correo.mx' where id = (select customer_id from orders where order_number = 'POS-E2E-000001')`,
    );
    await modal.getByRole('button', { name: 'Enviar por correo' }).click();
    await page.getByText('Ticket enviado a re•••@correo.mx').waitFor();
    const mail = server.t.outbox.at(-1)!;
    expect(mail.to).toBe('recibo.e2e@correo.mx');
    expect(mail.attachments?.[0]?.filename).toBe('ticket-POS-E2E-000001.pdf');
    await modal.getByTestId('sale-lines').locator('.ant-pagination-item-2').click();
    await expect.poll(() => modal.getByTestId('sale-lines').locator('.ant-table-row').count()).toBe(1);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    const menu = await rowMenu('POS-E2E-000001');
    const [ticket] = await Promise.all([page.context().waitForEvent('page'), menu.getByText('Ticket', { exact: true }).click()]);
    await ticket.setViewportSize({ width: 1366, height: 768 });
    await ticket.waitForURL(/^blob:/);
    const text = await ticket.locator('body').innerText();
    for (const part of ['POS-E2E-000001', 'Ticket de venta', '$1,160.50', 'Tarjeta de crédito', 'Puntos ganados: 11', 'RFC']) expect(text).toContain(part);
    await shot(ticket, 'sales-ticket');
    await ticket.close();
  });

  it('lists app and online sales without a ticket', async () => {
    for (const [path, title, number] of [
      ['ventas-en-app', 'Ventas en app', 'APP-E2E-000003'],
      ['ventas-en-linea', 'Ventas en línea', 'WEB-E2E-000004'],
    ] as const) {
      await page.goto(`${server.url}/dashboard/${path}?${onDay}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await row(number).waitFor();
      expect(await row('POS-E2E-000001').count()).toBe(0);
      // an unrefunded app or online sale offers its refund and no ticket
      const menu = await rowMenu(number);
      await menu.getByText('Devolver', { exact: true }).waitFor();
      expect(await menu.getByText('Ticket', { exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
    }
  });
});

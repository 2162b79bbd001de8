import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatMoney } from '../../../../domain/money';
import { saleListMessages } from '../../../../domain/sale-lists.contract';
import { demoId } from '../../../db/demo/random';
import { queryRows, type Caller, useTestApp } from '../../../testing/harness';
import { readPdfBack } from '../../../testing/pdf';

const { t, admin, gerente, cosmetologa } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', cosmetologa: 'cosmetologa@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const ADDRESS = 'ticket.prueba@correo.mx';

interface Sale {
  id: string;
  order_number: string;
  total: string;
  customer_id: string | null;
}
/** A sale of the demo at the branch, sold at the counter: with or without a customer, refunded or not. */
const posSale = async (table: 'orders' | 'cash_orders', branchId: string, opts: { customer: boolean; refunded: boolean }) => {
  const [row] = await queryRows<Sale>(
    t,
    sql`select id, order_number, total, customer_id from ${sql.raw(table)} where channel = 'pos' and branch_id = ${branchId}
      and customer_id is ${sql.raw(opts.customer ? 'not null' : 'null')} and refunded_at is ${sql.raw(opts.refunded ? 'not null' : 'null')}
      order by created_at desc limit 1`,
  );
  if (!row) throw new Error(`La demo no tiene una venta ${table} así en ${branchId}`);
  return row;
};

let sale: Sale;
let refunded: Sale;
let publicSale: Sale;
let mexicali: Sale;

beforeAll(async () => {
  sale = await posSale('orders', TIJUANA, { customer: true, refunded: false });
  refunded = await posSale('cash_orders', TIJUANA, { customer: true, refunded: true });
  publicSale = await posSale('cash_orders', TIJUANA, { customer: false, refunded: false });
  mexicali = await posSale('orders', MEXICALI, { customer: true, refunded: false });
  await t.ctx.db.execute(sql`update customers set email = ${ADDRESS} where id = ${sale.customer_id}`);
});

const get = (caller: Caller, url: string) => caller({ method: 'GET', url });
const post = (caller: Caller, url: string) => caller({ method: 'POST', url });

const readBack = readPdfBack;

describe('the printed ticket', () => {
  it('asks Chromium for 80 mm paper with a length it takes, and loads its print script from the same origin', async () => {
    for (const url of [`/v1/order/${sale.id}/ticket`, `/v1/cash-order/${refunded.id}/ticket/refund`]) {
      const res = await get(gerente, url);
      expect(res.statusCode, res.body).toBe(200);
      // Chromium drops `size: 80mm auto` and prints Letter
      expect(res.body).toContain('@page{size:80mm 297mm;margin:3mm}');
      expect(res.body).not.toMatch(/size:\s*80mm auto/);
      expect(res.body).toContain('<script src="/v1/ticket/print.js" defer></script>');
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(res.body).toContain('<main class="ticket">');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves the print script without a token: it sizes the page, prints on load and closes the tab after printing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/ticket/print.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    for (const step of ["'@page{size:80mm '", "addEventListener('load'", 'window.print()', "addEventListener('afterprint'", 'window.close()'])
      expect(res.body).toContain(step);
  });
});

describe('GET /v1/{order|cash-order}/{id}/ticket.pdf', () => {
  it('answers the ticket as a PDF one roll wide (80 mm) and as long as the ticket', async () => {
    const res = await get(gerente, `/v1/order/${sale.id}/ticket.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ticket-${sale.order_number}.pdf"`);
    const pdf = readBack(res.rawPayload);
    expect(pdf.width).toBeCloseTo(226.8, 1);
    expect(pdf.pages).toBe(1);
    expect(pdf.height).toBeGreaterThan(200);
    expect(pdf.height).toBeLessThan(1200);
    for (const text of ['Ticket de venta', sale.order_number, 'Total', formatMoney(sale.total), 'Pagos', 'Cambio', 'Gracias por su preferencia'])
      expect(pdf.text, text).toContain(text);
  });

  it('answers the refund ticket of a refunded sale', async () => {
    const res = await get(admin, `/v1/cash-order/${refunded.id}/ticket/refund.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = readBack(res.rawPayload);
    expect(pdf.width).toBeCloseTo(226.8, 1);
    for (const text of ['Ticket de devolución', refunded.order_number, 'Importes devueltos', 'Total devuelto', 'Motivo:'])
      expect(pdf.text, text).toContain(text);
  });

  it('keeps the ticket rules: view privilege, the branch, a refund ticket only for a refunded sale', async () => {
    expect((await get(cosmetologa, `/v1/order/${sale.id}/ticket.pdf`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/order/${sale.id}/ticket.pdf` })).statusCode).toBe(401);
    expect((await get(gerente, `/v1/order/${mexicali.id}/ticket.pdf`)).statusCode).toBe(403);
    const unrefunded = await get(admin, `/v1/order/${sale.id}/ticket/refund.pdf`);
    expect(unrefunded.statusCode).toBe(409);
    expect(unrefunded.json().message).toBe(saleListMessages.notRefunded);
    expect((await get(admin, `/v1/cash-order/${sale.id}/ticket.pdf`)).statusCode).toBe(404);
  });
});

describe('POST /v1/{order|cash-order}/{id}/ticket/email', () => {
  it("sends the ticket's PDF to the address on the customer's record", async () => {
    const before = t.outbox.length;
    const res = await post(gerente, `/v1/order/${sale.id}/ticket/email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Ticket enviado a ti•••@correo.mx', sentTo: 'ti•••@correo.mx' });
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(ADDRESS);
    expect(mail.subject).toMatch(new RegExp(`^Ticket de compra ${sale.order_number} · `));
    expect(mail.text).toContain(sale.order_number);
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments!;
    expect(attached).toMatchObject({ filename: `ticket-${sale.order_number}.pdf`, contentType: 'application/pdf' });
    const pdf = readBack(attached!.content);
    expect(pdf.width).toBeCloseTo(226.8, 1);
    expect(pdf.text).toContain(sale.order_number);
  });

  it('answers 503 with a Spanish message when the mail server fails, never 500', async () => {
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:587'));
    try {
      const res = await post(gerente, `/v1/order/${sale.id}/ticket/email`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'MAIL_UNAVAILABLE',
        message: 'No se pudo enviar el correo: el servidor de correo no respondió; intente de nuevo más tarde',
      });
    } finally {
      t.ctx.mailer.send = send;
    }
  });

  it('refuses with 409 and says why when there is no address: a customer without e-mail, a public sale', async () => {
    const before = t.outbox.length;
    await t.ctx.db.execute(sql`update customers set email = null where id = ${refunded.customer_id}`);
    const none = await post(admin, `/v1/cash-order/${refunded.id}/ticket/refund/email`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'CUSTOMER_WITHOUT_EMAIL', message: saleListMessages.emailMissing });
    const anonymous = await post(admin, `/v1/cash-order/${publicSale.id}/ticket/email`);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json()).toMatchObject({ code: 'CUSTOMER_WITHOUT_EMAIL', message: saleListMessages.emailWithoutCustomer });
    expect(t.outbox).toHaveLength(before);
  });

  it('sends the refund ticket once the customer has an address', async () => {
    await t.ctx.db.execute(sql`update customers set email = 'devolucion@correo.mx' where id = ${refunded.customer_id}`);
    const res = await post(admin, `/v1/cash-order/${refunded.id}/ticket/refund/email`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('devolucion@correo.mx');
    expect(mail.subject).toMatch(new RegExp(`^Comprobante de devolución ${refunded.order_number}`));
    expect(mail.attachments![0]!.filename).toBe(`devolucion-${refunded.order_number}.pdf`);
    expect(readBack(mail.attachments![0]!.content).text).toContain('Ticket de devolución');
  });

  it('needs sales.view and the sale’s branch, and sends nothing otherwise', async () => {
    const before = t.outbox.length;
    expect((await post(cosmetologa, `/v1/order/${sale.id}/ticket/email`)).statusCode).toBe(403);
    expect((await post(gerente, `/v1/order/${mexicali.id}/ticket/email`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/v1/order/${sale.id}/ticket/email` })).statusCode).toBe(401);
    expect(t.outbox).toHaveLength(before);
  });
});

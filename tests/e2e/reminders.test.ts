import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/domain/dates';
import { customers } from '../../src/server/db/schema';
import { demoId } from '../../src/server/db/demo/random';
import { sendDueReminders } from '../../src/server/modules/reminders';
import { insertAppointment } from '../../src/server/testing/appointments';
import { agendaCabins } from './agenda-cabins';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

/**
 * The reminder from end to end (issue 30): the job runs at the eve of an appointment in 2031 (a day the demo never
 * reaches: nothing depends on today's date), the e-mail is read from the outbox, its confirm link is opened in a
 * browser without a session, and the receptionist's card then shows the confirmation and the reminder.
 */
let server: E2EServer;
let browser: Browser;
let reception: Page;

const TIJUANA = demoId('branch:tijuana');
const DAY = '2031-06-11';
const EMAIL = 'recordatorio.e2e@correo.mx';
const SHOTS = process.env.REMINDER_SHOTS;

beforeAll(async () => {
  server = await startServer();
  // the links in the e-mail point at this test server
  server.t.ctx.config.publicUrl = server.url;
  const db = server.t.ctx.db;
  const [cabin] = await agendaCabins(db, TIJUANA);
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.deletedAt} is null and ${customers.active}`)
    .limit(1);
  await db.update(customers).set({ email: EMAIL, mobilePhone: '6641234567' }).where(eq(customers.id, customer!.id));
  await insertAppointment(db, {
    appointmentNumber: 'CITA-E2ER01',
    branchId: TIJUANA,
    cabin: cabin!,
    customerId: customer!.id,
    date: DAY,
    start: '10:00',
    end: '10:30',
  });
  browser = await launchBrowser();
  reception = await signedInPage(browser, server.url, 'recepcion.tijuana@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('appointment reminder', () => {
  it('mails the reminder with its .ics; its link confirms in the browser; the card shows it', async () => {
    await sendDueReminders(server.t.ctx, zonedInstant('America/Tijuana', '2031-06-10', 10 * 60));
    const mails = server.t.outbox.filter((m) => m.to === EMAIL);
    expect(mails).toHaveLength(1);
    const ics = mails[0]!.attachments!.find((a) => a.filename === 'cita.ics')!.content.toString();
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART:20310611T170000Z');
    const link = /Confirme su asistencia: (\S+)/.exec(mails[0]!.text)![1]!;
    expect(link.startsWith(`${server.url}/v1/reminder/`)).toBe(true);

    // the patient: no session, a phone-sized window
    const patient = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const answer = await patient.goto(link);
    expect(answer?.status()).toBe(200);
    await patient.getByRole('heading', { name: '¡Cita confirmada!' }).waitFor();
    expect(await patient.locator('main').innerText()).toContain('Fecha: 11/06/2031');
    if (SHOTS) await patient.screenshot({ path: `${SHOTS}/reminder-confirmed-page.png` });
    await patient.context().close();

    await reception.goto(`${server.url}/dashboard/agenda?date=${DAY}`);
    const card = reception.locator('.agenda-card', { hasText: 'CITA-E2ER01' });
    await card.waitFor();
    await card.getByLabel('Confirmada').waitFor();
    await card.click();
    const panel = reception.locator('.ant-popover:visible').getByTestId('reminder-panel');
    await panel.waitFor();
    await expect.poll(() => panel.innerText()).toContain('Recordatorio: Enviado el 10/06/2031 10:00');
    expect(await panel.innerText()).toContain('Confirmó por el enlace del correo el');
    expect(await reception.locator('.ant-popover:visible').innerText()).toContain('Correo');
    await panel.getByRole('button', { name: 'Enviar por WhatsApp' }).waitFor();
    if (SHOTS) await reception.screenshot({ path: `${SHOTS}/reminder-quick-view.png` });
  });

  it('offers the reminder hour on the branch form', async () => {
    const admin = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
    await admin.goto(`${server.url}/dashboard/sucursales/${TIJUANA}`);
    const hour = admin.getByRole('combobox', { name: 'Hora de recordatorios' });
    await hour.waitFor();
    expect(await admin.locator('.ant-select', { has: hour }).innerText()).toContain('10:00');
    if (SHOTS) {
      await hour.scrollIntoViewIfNeeded();
      await admin.screenshot({ path: `${SHOTS}/reminder-branch-form.png` });
    }
    await admin.context().close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { launchBrowser, settled, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const SHOTS = process.env.SHOTS_DIR;
const TIJUANA = demoId('branch:tijuana');
const CABIN = demoId('cabin:tijuana:1');
let cabinName: string;

/** A day three weeks ahead in Tijuana, as YYYY-MM-DD. */
const ahead = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date(Date.now() + 21 * 86400_000));

beforeAll(async () => {
  server = await startServer();
  const admin = server.t.as((await server.t.signIn('admin@demo.mx')).token);
  const lock = await admin({
    method: 'POST',
    url: '/v1/lock/create',
    headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    payload: { branchId: TIJUANA, cabainId: CABIN, type: 'hour', reason: 'capacitación', time: ['10:00'], date: ahead },
  });
  expect(lock.statusCode, lock.body).toBe(201);
  cabinName = (await admin({ method: 'GET', url: `/v1/cabain/${CABIN}` })).json().name;
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx', { height: 768 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Historial del sistema', () => {
  it("opens a lock's entry as 'Información del Bloqueo', in Spanish with names", async () => {
    await page.goto(`${server.url}/dashboard/historial-del-sistema`);
    const lockRow = page.locator('.ant-table-row', { hasText: 'Bloqueos' }).first();
    await expect.poll(() => lockRow.innerText()).toContain('Crear');
    await lockRow.locator('.link-cell').click();
    const modal = page.locator('.ant-modal', { hasText: 'Información del Bloqueo' });
    await expect.poll(() => modal.getByTestId('log-detail').isVisible()).toBe(true);
    await settled(page);
    const text = await modal.innerText();
    for (const expected of [
      'Información del Bloqueo',
      'Motivo',
      'capacitación',
      'Tipo',
      'Hora',
      'Cabina',
      cabinName,
      'Sucursal',
      'Tijuana',
      'Recurrente',
      'No',
      'Fecha',
      ahead.split('-').reverse().join('/'),
      'Navegador',
      'Chrome 131 en Windows',
      'Crear',
    ]) {
      expect(text).toContain(expected);
    }
    for (const raw of ['cabinId', 'branchId', 'hour', 'create', 'recurrent', CABIN, TIJUANA]) expect(text).not.toContain(raw);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/historial-bloqueo.png` });
    await modal.getByRole('button', { name: 'Close' }).or(modal.locator('.ant-modal-close')).first().click();
  });

  it("shows another module's changes with Spanish field labels", async () => {
    const admin = server.t.as((await server.t.signIn('admin@demo.mx')).token);
    const created = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Historial E2E', type: 'treatment' } });
    await admin({ method: 'PUT', url: `/v1/categories/${created.json().id}/update`, payload: { name: 'Historial E2E editada', type: 'treatment' } });
    await page.goto(`${server.url}/dashboard/historial-del-sistema`);
    const row = page.locator('.ant-table-row', { hasText: 'Categorías' }).first();
    await expect.poll(() => row.innerText()).toContain('Editar');
    await row.locator('.link-cell').click();
    const modal = page.locator('.ant-modal', { hasText: 'Cambios' });
    await expect.poll(() => modal.getByTestId('log-detail').isVisible()).toBe(true);
    await settled(page);
    const text = await modal.innerText();
    expect(text).toContain('Nombre');
    expect(text).toContain('Historial E2E editada');
    expect(text).not.toMatch(/\bname\b/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/historial-cambios.png` });
  });
});

describe('Bitácora de citas', () => {
  it('shows the changes of an appointment with Spanish labels and values', async () => {
    const admin = server.t.as((await server.t.signIn('admin@demo.mx')).token);
    const list = (await admin({ method: 'GET', url: `/v1/appointment?branchId=${TIJUANA}&status=scheduled&take=1` })).json();
    const appointment = list.items[0] as { id: string; appointmentNumber: string };
    const confirmed = await admin({ method: 'PATCH', url: `/v1/appointment/${appointment.id}/confirm`, payload: { confirmMethod: 'whatsapp' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await page.goto(`${server.url}/dashboard/bitacora`);
    const row = page.locator('.ant-table-row', { hasText: appointment.appointmentNumber }).first();
    await expect.poll(() => row.innerText()).toContain('Método de confirmación');
    await row.locator('.link-cell').click();
    const modal = page.locator('.ant-modal', { hasText: 'Cambios' });
    await expect.poll(() => modal.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await settled(page);
    const text = await modal.innerText();
    expect(text).toContain('Método de confirmación');
    expect(text).toContain('WhatsApp');
    expect(text).not.toContain('confirmMethod');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/bitacora-cambios.png` });
  });
});

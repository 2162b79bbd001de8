import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../src/server/db/demo/random';
import { chooseOption, launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let gerente: Page;
const TIJUANA = demoId('branch:tijuana');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  gerente = await signedInPage(browser, server.url, 'gerente@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('scheduled delivery from the reports hub', () => {
  it('subscribes to the report shown with its filters and lists it, then pauses it', async () => {
    await gerente.goto(`${server.url}/dashboard/reportes?reporte=daily-cash-closing&branchId=${TIJUANA}`);
    await gerente.getByTestId('report-header').waitFor();
    await gerente.getByRole('button', { name: 'Programar envío' }).click();
    const dialog = gerente.getByRole('dialog', { name: 'Programar envío' });
    await dialog.waitFor();
    await chooseOption(gerente, 'Frecuencia', 'Semanal (lunes)');
    await chooseOption(gerente, 'Hora', '08:00');
    const recipients = dialog.getByRole('combobox', { name: 'Destinatarios adicionales' });
    await recipients.fill('no-es-correo');
    await recipients.press('Enter');
    await dialog.getByRole('button', { name: 'Programar' }).click();
    await dialog.getByText('El campo destinatario debe ser un correo electrónico válido').waitFor();
    await dialog.locator('.ant-select-selection-item-remove').first().click();
    await recipients.fill('conta@clinica.mx');
    await recipients.press('Enter');
    await dialog.getByRole('button', { name: 'Programar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await gerente.getByRole('button', { name: 'Envíos programados' }).click();
    const row = gerente.getByTestId('subscriptions-table').locator('tr', { hasText: 'Cortes de caja diarios' });
    await expect.poll(() => row.textContent()).toContain('Sucursal: Tijuana');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Semanal (lunes)');
    expect(text).toContain('08:00');
    expect(text).toContain('gerente@demo.mx, conta@clinica.mx');
    expect(text).toContain('Sin envíos');
    expect(text).toContain('Activo');
    await row.getByRole('button', { name: 'Pausar' }).click();
    await expect.poll(() => row.textContent()).toContain('En pausa');
  });
});

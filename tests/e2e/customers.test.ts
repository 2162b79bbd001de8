import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption, confirmDialog, launchBrowser, signIn, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'gerente@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pick(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

/** The image arrived and decoded (a refused link leaves it broken, naturalWidth 0). */
const loaded = (img: Locator) => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

async function typeDate(label: string, value: string) {
  await page.getByLabel(label).fill(value);
  await page.getByLabel(label).press('Enter');
}

describe('customers', () => {
  it('registers an adult tutor and a minor under them, then adds a note', async () => {
    await page.goto(`${server.url}/dashboard/clientes/crear`);
    await page.locator('input#name').fill('Lorena');
    await page.locator('input#lastName').fill('Zavala');
    await pick('Género', 'Femenino');
    await typeDate('Fecha de nacimiento', '14/03/1985');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo teléfono celular es requerido para mayores de edad').isVisible()).toBe(true);
    await page.getByLabel('Teléfono celular').fill('6647771234');
    expect(await page.getByLabel('Teléfono celular').inputValue()).toBe('(664)777-1234');
    await page.getByRole('switch', { name: 'Es tutor de otros clientes' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);

    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.locator('input#name').fill('Sofía');
    await page.locator('input#lastName').fill('Zavala');
    await pick('Género', 'Femenino');
    await typeDate('Fecha de nacimiento', '02/06/2014');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('El campo tutor es requerido para menores de edad').isVisible()).toBe(true);
    await page.getByLabel('Tutor').fill('lorena zavala');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(/Lorena Zavala/)
      .click();
    await pick('Parentesco', 'Madre');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);

    // the minor's row shows the tutor's mobile phone
    const row = page.locator('.ant-table-row', { hasText: 'Sofía' }).first();
    await expect.poll(() => row.innerText()).toMatch(/\(664\)777-1234/);
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/Lorena Zavala \(Madre\)/).isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Notas' }).click();
    await dialog.getByRole('button', { name: 'Nueva nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva nota' });
    await noteModal.getByLabel('Tipo de nota').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Médica', { exact: true }).click();
    await noteModal.getByLabel('Título').fill('Alergia');
    await noteModal.getByLabel('Nota', { exact: true }).fill('Alérgica a la penicilina');
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Alérgica a la penicilina').isVisible()).toBe(true);
  });

  it('edits a customer: stored avatar, status and blacklist, desbanear, a note with a photo deleted after confirming', async () => {
    // a customer with an avatar and two cancellations, made through the API
    const admin = server.t.as((await server.t.signIn('admin@demo.mx')).token);
    const created = await admin({
      method: 'POST',
      url: '/v1/customer/create',
      payload: { name: 'Valeria', lastName: 'Quintanar', gender: 'Femenino', birthday: '1988-09-17', mobilePhone: '6649002001' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json() as { id: string };
    const boundary = '----avatar';
    const avatar = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cara.png"\r\nContent-Type: image/png\r\n\r\n`),
      await png('#d9a78a'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(
      (
        await admin({
          method: 'POST',
          url: `/v1/customer/${c.id}/photo`,
          payload: avatar,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        })
      ).statusCode,
    ).toBe(200);
    await server.t.ctx.db.execute(sql`update customers set cancellations = 2 where id = ${c.id}`);

    // the edit form shows the stored avatar and saves the toggles
    await page.goto(`${server.url}/dashboard/clientes/${c.id}`);
    await expect.poll(() => page.locator('input#name').inputValue()).toBe('Valeria');
    // patient photos open only through signed links, which the page shows as the API gave them
    await expect
      .poll(() => page.locator('.ant-upload-list img').first().getAttribute('src'))
      .toMatch(/^\/v1\/files\/customers\/thumbnail\/.+\.png\?exp=\d+&sig=/);
    await expect.poll(() => loaded(page.locator('.ant-upload-list img').first())).toBe(true);
    expect(await page.getByRole('switch', { name: 'Activo' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('switch', { name: 'Activo' }).click();
    await page.getByRole('switch', { name: 'Lista negra' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);
    const saved = (await admin({ method: 'GET', url: `/v1/customer/${c.id}` })).json();
    expect(saved).toMatchObject({ status: false, blackList: true, cancellations: 2, photo: { name: expect.stringMatching(/\.png$/) } });

    // 'Desbanear' clears the cancellations after the confirmation
    await page.goto(`${server.url}/dashboard/clientes?sf=name&sv=valeria%20quintanar`);
    const row = page.locator('.ant-table-row', { hasText: 'QUINTANAR' }).first();
    await expect.poll(() => row.innerText()).toMatch(/Lista negra/);
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog').first();
    const shown = dialog.locator('.ant-avatar img').first();
    await expect.poll(() => shown.getAttribute('src')).toMatch(/^\/v1\/files\/customers\/thumbnail\/.+\.png\?exp=\d+&sig=/);
    await expect.poll(() => loaded(shown)).toBe(true);
    const cancellations = dialog.locator('.ant-statistic', { hasText: 'Cancelaciones' }).locator('.ant-statistic-content-value');
    await expect.poll(() => cancellations.innerText()).toBe('2');
    await dialog.getByRole('button', { name: 'Desbanear' }).click();
    const confirmUnban = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirmUnban.innerText()).toMatch(/Se borrarán sus 2 cancelaciones/);
    await confirmDialog(page, 'Desbanear');
    await expect.poll(() => cancellations.innerText()).toBe('0');
    expect(await dialog.getByRole('button', { name: 'Desbanear' }).count()).toBe(0);

    // a note with a photo; a photo picked and then cancelled is not kept
    await dialog.getByRole('tab', { name: 'Notas' }).click();
    await dialog.getByRole('button', { name: 'Nueva nota' }).click();
    const noteModal = page.getByRole('dialog', { name: 'Nueva nota' });
    await noteModal.locator('input[type=file]').setInputFiles({ name: 'descartada.png', mimeType: 'image/png', buffer: await png('#88aacc') });
    await expect.poll(() => noteModal.locator('.ant-upload-list-item').count()).toBe(1);
    await noteModal.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => noteModal.isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Nueva nota' }).click();
    await expect.poll(() => noteModal.isVisible()).toBe(true);
    expect(await noteModal.locator('.ant-upload-list-item').count()).toBe(0);
    await noteModal.getByLabel('Tipo de nota').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Cosmetológica', { exact: true }).click();
    await noteModal.getByLabel('Título').fill('Zona tratada');
    await noteModal.getByLabel('Nota', { exact: true }).fill('Enrojecimiento leve tras la sesión');
    await noteModal.locator('input[type=file]').setInputFiles({ name: 'zona.png', mimeType: 'image/png', buffer: await png('#c05090') });
    await expect.poll(() => noteModal.locator('.ant-upload-list-item').count()).toBe(1);
    await noteModal.getByRole('button', { name: 'Guardar' }).click();
    const noteRow = dialog.locator('.ant-table-row', { hasText: 'Enrojecimiento leve tras la sesión' });
    await expect.poll(() => noteRow.locator('img').first().getAttribute('src')).toMatch(/^\/v1\/files\/notes\/thumbnail\/.+\.png\?exp=\d+&sig=/);
    await expect.poll(() => loaded(noteRow.locator('img').first())).toBe(true);
    // the preview opens the photo itself, through its own link
    await noteRow.locator('img').first().click();
    const preview = page.locator('.ant-image-preview-img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/v1\/files\/notes\/[0-9a-f-]+\.png\?exp=\d+&sig=/);
    await expect.poll(() => loaded(preview)).toBe(true);
    await page.locator('.ant-image-preview-close').click();
    await expect.poll(() => preview.count()).toBe(0);

    // deleting asks first
    await noteRow.getByRole('button', { name: 'Eliminar nota' }).click();
    const confirmDelete = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirmDelete.innerText()).toMatch(/¿Eliminar la nota "Zona tratada"\?/);
    await confirmDialog(page, 'Eliminar');
    await expect.poll(() => noteRow.count()).toBe(0);
    await expect.poll(() => dialog.getByText('Sin notas').isVisible()).toBe(true);
  });

  it("books a customer from the list: 'Agendar' opens the booking form with the customer chosen", async () => {
    await page.goto(`${server.url}/dashboard/clientes`);
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    const name = (await row.locator('td').nth(1).innerText()).trim();
    await row.getByRole('button', { name: 'Opciones' }).click();
    const book = page.getByRole('menuitem', { name: 'Agendar' });
    await book.waitFor({ state: 'visible' });
    await book.click();
    await page.waitForURL(/\/dashboard\/agenda\/crear\?customerId=[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('form .ant-form-item', { hasText: 'Paciente' }).first().innerText()).toContain(name.split(' ')[0]!);
  });

  it("registers a walk-in from the booking form ('Paciente nuevo'): her name is typed once and she is the patient", async () => {
    await page.goto(`${server.url}/dashboard/agenda/crear`);
    await page.getByRole('button', { name: 'Paciente nuevo' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Cliente nuevo' });
    await modal.getByLabel('Nombre', { exact: true }).fill('Yolanda');
    await modal.getByLabel('Apellido paterno').fill('Mostrador');
    await modal.getByLabel('Género').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Femenino', { exact: true }).click();
    await modal.getByLabel('Fecha de nacimiento').fill('1991-03-14');
    await modal.getByLabel('Teléfono celular').fill('6641239876');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('form .ant-form-item', { hasText: 'Paciente' }).first().innerText()).toContain('Yolanda Mostrador');
    const saved = await server.t.ctx.db.execute(sql`select count(*)::int as n from customers where name = 'Yolanda' and last_name = 'Mostrador'`);
    expect((saved.rows[0] as { n: number }).n).toBe(1);
  });

  it('hides the export from a branch manager and the whole screen from logistics', async () => {
    await page.goto(`${server.url}/dashboard/clientes`);
    await page.getByTestId('total-records').waitFor();
    expect(await page.getByRole('button', { name: 'CSV' }).count()).toBe(0);
    // the branch filter needs clients.approve, which the branch manager lacks
    expect(await page.getByLabel('Sucursal', { exact: true }).count()).toBe(0);
    const other = await browser.newPage();
    await signIn(other, server.url, 'logistica@demo.mx');
    await other.goto(`${server.url}/dashboard/clientes`);
    await expect.poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await other.close();
  });

  it('filters the list by registry branch for a user with approve', async () => {
    const admin = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(admin, server.url, 'admin@demo.mx');
    await admin.goto(`${server.url}/dashboard/clientes`);
    const total = admin.getByTestId('total-records');
    await expect.poll(() => total.innerText()).toMatch(/Total de registros: [1-9]/);
    const all = await total.innerText();
    await chooseOption(admin, 'Sucursal', 'Mexicali');
    await admin.waitForURL(/branchId=/);
    await expect.poll(() => total.innerText()).not.toBe(all);
    const mexicali = (await server.t.ctx.db.execute(
      sql`select count(*)::int as n from customers c join branches b on b.id = c.registry_branch_id where b.name = 'Mexicali' and c.deleted_at is null`,
    )) as unknown as { rows: { n: number }[] };
    await expect.poll(() => total.innerText()).toMatch(new RegExp(`Total de registros: ${mexicali.rows[0].n.toLocaleString('es-MX')}$`));
    await admin.close();
  });
});

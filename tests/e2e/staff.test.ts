import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;
const shots = process.env.STAFF_SHOTS === '1';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await signedInPage(browser, server.url, 'admin@demo.mx');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const visible = (text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
const step = (key: string) => page.locator(`[data-step="${key}"]`);
const next = () => page.getByRole('button', { name: 'Siguiente', exact: true }).click();

async function fill(id: string, value: string) {
  await page.locator(`input#${id}`).fill(value);
}

async function choose(id: string, option: string) {
  await page.locator(`.ant-form-item:has(#${id}) .ant-select`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

async function typeDate(id: string, value: string) {
  await page.locator(`input#${id}`).fill(value);
  await page.locator(`input#${id}`).press('Enter');
}

describe('staff', () => {
  it('creates a staff file through the seven steps, lists it, shows it and edits it', async () => {
    await page.goto(`${server.url}/dashboard/personal/crear`);
    await step('user').waitFor();

    // Siguiente checks the step on screen only, with the domain's Spanish messages
    await next();
    await visible('El campo nombre es requerido');
    await visible('El campo foto es requerido');
    if (shots) await page.screenshot({ path: '/tmp/staff-step1.png', fullPage: true });
    expect(await step('user').isVisible()).toBe(true);

    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#3a8bd6' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: png });
    await fill('name', 'Renata');
    await fill('lastName', 'Quiroga');
    await fill('motherLastName', 'Salinas');
    await fill('username', 'renata.quiroga@demo.mx');
    await choose('roleId', 'Médico');
    await next();

    // Iniciales: the job position fixes the department; a medical position makes ISR required
    await step('initial').waitFor();
    await fill('employeeNumber', 'E2E901');
    await choose('branchId', 'Tijuana');
    await choose('workShift', 'Matutino');
    expect(await page.locator('.ant-form-item:has(#isr) label.ant-form-item-required').count()).toBe(0);
    expect(await page.locator('.ant-form-item:has(#isr) label').innerText()).toMatch(/opcional/);
    await choose('jobPositionId', 'Médico Estético');
    await expect.poll(() => page.locator('.ant-form-item:has(#departmentId)').innerText()).toContain('Médica');
    expect(await page.locator('.ant-form-item:has(#departmentId) .ant-select-disabled').count()).toBe(1);
    expect(await page.locator('.ant-form-item:has(#isr) label.ant-form-item-required').count()).toBe(1);
    expect(await page.locator('.ant-form-item:has(#isr) label').innerText()).not.toMatch(/opcional/);
    await typeDate('birthdate', '14/03/1990');
    await typeDate('admissionDate', '06/01/2025');
    await fill('phone', '6641239876');
    expect(await page.locator('input#phone').inputValue()).toBe('(664)123-9876');
    await fill('salary', '18500');
    await fill('bankAccount', '012180001234567890');
    expect(await page.locator('input#departureDate').count()).toBe(0);
    await next();
    await visible('El campo ISR es requerido para puestos médicos');
    if (shots) await page.screenshot({ path: '/tmp/staff-step2.png', fullPage: true });
    // ISR is a percentage (0 to 100)
    await fill('isr', '150');
    await next();
    await visible('El ISR es un porcentaje: debe estar entre 0 y 100');
    await fill('isr', '16');
    await next();

    // Personales: nationality defaults to Mexicana, CURP and RFC upper-cased as typed
    await step('personal').waitFor();
    expect(await page.locator('input#nationality').inputValue()).toBe('Mexicana');
    await choose('gender', 'Femenino');
    await choose('maritalStatus', 'Soltero');
    await fill('birthState', 'Baja California');
    await fill('birthCity', 'Tijuana');
    await fill('nss', '12345678901');
    await fill('curp', 'quSr900314mbcnln05');
    expect(await page.locator('input#curp').inputValue()).toBe('QUSR900314MBCNLN05');
    await fill('rfc', 'qusr900314ab1');
    await fill('ocr', '1234567890123');
    await page.locator('.ant-form-item:has(#infonavit)').getByText('No', { exact: true }).click();
    await choose('educationalDegree', 'Superior');
    await fill('profession', 'Médico cirujano');
    await fill('professionalLicense', '12345678');
    await fill('childrens', '0');
    await fill('personalEmail', 'renata.q@correo.mx');
    await choose('bloodType', 'O+');
    await fill('diseases', 'Ninguna');
    await fill('allergies', 'Ninguna');
    await fill('drugAllergies', 'Penicilina');
    await next();

    await step('address').waitFor();
    // Atrás never checks; the earlier step keeps its values
    await page.getByRole('button', { name: 'Atrás', exact: true }).click();
    expect(await page.locator('input#curp').inputValue()).toBe('QUSR900314MBCNLN05');
    await next();
    await fill('address', 'Av. Revolución 1234, Zona Centro');
    await fill('city', 'Tijuana');
    await fill('state', 'Baja California');
    await fill('addressINE', 'Av. Revolución 1234, Zona Centro');
    await fill('cityINE', 'Tijuana');
    await fill('stateINE', 'Baja California');
    await next();

    await step('contacts').waitFor();
    // a secondary contact is all or nothing
    await fill('secondaryContactName', 'Laura Quiroga');
    await next();
    await visible('El campo teléfono del contacto secundario es requerido');
    await visible('El campo parentesco del contacto secundario es requerido');
    await fill('secondaryContactName', '');
    await fill('mainContactName', 'Ernesto Quiroga');
    await fill('mainContactRelationship', 'Padre');
    await fill('mainContactPhone', '6645550101');
    await next();

    await step('references').waitFor();
    await fill('mainJobReferenceName', 'Hospital Ángeles');
    await fill('mainJobReferencePosition', 'Médico residente');
    await fill('mainJobReferenceBoss', 'Dr. Arturo Lima');
    await fill('mainJobReferencePhone', '6646860000');
    await next();

    await step('contracts').waitFor();
    expect(await page.getByRole('button', { name: 'Siguiente', exact: true }).count()).toBe(0);
    await typeDate('sign1', '06/01/2025');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard/personal`);

    // the list: contract label, status tag and the uploaded photo
    await page.getByLabel('Buscar', { exact: true }).fill('Renata Quiroga');
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    const row = page.locator('.ant-table-row', { hasText: 'E2E901' }).first();
    await expect.poll(() => row.innerText()).toMatch(/Contrato 1 \(06\/01\/2025\)/);
    expect(await row.innerText()).toMatch(/Activo/);
    expect(await row.innerText()).toMatch(/Médico Estético/);
    await expect.poll(() => row.locator('.ant-avatar img').count()).toBe(1);
    if (shots) await page.screenshot({ path: '/tmp/staff-list.png', fullPage: true });

    // the detail modal: the photo card and the seven tabs
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Renata Quiroga Salinas').isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Iniciales' }).click();
    await expect.poll(() => dialog.getByText('$18,500.00').isVisible()).toBe(true);
    expect(await dialog.getByText('16 %', { exact: true }).isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: '/tmp/staff-detail-initial.png' });
    await dialog.getByRole('tab', { name: 'Personales' }).click();
    await expect.poll(() => dialog.getByText('QUSR900314MBCNLN05').isVisible()).toBe(true);
    if (shots) await page.screenshot({ path: '/tmp/staff-detail.png' });
    await dialog
      .getByRole('button', { name: /close|cerrar/i })
      .first()
      .click();

    // edit: inactive, and signatures up to the fourth (final) contract
    await row.getByRole('button', { name: 'Opciones' }).click();
    await page.locator('.ant-dropdown:visible').getByText('Editar', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/personal\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator('input#name').inputValue()).toBe('Renata');
    await page.getByRole('switch', { name: 'Estatus' }).click();
    if (shots) await page.screenshot({ path: '/tmp/staff-edit.png', fullPage: true });
    expect(await page.getByRole('switch', { name: 'Estatus' }).getAttribute('aria-checked')).toBe('false');
    // an existing file opens on any step; a taken employee number comes back from the server
    await page.locator('.ant-steps').getByText('Iniciales', { exact: true }).click();
    await fill('employeeNumber', 'EMP001');
    await page.locator('.ant-steps').getByText('Contratos', { exact: true }).click();
    await step('contracts').waitFor();
    await typeDate('sign4', '06/01/2026');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await visible('El campo firma del contrato 3 es requerido');
    await typeDate('sign2', '06/04/2025');
    await typeDate('sign3', '06/07/2025');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await step('initial').waitFor();
    await visible('El número de empleado ya existe');
    await fill('employeeNumber', 'E2E901');
    await page.locator('.ant-steps').getByText('Contratos', { exact: true }).click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard/personal`);
    await expect.poll(() => row.innerText()).toMatch(/Final \(indefinido\)/);
    expect(await row.innerText()).toMatch(/Inactivo/);
    if (shots) {
      await page.getByRole('button', { name: 'Limpiar filtros' }).click();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: '/tmp/staff-list-all.png' });
    }
  });

  it('fits the list at 1366 px: contract and status in view, no sideways scroll', async () => {
    const wide = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(wide, server.url, 'admin@demo.mx');
    await wide.goto(`${server.url}/dashboard/personal`);
    await wide.locator('.ant-table-row').first().waitFor();
    const box = (title: string) => wide.locator('.ant-table-thead th', { hasText: title }).first().boundingBox();
    const options = (await box('Opciones'))!;
    for (const title of ['Contrato', 'Estatus', 'Usuario']) {
      const b = (await box(title))!;
      expect(b.x + b.width, title).toBeLessThanOrEqual(options.x + 1);
    }
    expect(await wide.locator('.ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(await wide.locator('.ant-table-row').first().locator('.ant-tag').isVisible()).toBe(true);
    if (shots) await wide.screenshot({ path: '/tmp/staff-list-1366.png' });
    await wide.close();
  });

  it('offers the Super Administrador role only to a Super Administrador', async () => {
    const roleTitles = async (p: Page) => {
      await p.goto(`${server.url}/dashboard/personal/crear`);
      await p.locator('[data-step="user"]').waitFor();
      await p.locator('.ant-form-item:has(#roleId) .ant-select').click();
      const titles = () => p.locator('.ant-select-dropdown:visible .ant-select-item-option').evaluateAll((items) => items.map((i) => i.getAttribute('title')));
      await expect.poll(titles).toContain('Médico');
      return titles();
    };
    expect(await roleTitles(page)).toContain('Super Administrador');
    const other = await browser.newPage();
    await signIn(other, server.url, 'operativo@demo.mx');
    const offered = await roleTitles(other);
    expect(offered).toContain('Médico');
    expect(offered).not.toContain('Super Administrador');
    await other.close();
  });

  it('keeps the screen from a user without the staff privilege', async () => {
    const other = await browser.newPage();
    await signIn(other, server.url, 'logistica@demo.mx');
    await other.goto(`${server.url}/dashboard/personal`);
    await expect.poll(() => other.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
    await other.close();
  });
});

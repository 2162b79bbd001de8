import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

async function sidebarEntries(p: Page): Promise<string[]> {
  await p.locator('.ant-layout-sider .ant-menu-title-content').first().waitFor();
  // open every group so nested entries are listed
  for (const group of await p.locator('.ant-menu-submenu-title').all()) await group.click();
  return (await p.locator('.ant-layout-sider .ant-menu-title-content').allInnerTexts()).map((t) => t.trim());
}

describe('sign-in', () => {
  it('refuses wrong credentials with the Spanish message and signs in with the right ones', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Usuario').fill('admin@demo.mx');
    await page.getByLabel('Contraseña').fill('Incorrecta2026');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => page.getByText('Usuario o contraseña incorrectos').isVisible()).toBe(true);
    await page.getByLabel('Contraseña').fill('Demo2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await page.getByTestId('header-branch').innerText()).toBe('TIJUANA');
  });

  it('sends a signed-in user from /login on to the dashboard, and unknown paths to /dashboard', async () => {
    await signIn(page, server.url, 'operativo@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias`);
    await page.getByRole('heading', { name: 'Categorías' }).waitFor();
    await page.goto(`${server.url}/login`);
    await page.waitForURL(`${server.url}/dashboard/categorias`);
    await page.goto(`${server.url}/no-existe`);
    await page.waitForURL(/\/dashboard/);
  });

  it('sends a visitor without token from the dashboard to the start page', async () => {
    await page.goto(`${server.url}/dashboard/categorias`);
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('button', { name: 'Ingresar' }).isVisible()).toBe(true);
  });

  it('remember-me keeps the username but never the password', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Usuario').fill('gerente@demo.mx');
    await page.getByLabel('Contraseña').fill('Demo2026!');
    await page.getByText('Recordarme').click();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/dashboard/);
    const stored = await page.evaluate(() => localStorage.getItem('clinica-login-recordado'));
    expect(stored).toContain('gerente@demo.mx');
    expect(stored).not.toContain('Demo2026!');
  });
});

describe('sidebar per role', () => {
  const cases: [string, string[], string[]][] = [
    ['admin@demo.mx', ['Configuraciones', 'Punto de venta', 'Roles y privilegios', 'Categorías', 'Historial del sistema'], []],
    ['logistica@demo.mx', ['Categorías', 'Historial del sistema'], ['Configuraciones', 'Roles y privilegios', 'Punto de venta']],
    ['gerente@demo.mx', ['Configuraciones', 'Punto de venta', 'Categorías'], ['Roles y privilegios', 'Historial del sistema']],
    ['medico@demo.mx', [], ['Configuraciones', 'Categorías', 'Roles y privilegios', 'Historial del sistema', 'Punto de venta']],
    ['cosmetologa@demo.mx', ['Punto de venta'], ['Configuraciones', 'Categorías', 'Roles y privilegios']],
  ];
  for (const [user, shown, hidden] of cases) {
    it(`${user} sees only what the role allows`, async () => {
      await signIn(page, server.url, user);
      const entries = await sidebarEntries(page);
      expect(entries).toContain('Registro de asistencia');
      for (const e of shown) expect(entries).toContain(e);
      for (const e of hidden) expect(entries).not.toContain(e);
    });
  }

  it('a screen opened without its privilege is refused', async () => {
    await signIn(page, server.url, 'medico@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias`);
    await expect.poll(() => page.getByText('No tiene permisos para ver esta pantalla.').isVisible()).toBe(true);
  });
});

describe('user menu and check-in', () => {
  it('records a staff check-in and refuses mismatching passwords in Cambiar Contraseña', async () => {
    await signIn(page, server.url, 'gerente@demo.mx');
    await page.getByText('Registro de asistencia').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Usuario (correo electrónico)').fill('cosmetologa@demo.mx');
    await dialog.getByLabel('Contraseña').fill('Demo2026!');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(() => page.getByText(/Asistencia registrada: Carolina Domínguez Ruiz, Tijuana/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Cambiar Contraseña').click();
    const modal = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
    await modal.getByLabel('Contraseña actual').fill('Demo2026!');
    await modal.getByLabel('Nueva contraseña').fill('Nueva2026!');
    await modal.getByLabel('Confirmar contraseña').fill('Otra2026!');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => modal.getByText('Las contraseñas no coinciden!').isVisible()).toBe(true);
  });
});

describe('breadcrumb', () => {
  it('shows segments with spaces, a UUID as Editar, and a back button past three segments', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/historial-del-sistema`);
    const crumb = page.getByTestId('breadcrumb');
    await expect.poll(() => crumb.innerText()).toMatch(/historial del sistema/i);
    expect(await page.getByRole('button', { name: 'Regresar' }).count()).toBe(0);
    const { items } = await (await fetch(`${server.url}/v1/categories`, { headers: { authorization: `Bearer ${await token(page)}` } })).json();
    await page.goto(`${server.url}/dashboard/categorias/${items[0].id}`);
    await expect.poll(() => crumb.innerText()).toMatch(/Editar/);
    expect(await crumb.innerText()).not.toContain(items[0].id);
    await page.getByRole('button', { name: 'Regresar' }).click();
    await page.waitForURL(`${server.url}/dashboard/categorias`);
  });
});

async function token(p: Page): Promise<string> {
  return p.evaluate(() => JSON.parse(localStorage.getItem('clinica-sesion') ?? '{}').state.auth.token);
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, settled, signIn } from './browser';
import { startServer, type E2EServer } from './server';

// A new deploy, a lost network, a missing record, an unknown address, a form left half-filled and the demo data:
// none of them may show a blank page, React Router's English crash page, stale rows or an empty form.

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(process.env.TMPDIR ?? '/tmp', 'resilience-shots');
mkdirSync(SHOTS, { recursive: true });
const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

const UNKNOWN_ID = '3f2c4a1e-8b7d-4c2a-9e1f-0a1b2c3d4e5f';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

const menu = (label: string) => page.locator('.ant-layout-sider .ant-menu-item').filter({ hasText: label });
const visible = (text: string | RegExp) => page.getByText(text).first().isVisible();
const englishCrash = () => page.getByText('Unexpected Application Error').count();

describe('a lazy screen that cannot be loaded', () => {
  it('after a deploy (its file is gone) offers "Hay una nueva versión" and Recargar, which brings the screen back', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.getByTestId('header-branch').waitFor();
    // every screen file requested from now on fails, as the old files do once a deploy replaced them
    await page.route('**/assets/*.js', (route) => route.abort());
    await menu('Clientes').click();
    await expect.poll(() => visible('Hay una nueva versión')).toBe(true);
    expect(await englishCrash()).toBe(0);
    const reload = page.getByRole('button', { name: 'Recargar' });
    expect(await reload.isVisible()).toBe(true);
    // the shell stays around the message: the menu still works
    expect(await menu('Agenda').isVisible()).toBe(true);
    await shot('1-new-version');

    await page.unroute('**/assets/*.js');
    await reload.click();
    await page.getByRole('heading', { name: 'Clientes' }).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard/clientes`);
  });

  it('when the shell itself cannot load, the same page stands on its own', async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Usuario').fill('admin@demo.mx');
    await page.getByLabel('Contraseña').fill('Demo2026!');
    // what the sign-in page itself loads has arrived; the shell's files, asked for after signing in, fail
    await page.waitForLoadState('networkidle');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => visible('Hay una nueva versión')).toBe(true);
    expect(await englishCrash()).toBe(0);
    expect(await page.getByRole('button', { name: 'Recargar' }).isVisible()).toBe(true);
    await shot('1b-new-version-standalone');
  });
});

describe('offline', () => {
  it('says so in a banner, shows the error instead of the previous search, and a screen that cannot load says "Sin conexión"', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/clientes`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context.setOffline(true);
    await expect.poll(() => visible(/Sin conexión:/)).toBe(true);

    // a new search that cannot reach the server: no rows of the previous list under it, the error instead
    await page.getByLabel('Buscar', { exact: true }).fill('Ramírez');
    await page.getByLabel('Buscar', { exact: true }).press('Enter');
    await expect.poll(() => page.getByTestId('list-error').isVisible()).toBe(true);
    expect(await page.getByTestId('list-error').innerText()).toMatch(/Sin conexión con el servidor/);
    expect(await rows.count()).toBe(0);
    expect(await page.getByTestId('total-records').innerText()).toBe('Total de registros: 0');
    await shot('2a-offline-list');

    // a screen whose file was never downloaded
    await menu('Usuarios').click();
    await expect.poll(() => page.getByTestId('offline-page').isVisible()).toBe(true);
    expect(await page.getByText('Sin conexión', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Recargar' }).isVisible()).toBe(true);
    expect(await englishCrash()).toBe(0);
    await shot('2b-offline-screen');

    // back online: the banner goes and the screen loads again
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    await page.getByRole('button', { name: 'Recargar' }).click();
    await page.getByRole('heading', { name: 'Personal' }).waitFor();
  });

  it('the agenda does not show the day before under the next day', async () => {
    await signIn(page, server.url, 'gerente@demo.mx');
    // a Wednesday ahead in Tijuana: the branch opens that day and the next (today may be a Sunday, when it does not)
    const today = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date())}T12:00:00Z`);
    today.setUTCDate(today.getUTCDate() + ((3 - today.getUTCDay() + 7) % 7 || 7));
    await page.goto(`${server.url}/dashboard/agenda?date=${today.toISOString().slice(0, 10)}`);
    const grid = page.getByTestId('agenda-grid');
    await grid.waitFor();
    const before = await page.locator('.agenda-date-label').innerText();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    await expect.poll(() => page.locator('.agenda-date-label').innerText()).not.toBe(before);
    await expect.poll(() => visible('Sin conexión con el servidor. Revise la red e intente de nuevo.')).toBe(true);
    expect(await grid.count()).toBe(0);
    expect(await page.getByTestId('offline-banner').isVisible()).toBe(true);
    await shot('2c-offline-agenda');

    // back online the failed day loads by itself: its grid, or the branch closed that day (today may be a Saturday); the
    // day before may show dimmed only while the next one loads
    const closed = page.getByText('La sucursal no abre este día');
    const loadedDay = async () =>
      (await page.locator('.agenda-main [aria-busy="true"]').count()) === 0 && ((await closed.isVisible()) || (await grid.isVisible()));
    await context.setOffline(false);
    await expect.poll(loadedDay, { timeout: 10_000 }).toBe(true);
    expect(await visible('Sin conexión con el servidor. Revise la red e intente de nuevo.')).toBe(false);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
  });
});

describe('a record opened by its address that does not exist', () => {
  // every route that loads a record by id
  const routes = [
    'categorias',
    'roles',
    'sucursales',
    'cabinas',
    'tipos-cabina',
    'proveedores',
    'productos',
    'tratamientos',
    'paquetes',
    'promociones',
    'cupones',
    'aparatos',
    'aparatos-sucursal',
    'clientes',
    'personal',
    'bloqueos',
    'agenda',
  ];

  it('opens a Spanish "No encontrado" page with a way back, never an empty form', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    for (const section of routes) {
      await page.goto(`${server.url}/dashboard/${section}/${UNKNOWN_ID}`);
      await expect.poll(() => page.getByTestId('record-not-found').isVisible(), { message: section }).toBe(true);
      expect(await page.getByText('No encontrado', { exact: true }).isVisible(), section).toBe(true);
      expect(await page.locator('.ant-form').count(), section).toBe(0);
      expect(await page.getByRole('button', { name: 'Guardar' }).count(), section).toBe(0);
      if (section === 'clientes') await shot('3a-record-not-found');
    }
    // an address that is not even an id
    await page.goto(`${server.url}/dashboard/productos/no-es-un-id`);
    await expect.poll(() => page.getByTestId('record-not-found').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Volver a la lista' }).click();
    await page.waitForURL(`${server.url}/dashboard/productos`);
  });

  it('a deleted customer and a deleted category are not found either', async () => {
    const { token } = await server.t.signIn('admin@demo.mx');
    const as = server.t.as(token);
    const customer = await as({
      method: 'POST',
      url: '/v1/customer/create',
      payload: { name: 'Borrada', lastName: 'Prueba', gender: 'Femenino', birthday: '1990-05-04', mobilePhone: '6641234599' },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = (customer.json() as { id: string }).id;
    expect((await as({ method: 'POST', url: `/v1/customer/${customerId}/delete` })).statusCode).toBe(200);
    const category = await as({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Categoría borrada e2e', type: 'product' } });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = (category.json() as { id: string }).id;
    expect((await as({ method: 'POST', url: `/v1/categories/${categoryId}/delete` })).statusCode).toBe(200);

    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/clientes/${customerId}`);
    await expect.poll(() => page.getByTestId('record-not-found').isVisible()).toBe(true);
    expect(await visible('Cliente no encontrado. Puede que se haya eliminado o que el enlace sea incorrecto.')).toBe(true);
    await page.goto(`${server.url}/dashboard/categorias/${categoryId}`);
    await expect.poll(() => page.getByTestId('record-not-found').isVisible()).toBe(true);
    expect(await visible(/Categoría no encontrada/)).toBe(true);
    await page.getByRole('button', { name: 'Volver a la lista' }).click();
    await page.getByRole('heading', { name: 'Categorías' }).waitFor();
  });
});

describe('an unknown address', () => {
  it('inside the dashboard shows the 404 page in the shell, with a way back', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/no-existe`);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/dashboard/no-existe`);
    expect(await visible('Página no encontrada')).toBe(true);
    expect(await menu('Agenda').isVisible()).toBe(true);
    await shot('4a-not-found-shell');
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  });

  it('signed in, an address outside the dashboard is looked up inside it', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/cualquier-cosa`);
    await page.waitForURL(`${server.url}/dashboard/cualquier-cosa`);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
  });

  it('without a session shows the 404 page on its own, with a way to the sign-in page', async () => {
    await page.goto(`${server.url}/cualquier-cosa`);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/cualquier-cosa`);
    await shot('4b-not-found-standalone');
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
  });
});

describe('leaving a form with unsaved changes', () => {
  const confirmDialog = () => page.locator('.ant-modal-confirm').filter({ hasText: '¿Salir sin guardar?' });

  it('asks first; "Seguir editando" stays, "Salir sin guardar" leaves', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias`);
    await page.getByRole('button', { name: /Nuevo$/ }).click();
    await page.waitForURL(`${server.url}/dashboard/categorias/crear`);
    await page.getByText('Nueva categoría').waitFor();
    await page.getByLabel('Nombre').fill('A medio escribir');
    await menu('Clientes').click();
    await expect.poll(() => confirmDialog().isVisible()).toBe(true);
    await settled(page);
    await page.waitForTimeout(300);
    await shot('5-unsaved-changes');
    await confirmDialog().getByRole('button', { name: 'Seguir editando' }).click();
    await expect.poll(() => confirmDialog().count()).toBe(0);
    expect(page.url()).toBe(`${server.url}/dashboard/categorias/crear`);
    expect(await page.getByLabel('Nombre').inputValue()).toBe('A medio escribir');

    // the browser's back button asks too
    await page.evaluate(() => window.history.back());
    await expect.poll(() => confirmDialog().isVisible()).toBe(true);
    await confirmDialog().getByRole('button', { name: 'Seguir editando' }).click();
    expect(page.url()).toBe(`${server.url}/dashboard/categorias/crear`);

    await menu('Clientes').click();
    await confirmDialog().getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);
  });

  it('a reload or a closed tab gets the browser’s own question', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias/crear`);
    await page.getByLabel('Nombre').fill('A medio escribir');
    const dialog = new Promise<string>((resolve) => {
      page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type())));
      setTimeout(() => resolve('none'), 10_000);
    });
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
  });

  it('an untouched form, a saved form and Cancelar leave without asking', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard/categorias/crear`);
    await page.getByLabel('Nombre').waitFor();
    await menu('Clientes').click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);

    await page.goto(`${server.url}/dashboard/categorias/crear`);
    await page.getByLabel('Nombre').fill('Guardada al salir e2e');
    await page.getByLabel('Tipo').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${server.url}/dashboard/categorias`);
    expect(await confirmDialog().count()).toBe(0);

    await page.goto(`${server.url}/dashboard/categorias/crear`);
    await page.getByLabel('Nombre').fill('Descartada');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL(`${server.url}/dashboard/categorias`);
    expect(await confirmDialog().count()).toBe(0);
  });

  it('a stored record opened and left unchanged leaves without asking, on every edit screen', async () => {
    const as = server.t.as((await server.t.signIn('admin@demo.mx')).token);
    const firstId = async (resource: string) => {
      const body = (await as({ method: 'GET', url: `/v1/${resource}` })).json() as { items: { id: string }[] } | { id: string }[];
      return (Array.isArray(body) ? body : body.items)[0].id;
    };
    const screens: [string, string][] = [
      ['categorias', 'categories'],
      ['roles', 'role'],
      ['sucursales', 'branch'],
      ['cabinas', 'cabain'],
      ['tipos-cabina', 'cabain-type'],
      ['proveedores', 'provider'],
      ['productos', 'product'],
      ['tratamientos', 'treatment'],
      ['paquetes', 'package'],
      ['cupones', 'coupon'],
      ['aparatos', 'appliance'],
      ['aparatos-sucursal', 'branch-appliance'],
      ['clientes', 'customer'],
      ['personal', 'user'],
      ['agenda', 'appointment'],
    ];
    await signIn(page, server.url, 'admin@demo.mx');
    for (const [section, resource] of screens) {
      await page.goto(`${server.url}/dashboard/${section}/${await firstId(resource)}`);
      await page.getByRole('button', { name: 'Cancelar', exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const target = section === 'clientes' ? 'Agenda' : 'Clientes';
      await menu(target).click();
      await page.waitForURL(`${server.url}/dashboard/${target === 'Agenda' ? 'agenda' : 'clientes'}`, { timeout: 5000 }).catch(() => undefined);
      expect(await confirmDialog().count(), section).toBe(0);
      expect(page.url(), section).toMatch(target === 'Agenda' ? /\/dashboard\/agenda(\?|$)/ : /\/dashboard\/clientes$/);
    }
  });

  it('a form in a modal asks too before the page changes under it', async () => {
    await signIn(page, server.url, 'admin@demo.mx');
    await page.goto(`${server.url}/dashboard`);
    await menu('Clientes').click();
    await page.waitForURL(`${server.url}/dashboard/clientes`);
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Cambiar Contraseña').click();
    const modal = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
    await modal.locator('input').first().fill('algo');
    await page.evaluate(() => window.history.back());
    await expect.poll(() => confirmDialog().isVisible()).toBe(true);
    await confirmDialog().getByRole('button', { name: 'Seguir editando' }).click();
    expect(page.url()).toBe(`${server.url}/dashboard/clientes`);
  });
});

describe('demo data', () => {
  it('every screen, sign-in included, carries the "Datos de demostración" mark while the demo accounts can sign in', async () => {
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.getByTestId('demo-data').isVisible()).toBe(true);
    expect(await page.getByTestId('demo-data').innerText()).toContain('Datos de demostración');
    await shot('6a-demo-login');
    await signIn(page, server.url, 'admin@demo.mx');
    await expect.poll(() => page.locator('.shell-header').getByTestId('demo-data').isVisible()).toBe(true);
    await page.goto(`${server.url}/dashboard/clientes`);
    await expect.poll(() => page.locator('.shell-header').getByTestId('demo-data').isVisible()).toBe(true);
    await shot('6b-demo-shell');
  });

  it('goes away once no demo account can sign in', async () => {
    await server.t.ctx.db.execute(sql`update users set status = 'inactivo' where username like '%@demo.mx'`);
    try {
      const config = page.waitForResponse((r) => r.url().endsWith('/v1/config'));
      await page.goto(`${server.url}/login`);
      await page.getByLabel('Usuario').waitFor();
      // the page is judged once the answer of /v1/config has been rendered
      expect(((await (await config).json()) as { demoData: boolean }).demoData).toBe(false);
      await page.waitForTimeout(300);
      expect(await page.getByTestId('demo-data').count()).toBe(0);
    } finally {
      await server.t.ctx.db.execute(sql`update users set status = 'activo' where username like '%@demo.mx'`);
    }
  });
});

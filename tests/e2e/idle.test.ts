import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage } from './browser';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  // a shortened idle timeout: 9 s, with the prompt 3 s before (a third: time for a busy machine to answer it)
  server = await startServer({ IDLE_TIMEOUT_MS: '9000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('idle guard and quick login', () => {
  it('signs an idle user out to /quick-login, and the PIN signs them back in', async () => {
    const page = await signedInPage(browser, server.url, 'cosmetologa@demo.mx');
    await expect.poll(() => page.getByText('¿Sigue ahí?').isVisible(), { timeout: 12_000 }).toBe(true);
    await page.waitForURL(`${server.url}/quick-login`, { timeout: 12_000 });
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('clinica-sesion') ?? '{}').state.auth);
    expect(state.token).toBeNull();
    expect(state.refresh_token).toBeTruthy();

    await page.getByLabel('PIN').fill('9999');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByText('PIN incorrecto').isVisible()).toBe(true);
    await page.getByLabel('PIN').fill('1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard/);
    expect(await page.getByTestId('header-branch').innerText()).toBe('TIJUANA');
  });

  it('the prompt keeps an active user signed in', async () => {
    const page = await signedInPage(browser, server.url, 'gerente@demo.mx');
    // clicked as soon as it shows (the click waits for it), within the prompt's 3 s
    await page.getByRole('button', { name: 'Seguir conectado' }).click({ timeout: 12_000 });
    await page.waitForTimeout(2500);
    expect(page.url()).toMatch(/\/dashboard/);
  });
});

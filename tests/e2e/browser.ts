import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in a browser context of its own, signed in as `username`: what each browser test starts from (a counter PC's 1366 wide by default). */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  opts: { width?: number; height?: number; acceptDownloads?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: opts.height ?? 900 }, acceptDownloads: opts.acceptDownloads });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signIn(page, baseUrl, username);
  return page;
}

export async function signIn(page: Page, baseUrl: string, username: string, password = 'Demo2026!', branch?: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  if (branch) {
    await page.getByLabel('Sucursal').click();
    await page.getByTitle(branch, { exact: true }).click();
  }
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Waits until antd has finished a pop-up's opening motion (a click during the zoom can land on nothing). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.ant-modal[class*="zoom-appear"], .ant-modal[class*="zoom-enter"]').length === 0);
}

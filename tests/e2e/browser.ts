import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** Presses `button` in the open confirmation once it is enabled and its opening motion is over. */
export async function confirmDialog(page: Page, button: string): Promise<void> {
  const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: button });
  await expect.poll(() => ok.isEnabled()).toBe(true);
  await settled(page);
  await ok.click();
}

/**
 * Picks an option of the select labelled `label` and waits until the select shows it. Each try opens the list
 * and clicks with a short timeout, so a list that a re-render closed, or a click that landed while the form
 * was still mounting, is simply tried again; then it waits for the list to close, so its fading copy cannot
 * take the next click.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  const select = page.locator('.ant-select', { has: combobox });
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  const shown = async () => ((await select.textContent()) ?? '').includes(option);
  await expect
    .poll(
      async () => {
        if (await shown()) return true;
        if (!(await item.isVisible())) await combobox.click({ timeout: 2_000 }).catch(() => undefined);
        await item.click({ timeout: 2_000 }).catch(() => undefined);
        return shown();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

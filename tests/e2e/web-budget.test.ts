import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type E2EServer } from './server';
import { describeScripts, kB, SIGN_IN_BUDGET_BYTES, signInScripts, type SignInScripts } from './web-budget';

let server: E2EServer;
let browser: Browser;
let signIn: SignInScripts;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  signIn = await signInScripts(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the sign-in page on a slow counter PC (npm run measure:web for the figures)', () => {
  it(`loads and preloads at most ${kB(SIGN_IN_BUDGET_BYTES)} of JavaScript, gzipped as the server sends it`, () => {
    expect(signIn.files.length).toBeGreaterThan(0);
    // every file travels compressed: an uncompressed one would count its full size
    expect(signIn.files.filter((f) => f.encoding !== 'gzip').map((f) => f.path)).toEqual([]);
    expect(signIn.total, `/login:\n${describeScripts(signIn)}`).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  });

  it("neither loads nor preloads what only other screens use: the charts, zod, antd's Table", () => {
    const names = signIn.files.map((f) => f.path);
    expect(names.filter((n) => /\/assets\/(echarts|zod|table)-/.test(n))).toEqual([]);
  });
});

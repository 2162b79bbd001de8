/**
 * What the browser downloads to open the web app:  npm run measure:web [-- --build] [-- --max-login-kb 250]
 *
 * Serves the built app (WEB_DIR, default dist/web; --build runs `vite build` into it first) with the API on a
 * fresh embedded database with the demo data, opens /login and /dashboard/agenda (signed in as admin@demo.mx)
 * in Debian's headless Chromium, each in a new context with an empty cache, and adds up the bytes on the wire.
 * «JS en la red» is what Chromium received (here brotli: it asks for it from 127.0.0.1 and over HTTPS); a browser on
 * a plain-HTTP LAN address asks for gzip only, so «JS brotli» and «JS gzip» ask the server for the same files in each.
 * Exits with 1 when /login needs more gzipped JavaScript than --max-login-kb (kB of 1000 bytes); --files lists each file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Request } from 'playwright-core';
import { createTestApp } from '../src/server/testing/harness';

const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    'max-login-kb': { type: 'string', default: '250' },
    /** Also lists each JavaScript file of each page. */
    files: { type: 'boolean', default: false },
  },
});
const webDir = path.resolve(process.env.WEB_DIR ?? 'dist/web');
const USER = 'admin@demo.mx';
const PASSWORD = 'Demo2026!';

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  /** Body bytes on the wire (compressed when the answer was). */
  wire: number;
  headers: number;
  /** Body bytes once decoded. */
  decoded: number;
}

interface Measure {
  page: string;
  transfers: Transfer[];
  /** The same JavaScript files asked for in brotli and in gzip. */
  brotliJs: number;
  gzipJs: number;
}

function kind(contentType: string, url: string): string {
  if (/javascript/.test(contentType) || /\.m?js$/.test(url)) return 'js';
  if (/css/.test(contentType)) return 'css';
  if (/json/.test(contentType)) return 'json';
  if (/html/.test(contentType)) return 'html';
  return 'other';
}

/** Records every finished request of a context: its body size on the wire (Chromium's count) and decoded. */
function record(context: BrowserContext): { done(): Promise<Transfer[]> } {
  const pending: Promise<Transfer | undefined>[] = [];
  context.on('requestfinished', (req: Request) => {
    pending.push(
      (async () => {
        const res = await req.response();
        if (!res) return undefined;
        const sizes = await req.sizes();
        const headers = await res.allHeaders();
        const decoded = res.status() === 200 ? (await res.body().catch(() => Buffer.alloc(0))).length : 0;
        return {
          url: new URL(req.url()).pathname,
          type: kind(headers['content-type'] ?? '', req.url()),
          encoding: headers['content-encoding'] ?? 'ninguna',
          wire: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
          decoded,
        };
      })(),
    );
  });
  return { done: async () => (await Promise.all(pending)).filter((t): t is Transfer => Boolean(t)) };
}

/** The raw length of a file's answer in one encoding (Node's http does not decode it). */
function encodedBytes(base: string, pathname: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        if (res.headers['content-encoding'] !== encoding) {
          res.resume();
          return reject(new Error(`${pathname} no llegó en ${encoding}`));
        }
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

async function measure(
  browser: Browser,
  base: string,
  pagePath: string,
  ready: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, storageState });
  const recorder = record(context);
  const page = await context.newPage();
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const transfers = await recorder.done();
  await context.close();
  let brotliJs = 0;
  let gzipJs = 0;
  for (const t of transfers.filter((x) => x.type === 'js')) {
    brotliJs += await encodedBytes(base, t.url, 'br');
    gzipJs += await encodedBytes(base, t.url, 'gzip');
  }
  return { page: pagePath, transfers, brotliJs, gzipJs };
}

async function signedInState(browser: Browser, base: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Usuario').fill(USER);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/dashboard/);
  const state = await context.storageState();
  await context.close();
  return state;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (list: Transfer[], pick: (t: Transfer) => number) => list.reduce((n, t) => n + pick(t), 0);

function printTable(results: Measure[]): void {
  const rows = results.map((r) => {
    const js = r.transfers.filter((t) => t.type === 'js');
    const css = r.transfers.filter((t) => t.type === 'css');
    return [
      r.page,
      String(js.length),
      kb(sum(js, (t) => t.wire)),
      kb(r.brotliJs),
      kb(r.gzipJs),
      kb(sum(js, (t) => t.decoded)),
      kb(sum(css, (t) => t.wire)),
      String(r.transfers.length),
      kb(sum(r.transfers, (t) => t.wire + t.headers)),
    ];
  });
  const head = ['Página', 'Archivos JS', 'JS en la red', 'JS brotli', 'JS gzip', 'JS sin comprimir', 'CSS', 'Peticiones', 'Total transferido'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  if (args.files) {
    for (const r of results) {
      console.log(`\n${r.page}`);
      const js = r.transfers.filter((t) => t.type === 'js').sort((a, b) => b.wire - a.wire);
      for (const t of js) console.log(`  ${kb(t.wire).padStart(9)}  ${kb(t.decoded).padStart(9)}  ${t.url}`);
    }
  }
  const encodings = new Set(results.flatMap((r) => r.transfers.filter((t) => t.type === 'js').map((t) => t.encoding)));
  console.log(
    `\nCodificación de los JS recibidos por Chromium: ${[...encodings].join(', ')}. Total transferido: cuerpos en la red más encabezados de todas las respuestas.`,
  );
}

async function main(): Promise<number> {
  if (args.build) {
    const vite = path.resolve('node_modules', '.bin', 'vite');
    const res = spawnSync(vite, ['build', '--outDir', webDir], { stdio: 'inherit' });
    if (res.status !== 0) return res.status ?? 1;
  }
  if (!existsSync(path.join(webDir, 'index.html'))) {
    console.error(`No hay una compilación de la web en ${webDir}: ejecute npm run build, o npm run measure:web -- --build`);
    return 1;
  }
  console.log(`Web: ${webDir}`);
  const t = await createTestApp({ WEB_DIR: webDir }, { web: true, embedded: true });
  let browser: Browser | undefined;
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const login = await measure(browser, base, '/login', 'button:has-text("Ingresar")');
    const state = await signedInState(browser, base);
    const agenda = await measure(browser, base, '/dashboard/agenda', '[data-testid="agenda-grid"]', state);
    console.log('');
    printTable([login, agenda]);
    const limit = Number(args['max-login-kb']) * 1000;
    // gzip, the larger of the two: what a browser that does not ask for brotli (plain HTTP on a LAN) downloads
    const loginJs = Math.max(
      login.gzipJs,
      sum(
        login.transfers.filter((x) => x.type === 'js'),
        (x) => x.wire,
      ),
    );
    const ok = loginJs <= limit;
    console.log(`Meta: /login con ≤ ${kb(limit)} de JavaScript comprimido (gzip): ${ok ? 'cumplida' : 'NO cumplida'} (${kb(loginJs)}).`);
    return ok ? 0 : 1;
  } finally {
    await browser?.close();
    await t.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

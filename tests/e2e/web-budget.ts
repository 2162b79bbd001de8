import http from 'node:http';
import type { Browser } from 'playwright-core';

/** The sign-in page's budget: its JavaScript, gzipped as the server sends it, in bytes (250 kB of 1000 bytes). */
export const SIGN_IN_BUDGET_BYTES = 250_000;

export interface ScriptFile {
  /** The file's path on the server (/assets/…). */
  path: string;
  /** How the page asked for it: a script it ran (the entry, a lazy chunk), or a modulepreload link. */
  how: 'script' | 'modulepreload';
  /** The body's bytes as they travel when asked for gzip. */
  bytes: number;
  /** The answer's content-encoding ('identity' when it had none). */
  encoding: string;
}

export interface SignInScripts {
  files: ScriptFile[];
  total: number;
}

/** The raw length of an answer's body asked for with `accept-encoding: gzip` (Node's http does not decode it). */
export function gzipBytes(base: string, pathname: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`${pathname}: ${res.statusCode}`));
        }
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      })
      .on('error', reject);
  });
}

/**
 * Every script /login loads or preloads, counted in gzip as the server at `base` sends it: what Chromium fetched as a
 * script (cold cache), and each `<script src>` and `<link rel="modulepreload">` of the page once the form is on
 * screen (index.html's, and those Vite's loader adds for a lazy chunk), whether or not the browser fetched it.
 */
export async function signInScripts(browser: Browser, base: string): Promise<SignInScripts> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    const fetched = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (req.resourceType() === 'script' && url.origin === base) fetched.add(url.pathname);
    });
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const linked = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => ({ url: s.src, how: 'script' as const })),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => ({ url: l.href, how: 'modulepreload' as const })),
    ]);
    const how = new Map<string, ScriptFile['how']>();
    for (const l of linked) {
      const url = new URL(l.url);
      if (url.origin === base && !how.has(url.pathname)) how.set(url.pathname, l.how);
    }
    for (const p of fetched) if (!how.has(p)) how.set(p, 'script');
    const files: ScriptFile[] = [];
    for (const [path, kind] of how) files.push({ path, how: kind, ...(await gzipBytes(base, path)) });
    files.sort((a, b) => b.bytes - a.bytes);
    return { files, total: files.reduce((n, f) => n + f.bytes, 0) };
  } finally {
    await context.close();
  }
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line per file and the total, for a report or a failed test's message. */
export function describeScripts({ files, total }: SignInScripts): string {
  const lines = files.map((f) => `  ${kB(f.bytes).padStart(9)}  ${f.how.padEnd(13)}  ${f.encoding.padEnd(8)}  ${f.path}`);
  return [...lines, `  ${kB(total).padStart(9)}  total (${files.length} archivos)`].join('\n');
}

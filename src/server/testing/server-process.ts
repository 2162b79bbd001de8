import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A server started as an operator starts it, in a process of its own, with its output gathered. */
export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Resolves once the output contains the text; rejects if the process ends first. */
  waitFor(text: string): Promise<void>;
}

/** npm start's path into the server (bootstrap.mjs supervising `node --import tsx`), or the server alone. */
export function spawnServer(env: Record<string, string | undefined>, via: 'bootstrap' | 'node' = 'node'): ServerProcess {
  const args = via === 'bootstrap' ? ['scripts/bootstrap.mjs', 'run', 'src/server/main.ts'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const gather = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.splice(0)) {
      if (out.includes(w.text)) w.resolve();
      else waiters.push(w);
    }
  };
  child.stdout!.on('data', gather);
  child.stderr!.on('data', gather);
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (out.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then((code) => reject(new Error(`el servidor terminó (${code}) sin escribir «${text}»:\n${out}`)));
      }),
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), 'clinicas-servidor-'));

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { takeLock } from './lock-file';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

/** A live process that is not a server of ours (after a reboot, its number may be on the old lock). */
function someOtherProcess(cmd: string, args: string[]): number {
  const child = spawn(cmd, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

const lockDir = () => mkdtemp(path.join(os.tmpdir(), 'clinicas-lock-'));

describe('the embedded database lock file', () => {
  it('is stale when its process number now belongs to another process (another boot, or a later start)', async () => {
    const dir = await lockDir();
    const pid = someOtherProcess('sleep', ['30']);
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid, bootId: 'otro-arranque', startTime: '1' }));
    const release = takeLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('of the old format (a bare number) is stale when that process is not a Node.js program', async () => {
    const dir = await lockDir();
    writeFileSync(path.join(dir, 'server.lock'), String(someOtherProcess('sleep', ['30'])));
    takeLock(dir)();
  });

  it('keeps a second server out while the holder runs', async () => {
    const dir = await lockDir();
    const release = takeLock(dir);
    const lock = JSON.parse(readFileSync(path.join(dir, 'server.lock'), 'utf8'));
    // the same holder seen from another process: write it under a live node child's identity
    const pid = someOtherProcess(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => setTimeout(r, 200));
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ ...lock, pid, startTime }));
    expect(() => takeLock(dir)).toThrow(`La base de datos en ${dir} está en uso por el proceso ${pid}; detenga ese servidor primero.`);
    release();
  });
});

import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Who holds the embedded database: the process, and what tells it from a later process given the same number. */
interface Holder {
  pid: number;
  /** Linux: the kernel's boot id (a reboot reuses process numbers) and the process's start time in clock ticks. */
  bootId?: string;
  startTime?: string;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim();

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from its closing parenthesis. */
function startTimeOf(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Holder | number;
    if (typeof value === 'number') return { pid: value };
    return Number.isInteger(value?.pid) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A lock names a live holder only when its process still runs and is the same process: after a reboot (or
 * simply later) the number may belong to any other program. A lock of the older plain-number format is
 * trusted only when that process is a Node.js program.
 */
export function holderIsLive(holder: Holder): boolean {
  if (!holder.pid || holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (holder.bootId || holder.startTime) {
    const sameBoot = !holder.bootId || holder.bootId === bootId();
    return sameBoot && (!holder.startTime || holder.startTime === startTimeOf(holder.pid));
  }
  const cmdline = readProc(`/proc/${holder.pid}/cmdline`);
  return cmdline === undefined || /node|tsx/.test(cmdline);
}

/** Embedded PGlite has no lock of its own: a lock file keeps a second process out of the same data. Returns its release. */
export function takeLock(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  if (existsSync(file)) {
    const holder = parseHolder(readFileSync(file, 'utf8'));
    if (holder && holderIsLive(holder)) throw new Error(`La base de datos en ${dir} está en uso por el proceso ${holder.pid}; detenga ese servidor primero.`);
    unlinkSync(file);
  }
  const fd = openSync(file, 'wx');
  const me: Holder = { pid: process.pid, bootId: bootId(), startTime: startTimeOf(process.pid) };
  writeSync(fd, JSON.stringify(me));
  closeSync(fd);
  return () => {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

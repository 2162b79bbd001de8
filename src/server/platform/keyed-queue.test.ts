import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs the work of one key one at a time, in arrival order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (key: string, n: number) =>
      queue.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${key}${n}+`);
        await tick();
        log.push(`${key}${n}-`);
        running--;
        return n;
      });
    const results = await Promise.all([job('a', 1), job('a', 2), job('b', 1), job('a', 3)]);
    expect(results).toEqual([1, 2, 1, 3]);
    const a = log.filter((l) => l.startsWith('a'));
    expect(a).toEqual(['a1+', 'a1-', 'a2+', 'a2-', 'a3+', 'a3-']);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('goes on after a failed work, and the failure reaches only its caller', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('k', () => Promise.reject(new Error('no')));
    const next = queue.run('k', () => Promise.resolve('sí'));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('sí');
  });
});

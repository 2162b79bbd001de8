import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { JobsLeader, startJobs, type Job } from './jobs';
import type { AppContext } from '../context';
import { testDatabaseUrl } from '../testing/test-database';

const url = testDatabaseUrl();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = { error: () => undefined } as unknown as FastifyBaseLogger;
/** What startJobs reads of a process's context: its database and where it is. */
const processOn = (databaseUrl: string) => ({ database: { kind: 'postgres' }, config: { databaseUrl } }) as unknown as AppContext;

describe.skipIf(!url)('periodic jobs with several API processes on one PostgreSQL', () => {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it('one process leads; when it stops, another takes over', async () => {
    const a = new JobsLeader(url);
    const b = new JobsLeader(url);
    stops.push(
      () => a.close(),
      () => b.close(),
    );
    expect(await a.isLeader()).toBe(true);
    expect(await b.isLeader()).toBe(false);
    expect(await a.isLeader()).toBe(true);
    await a.close();
    expect(await b.isLeader()).toBe(true);
  });

  it('a job runs once per tick across three processes, and goes on after its runner stops', async () => {
    const runs: string[] = [];
    const job = (name: string): Job => ({ name: 'contar', everyMs: 150, atStart: true, run: async () => void runs.push(name) });
    const stopA = startJobs(processOn(url!), log, [job('a')]);
    await sleep(100);
    const stopB = startJobs(processOn(url!), log, [job('b')]);
    const stopC = startJobs(processOn(url!), log, [job('c')]);
    stops.push(stopB, stopC);
    await sleep(700);
    expect(new Set(runs)).toEqual(new Set(['a']));
    const ticks = runs.length;
    expect(ticks).toBeGreaterThanOrEqual(4);
    await stopA();
    runs.length = 0;
    await sleep(700);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(ticks + 1);
    expect(new Set(runs).size).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { branches, changeLog } from '../../db/schema';

/**
 * Date filters of the change log and the appointments' bitácora read whole business days of the branch they
 * read, as a UTC range: a row at 23:59:59 local is that day's, one at 00:00:00 the next day's, and a
 * daylight-saving day lasts 23 or 25 hours in Tijuana but 24 in Hermosillo (UTC−7 all year).
 */
let t: TestApp;
let admin: ReturnType<TestApp['as']>;
let adminAtHermosillo: ReturnType<TestApp['as']>;

const TIJUANA = demoId('branch:tijuana');
/** Mexicali, moved to Hermosillo's zone for these tests. */
const HERMOSILLO = demoId('branch:mexicali');
const MODULE = 'business-day-test';

/** One row per instant, written at `branchId`: the appointment module's rows carry the instant as their order number. */
async function logAt(branchId: string, module: string, ...instants: string[]) {
  await t.ctx.db
    .insert(changeLog)
    .values(instants.map((at) => ({ module, action: 'editar', orderNumber: `BD-${at}`, branchId, affectedBranchId: branchId, createdAt: new Date(at) })));
}

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.update(branches).set({ timeZone: 'America/Hermosillo' }).where(eq(branches.id, HERMOSILLO));
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  adminAtHermosillo = t.as((await t.signIn('admin@demo.mx', undefined, { branchId: HERMOSILLO })).token);
  const instants = [
    '2026-11-26T07:59:59Z', // 25/11 23:59:59 in Tijuana (PST)
    '2026-11-26T08:00:00Z', // 26/11 00:00:00 in Tijuana
    '2026-03-08T07:30:00Z', // spring: 07/03 23:30 in Tijuana, 08/03 00:30 in Hermosillo
    '2026-03-09T06:59:59Z', // 08/03 23:59:59 in both (PDT, UTC−7)
    '2026-03-09T07:00:00Z', // 09/03 00:00:00 in both
    '2026-11-01T07:00:00Z', // autumn: 01/11 00:00 in both
    '2026-11-02T07:30:00Z', // 01/11 23:30 in Tijuana (PST again), 02/11 00:30 in Hermosillo
  ];
  for (const branchId of [TIJUANA, HERMOSILLO]) {
    await logAt(branchId, MODULE, ...instants);
    await logAt(branchId, 'appointment', ...instants);
  }
});
afterAll(() => t.close());

type As = ReturnType<TestApp['as']>;

/** The instants of the change-log rows listed for the days, oldest first. */
async function systemLog(as: As, query: string): Promise<string[]> {
  const res = await as({ method: 'GET', url: `/v1/system-log?take=all&module=${MODULE}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { created_at: string }[]).map((r) => r.created_at).sort();
}

/** The same through the appointments' bitácora. */
async function bitacora(as: As, query: string): Promise<string[]> {
  const search = encodeURIComponent(JSON.stringify({ filter: 'appointmentNumber', value: 'BD-' }));
  const res = await as({ method: 'GET', url: `/v1/bitacora?take=all&search=${search}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return [...new Set((res.json().items as { created_at: string }[]).map((r) => r.created_at))].sort();
}

const day = (date: string, branchId?: string) => `startDate=${date}&endDate=${date}` + (branchId ? `&branchId=${branchId}` : '');
const iso = (...instants: string[]) => instants.map((i) => new Date(i).toISOString());

describe('business days of the change log', () => {
  it('puts 23:59:59 local on its day and 00:00:00 on the next', async () => {
    expect(await systemLog(admin, day('2026-11-25', TIJUANA))).toEqual(iso('2026-11-26T07:59:59Z'));
    expect(await systemLog(admin, day('2026-11-26', TIJUANA))).toEqual(iso('2026-11-26T08:00:00Z'));
    // open-ended: from the 26th on, up to the 25th
    expect(await systemLog(admin, `startDate=2026-11-26&branchId=${TIJUANA}`)).toEqual(iso('2026-11-26T08:00:00Z'));
    expect(await systemLog(admin, `endDate=2026-11-25&branchId=${TIJUANA}`)).not.toContain(iso('2026-11-26T08:00:00Z')[0]);
    expect(await systemLog(admin, `endDate=2026-11-25&branchId=${TIJUANA}`)).toContain(iso('2026-11-26T07:59:59Z')[0]);
  });

  it('gives the spring-forward day 23 hours in Tijuana and 24 in Hermosillo', async () => {
    expect(await systemLog(admin, day('2026-03-08', TIJUANA))).toEqual(iso('2026-03-09T06:59:59Z'));
    expect(await systemLog(admin, day('2026-03-07', TIJUANA))).toEqual(iso('2026-03-08T07:30:00Z'));
    expect(await systemLog(admin, day('2026-03-08', HERMOSILLO))).toEqual(iso('2026-03-08T07:30:00Z', '2026-03-09T06:59:59Z'));
    expect(await systemLog(admin, day('2026-03-09', HERMOSILLO))).toEqual(iso('2026-03-09T07:00:00Z'));
  });

  it('gives the fall-back day 25 hours in Tijuana and 24 in Hermosillo', async () => {
    expect(await systemLog(admin, day('2026-11-01', TIJUANA))).toEqual(iso('2026-11-01T07:00:00Z', '2026-11-02T07:30:00Z'));
    expect(await systemLog(admin, day('2026-11-01', HERMOSILLO))).toEqual(iso('2026-11-01T07:00:00Z'));
    expect(await systemLog(admin, day('2026-11-02', HERMOSILLO))).toEqual(iso('2026-11-02T07:30:00Z'));
  });

  it("reads every branch's rows in the zone of the actor's branch when no branch is filtered", async () => {
    // both branches' rows, Hermosillo's day for the admin signed in there, Tijuana's for the one signed in at Tijuana
    expect(await systemLog(adminAtHermosillo, day('2026-03-08'))).toEqual(
      iso('2026-03-08T07:30:00Z', '2026-03-08T07:30:00Z', '2026-03-09T06:59:59Z', '2026-03-09T06:59:59Z'),
    );
    expect(await systemLog(admin, day('2026-03-08'))).toEqual(iso('2026-03-09T06:59:59Z', '2026-03-09T06:59:59Z'));
  });

  it('refuses a date that is not a day of the calendar', async () => {
    const res = await admin({ method: 'GET', url: `/v1/system-log?module=${MODULE}&endDate=2026-02-30` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('endDate');
  });
});

describe("business days of the appointments' bitácora", () => {
  it("reads the days in the actor's branch zone", async () => {
    expect(await bitacora(admin, day('2026-11-25'))).toEqual(iso('2026-11-26T07:59:59Z'));
    expect(await bitacora(admin, day('2026-11-26'))).toEqual(iso('2026-11-26T08:00:00Z'));
    expect(await bitacora(admin, day('2026-03-08'))).toEqual(iso('2026-03-09T06:59:59Z'));
    expect(await bitacora(adminAtHermosillo, day('2026-03-08'))).toEqual(iso('2026-03-08T07:30:00Z', '2026-03-09T06:59:59Z'));
    expect(await bitacora(admin, day('2026-11-01'))).toEqual(iso('2026-11-01T07:00:00Z', '2026-11-02T07:30:00Z'));
    expect(await bitacora(adminAtHermosillo, day('2026-11-01'))).toEqual(iso('2026-11-01T07:00:00Z'));
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { GOAL_MESSAGES } from '../../../domain/goals';
import { demoId } from '../../db/demo/random';
import { queryRows, type Caller, useTestApp } from '../../testing/harness';
import { saleWriter } from '../../testing/sales';

const { t, admin, operativo, gerente, franquicia, medico } = useTestApp({
  admin: 'admin@demo.mx',
  operativo: 'operativo@demo.mx',
  gerente: 'gerente@demo.mx',
  franquicia: 'franquicia@demo.mx',
  medico: 'medico@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const CEDIS = demoId('branch:cedis');

// years far from the demo's sales and goals, one per test so that none meets another's goal
const body = (extra: Record<string, unknown> = {}) => ({ goal: 150_000, branchId: TIJUANA, month: '03', year: 2031, ...extra });
const create = (caller: Caller, payload: Record<string, unknown>) => caller({ method: 'POST', url: '/v1/goal/create', payload });
const list = (caller: Caller, query = '') => caller({ method: 'GET', url: `/v1/goal?take=all${query}` });

/** A sale written straight into `orders` or `cash_orders` (the goal reads only these columns). */
const insertSale = saleWriter(t, 'GOAL-T');

describe('POST /v1/goal/create', () => {
  it('creates the goal of a branch-month, answers its progress and writes the change log', async () => {
    const res = await create(admin, body({ goal: '150000.50' }));
    expect(res.statusCode, res.body).toBe(201);
    const goal = res.json();
    expect(goal).toMatchObject({
      goal: 150_000.5,
      year: 2031,
      month: '03',
      branchId: TIJUANA,
      branch: { id: TIJUANA, name: expect.any(String) },
      totalSale: 0,
      dailyGoal: 4838.73, // 150,000.50 / 31 = 4,838.725…
      percent: 0,
      remaining: 150_000.5,
    });
    const log = await queryRows(t, sql`select module, action, affected_branch_id, after from change_log where entity_id = ${goal.id}`);
    expect(log).toEqual([
      { module: 'goal', action: 'crear', affected_branch_id: TIJUANA, after: { branchId: TIJUANA, year: 2031, month: '03', goal: 150_000.5 } },
    ]);
    expect((await admin({ method: 'GET', url: `/v1/goal/${goal.id}` })).json()).toMatchObject({ id: goal.id, goal: 150_000.5 });
  });

  it('refuses missing and bad fields with 400 and Spanish messages per field', async () => {
    const empty = await create(admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'goal', message: 'El campo meta es requerido' },
        { field: 'branchId', message: 'El campo sucursal es requerido' },
        { field: 'month', message: 'El campo mes es requerido' },
        { field: 'year', message: 'El campo año es requerido' },
      ]),
    );
    const blank = await create(admin, { goal: '', branchId: '', month: '', year: '' });
    expect(
      blank
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['branchId', 'goal', 'month', 'year']);
    const zero = await create(admin, body({ goal: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual([{ field: 'goal', message: GOAL_MESSAGES.positive }]);
    const bad = await create(admin, body({ goal: 10.005, month: '13', year: 1999 }));
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['goal', 'month', 'year']);
    const dc = await create(admin, body({ branchId: CEDIS, year: 2032 }));
    expect(dc.statusCode).toBe(400);
    expect(dc.json().errors).toEqual([{ field: 'branchId', message: GOAL_MESSAGES.distributionCenter }]);
    expect((await create(admin, body({ branchId: demoId('branch:none'), year: 2032 }))).json().code).toBe('BRANCH_NOT_FOUND');
  });

  it('refuses a second goal of the same branch-month with 409, also on update, and frees the month when deleted', async () => {
    const first = await create(admin, body({ year: 2033, month: 5 }));
    expect(first.statusCode).toBe(201);
    const dup = await create(operativo, body({ year: 2033, month: '05', goal: 1 }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'GOAL_EXISTS', message: GOAL_MESSAGES.exists, errors: [{ field: 'month', message: GOAL_MESSAGES.exists }] });
    // the same month of another branch, and another month of the same branch, are free
    expect((await create(admin, body({ year: 2033, month: '05', branchId: MEXICALI }))).statusCode).toBe(201);
    const june = await create(admin, body({ year: 2033, month: '06' }));
    expect(june.statusCode).toBe(201);
    const moved = await admin({ method: 'PUT', url: `/v1/goal/${june.json().id}/update`, payload: body({ year: 2033, month: '05' }) });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(GOAL_MESSAGES.exists);
    // saving a goal over its own month is no duplicate
    expect(
      (await admin({ method: 'PUT', url: `/v1/goal/${first.json().id}/update`, payload: body({ year: 2033, month: '05', goal: 90_000 }) })).json().goal,
    ).toBe(90_000);

    const deleted = await admin({ method: 'POST', url: `/v1/goal/${first.json().id}/delete` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/goal/${first.json().id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `/v1/goal/${first.json().id}/delete` })).statusCode).toBe(404);
    expect((await create(admin, body({ year: 2033, month: '05' }))).statusCode).toBe(201);
    const log = await queryRows<{ action: string }>(t, sql`select action from change_log where entity_id = ${first.json().id} order by created_at`);
    expect(log.map((l) => l.action)).toEqual(['crear', 'editar', 'eliminar']);
  });

  it('leaves one goal when parallel requests create the same branch-month', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(i % 2 ? admin : operativo, body({ year: 2034, month: '07', goal: 1000 + i }))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === GOAL_MESSAGES.exists)).toBe(true);
    const rows = await queryRows(t, sql`select id from goals where branch_id = ${TIJUANA} and year = 2034 and month = 7 and deleted_at is null`);
    expect(rows).toHaveLength(1);
  });
});

describe('progress from the real sales', () => {
  beforeAll(async () => {
    // February 2035 (28 days) at Mexicali
    await insertSale('orders', MEXICALI, '2035-02-01', '10000.10');
    await insertSale('orders', MEXICALI, '2035-02-28', '2500.25');
    await insertSale('cash_orders', MEXICALI, '2035-02-14', '1234.56');
    // not counted: refunded, not paid, outside the month, another branch
    await insertSale('orders', MEXICALI, '2035-02-10', '999.99', { refunded: true });
    await insertSale('cash_orders', MEXICALI, '2035-02-11', '888.88', { status: 'pending_payment' });
    await insertSale('orders', MEXICALI, '2035-01-31', '777.77');
    await insertSale('cash_orders', MEXICALI, '2035-03-01', '666.66');
    await insertSale('orders', TIJUANA, '2035-02-15', '555.55');
    // February 2036 is a leap month at Mexicali
    await insertSale('orders', MEXICALI, '2036-02-29', '3000.00');
  });

  it('sums the paid, not refunded orders and cash orders of the branch-month to the cent', async () => {
    const res = await create(operativo, { goal: 50_000, branchId: MEXICALI, month: '02', year: 2035 });
    expect(res.statusCode, res.body).toBe(201);
    // 10,000.10 + 2,500.25 + 1,234.56 = 13,734.91; 50,000 / 28 = 1,785.714… ; 13,734.91 / 50,000 = 27.46982 %
    expect(res.json()).toMatchObject({ totalSale: 13_734.91, dailyGoal: 1785.71, percent: 27.47, remaining: 36_265.09 });
  });

  it('divides by 29 days in a leap February and answers 0 for a month without sales', async () => {
    const leap = await create(operativo, { goal: 100_000, branchId: MEXICALI, month: '02', year: 2036 });
    expect(leap.json()).toMatchObject({ totalSale: 3000, dailyGoal: 3448.28, percent: 3, remaining: 97_000 });
    const empty = await create(operativo, { goal: 100_000, branchId: MEXICALI, month: '04', year: 2035 });
    expect(empty.json()).toMatchObject({ totalSale: 0, dailyGoal: 3333.33, percent: 0, remaining: 100_000 });
  });

  it('filters the list by branch, year and month and exports it as CSV', async () => {
    const items = (await list(admin, `&branchId=${MEXICALI}&year=2035&month=02`)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ month: '02', year: 2035, totalSale: 13_734.91 });
    expect((await list(admin, '&year=2035')).json().items.map((g: { month: string }) => g.month)).toEqual(['04', '02']);
    expect((await list(admin, '&month=13')).statusCode).toBe(400);
    expect((await list(admin, '&year=2035&field=percent&order=DESC')).json().items[0].month).toBe('02');
    const csv = await admin({ method: 'GET', url: `/v1/goal?format=csv&branchId=${MEXICALI}&year=2035` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Sucursal');
    expect(csv.body).toContain('Febrero 2035');
    expect(csv.body).toContain('27.47 %');
  });
});

describe('privileges and the branch rule', () => {
  let mexicaliGoal = '';
  let tijuanaGoal = '';
  beforeAll(async () => {
    mexicaliGoal = (await create(admin, body({ branchId: MEXICALI, year: 2037 }))).json().id;
    tijuanaGoal = (await create(admin, body({ branchId: TIJUANA, year: 2037 }))).json().id;
  });

  it('lets a branch-bound reader see only its own branch (403 for another branch)', async () => {
    const mine = (await list(gerente, '&year=2037')).json().items;
    expect(mine.map((g: { branchId: string }) => g.branchId)).toEqual([TIJUANA]);
    expect((await list(gerente, `&branchId=${MEXICALI}`)).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/goal/${mexicaliGoal}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/goal/${tijuanaGoal}` })).statusCode).toBe(200);
    expect((await list(franquicia, '&year=2037')).json().items).toEqual([]);
    // not bound to a branch: every branch
    expect((await list(operativo, '&year=2037')).json().items).toHaveLength(2);
  });

  it('refuses writes without the goal privilege and every route to a role without it', async () => {
    expect((await create(gerente, body({ year: 2038 }))).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/goal/${tijuanaGoal}/update`, payload: body({ year: 2037 }) })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/goal/${tijuanaGoal}/delete` })).statusCode).toBe(403);
    expect((await list(medico)).statusCode).toBe(403);
    expect((await medico({ method: 'GET', url: `/v1/goal/${tijuanaGoal}` })).statusCode).toBe(403);
  });

  it('keeps a branch-bound writer to its own branch on create, update and delete', async () => {
    const role = demoId('role:Sucursal Gerente');
    await t.ctx.db.execute(
      sql`update role_privileges set actions = array['show','create','edit','delete','view']::text[] where role_id = ${role} and module = 'goal'`,
    );
    try {
      const manager = t.as((await t.signIn('gerente@demo.mx')).token);
      expect((await create(manager, body({ branchId: MEXICALI, year: 2039 }))).statusCode).toBe(403);
      const own = await create(manager, body({ branchId: TIJUANA, year: 2039 }));
      expect(own.statusCode).toBe(201);
      const moveAway = await manager({ method: 'PUT', url: `/v1/goal/${own.json().id}/update`, payload: body({ branchId: MEXICALI, year: 2039 }) });
      expect(moveAway.statusCode).toBe(403);
      expect((await manager({ method: 'PUT', url: `/v1/goal/${mexicaliGoal}/update`, payload: body({ branchId: TIJUANA, year: 2040 }) })).statusCode).toBe(403);
      expect((await manager({ method: 'POST', url: `/v1/goal/${mexicaliGoal}/delete` })).statusCode).toBe(403);
      expect((await manager({ method: 'POST', url: `/v1/goal/${own.json().id}/delete` })).statusCode).toBe(200);
      const still = await queryRows(t, sql`select deleted_at from goals where id = ${mexicaliGoal}`);
      expect(still).toEqual([{ deleted_at: null }]);
    } finally {
      await t.ctx.db.execute(sql`update role_privileges set actions = array['show','view']::text[] where role_id = ${role} and module = 'goal'`);
    }
  });

  it('answers 404 for an unknown goal', async () => {
    expect((await admin({ method: 'GET', url: `/v1/goal/${demoId('goal:none')}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/v1/goal/${demoId('goal:none')}/update`, payload: body({ year: 2040 }) })).json().code).toBe('GOAL_NOT_FOUND');
  });
});

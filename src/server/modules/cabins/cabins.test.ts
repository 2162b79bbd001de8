import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, searchParam, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { cabinUsageChecks } from './index';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const LASER = demoId('cabin-type:laser');
const MEDICA = demoId('cabin-type:medica');
const TIJUANA_1 = demoId('cabin:tijuana:1');
const MONTERREY_1 = demoId('cabin:monterrey:1');

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const as = async (username: string) => t.as((await t.signIn(username)).token);
const search = searchParam;

type Cabin = {
  id: string;
  name: string;
  type: { id: string; name: string };
  branch: { id: string; name: string };
  status: boolean;
  description: string | null;
  schedules: { day: number; opening: string; closing: string }[];
  deleted_at: string | null;
};

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, opening: '10:00', closing: '18:00' }));
const payload = (over: Record<string, unknown> = {}) => ({
  name: 'Cabina nueva',
  typeId: LASER,
  branchId: TIJUANA,
  description: 'Láser de diodo',
  schedule: WEEKDAYS,
  ...over,
});

async function create(over: Record<string, unknown> = {}, client = admin) {
  const res = await client({ method: 'POST', url: '/v1/cabain/create', payload: payload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Cabin;
}

async function refused(body: Record<string, unknown>, status: number) {
  const [cabins, schedules, logs] = [await countRows(t, 'cabins'), await countRows(t, 'cabin_schedules'), await countRows(t, 'change_log')];
  const res = await admin({ method: 'POST', url: '/v1/cabain/create', payload: body });
  expect(res.statusCode, res.body).toBe(status);
  expect([await countRows(t, 'cabins'), await countRows(t, 'cabin_schedules'), await countRows(t, 'change_log')]).toEqual([cabins, schedules, logs]);
  return res.json();
}

describe('demo cabins and the list', () => {
  it('has 3 to 6 cabins per clinic, none at the distribution centre, inside the branch hours', async () => {
    const counts = await rows<{ name: string; n: number }>(sql`
      select b.name, count(c.id)::int as n from branches b left join cabins c on c.branch_id = b.id and c.deleted_at is null
      group by b.name order by b.name`);
    expect(counts.find((c) => c.name === 'CEDIS Tijuana')?.n).toBe(0);
    for (const c of counts.filter((c) => c.name !== 'CEDIS Tijuana')) expect(c.n, c.name).toBeGreaterThanOrEqual(3);
    for (const c of counts) expect(c.n, c.name).toBeLessThanOrEqual(6);
    const outside = await rows(sql`
      select 1 from cabin_schedules cs join cabins c on c.id = cs.cabin_id
      join branch_schedules bs on bs.branch_id = c.branch_id and bs.day = cs.day and bs.deleted_at is null
      where not (cs.opening = '00:00' and cs.closing = '00:00') and (cs.opening < bs.opening or cs.closing > bs.closing or (bs.opening = '00:00' and bs.closing = '00:00'))`);
    expect(outside).toEqual([]);
  });

  it('filters by branch, type, status and searches without accents', async () => {
    const tijuana = (await admin({ method: 'GET', url: `/v1/cabain?take=0&branchId=${TIJUANA}` })).json();
    expect(tijuana.meta.itemCount).toBe(6);
    expect(tijuana.items.every((c: Cabin) => c.branch.id === TIJUANA && c.branch.name === 'Tijuana')).toBe(true);
    const one = tijuana.items.find((c: Cabin) => c.id === TIJUANA_1);
    expect(one).toMatchObject({ name: 'Médica 1', type: { id: MEDICA, name: 'Cabina médica', color: '1f6feb' }, status: true });
    expect(one.schedules).toHaveLength(7);
    const lasers = (await admin({ method: 'GET', url: `/v1/cabain?take=0&typeId=${LASER}` })).json().items as Cabin[];
    expect(lasers.length).toBeGreaterThan(0);
    expect(lasers.every((c) => c.type.id === LASER)).toBe(true);
    const found = (await admin({ method: 'GET', url: `/v1/cabain?take=0&branchId=${TIJUANA}&search=${search('valoracion')}` })).json().items as Cabin[];
    expect(found.map((c) => c.name)).toEqual(['Valoración 1']);
    expect((await admin({ method: 'GET', url: '/v1/cabain?status=0' })).json().meta.itemCount).toBe(0);
    const sorted = (await admin({ method: 'GET', url: '/v1/cabain?take=0&field=branch&order=DESC' })).json().items as Cabin[];
    expect(sorted[0].branch.name).toBe('Tijuana');
    expect((await admin({ method: 'GET', url: '/v1/cabain?branchId=nope' })).statusCode).toBe(400);
  });

  it('exports CSV', async () => {
    const res = await admin({ method: 'GET', url: `/v1/cabain?format=csv&branchId=${MONTERREY}` });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nombre,Tipo,Sucursal,Estatus,Descripción,Horario');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Monterrey,Activo');
  });
});

describe('branch-bound users', () => {
  it('the Tijuana manager sees, creates and edits only Tijuana cabins', async () => {
    const gerente = await as('gerente@demo.mx');
    const list = (await gerente({ method: 'GET', url: '/v1/cabain?take=0' })).json().items as Cabin[];
    expect(list).toHaveLength(6);
    expect(list.every((c) => c.branch.id === TIJUANA)).toBe(true);
    expect((await gerente({ method: 'GET', url: `/v1/cabain?branchId=${MONTERREY}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/cabain/${TIJUANA_1}` })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: `/v1/cabain/${MONTERREY_1}` })).statusCode).toBe(403);

    const mine = await create({ name: 'De la gerente' }, gerente);
    expect(mine.branch.id).toBe(TIJUANA);
    const logs = await countRows(t, 'change_log');
    const elsewhere = await gerente({ method: 'POST', url: '/v1/cabain/create', payload: payload({ branchId: MONTERREY }) });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('BRANCH_FORBIDDEN');
    expect((await gerente({ method: 'PUT', url: `/v1/cabain/${MONTERREY_1}/update`, payload: payload({ branchId: MONTERREY }) })).statusCode).toBe(403);
    // nor move her own cabin away
    expect((await gerente({ method: 'PUT', url: `/v1/cabain/${mine.id}/update`, payload: payload({ branchId: MONTERREY }) })).statusCode).toBe(403);
    // CRU: no delete
    expect((await gerente({ method: 'POST', url: `/v1/cabain/${mine.id}/delete` })).statusCode).toBe(403);
    expect(await countRows(t, 'change_log')).toBe(logs);
    const edited = await gerente({ method: 'PUT', url: `/v1/cabain/${mine.id}/update`, payload: payload({ name: 'Renombrada por la gerente' }) });
    expect(edited.statusCode).toBe(200);
  });

  it('the Monterrey franchisee reads only Monterrey and cannot write', async () => {
    const franquicia = await as('franquicia@demo.mx');
    const list = (await franquicia({ method: 'GET', url: '/v1/cabain?take=0' })).json().items as Cabin[];
    expect(list.length).toBe(3);
    expect(list.every((c) => c.branch.id === MONTERREY)).toBe(true);
    expect((await franquicia({ method: 'POST', url: '/v1/cabain/create', payload: payload({ branchId: MONTERREY }) })).statusCode).toBe(403);
  });

  it('a medic has no cabins module: 403 on list and create', async () => {
    const medico = await as('medico@demo.mx');
    expect((await medico({ method: 'GET', url: '/v1/cabain' })).statusCode).toBe(403);
    const res = await medico({ method: 'POST', url: '/v1/cabain/create', payload: payload() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' });
  });
});

describe('create and the branch hours', () => {
  it('answers 201 with type, branch and schedules, and logs the change', async () => {
    const logs = await countRows(t, 'change_log');
    const c = await create({ schedule: [...WEEKDAYS, { day: 6, opening: '09:00', closing: '15:00' }, { day: 0, opening: '00:00', closing: '00:00' }] });
    expect(c).toMatchObject({
      name: 'Cabina nueva',
      type: { id: LASER, name: 'Cabina de láser' },
      branch: { id: TIJUANA, name: 'Tijuana' },
      status: true,
      description: 'Láser de diodo',
    });
    expect(c.schedules.map((s) => s.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = await rows<{ module: string; action: string; affected_branch_id: string }>(
      sql`select module, action, affected_branch_id from change_log where entity_id = ${c.id}`,
    );
    expect(log).toEqual({ module: 'cabains', action: 'crear', affected_branch_id: TIJUANA });
  });

  it('refuses a day outside the branch hours with the branch range, writing nothing', async () => {
    const early = await refused(
      payload({
        schedule: [
          { day: 1, opening: '08:00', closing: '12:00' },
          { day: 2, opening: '10:00', closing: '12:00' },
        ],
      }),
      400,
    );
    expect(early.message).toBe('El horario de la sucursal es de 09:00 - 20:00');
    expect(early.errors).toEqual([{ field: 'schedule.0', message: 'El horario de la sucursal es de 09:00 - 20:00' }]);
    const saturday = await refused(payload({ schedule: [{ day: 6, opening: '09:00', closing: '16:00' }] }), 400);
    expect(saturday.message).toBe('El horario de la sucursal es de 09:00 - 15:00');
    const sunday = await refused(payload({ schedule: [{ day: 0, opening: '10:00', closing: '12:00' }] }), 400);
    expect(sunday.message).toBe('La sucursal está cerrada ese día');
  });

  it("refuses any open day at a branch without schedules: 'Sucursal sin horarios'", async () => {
    const branch = await admin({
      method: 'POST',
      url: '/v1/branch/create',
      payload: {
        name: 'Sin horario',
        street: 'Calle 1',
        extNumber: '1',
        suburb: 'Centro',
        city: 'Tijuana',
        state: 'Baja California',
        zipCode: '22000',
        mobilePhone: '6645550000',
        code: 'SINHORAR01',
        zone: 'Noroeste',
        rfc: 'CEB180101AB1',
        businessName: 'Razón',
        schedule: [{ day: 1, opening: '00:00', closing: '00:00' }],
      },
    });
    expect(branch.statusCode, branch.body).toBe(201);
    const res = await refused(payload({ branchId: branch.json().id }), 400);
    expect(res.message).toBe('Sucursal sin horarios');
    expect(res.errors).toHaveLength(5);
    // a cabin with every day closed is accepted there
    await create({ branchId: branch.json().id, schedule: [] });
  });

  it('validates the payload with Spanish messages', async () => {
    const empty = await refused({}, 400);
    expect(empty.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'El campo nombre es requerido' },
        { field: 'typeId', message: 'El campo tipo de cabina es requerido' },
        { field: 'branchId', message: 'El campo sucursal es requerido' },
      ]),
    );
    const long = await refused(payload({ description: 'x'.repeat(81) }), 400);
    expect(long.errors).toContainEqual({ field: 'description', message: 'El campo descripción debe tener como máximo 80 caracteres' });
    const order = await refused(payload({ schedule: [{ day: 1, opening: '12:00', closing: '11:00' }] }), 400);
    expect(order.message).toBe('La hora de cierre debe ser posterior a la de apertura');
    expect((await refused(payload({ typeId: demoId('cabin-type:none') }), 404)).code).toBe('CABIN_TYPE_NOT_FOUND');
    expect((await refused(payload({ branchId: demoId('branch:none') }), 404)).code).toBe('BRANCH_NOT_FOUND');
  });
});

describe('where a cabin may be', () => {
  it('refuses a distribution centre and an inactive branch, writing nothing', async () => {
    expect((await refused(payload({ branchId: demoId('branch:cedis') }), 400)).message).toBe('Un centro de distribución no tiene cabinas');
    await t.ctx.db.execute(sql`update branches set active = false where id = ${demoId('branch:ensenada')}`);
    try {
      expect((await refused(payload({ branchId: demoId('branch:ensenada') }), 400)).message).toBe('La sucursal está inactiva');
    } finally {
      await t.ctx.db.execute(sql`update branches set active = true where id = ${demoId('branch:ensenada')}`);
    }
  });

  it('keeps a branch with live cabins from being deleted', async () => {
    // without stock, only its cabins hold the branch
    await t.ctx.db.execute(sql`update product_stocks set quantity = 0 where branch_id = ${demoId('branch:mexicali')}`);
    const res = await admin({ method: 'POST', url: `/v1/branch/${demoId('branch:mexicali')}/delete` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CANNOT_DELETE', message: 'No se puede eliminar una sucursal con cabinas; elimine o mueva sus cabinas primero' });
  });
});

describe('update and delete', () => {
  it('toggles the status, replaces or keeps the schedule and checks it against a new branch', async () => {
    const c = await create();
    const res = await admin({
      method: 'PUT',
      url: `/v1/cabain/${c.id}/update`,
      payload: payload({ status: false, schedule: [{ day: 6, opening: '09:00', closing: '12:00' }] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: false, schedules: [{ day: 6, opening: '09:00', closing: '12:00' }] });
    const { schedule: _omit, ...rest } = payload({ name: 'Sin cambio de horario' });
    const kept = await admin({ method: 'POST', url: `/v1/cabain/${c.id}/update`, payload: rest });
    expect(kept.json()).toMatchObject({ name: 'Sin cambio de horario', status: false, schedules: [{ day: 6, opening: '09:00', closing: '12:00' }] });
    // Monterrey keeps the same demo hours: the move is accepted; a Sunday would not be
    expect((await admin({ method: 'POST', url: `/v1/cabain/${c.id}/update`, payload: { ...rest, branchId: MONTERREY } })).json().branch.id).toBe(MONTERREY);
    const sunday = await admin({
      method: 'POST',
      url: `/v1/cabain/${c.id}/update`,
      payload: payload({ schedule: [{ day: 0, opening: '09:00', closing: '12:00' }] }),
    });
    expect(sunday.statusCode).toBe(400);
    const logs = await rows<{ action: string }>(sql`select action from change_log where entity_id = ${c.id} order by created_at, id`);
    expect(logs.map((l) => l.action)).toEqual(['crear', 'editar', 'editar', 'editar']);
    expect((await admin({ method: 'PUT', url: `/v1/cabain/${demoId('cabin:none')}/update`, payload: payload() })).statusCode).toBe(404);
  });

  it('deletes softly, and refuses with 409 once an appointments check says the cabin is in use', async () => {
    const c = await create();
    cabinUsageChecks.push(async (_db, id) => id === c.id);
    try {
      const res = await admin({ method: 'POST', url: `/v1/cabain/${c.id}/delete` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CABIN_HAS_APPOINTMENTS', message: 'No se puede eliminar una cabina con citas' });
    } finally {
      cabinUsageChecks.pop();
    }
    const del = await admin({ method: 'DELETE', url: `/v1/cabain/${c.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/cabain/${c.id}` })).statusCode).toBe(404);
    const withDeleted = (await admin({ method: 'GET', url: `/v1/cabain?take=0&withDeleted=1&branchId=${TIJUANA}` })).json().items as Cabin[];
    expect(withDeleted.find((x) => x.id === c.id)?.deleted_at).toBeTruthy();
    expect((await admin({ method: 'POST', url: `/v1/cabain/${c.id}/delete` })).statusCode).toBe(404);
  });

  it('the operational manager (cabins CRUD) can delete', async () => {
    const c = await create();
    const operativo = await as('operativo@demo.mx');
    expect((await operativo({ method: 'POST', url: `/v1/cabain/${c.id}/delete` })).statusCode).toBe(200);
  });
});

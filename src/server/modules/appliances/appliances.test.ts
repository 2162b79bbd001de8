import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { APPROVE_NEEDED_MESSAGE } from '../../../domain/appliances.schemas';
import { countRows, queryRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const MEXICALI = demoId('branch:mexicali');
const LASER = demoId('appliance:laser-diodo');
const HIFU = demoId('appliance:hifu');
const MISSING = demoId('appliance:none');

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
type Appliance = { id: string; name: string; type: string; active: boolean; brand: string; status: string };
type BranchAppliance = { id: string; branchId: string; applianceId: string; sku: string; number: string | null; status: string; appliance: { type: string } };

const appliancePayload = (over: Record<string, unknown> = {}) => ({
  type: 'Aparatología',
  name: 'Láser Nd:YAG',
  brand: 'Cutera',
  model: 'excel V+',
  description: 'Lesiones vasculares',
  ...over,
});

async function createAppliance(over: Record<string, unknown> = {}, as = admin): Promise<Appliance> {
  const res = await as({ method: 'POST', url: '/v1/appliance/create', payload: appliancePayload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let n = 0;
const linkPayload = (over: Record<string, unknown> = {}) => ({ applianceId: LASER, branchId: TIJUANA, sku: `TST-${++n}`, number: `T-${n}`, ...over });

async function link(over: Record<string, unknown> = {}, as = admin): Promise<BranchAppliance> {
  const res = await as({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const editable = (b: BranchAppliance, over: Record<string, unknown> = {}) => ({
  applianceId: b.applianceId,
  branchId: b.branchId,
  sku: b.sku,
  number: b.number,
  status: b.status,
  ...over,
});

describe('appliance catalogue', () => {
  it('lists the demo appliances with type and status filters, search and CSV', async () => {
    const all = (await admin({ method: 'GET', url: '/v1/appliance?take=all' })).json();
    expect(all.meta.itemCount).toBe(12);
    const computo = (await admin({ method: 'GET', url: `/v1/appliance?take=all&type=${encodeURIComponent('Cómputo')}` })).json().items as Appliance[];
    expect(computo.map((a) => a.name).sort()).toEqual(['Computadora de recepción', 'Impresora de tickets', 'Impresora multifuncional']);
    const alias = (await admin({ method: 'GET', url: `/v1/appliance?take=all&applianceType=${encodeURIComponent('Cómputo')}&active=1` })).json();
    expect(alias.meta.itemCount).toBe(3);
    const search = encodeURIComponent(JSON.stringify({ filter: 'name', value: 'laser' }));
    const lasers = (await admin({ method: 'GET', url: `/v1/appliance?search=${search}` })).json().items as Appliance[];
    expect(lasers.map((a) => a.name).sort()).toEqual(['Láser CO2 fraccionado', 'Láser diodo']);
    const csv = await admin({ method: 'GET', url: '/v1/appliance?format=csv&type=Aparatolog%C3%ADa' });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nombre,Tipo,Marca,Modelo,Descripción,Estado,Estatus');
    expect(lines).toHaveLength(10);
    expect((await admin({ method: 'GET', url: '/v1/appliance?type=Cocina' })).statusCode).toBe(400);
    // accents do not push a name to the end of the order
    const sorted = ((await admin({ method: 'GET', url: '/v1/appliance?take=all&field=name&order=ASC' })).json().items as Appliance[]).map((a) => a.name);
    expect(sorted.indexOf('Láser diodo')).toBeLessThan(sorted.indexOf('Luz pulsada intensa (IPL)'));
  });

  it('creates with the required fields, toggles on/off on edit, logs each write', async () => {
    const missing = await admin({ method: 'POST', url: '/v1/appliance/create', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string; message: string }) => e.message)).toEqual([
      'El campo tipo es requerido',
      'El campo nombre es requerido',
      'El campo marca es requerido',
      'El campo modelo es requerido',
    ]);
    const logs = await countRows(t, 'change_log');
    const a = await createAppliance();
    expect(a).toMatchObject({ name: 'Láser Nd:YAG', active: true, type: 'Aparatología' });
    const off = await admin({ method: 'PUT', url: `/v1/appliance/${a.id}/update`, payload: appliancePayload({ active: false, model: 'excel V' }) });
    expect(off.json()).toMatchObject({ active: false, model: 'excel V' });
    const kept = await admin({ method: 'POST', url: `/v1/appliance/${a.id}/update`, payload: appliancePayload() });
    expect(kept.json().active).toBe(false);
    expect(await countRows(t, 'change_log')).toBe(logs + 3);
    const inactive = (await admin({ method: 'GET', url: '/v1/appliance?take=all&status=0' })).json().items as Appliance[];
    expect(inactive.map((x) => x.id)).toEqual([a.id]);
  });

  it('keeps the state of the spec (Funcionando, Averiado, Con fallas, En reparación): Funcionando by default, given on create, changed on edit', async () => {
    const working = await createAppliance({ name: 'Sin estado' });
    expect(working.status).toBe('Funcionando');
    const broken = await createAppliance({ name: 'Láser averiado', status: 'Averiado' });
    expect(broken.status).toBe('Averiado');
    expect((await admin({ method: 'GET', url: `/v1/appliance/${broken.id}` })).json().status).toBe('Averiado');
    const repairing = await admin({
      method: 'PUT',
      url: `/v1/appliance/${broken.id}/update`,
      payload: appliancePayload({ name: 'Láser averiado', status: 'En reparación' }),
    });
    expect(repairing.json().status).toBe('En reparación');
    // an edit that does not send the state keeps it
    const kept = await admin({ method: 'PUT', url: `/v1/appliance/${broken.id}/update`, payload: appliancePayload({ name: 'Láser averiado' }) });
    expect(kept.json().status).toBe('En reparación');
    const wrong = await admin({ method: 'POST', url: '/v1/appliance/create', payload: appliancePayload({ status: 'Roto' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'status', message: 'El campo estado no es válido' }]);
    const [log] = await rows<{ after: { status: string } }>(sql`select after from change_log where entity_id = ${broken.id} and action = 'crear'`);
    expect(log!.after.status).toBe('Averiado');
    const inRepair = (await admin({ method: 'GET', url: `/v1/appliance?take=all&status=${encodeURIComponent('En reparación')}` })).json().items as Appliance[];
    expect(inRepair.map((a) => a.id)).toContain(broken.id);
    expect(inRepair.every((a) => a.status === 'En reparación')).toBe(true);
    const csv = await admin({ method: 'GET', url: `/v1/appliance?format=csv&status=${encodeURIComponent('En reparación')}` });
    expect(csv.body).toContain('Láser averiado,Aparatología,Cutera,excel V+,Lesiones vasculares,En reparación,Activo');
  });

  it('refuses to delete an appliance installed at a branch; deletes the others softly', async () => {
    const res = await admin({ method: 'POST', url: `/v1/appliance/${LASER}/delete` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CANNOT_DELETE', message: 'No se puede eliminar un aparato vinculado a una sucursal o a un tratamiento' });
    const a = await createAppliance({ name: 'Para borrar' });
    expect((await admin({ method: 'DELETE', url: `/v1/appliance/${a.id}/delete` })).json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/appliance/${a.id}` })).json()).toMatchObject({
      code: 'APPLIANCE_NOT_FOUND',
      message: 'Aparato no encontrado',
    });
    expect((await admin({ method: 'GET', url: '/v1/appliance?take=all&withDeleted=true' })).json().items.map((x: Appliance) => x.id)).toContain(a.id);
  });

  it('privileges: logistics writes; operations reads; the branch manager only uses it as a lookup', async () => {
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    await createAppliance({ name: 'De logística' }, logistica);
    const operativo = t.as((await t.signIn('operativo@demo.mx')).token);
    expect((await operativo({ method: 'GET', url: `/v1/appliance/${LASER}` })).statusCode).toBe(200);
    expect((await operativo({ method: 'POST', url: '/v1/appliance/create', payload: appliancePayload() })).statusCode).toBe(403);
    expect((await operativo({ method: 'PUT', url: `/v1/appliance/${LASER}/update`, payload: appliancePayload() })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/appliance?active=1' })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: `/v1/appliance/${LASER}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/appliance/${LASER}/delete` })).statusCode).toBe(403);
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medico({ method: 'GET', url: '/v1/appliance' })).statusCode).toBe(403);
  });
});

describe('branch appliances', () => {
  it('lists the demo links with branch, type and status filters', async () => {
    const all = (await admin({ method: 'GET', url: '/v1/branch-appliance?take=all' })).json();
    expect(all.meta.itemCount).toBeGreaterThan(40);
    const repair = (await admin({ method: 'GET', url: `/v1/branch-appliance?take=all&status=${encodeURIComponent('En reparación')}` })).json()
      .items as BranchAppliance[];
    expect(repair).toHaveLength(2);
    const tijComputo = (await admin({ method: 'GET', url: `/v1/branch-appliance?take=all&branchId=${TIJUANA}&type=${encodeURIComponent('Cómputo')}` })).json()
      .items as BranchAppliance[];
    expect(tijComputo.length).toBeGreaterThanOrEqual(3);
    expect(tijComputo.every((b) => b.branchId === TIJUANA && b.appliance.type === 'Cómputo')).toBe(true);
    const csv = await admin({ method: 'GET', url: `/v1/branch-appliance?format=csv&branchId=${TIJUANA}` });
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'SKU,Número,Aparato,Tipo,Sucursal,Estatus,Descripción del estatus,Último mantenimiento,Comentarios',
    );
  });

  it('creates a link; a device number is unique per branch among live rows', async () => {
    const logs = await countRows(t, 'change_log');
    const b = await link({ number: 'X-100', lastMaintenance: '2026-05-04', comments: 'Nuevo' });
    expect(b).toMatchObject({
      branch: { name: 'Tijuana' },
      appliance: { name: 'Láser diodo' },
      status: 'Funcionando',
      lastMaintenance: '2026-05-04',
      number: 'X-100',
    });
    const [log] = await rows<{ module: string; affected_branch_id: string }>(sql`select module, affected_branch_id from change_log where entity_id = ${b.id}`);
    expect(log).toEqual({ module: 'branch_appliances', affected_branch_id: TIJUANA });
    const count = await countRows(t, 'branch_appliances');
    const dup = await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ number: 'X-100' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'DEVICE_NUMBER_EXISTS', message: 'El número de equipo ya existe en la sucursal' });
    expect(await countRows(t, 'branch_appliances')).toBe(count);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    // the same number at another branch, and blank numbers, are fine
    await link({ number: 'X-100', branchId: MEXICALI });
    await link({ number: '' });
    await link({ number: null });
    // deleting frees the number
    await admin({ method: 'POST', url: `/v1/branch-appliance/${b.id}/delete` });
    await link({ number: 'X-100' });
  });

  it('lets one of two simultaneous links with one number through', async () => {
    const results = await Promise.all(
      [1, 2].map(() => admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ number: 'RACE-1' }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('checks the payload, the branch and the appliance', async () => {
    const noSku = await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ sku: '' }) });
    expect(noSku.json().errors[0]).toEqual({ field: 'sku', message: 'El campo SKU es requerido' });
    const noBranch = await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ branchId: undefined }) });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json()).toMatchObject({ message: 'El campo sucursal es requerido', errors: [{ field: 'branchId' }] });
    expect((await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ applianceId: MISSING }) })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ branchId: demoId('branch:none') }) })).json().code).toBe(
      'BRANCH_NOT_FOUND',
    );
    const off = await createAppliance({ name: 'Apagado' });
    await admin({ method: 'PUT', url: `/v1/appliance/${off.id}/update`, payload: appliancePayload({ name: 'Apagado', active: false }) });
    const inactive = await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ applianceId: off.id }) });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('El aparato está inactivo');
    expect((await admin({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ status: 'Roto' }) })).statusCode).toBe(400);
  });

  it('branch manager: own branch only, and no appliance or status change without approve', async () => {
    const mine = (await gerente({ method: 'GET', url: '/v1/branch-appliance?take=all' })).json().items as BranchAppliance[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.branchId === TIJUANA)).toBe(true);
    expect((await gerente({ method: 'GET', url: `/v1/branch-appliance?branchId=${MONTERREY}` })).statusCode).toBe(403);

    // the branch comes from the session
    const own = await link({ branchId: undefined }, gerente);
    expect(own.branchId).toBe(TIJUANA);
    const other = await gerente({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ branchId: MONTERREY }) });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    const broken = await gerente({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ branchId: undefined, status: 'Averiado' }) });
    expect(broken.statusCode).toBe(403);
    expect(broken.json().message).toBe(APPROVE_NEEDED_MESSAGE);

    const logs = await countRows(t, 'change_log');
    const edit = await gerente({
      method: 'PUT',
      url: `/v1/branch-appliance/${own.id}/update`,
      payload: editable(own, { sku: 'TST-EDIT', comments: 'Revisado' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ sku: 'TST-EDIT', comments: 'Revisado' });
    for (const over of [{ status: 'En reparación' }, { applianceId: HIFU }]) {
      const res = await gerente({ method: 'PUT', url: `/v1/branch-appliance/${own.id}/update`, payload: editable(own, over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(403);
      expect(res.json().message).toBe(APPROVE_NEEDED_MESSAGE);
    }
    const moved = await gerente({ method: 'PUT', url: `/v1/branch-appliance/${own.id}/update`, payload: editable(own, { branchId: MONTERREY }) });
    expect(moved.statusCode).toBe(403);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);

    const mty = await link({ branchId: MONTERREY });
    expect((await gerente({ method: 'GET', url: `/v1/branch-appliance/${mty.id}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/branch-appliance/${mty.id}/update`, payload: editable(mty) })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/branch-appliance/${own.id}/delete` })).statusCode).toBe(403);
  });

  it('operations manager (approve) changes the status and the appliance; numbers stay unique on edit', async () => {
    const operativo = t.as((await t.signIn('operativo@demo.mx')).token);
    const b = await link({ number: 'OP-1' });
    await link({ number: 'OP-2' });
    const res = await operativo({
      method: 'PUT',
      url: `/v1/branch-appliance/${b.id}/update`,
      payload: editable(b, { status: 'En reparación', statusDescription: 'Enviado a servicio', applianceId: HIFU }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'En reparación',
      statusDescription: 'Enviado a servicio',
      appliance: { name: 'Ultrasonido focalizado (HIFU)' },
    });
    const [log] = await rows<{ before: { status: string }; after: { status: string } }>(
      sql`select before, after from change_log where entity_id = ${b.id} and action = 'editar'`,
    );
    expect(log).toMatchObject({ before: { status: 'Funcionando' }, after: { status: 'En reparación' } });
    const dup = await operativo({
      method: 'POST',
      url: `/v1/branch-appliance/${b.id}/update`,
      payload: editable(b, { number: 'OP-2', status: 'En reparación', applianceId: HIFU }),
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('DEVICE_NUMBER_EXISTS');
    // moving it to another branch checks that branch's numbers
    const moved = await operativo({
      method: 'PUT',
      url: `/v1/branch-appliance/${b.id}/update`,
      payload: editable(b, { branchId: MEXICALI, status: 'En reparación', applianceId: HIFU }),
    });
    expect(moved.json()).toMatchObject({ branch: { name: 'Mexicali' } });
  });

  it('deletes softly with the delete privilege; franchisee reads its own branch; medic is refused', async () => {
    const b = await link();
    const del = await admin({ method: 'DELETE', url: `/v1/branch-appliance/${b.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: `/v1/branch-appliance/${b.id}` })).statusCode).toBe(404);
    expect((await rows(sql`select 1 from branch_appliances where id = ${b.id} and deleted_at is not null`)).length).toBe(1);
    const franquicia = t.as((await t.signIn('franquicia@demo.mx')).token);
    const list = (await franquicia({ method: 'GET', url: '/v1/branch-appliance?take=all' })).json().items as BranchAppliance[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((x) => x.branchId === MONTERREY)).toBe(true);
    expect((await franquicia({ method: 'POST', url: '/v1/branch-appliance/create', payload: linkPayload({ branchId: MONTERREY }) })).statusCode).toBe(403);
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medico({ method: 'GET', url: '/v1/branch-appliance' })).statusCode).toBe(403);
  });
});

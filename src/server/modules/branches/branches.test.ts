import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, searchParam, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const CEDIS = demoId('branch:cedis');
const MISSING = demoId('branch:none');

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const as = async (username: string) => t.as((await t.signIn(username)).token);
const search = searchParam;

const WEEK = [
  { day: 0, opening: '00:00', closing: '00:00' },
  { day: 1, opening: '08:00', closing: '18:00' },
  { day: 2, opening: '08:00', closing: '18:00' },
  { day: 3, opening: '08:00', closing: '18:00' },
  { day: 4, opening: '08:00', closing: '18:00' },
  { day: 5, opening: '08:00', closing: '18:00' },
  { day: 6, opening: '09:30', closing: '13:30' },
];

let seq = 0;
function payload(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Sucursal prueba ${seq}`,
    street: 'Av. Revolución',
    extNumber: '1200',
    intNumber: '',
    suburb: 'Centro',
    city: 'Tijuana',
    state: 'Baja California',
    zipCode: '22000',
    phone: '',
    mobilePhone: '(664)555-0101',
    lat: 32.53,
    lng: -117.03,
    code: `prueba${String(seq).padStart(4, '0')}`,
    zone: 'Sureste',
    rfc: 'CEB180101AB1',
    businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
    description: 'Sucursal de pruebas',
    schedule: WEEK,
    ...over,
  };
}

type Branch = {
  id: string;
  name: string;
  code: string;
  active: boolean;
  franchise: boolean;
  distributionCenter: boolean;
  schedules: typeof WEEK;
  deleted_at: string | null;
  [k: string]: unknown;
};

async function create(over: Record<string, unknown> = {}) {
  const res = await admin({ method: 'POST', url: '/v1/branch/create', payload: payload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Branch;
}

async function expect400(body: Record<string, unknown>, field: string, message: string) {
  const [branches, logs] = [await countRows(t, 'branches'), await countRows(t, 'change_log')];
  const res = await admin({ method: 'POST', url: '/v1/branch/create', payload: body });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors).toContainEqual({ field, message });
  expect(await countRows(t, 'branches')).toBe(branches);
  expect(await countRows(t, 'change_log')).toBe(logs);
}

describe('GET /v1/branch (the lookup every screen uses) and /v1/branch/paginated', () => {
  it('lists the demo branches with their schedules, filters and searches', async () => {
    const all = (await admin({ method: 'GET', url: '/v1/branch?take=0' })).json();
    expect(all.meta.itemCount).toBe(7);
    const tijuana = all.items.find((b: Branch) => b.id === TIJUANA);
    expect(tijuana.schedules).toEqual([
      { day: 0, opening: '00:00', closing: '00:00' },
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opening: '09:00', closing: '20:00' })),
      { day: 6, opening: '09:00', closing: '15:00' },
    ]);
    const franchise = (await admin({ method: 'GET', url: '/v1/branch?franchise=1' })).json();
    expect(franchise.items.map((b: Branch) => b.name)).toEqual(['Monterrey']);
    const dc = (await admin({ method: 'GET', url: '/v1/branch?distributionCenter=1' })).json();
    expect(dc.items.map((b: Branch) => b.id)).toEqual([CEDIS]);
    const found = (await admin({ method: 'GET', url: `/v1/branch?search=${search('ciudad de mexico')}` })).json();
    expect(found.items.map((b: Branch) => b.name)).toEqual(['Ciudad de México']);
    const paginated = (await admin({ method: 'GET', url: '/v1/branch/paginated?take=2&page=2&status=1' })).json();
    expect(paginated.meta).toMatchObject({ page: 2, take: 2, hasPreviousPage: true });
    expect(paginated.items).toHaveLength(2);
  });

  it('exports CSV with Spanish headers', async () => {
    const res = await admin({ method: 'GET', url: '/v1/branch/paginated?format=csv&franchise=1' });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['Nombre,Teléfono,Código,Franquicia,Estatus', 'Monterrey,(816)789-0123,MTYSANPE01,Sí,Activo']);
  });

  it('limits a branch-bound manager to her branch', async () => {
    const gerente = await as('gerente@demo.mx');
    const list = (await gerente({ method: 'GET', url: '/v1/branch?take=0' })).json();
    expect(list.items.map((b: Branch) => b.id)).toEqual([TIJUANA]);
    expect((await gerente({ method: 'GET', url: `/v1/branch/${TIJUANA}` })).statusCode).toBe(200);
    const other = await gerente({ method: 'GET', url: `/v1/branch/${MONTERREY}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    // the branches screen itself needs branch.show
    expect((await gerente({ method: 'GET', url: '/v1/branch/paginated' })).statusCode).toBe(403);
  });
});

describe('create', () => {
  it('answers 201 with the schedule, derives the time zone and logs the change', async () => {
    const logs = await countRows(t, 'change_log');
    const b = await create({ code: 'nuevaSUC01', zone: 'Pacifico', phone: '664 555 0202' });
    expect(b).toMatchObject({
      code: 'NUEVASUC01',
      zone: 'Pacifico',
      timeZone: 'America/Mazatlan',
      phone: '6645550202',
      mobilePhone: '6645550101',
      intNumber: null,
      active: true,
      franchise: false,
      distributionCenter: false,
      showInClients: true,
    });
    expect(b.schedules).toEqual(WEEK);
    expect((await admin({ method: 'GET', url: `/v1/branch/${b.id}` })).json().schedules).toEqual(WEEK);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = await rows<{ module: string; action: string; affected_branch_id: string }>(
      sql`select module, action, affected_branch_id from change_log where entity_id = ${b.id}`,
    );
    expect(log).toEqual({ module: 'branch', action: 'crear', affected_branch_id: b.id });
  });

  it('requires the spec fields with Spanish messages', async () => {
    const res = await admin({ method: 'POST', url: '/v1/branch/create', payload: {} });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    for (const f of ['name', 'street', 'extNumber', 'suburb', 'city', 'state', 'zipCode', 'mobilePhone', 'code', 'zone', 'rfc', 'businessName'])
      expect(fields).toContain(f);
    expect(res.json().errors).toContainEqual({ field: 'businessName', message: 'El campo razón social es requerido' });
  });

  it("refuses a bad RFC with 'RFC Invalido' and accepts natural and legal person RFCs", async () => {
    await expect400(payload({ rfc: 'CEB18010AB1' }), 'rfc', 'RFC Invalido');
    await expect400(payload({ rfc: 'CEB181301AB1' }), 'rfc', 'RFC Invalido');
    expect((await create({ rfc: 'goma850101h12' })).rfc).toBe('GOMA850101H12');
  });

  it('needs a zip code of exactly 5 and a code of exactly 10', async () => {
    await expect400(payload({ zipCode: '2200' }), 'zipCode', 'El campo código postal debe tener exactamente 5 caracteres');
    await expect400(payload({ zipCode: '220001' }), 'zipCode', 'El campo código postal debe tener exactamente 5 caracteres');
    await expect400(payload({ code: 'CORTO0001' }), 'code', 'El campo código debe tener exactamente 10 caracteres');
    await expect400(payload({ code: 'LARGO000001' }), 'code', 'El campo código debe tener exactamente 10 caracteres');
    await expect400(payload({ mobilePhone: '66455' }), 'mobilePhone', 'El teléfono debe tener 10 dígitos');
    await expect400(payload({ zone: 'Norte' }), 'zone', 'El campo zona es requerido');
  });

  it('checks each schedule day: order, 30-minute steps, one entry per day', async () => {
    await expect400(
      payload({ schedule: [{ day: 1, opening: '18:00', closing: '08:00' }] }),
      'schedule.0.closing',
      'La hora de cierre debe ser posterior a la de apertura',
    );
    await expect400(
      payload({ schedule: [{ day: 1, opening: '08:15', closing: '18:00' }] }),
      'schedule.0.opening',
      'Lunes: la hora debe ser en punto o y media (08:30)',
    );
    await expect400(payload({ schedule: [{ day: 1 }] }), 'schedule.0.opening', 'El campo hora de apertura es requerido');
    await expect400(payload({ schedule: [{ day: 9, opening: '08:00', closing: '18:00' }] }), 'schedule.0.day', 'El campo día no es válido');
    const dup = await admin({ method: 'POST', url: '/v1/branch/create', payload: payload({ schedule: [WEEK[1], WEEK[1]] }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Cada día de la semana puede aparecer una sola vez');
  });

  it('refuses a code already used by a live branch, whatever its case, with 409', async () => {
    const logs = await countRows(t, 'change_log');
    const res = await admin({ method: 'POST', url: '/v1/branch/create', payload: payload({ code: 'tijuana001' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'Ya existe una sucursal con ese código' });
    expect(await countRows(t, 'change_log')).toBe(logs);
  });

  it('lets exactly one of two simultaneous equal codes through, both answers in Spanish', async () => {
    const results = await Promise.all([1, 2].map(() => admin({ method: 'POST', url: '/v1/branch/create', payload: payload({ code: 'SIMULTA001' }) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Ya existe una sucursal con ese código');
  });
});

describe('update', () => {
  it('updates through PUT and POST, replacing or keeping the schedule, logging before and after', async () => {
    const b = await create();
    const shorter = [
      { day: 1, opening: '10:00', closing: '14:00' },
      { day: 3, opening: '10:00', closing: '14:00' },
    ];
    const put = await admin({
      method: 'PUT',
      url: `/v1/branch/${b.id}/update`,
      payload: payload({ code: b.code, name: 'Renombrada', franchise: true, active: false, schedule: shorter }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Renombrada', franchise: true, active: false, schedules: shorter });
    // without `schedule` the week stays as it was
    const { schedule: _omit, ...noSchedule } = payload({ code: b.code, name: 'Renombrada 2' });
    const post = await admin({ method: 'POST', url: `/v1/branch/${b.id}/update`, payload: noSchedule });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ name: 'Renombrada 2', active: false, franchise: true, schedules: shorter });
    const live = await rows<{ n: number }>(sql`select count(*)::int as n from branch_schedules where branch_id = ${b.id} and deleted_at is null`);
    expect(live[0].n).toBe(2);
    const logs = await rows<{ action: string; before: { name: string }; after: { name: string } }>(
      sql`select action, before, after from change_log where entity_id = ${b.id} order by created_at, id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['crear', 'editar', 'editar']);
    expect(logs[1].before.name).toMatch(/^Sucursal prueba/);
    expect(logs[1].after.name).toBe('Renombrada');
  });

  it('keeps its own code but refuses another live branch code', async () => {
    const b = await create();
    expect((await admin({ method: 'PUT', url: `/v1/branch/${b.id}/update`, payload: payload({ code: b.code }) })).statusCode).toBe(200);
    const dup = await admin({ method: 'PUT', url: `/v1/branch/${b.id}/update`, payload: payload({ code: 'MTYSANPE01' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una sucursal con ese código');
    const zip = await admin({ method: 'PUT', url: `/v1/branch/${b.id}/update`, payload: payload({ code: b.code, zipCode: '123' }) });
    expect(zip.statusCode).toBe(400);
  });

  it('answers 404 for an unknown branch and 400 for a malformed id', async () => {
    const res = await admin({ method: 'PUT', url: `/v1/branch/${MISSING}/update`, payload: payload() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND', message: 'Sucursal no encontrada' });
    expect((await admin({ method: 'GET', url: `/v1/branch/${MISSING}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/v1/branch/xyz' })).statusCode).toBe(400);
  });
});

describe('distribution centre', () => {
  it('is always active, never a franchise, and keeps its flag', async () => {
    const dc = await create({ distributionCenter: true, active: false, franchise: true });
    expect(dc).toMatchObject({ distributionCenter: true, active: true, franchise: false, showInClients: false });
    const cedis = (await admin({ method: 'GET', url: `/v1/branch/${CEDIS}` })).json() as Branch;
    const body = {
      ...payload(),
      ...Object.fromEntries(Object.keys(payload()).map((k) => [k, cedis[k] ?? undefined])),
      schedule: cedis.schedules,
      active: false,
      franchise: true,
      distributionCenter: false,
    };
    const res = await admin({ method: 'PUT', url: `/v1/branch/${CEDIS}/update`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: true, franchise: false, distributionCenter: true });
  });

  it('can never be deleted (409), and nothing is written', async () => {
    const logs = await countRows(t, 'change_log');
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await admin({ method, url: `/v1/branch/${CEDIS}/delete` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'DISTRIBUTION_CENTER_UNDELETABLE', message: 'No se puede eliminar un centro de distribución' });
    }
    expect(await countRows(t, 'change_log')).toBe(logs);
    expect((await admin({ method: 'GET', url: `/v1/branch/${CEDIS}` })).json().deleted_at).toBeNull();
  });
});

describe('delete', () => {
  async function stockAt(branchId: string, quantity: number) {
    const productId = demoId(`product:test:${branchId}`);
    await t.ctx.db.execute(sql`
      insert into products (id, product_type_id, sku, name, brand, bar_code, description, content_type, content, measure_unit, cost, tax)
      values (${productId}, ${demoId('product-type:sale')}, ${'TST' + branchId.slice(0, 6)}, 'Producto de prueba', 'Marca', '750000000001', 'Prueba', 'Pieza', 1, 'pza', 10, 16)
      on conflict (id) do nothing`);
    await t.ctx.db.execute(sql`
      insert into product_stocks (product_id, branch_id, allotment, quantity) values (${productId}, ${branchId}, 'L-001', ${quantity})
      on conflict (product_id, branch_id, allotment) where deleted_at is null do update set quantity = excluded.quantity`);
  }

  it('refuses a branch with stock (409) and deletes it softly once the stock is gone', async () => {
    const b = await create();
    await stockAt(b.id, 5);
    const logs = await countRows(t, 'change_log');
    const refused = await admin({ method: 'POST', url: `/v1/branch/${b.id}/delete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BRANCH_HAS_INVENTORY', message: 'No se puede eliminar una sucursal con inventario' });
    expect(await countRows(t, 'change_log')).toBe(logs);

    await stockAt(b.id, 0);
    const del = await admin({ method: 'DELETE', url: `/v1/branch/${b.id}/delete` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/branch/${b.id}` })).statusCode).toBe(404);
    const list = (await admin({ method: 'GET', url: '/v1/branch?take=0' })).json().items as Branch[];
    expect(list.map((x) => x.id)).not.toContain(b.id);
    const withDeleted = (await admin({ method: 'GET', url: '/v1/branch?take=0&withDeleted=true' })).json().items as Branch[];
    expect(withDeleted.find((x) => x.id === b.id)?.deleted_at).toBeTruthy();
    expect((await rows(sql`select 1 from change_log where entity_id = ${b.id} and action = 'eliminar'`)).length).toBe(1);
    // the code of a deleted branch is free again; a second delete is a 404
    await create({ code: b.code });
    expect((await admin({ method: 'POST', url: `/v1/branch/${b.id}/delete` })).statusCode).toBe(404);
  });
});

describe('privileges', () => {
  it('medic and branch manager cannot create, update or delete (403)', async () => {
    for (const user of ['medico@demo.mx', 'gerente@demo.mx', 'franquicia@demo.mx']) {
      const client = await as(user);
      const logs = await countRows(t, 'change_log');
      expect((await client({ method: 'POST', url: '/v1/branch/create', payload: payload() })).statusCode, user).toBe(403);
      expect((await client({ method: 'PUT', url: `/v1/branch/${TIJUANA}/update`, payload: payload({ code: 'TIJUANA001' }) })).statusCode, user).toBe(403);
      expect((await client({ method: 'POST', url: `/v1/branch/${TIJUANA}/delete` })).statusCode, user).toBe(403);
      expect(await countRows(t, 'change_log')).toBe(logs);
    }
  });

  it('logistics reads only; the operational manager creates and edits but cannot delete', async () => {
    const logistica = await as('logistica@demo.mx');
    expect((await logistica({ method: 'GET', url: '/v1/branch/paginated' })).statusCode).toBe(200);
    expect((await logistica({ method: 'POST', url: '/v1/branch/create', payload: payload() })).statusCode).toBe(403);
    const operativo = await as('operativo@demo.mx');
    const res = await operativo({ method: 'POST', url: '/v1/branch/create', payload: payload() });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(
      (await operativo({ method: 'PUT', url: `/v1/branch/${id}/update`, payload: payload({ code: res.json().code, name: 'Del operativo' }) })).statusCode,
    ).toBe(200);
    expect((await operativo({ method: 'POST', url: `/v1/branch/${id}/delete` })).statusCode).toBe(403);
  });
});

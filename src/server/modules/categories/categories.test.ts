import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, searchParam, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const FACIAL = demoId('category:treatment:Facial');
const MISSING = demoId('category:none');

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const liveCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from categories where deleted_at is null`))[0].n;
const search = searchParam;
type Item = { id: string; name: string; type: string; active: boolean; deleted_at: string | null };
const names = (items: Item[]) => items.map((i) => i.name);

async function create(name: string, type = 'product') {
  const res = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name, type } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Item;
}

describe('GET /v1/categories', () => {
  it('paginates with the spec meta', async () => {
    const total = await liveCount();
    const res = await admin({ method: 'GET', url: '/v1/categories?page=2&take=5' });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json();
    expect(items).toHaveLength(5);
    expect(meta).toEqual({ page: 2, take: 5, itemCount: total, pageCount: Math.ceil(total / 5), hasPreviousPage: true, hasNextPage: total > 10 });
    const first = (await admin({ method: 'GET', url: '/v1/categories' })).json();
    expect(first.meta).toMatchObject({ page: 1, take: 15, hasPreviousPage: false });
    // pages do not overlap
    const page1 = (await admin({ method: 'GET', url: '/v1/categories?page=1&take=5' })).json().items as Item[];
    expect(page1.map((i) => i.id)).not.toContain(items[0].id);
  });

  it('returns every row with take=all', async () => {
    const total = await liveCount();
    const { items, meta } = (await admin({ method: 'GET', url: '/v1/categories?take=all' })).json();
    expect(items).toHaveLength(total);
    expect(meta).toMatchObject({ take: 0, itemCount: total, pageCount: 1, hasNextPage: false });
  });

  it('searches without regard to accents or case', async () => {
    for (const value of ['depilacion', 'DEPILACIÓN', 'láser']) {
      const { items } = (await admin({ method: 'GET', url: `/v1/categories?search=${search(value)}` })).json();
      expect(names(items), value).toEqual(['Depilación láser']);
    }
    const none = (await admin({ method: 'GET', url: `/v1/categories?search=${search('%')}` })).json();
    expect(none.items).toEqual([]);
  });

  it('sorts by name in both directions and filters by type', async () => {
    const asc = names((await admin({ method: 'GET', url: '/v1/categories?take=all&field=name&order=ASC' })).json().items);
    const desc = names((await admin({ method: 'GET', url: '/v1/categories?take=all&field=name&order=DESC' })).json().items);
    expect(desc).toEqual([...asc].reverse());
    expect(desc[0]).not.toBe(asc[0]);
    const products = (await admin({ method: 'GET', url: '/v1/categories?take=all&type=product' })).json();
    expect(products.items.length).toBeGreaterThanOrEqual(5);
    expect(products.items.every((i: Item) => i.type === 'product')).toBe(true);
    expect(names(products.items)).toContain('Protección solar');
    expect((await admin({ method: 'GET', url: '/v1/categories?type=servicio' })).statusCode).toBe(400);
  });

  it('exports the filtered rows as CSV with a BOM and Spanish headers', async () => {
    const res = await admin({ method: 'GET', url: '/v1/categories?format=csv&type=treatment' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="categorias-.*\.csv"/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nombre,Tipo,Estatus,Fecha de creación');
    expect(lines).toContainEqual(expect.stringMatching(/^Facial,Tratamiento,Activo,/));
    expect(lines).toContainEqual(expect.stringMatching(/^Depilación láser,Tratamiento,Activo,/));
    expect(res.body).not.toContain('Producto');
  });
});

describe('create', () => {
  it('answers 201 and writes a change-log row', async () => {
    const before = await countRows(t, 'change_log');
    const res = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: '  Capilar ', type: 'treatment' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Capilar', type: 'treatment', active: true, deleted_at: null });
    expect((await admin({ method: 'GET', url: `/v1/categories/${body.id}` })).json().name).toBe('Capilar');
    expect(await countRows(t, 'change_log')).toBe(before + 1);
    const [log] = await rows<{ module: string; action: string; user_id: string; after: { name: string } }>(
      sql`select module, action, user_id, after from change_log where entity_id = ${body.id}`,
    );
    expect(log).toMatchObject({ module: 'categories', action: 'crear', user_id: demoId('user:admin@demo.mx'), after: { name: 'Capilar' } });
  });

  it('validates with Spanish messages', async () => {
    const missing = await admin({ method: 'POST', url: '/v1/categories/create', payload: { type: 'product' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'name', message: 'El campo nombre es requerido' });
    const blank = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: '   ', type: 'product' } });
    expect(blank.json().errors[0]).toEqual({ field: 'name', message: 'El campo nombre es requerido' });
    const badType = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Otra', type: 'servicio' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0]).toEqual({ field: 'type', message: 'El campo tipo es requerido' });
    const long = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'x'.repeat(101), type: 'product' } });
    expect(long.statusCode).toBe(400);
  });

  it('refuses a duplicate name and type with 409 and writes nothing', async () => {
    const [cats, logs] = [await countRows(t, 'categories'), await countRows(t, 'change_log')];
    const res = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'FACIAL', type: 'treatment' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_EXISTS', message: 'Ya existe una categoría con ese nombre y tipo' });
    expect(await countRows(t, 'categories')).toBe(cats);
    expect(await countRows(t, 'change_log')).toBe(logs);
    // the same name with the other type is a different category
    await create('Facial', 'product');
  });

  it('lets exactly one of two simultaneous duplicates through', async () => {
    const payload = { name: 'Simultánea', type: 'product' };
    const results = await Promise.all([1, 2].map(() => admin({ method: 'POST', url: '/v1/categories/create', payload })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('update and delete', () => {
  it('updates through POST and PUT, logging before and after', async () => {
    const cat = await create('Maquillaje');
    const viaPost = await admin({ method: 'POST', url: `/v1/categories/${cat.id}/update`, payload: { name: 'Maquillaje mineral', type: 'product' } });
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json()).toMatchObject({ name: 'Maquillaje mineral', active: true });
    const viaPut = await admin({
      method: 'PUT',
      url: `/v1/categories/${cat.id}/update`,
      payload: { name: 'Maquillaje mineral', type: 'product', active: false },
    });
    expect(viaPut.statusCode).toBe(200);
    expect(viaPut.json().active).toBe(false);
    const logs = await rows<{ action: string; before: { name: string }; after: { name: string } }>(
      sql`select action, before, after from change_log where entity_id = ${cat.id} order by created_at, id`,
    );
    expect(logs.map((l) => l.action)).toEqual(['crear', 'editar', 'editar']);
    expect(logs.find((l) => l.before?.name === 'Maquillaje')?.after.name).toBe('Maquillaje mineral');
    const dup = await admin({ method: 'PUT', url: `/v1/categories/${cat.id}/update`, payload: { name: 'Protección Solar', type: 'product' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CATEGORY_EXISTS');
  });

  it('deletes softly: gone from GET and the list, shown with withDeleted=true, name reusable', async () => {
    const cat = await create('Temporal');
    const del = await admin({ method: 'POST', url: `/v1/categories/${cat.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    const gone = await admin({ method: 'GET', url: `/v1/categories/${cat.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('CATEGORY_NOT_FOUND');
    expect(names((await admin({ method: 'GET', url: `/v1/categories?take=all` })).json().items)).not.toContain('Temporal');
    const withDeleted = (await admin({ method: 'GET', url: `/v1/categories?take=all&withDeleted=true` })).json().items as Item[];
    expect(withDeleted.find((i) => i.id === cat.id)?.deleted_at).toBeTruthy();
    expect((await rows(sql`select 1 from categories where id = ${cat.id}`)).length).toBe(1);
    expect((await rows<{ action: string }>(sql`select action from change_log where entity_id = ${cat.id} and action = 'eliminar'`)).length).toBe(1);
    // deleting twice, or via DELETE on a deleted row, is a 404
    expect((await admin({ method: 'DELETE', url: `/v1/categories/${cat.id}/delete` })).statusCode).toBe(404);
    await create('Temporal');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const req of [
      { method: 'GET' as const, url: `/v1/categories/${MISSING}` },
      { method: 'PUT' as const, url: `/v1/categories/${MISSING}/update`, payload: { name: 'X', type: 'product' } },
      { method: 'POST' as const, url: `/v1/categories/${MISSING}/delete` },
    ]) {
      const res = await admin(req);
      expect(res.statusCode, req.method).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CATEGORY_NOT_FOUND', message: 'Categoría no encontrada' });
    }
    const bad = await admin({ method: 'GET', url: '/v1/categories/123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador inválido');
  });
});

describe('privileges', () => {
  it('medic: lists as a treatments lookup, but cannot read one or write', async () => {
    const medic = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medic({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
    expect((await medic({ method: 'GET', url: `/v1/categories/${FACIAL}` })).statusCode).toBe(403);
    const res = await medic({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Del médico', type: 'product' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' });
  });

  it('a role with neither categories nor treatments gets 403 on the list', async () => {
    const role = await admin({ method: 'POST', url: '/v1/role/create', payload: { name: 'Recepción', branchBound: true, privileges: { dairy: ['show'] } } });
    expect(role.statusCode).toBe(201);
    await t.ctx.db.execute(sql`update users set role_id = ${role.json().id} where username = 'cosmetologa@demo.mx'`);
    const reception = t.as((await t.signIn('cosmetologa@demo.mx')).token);
    expect((await reception({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(403);
    expect((await reception({ method: 'GET', url: '/v1/categories?format=csv' })).statusCode).toBe(403);
  });

  it('branch manager (show only) lists but cannot create, update or delete', async () => {
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    expect((await gerente({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: `/v1/categories/${FACIAL}` })).statusCode).toBe(200);
    const logs = await countRows(t, 'change_log');
    expect((await gerente({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Gerencia', type: 'product' } })).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/categories/${FACIAL}/update`, payload: { name: 'Facial 2', type: 'treatment' } })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/categories/${FACIAL}/delete` })).statusCode).toBe(403);
    expect(await countRows(t, 'change_log')).toBe(logs);
    expect((await admin({ method: 'GET', url: `/v1/categories/${FACIAL}` })).json()).toMatchObject({ name: 'Facial', deleted_at: null });
  });

  it('logistics manager can create', async () => {
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    const res = await logistica({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Empaques', type: 'product' } });
    expect(res.statusCode).toBe(201);
    const [log] = await rows<{ user_id: string }>(sql`select user_id from change_log where entity_id = ${res.json().id}`);
    expect(log.user_id).toBe(demoId('user:logistica@demo.mx'));
  });
});

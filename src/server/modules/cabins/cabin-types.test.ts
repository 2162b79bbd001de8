import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const MEDICO = demoId('treatment-type:Medico');
const COSMETOLOGICO = demoId('treatment-type:Cosmetologico');
const LASER = demoId('cabin-type:laser');

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const as = async (username: string) => t.as((await t.signIn(username)).token);
type CabinType = {
  id: string;
  name: string;
  order: number;
  color: string;
  treatmentType: { id: string; name: string; appointmentName: string };
  deleted_at: string | null;
};

const payload = (over: Record<string, unknown> = {}) => ({ name: 'Cabina corporal', order: 5, color: '#13A8A8', treatmentTypeId: COSMETOLOGICO, ...over });

async function create(over: Record<string, unknown> = {}) {
  const res = await admin({ method: 'POST', url: '/v1/cabain-type/create', payload: payload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CabinType;
}

describe('GET /v1/cabain-type', () => {
  it('lists the demo types by order with their treatment type', async () => {
    const { items, meta } = (await admin({ method: 'GET', url: '/v1/cabain-type?take=0' })).json();
    expect(meta.itemCount).toBe(4);
    expect(items.map((i: CabinType) => [i.name, i.order, i.treatmentType.name])).toEqual([
      ['Cabina médica', 1, 'Medico'],
      ['Cabina de láser', 2, 'Cosmetologico'],
      ['Cabina facial', 3, 'Cosmetologico'],
      ['Consultorio de valoración', 4, 'Valoracion'],
    ]);
    expect(items[0]).toMatchObject({ color: '1f6feb', treatmentType: { id: MEDICO, appointmentName: 'Cita médica', name: 'Medico' } });
    const byType = (await admin({ method: 'GET', url: `/v1/cabain-type?treatmentTypeId=${COSMETOLOGICO}` })).json();
    expect(byType.meta.itemCount).toBe(2);
    const desc = (await admin({ method: 'GET', url: '/v1/cabain-type?field=name&order=DESC' })).json().items as CabinType[];
    expect(desc[0].name).toBe('Consultorio de valoración');
  });

  it('is a lookup for anyone who sees cabins, but not for a medic', async () => {
    const franquicia = await as('franquicia@demo.mx');
    expect((await franquicia({ method: 'GET', url: '/v1/cabain-type' })).statusCode).toBe(200);
    expect((await franquicia({ method: 'GET', url: `/v1/cabain-type/${LASER}` })).statusCode).toBe(403);
    const medico = await as('medico@demo.mx');
    expect((await medico({ method: 'GET', url: '/v1/cabain-type' })).statusCode).toBe(403);
  });
});

describe('writes', () => {
  it('creates with the colour stored without #, and logs it', async () => {
    const logs = await countRows(t, 'change_log');
    const c = await create();
    expect(c).toMatchObject({ name: 'Cabina corporal', order: 5, color: '13a8a8', treatmentType: { id: COSMETOLOGICO, name: 'Cosmetologico' } });
    expect((await admin({ method: 'GET', url: `/v1/cabain-type/${c.id}` })).json().color).toBe('13a8a8');
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = await rows<{ module: string; action: string }>(sql`select module, action from change_log where entity_id = ${c.id}`);
    expect(log).toEqual({ module: 'cabain_types', action: 'crear' });
  });

  it('validates order ≥ 1, colour and required fields in Spanish, writing nothing', async () => {
    const count = await countRows(t, 'cabin_types');
    const zero = await admin({ method: 'POST', url: '/v1/cabain-type/create', payload: payload({ order: 0 }) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toContainEqual({ field: 'order', message: 'El campo orden debe ser mayor o igual a 1' });
    const color = await admin({ method: 'POST', url: '/v1/cabain-type/create', payload: payload({ color: 'rosa' }) });
    expect(color.json().errors).toContainEqual({ field: 'color', message: 'El campo color no es válido' });
    const empty = await admin({ method: 'POST', url: '/v1/cabain-type/create', payload: {} });
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'treatmentTypeId', message: 'El campo tipo de tratamiento es requerido' },
        { field: 'name', message: 'El campo nombre es requerido' },
        { field: 'order', message: 'El campo orden es requerido' },
        { field: 'color', message: 'El campo color es requerido' },
      ]),
    );
    const unknown = await admin({ method: 'POST', url: '/v1/cabain-type/create', payload: payload({ treatmentTypeId: demoId('treatment-type:none') }) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TREATMENT_TYPE_NOT_FOUND');
    expect(await countRows(t, 'cabin_types')).toBe(count);
  });

  it('updates through PUT and POST', async () => {
    const c = await create();
    const put = await admin({
      method: 'PUT',
      url: `/v1/cabain-type/${c.id}/update`,
      payload: payload({ name: 'Cabina corporal 2', treatmentTypeId: MEDICO, color: 'ABCDEF' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Cabina corporal 2', color: 'abcdef', treatmentType: { id: MEDICO } });
    expect((await admin({ method: 'POST', url: `/v1/cabain-type/${c.id}/update`, payload: payload({ order: 2 }) })).json().order).toBe(2);
    expect((await admin({ method: 'PUT', url: `/v1/cabain-type/${demoId('cabin-type:none')}/update`, payload: payload() })).statusCode).toBe(404);
  });

  it('deletes softly, but not a type that live cabins use (409)', async () => {
    const inUse = await admin({ method: 'POST', url: `/v1/cabain-type/${LASER}/delete` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'CANNOT_DELETE', message: 'No se puede eliminar un tipo de cabina con cabinas asignadas' });
    const c = await create();
    const del = await admin({ method: 'DELETE', url: `/v1/cabain-type/${c.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/cabain-type/${c.id}` })).statusCode).toBe(404);
    const withDeleted = (await admin({ method: 'GET', url: '/v1/cabain-type?take=0&withDeleted=true' })).json().items as CabinType[];
    expect(withDeleted.find((x) => x.id === c.id)?.deleted_at).toBeTruthy();
  });

  it('needs cabain_types privileges: the branch manager reads, the operational manager writes', async () => {
    const gerente = await as('gerente@demo.mx');
    expect((await gerente({ method: 'GET', url: `/v1/cabain-type/${LASER}` })).statusCode).toBe(200);
    expect((await gerente({ method: 'POST', url: '/v1/cabain-type/create', payload: payload() })).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/cabain-type/${LASER}/update`, payload: payload() })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/cabain-type/${LASER}/delete` })).statusCode).toBe(403);
    const operativo = await as('operativo@demo.mx');
    expect((await operativo({ method: 'POST', url: '/v1/cabain-type/create', payload: payload() })).statusCode).toBe(201);
  });
});

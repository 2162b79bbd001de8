import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_COUNT } from '../../db/demo/customers';
import { countRows, createTestApp, type TestApp } from '../../testing/harness';
import { multipart, image } from '../products/test-helpers';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
let gerente: ReturnType<TestApp['as']>;
let medico: ReturnType<TestApp['as']>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  gerente = t.as((await t.signIn('gerente@demo.mx')).token);
  medico = t.as((await t.signIn('medico@demo.mx')).token);
});
afterAll(() => t.close());

const adult = (over: Record<string, unknown> = {}) => ({ name: 'Renata', lastName: 'Ibáñez', motherLastName: 'Solís', gender: 'Femenino', birthday: '1991-04-12', mobilePhone: '(664)900-0001', email: 'renata@correo.mx', ...over });
const search = (filter: string, value: string) => encodeURIComponent(JSON.stringify({ filter, value }));
async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('customer list', () => {
  it('pages the demo customers and searches names without accents or case', async () => {
    const res = await gerente({ method: 'GET', url: '/v1/customer?take=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ take: 5, itemCount: DEMO_CUSTOMER_COUNT });
    const created = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ name: 'Ximena', lastName: 'Núñez', mobilePhone: '6649000099' }) })).json();
    const found = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('name', 'ximena nunez')}` })).json();
    expect(found.items.map((c: { id: string }) => c.id)).toContain(created.id);
    const byPhone = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('phone', '6649000099')}` })).json();
    expect(byPhone.items.map((c: { id: string }) => c.id)).toEqual([created.id]);
    const byNumber = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('customerId', String(created.customerId))}` })).json();
    expect(byNumber.items[0].id).toBe(created.id);
  });

  it('exports CSV only for the Super Administrador', async () => {
    expect((await gerente({ method: 'GET', url: '/v1/customer?format=csv' })).statusCode).toBe(403);
    const csv = await admin({ method: 'GET', url: '/v1/customer?format=csv&take=all&blackList=1' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFNúmero,Nombre,Apellido paterno,Apellido materno,Puntos,Género,Celular,Correo');
  });

  it('is refused to a role without the clients module', async () => {
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    expect((await logistica({ method: 'GET', url: '/v1/customer' })).statusCode).toBe(403);
  });
});

describe('customer rules', () => {
  it('requires a mobile phone from 18 and a tutor with relationship below 18', async () => {
    const noMobile = await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '' }) });
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().errors).toEqual([{ field: 'mobilePhone', message: 'El campo teléfono celular es requerido para mayores de edad' }]);
    const minor = await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ birthday: '2015-02-01', mobilePhone: null }) });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().errors.map((e: { field: string }) => e.field)).toEqual(['tutorId', 'relationship']);
  });

  it('accepts a minor with an adult tutor, refuses a tutor not marked as one', async () => {
    const plain = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000002' }) })).json();
    const refused = await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ birthday: '2015-02-01', mobilePhone: null, tutorId: plain.id, relationship: 'Madre' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('El tutor debe ser un cliente mayor de edad marcado como tutor');
    const tutor = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000003', isTutor: true }) })).json();
    const child = await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ name: 'Emilia', birthday: '2015-02-01', mobilePhone: null, tutorId: tutor.id, relationship: 'Madre' }) });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ isAdult: false, tutor: { id: tutor.id, mobilePhone: '6649000003' }, relationship: 'Madre' });
    // a tutor with wards can be neither deleted nor unmarked
    expect((await admin({ method: 'POST', url: `/v1/customer/${tutor.id}/delete` })).statusCode).toBe(409);
    expect((await admin({ method: 'PUT', url: `/v1/customer/${tutor.id}/update`, payload: adult({ mobilePhone: '6649000003', isTutor: false }) })).statusCode).toBe(409);
  });

  it('keeps mobile phones unique among customers, and writes nothing on refusal', async () => {
    await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000004' }) });
    const before = [await countRows(t, 'customers'), await countRows(t, 'change_log')];
    const dup = await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '(664)900-0004' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'MOBILE_ALREADY_REGISTERED', message: 'El teléfono celular ya está registrado a otro cliente' });
    expect([await countRows(t, 'customers'), await countRows(t, 'change_log')]).toEqual(before);
  });

  it('toggles status and blacklist on edit and clears cancellations only when there are some', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000005' }) })).json();
    const edited = await gerente({ method: 'PUT', url: `/v1/customer/${c.id}/update`, payload: adult({ mobilePhone: '6649000005', status: false, blackList: true }) });
    expect(edited.json()).toMatchObject({ status: false, blackList: true });
    const none = await gerente({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` });
    expect(none.statusCode).toBe(409);
    await t.ctx.db.execute(sql`update customers set cancellations = 3 where id = ${c.id}`);
    const cleared = await gerente({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` });
    expect(cleared.json().cancellations).toBe(0);
    const log = await rows<{ before: unknown; after: unknown }>(sql`select before, after from change_log where entity_id = ${c.id} and action = 'desbanear'`);
    expect(log).toEqual([{ before: { cancellations: 3 }, after: { cancellations: 0 } }]);
  });

  it('lets a medic create and edit but not delete', async () => {
    const c = await medico({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000006' }) });
    expect(c.statusCode).toBe(201);
    expect((await medico({ method: 'POST', url: `/v1/customer/${c.json().id}/delete` })).statusCode).toBe(403);
  });
});

describe('notes and photos', () => {
  it('saves a note, then its single photo, lists 5 per page and deletes it', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000007' }) })).json();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const n = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'General', title: `Nota ${i}`, note: 'Texto' } });
      expect(n.statusCode, n.body).toBe(201);
      ids.push(n.json().id);
    }
    const page = (await gerente({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json();
    expect(page.meta).toMatchObject({ take: 5, itemCount: 6, pageCount: 2 });
    expect(page.items[0].user).toMatchObject({ name: 'Gabriela' });
    const photo = await gerente({ method: 'POST', url: `/v1/note/${ids[0]}/photo`, ...multipart([await image('nota.png')]) });
    expect(photo.statusCode, photo.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/note/photo/thumbnail/${photo.json().photo.name}` })).statusCode).toBe(200);
    const two = await gerente({ method: 'POST', url: `/v1/note/${ids[1]}/photo`, ...multipart([await image('a.png'), await image('b.png')]) });
    expect(two.statusCode).toBe(400);
    expect((await gerente({ method: 'POST', url: `/v1/note/${ids[0]}/delete` })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json().meta.itemCount).toBe(5);
    const missing = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'General', title: '', note: 'x' } });
    expect(missing.json().errors[0]).toEqual({ field: 'title', message: 'El campo título es requerido' });
  });

  it('keeps a customer avatar as a real image', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000008' }) })).json();
    const jpg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ddd' } }).jpeg().toBuffer();
    const res = await admin({ method: 'POST', url: `/v1/customer/${c.id}/photo`, ...multipart([{ name: 'image', filename: 'cara.jpg', content: jpg, type: 'image/jpeg' }]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo.name).toMatch(/\.jpg$/);
  });
});

describe('points ledger', () => {
  it('explains every demo balance row by row', async () => {
    const mismatches = await rows<{ id: string }>(sql`
      select c.id from customers c
      left join (select customer_id, sum(points)::int as total from point_ledger where deleted_at is null group by customer_id) l on l.customer_id = c.id
      where c.points <> coalesce(l.total, 0)`);
    expect(mismatches).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from point_ledger`);
    expect(n).toBeGreaterThan(1000);
  });
});

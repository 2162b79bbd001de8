import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_COUNT } from '../../db/demo/customers';
import { countRows, useTestApp } from '../../testing/harness';
import { fakePng, multipart, image } from '../products/test-helpers';

const { t, admin, gerente, medico } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', medico: 'medico@demo.mx' });

const adult = (over: Record<string, unknown> = {}) => ({
  name: 'Renata',
  lastName: 'Ibáñez',
  motherLastName: 'Solís',
  gender: 'Femenino',
  birthday: '1991-04-12',
  mobilePhone: '(664)900-0001',
  ...over,
});
const search = (filter: string, value: string) => encodeURIComponent(JSON.stringify({ filter, value }));
async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('customer list', () => {
  it('pages the demo customers and searches names without accents or case', async () => {
    const res = await gerente({ method: 'GET', url: '/v1/customer?take=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ take: 5, itemCount: DEMO_CUSTOMER_COUNT });
    const created = (
      await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ name: 'Ximena', lastName: 'Núñez', mobilePhone: '6649000099' }) })
    ).json();
    const found = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('name', 'ximena nunez')}` })).json();
    expect(found.items.map((c: { id: string }) => c.id)).toContain(created.id);
    const byPhone = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('phone', '6649000099')}` })).json();
    expect(byPhone.items.map((c: { id: string }) => c.id)).toEqual([created.id]);
    const byNumber = (await gerente({ method: 'GET', url: `/v1/customer?search=${search('customerId', String(created.customerId))}` })).json();
    expect(byNumber.items[0].id).toBe(created.id);
  });

  it('forgives word order, spacing, a masked phone and an e-mail in capitals', async () => {
    const created = (
      await admin({
        method: 'POST',
        url: '/v1/customer/create',
        payload: adult({ name: 'Zoraida', lastName: 'Ruelas', motherLastName: 'Quintero', mobilePhone: '6649000123', email: 'zoraida.ruelas@correo.mx' }),
      })
    ).json();
    const ids = async (filter: string, value: string) =>
      ((await gerente({ method: 'GET', url: `/v1/customer?search=${search(filter, value)}` })).json().items as { id: string }[]).map((c) => c.id);
    expect(await ids('name', 'quintero  zoraida')).toEqual([created.id]);
    expect(await ids('phone', '(664)900-0123')).toEqual([created.id]);
    expect(await ids('email', 'ZORAIDA.RUELAS@')).toEqual([created.id]);
    expect(await ids('customerId', 'abc')).toEqual([]);
    expect(await ids('name', 'zoraida ximena')).toEqual([]);
    // a search that matches most customers counts up to a thousand; the plain list counts them all
    const wide = (await gerente({ method: 'GET', url: `/v1/customer?take=5&search=${search('name', 'a')}` })).json();
    expect(wide.meta).toMatchObject({ itemCount: 1000, itemCountCapped: true });
    expect((await gerente({ method: 'GET', url: '/v1/customer?take=5' })).json().meta.itemCountCapped).toBeUndefined();
  });

  it('keeps the whole words of each name in customer_name_words through create, edit and removal', async () => {
    const created = (
      await admin({
        method: 'POST',
        url: '/v1/customer/create',
        payload: adult({ name: 'María José', lastName: 'Ñúñez', motherLastName: null, mobilePhone: '6649000456' }),
      })
    ).json();
    const wordsOf = async (id: string) =>
      (await rows<{ word: string }>(sql`select word from customer_name_words where customer_id = ${id} order by word`)).map((r) => r.word);
    expect(await wordsOf(created.id)).toEqual(['jose', 'maria', 'nunez']);
    const edited = await admin({
      method: 'PUT',
      url: `/v1/customer/${created.id}/update`,
      payload: adult({ name: 'María', lastName: 'Ñúñez', motherLastName: 'De la O', mobilePhone: '6649000456' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await wordsOf(created.id)).toEqual(['de', 'la', 'maria', 'nunez', 'o']);
    // its words are live while the customer is not deleted
    const liveOf = async (id: string) =>
      (await rows<{ live: boolean }>(sql`select distinct live from customer_name_words where customer_id = ${id}`)).map((r) => r.live);
    expect(await liveOf(created.id)).toEqual([true]);
    await t.ctx.db.execute(sql`update customers set deleted_at = now() where id = ${created.id}`);
    expect(await liveOf(created.id)).toEqual([false]);
    await t.ctx.db.execute(sql`update customers set deleted_at = null where id = ${created.id}`);
    expect(await liveOf(created.id)).toEqual([true]);
    await t.ctx.db.execute(sql`delete from customers where id = ${created.id}`);
    expect(await wordsOf(created.id)).toEqual([]);
  });

  it('pages a surname of more than a thousand customers newest first, its count capped, and sorted by name too', async () => {
    await t.ctx.db.execute(sql`insert into customers (name, last_name, mother_last_name, gender, birthday)
      select 'Cliente ' || g, 'Berrondo', case when g % 2 = 0 then 'Ávila' end, 'F', '1990-01-01' from generate_series(1, 1003) g`);
    const list = async (extra: string) => (await gerente({ method: 'GET', url: `/v1/customer?take=5${extra}&search=${search('name', 'BERRONDO')}` })).json();
    const newest = await list('');
    expect(newest.meta).toMatchObject({ itemCount: 1000, itemCountCapped: true });
    const numbers = (
      await rows<{ customer_number: number }>(sql`select customer_number from customers where last_name = 'Berrondo' order by customer_number desc limit 5`)
    ).map((r) => r.customer_number);
    expect(newest.items.map((c: { customerId: number }) => c.customerId)).toEqual(numbers);
    // a filter that leaves none of them: the first thousand fall short of the cap, the full count follows
    expect((await list('&gender=Masculino')).meta).toMatchObject({ itemCount: 0 });
    const byName = await list('&field=name&order=ASC');
    expect(byName.items.map((c: { name: string }) => c.name)).toEqual(['Cliente 1', 'Cliente 10', 'Cliente 100', 'Cliente 1000', 'Cliente 1001']);
    // the whole word with another: few together, found through the trigram index
    const both = await gerente({ method: 'GET', url: `/v1/customer?take=5&search=${search('name', 'berrondo avila')}` });
    expect(both.json().meta).toMatchObject({ itemCount: 501 });
    // three of them deleted: a thousand left, counted exactly
    await t.ctx.db.execute(sql`update customers set deleted_at = now() where id in (select id from customers where last_name = 'Berrondo' limit 3)`);
    expect((await list('')).meta).toMatchObject({ itemCount: 1000 });
    expect((await list('')).meta.itemCountCapped).toBeUndefined();
  });

  it('exports CSV only for the Super Administrador, and a page of every customer is an export', async () => {
    expect((await gerente({ method: 'GET', url: '/v1/customer?format=csv' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/customer?take=all' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/customer?take=0' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/customer?take=61' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/loyalty-system?take=all' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/customer?take=60' })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/v1/customer?take=all' })).json().items.length).toBeGreaterThan(60);
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
    const refused = await admin({
      method: 'POST',
      url: '/v1/customer/create',
      payload: adult({ birthday: '2015-02-01', mobilePhone: null, tutorId: plain.id, relationship: 'Madre' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('El tutor debe ser un cliente mayor de edad marcado como tutor');
    const tutor = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000003', isTutor: true }) })).json();
    const child = await admin({
      method: 'POST',
      url: '/v1/customer/create',
      payload: adult({ name: 'Emilia', birthday: '2015-02-01', mobilePhone: null, tutorId: tutor.id, relationship: 'Madre' }),
    });
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ isAdult: false, tutor: { id: tutor.id, mobilePhone: '6649000003' }, relationship: 'Madre' });
    // a tutor with wards can be neither deleted nor unmarked
    expect((await admin({ method: 'POST', url: `/v1/customer/${tutor.id}/delete` })).statusCode).toBe(409);
    expect(
      (await admin({ method: 'PUT', url: `/v1/customer/${tutor.id}/update`, payload: adult({ mobilePhone: '6649000003', isTutor: false }) })).statusCode,
    ).toBe(409);
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
    const edited = await gerente({
      method: 'PUT',
      url: `/v1/customer/${c.id}/update`,
      payload: adult({ mobilePhone: '6649000005', status: false, blackList: true }),
    });
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

describe('tutor rule', () => {
  const minor = (over: Record<string, unknown> = {}) => adult({ name: 'Iker', birthday: '2014-07-09', mobilePhone: null, relationship: 'Padre', ...over });

  it('refuses a minor marked as tutor', async () => {
    const tutor = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001001', isTutor: true }) })).json();
    const res = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: tutor.id, isTutor: true }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'isTutor', message: 'Un menor de edad no puede ser tutor' }] });
    const ok = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: tutor.id, isTutor: false }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ isTutor: false, tutorId: tutor.id, relationship: 'Padre' });
  });

  it('refuses a tutor not marked as tutor, a tutor who is a minor, and the customer themself', async () => {
    const plain = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001002' }) })).json();
    const notMarked = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: plain.id }) });
    expect(notMarked.statusCode).toBe(400);
    expect(notMarked.json()).toMatchObject({
      message: 'El tutor debe ser un cliente mayor de edad marcado como tutor',
      errors: [{ field: 'tutorId', message: 'El tutor debe ser un cliente mayor de edad marcado como tutor' }],
    });

    // a record marked as tutor whose birthday makes them a minor (older data, or a corrected birthday)
    const young = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001003', isTutor: true }) })).json();
    await t.ctx.db.execute(sql`update customers set birthday = '2012-05-05' where id = ${young.id}`);
    const minorTutor = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: young.id }) });
    expect(minorTutor.statusCode).toBe(400);
    expect(minorTutor.json().errors).toEqual([{ field: 'tutorId', message: 'El tutor debe ser un cliente mayor de edad marcado como tutor' }]);

    const tutor = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001004', isTutor: true }) })).json();
    const child = (await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: tutor.id }) })).json();
    const self = await admin({ method: 'PUT', url: `/v1/customer/${child.id}/update`, payload: minor({ tutorId: child.id }) });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([{ field: 'tutorId', message: 'Un cliente no puede ser su propio tutor' }]);

    const missing = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: '6f1c2a9e-1b7d-4c3a-9f00-1234567890ab' }) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Tutor no encontrado');
  });

  it('requires the relationship when a tutor is given', async () => {
    const tutor = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001005', isTutor: true }) })).json();
    const res = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: tutor.id, relationship: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'relationship', message: 'El campo parentesco es requerido para menores de edad' }]);
    const ok = await admin({ method: 'POST', url: '/v1/customer/create', payload: minor({ tutorId: tutor.id, relationship: 'Tutor legal' }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('customer fields', () => {
  const refused = async (payload: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: '/v1/customer/create', payload });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().errors as { field: string; message: string }[];
  };
  const accepted = async (payload: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: '/v1/customer/create', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('takes an e-mail of 100 characters and refuses 101', async () => {
    const at100 = 'a'.repeat(95) + '@x.mx';
    expect((await accepted(adult({ mobilePhone: '6649001011', email: at100 }))).email).toBe(at100);
    expect(await refused(adult({ mobilePhone: '6649001012', email: 'a' + at100 }))).toEqual([
      { field: 'email', message: 'El campo correo electrónico debe tener como máximo 100 caracteres' },
    ]);
  });

  it('takes phones with the (000)000-0000 mask and refuses 9 digits or letters', async () => {
    expect(await accepted(adult({ mobilePhone: '(664)900-1013', phone: '(664)555-0101' }))).toMatchObject({ mobilePhone: '6649001013', phone: '6645550101' });
    expect(await refused(adult({ mobilePhone: '(664)900-101' }))).toEqual([{ field: 'mobilePhone', message: 'El teléfono debe tener 10 dígitos' }]);
    expect(await refused(adult({ mobilePhone: '6649001014', phone: '664-ABC-0101' }))).toEqual([
      { field: 'phone', message: 'El teléfono debe tener 10 dígitos' },
    ]);
  });

  it('requires name, paternal surname and birthday', async () => {
    const errors = await refused(adult({ name: '', lastName: '  ', birthday: undefined, mobilePhone: '6649001015' }));
    expect(errors).toEqual([
      { field: 'name', message: 'El campo nombre es requerido' },
      { field: 'lastName', message: 'El campo apellido paterno es requerido' },
      { field: 'birthday', message: 'El campo fecha de nacimiento es requerido' },
    ]);
    await accepted(adult({ mobilePhone: '6649001015' }));
  });

  it('refuses a gender outside the catalogue', async () => {
    expect(await refused(adult({ mobilePhone: '6649001016', gender: 'Mujer' }))).toEqual([{ field: 'gender', message: 'El campo género no es válido' }]);
    expect((await accepted(adult({ mobilePhone: '6649001016', gender: 'Otro' }))).gender).toBe('Otro');
  });

  it('refuses a birthday before 1900-01-01 or in the future', async () => {
    expect(await refused(adult({ mobilePhone: '6649001017', birthday: '1000-01-01' }))).toEqual([
      { field: 'birthday', message: 'La fecha de nacimiento no puede ser anterior al 01/01/1900' },
    ]);
    expect(await refused(adult({ mobilePhone: '6649001017', birthday: '2999-01-01' }))).toEqual([
      { field: 'birthday', message: 'La fecha de nacimiento no puede ser futura' },
    ]);
    expect((await accepted(adult({ mobilePhone: '6649001017', birthday: '01-01-1900' }))).birthday).toBe('1900-01-01');
  });

  it('refuses on update a mobile phone registered to another customer', async () => {
    const a = await accepted(adult({ mobilePhone: '6649001018' }));
    const b = await accepted(adult({ mobilePhone: '6649001019' }));
    const dup = await admin({ method: 'PUT', url: `/v1/customer/${b.id}/update`, payload: adult({ mobilePhone: '(664)900-1018' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({
      code: 'MOBILE_ALREADY_REGISTERED',
      message: 'El teléfono celular ya está registrado a otro cliente',
      errors: [{ field: 'mobilePhone', message: 'El teléfono celular ya está registrado a otro cliente' }],
    });
    // keeping one's own number is no duplicate
    const own = await admin({ method: 'PUT', url: `/v1/customer/${b.id}/update`, payload: adult({ mobilePhone: '6649001019', name: 'Renata Sofía' }) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().name).toBe('Renata Sofía');
    expect(a.id).not.toBe(b.id);
  });
});

describe('privileges on edits', () => {
  it('refuses update, clear-cancellations and note delete to a role without clients.edit', async () => {
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001020' }) })).json();
    await t.ctx.db.execute(sql`update customers set cancellations = 2 where id = ${c.id}`);
    const note = (
      await admin({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'General', title: 'Aviso', note: 'Texto' } })
    ).json();
    const forbidden = { code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' };

    const update = await logistica({ method: 'PUT', url: `/v1/customer/${c.id}/update`, payload: adult({ mobilePhone: '6649001020', blackList: true }) });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toMatchObject(forbidden);
    const clear = await logistica({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` });
    expect(clear.statusCode).toBe(403);
    expect(clear.json()).toMatchObject(forbidden);
    const del = await logistica({ method: 'POST', url: `/v1/note/${note.id}/delete` });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject(forbidden);

    // nothing changed; a role with clients.edit may update; clearing cancellations also needs the extended limit (Sucursal
    // Gerente) and deleting another's note clients.delete (Super Administrador): privileges.test.ts
    expect((await admin({ method: 'GET', url: `/v1/customer/${c.id}` })).json()).toMatchObject({ blackList: false, cancellations: 2 });
    expect(
      (await medico({ method: 'PUT', url: `/v1/customer/${c.id}/update`, payload: adult({ mobilePhone: '6649001020', blackList: true }) })).statusCode,
    ).toBe(200);
    expect((await gerente({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` })).json().cancellations).toBe(0);
    expect((await admin({ method: 'POST', url: `/v1/note/${note.id}/delete` })).statusCode).toBe(200);
  });
});

describe('notes and photos', () => {
  it('saves a note, then its single photo, lists 5 per page and deletes it', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000007' }) })).json();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const n = await gerente({
        method: 'POST',
        url: '/v1/note/create',
        payload: { customerId: c.id, noteType: 'General', title: `Nota ${i}`, note: 'Texto' },
      });
      expect(n.statusCode, n.body).toBe(201);
      ids.push(n.json().id);
    }
    const page = (await gerente({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json();
    expect(page.meta).toMatchObject({ take: 5, itemCount: 6, pageCount: 2 });
    expect(page.items[0].user).toMatchObject({ name: 'Gabriela' });
    const photo = await gerente({ method: 'POST', url: `/v1/note/${ids[0]}/photo`, ...multipart([await image('nota.png')]) });
    expect(photo.statusCode, photo.body).toBe(200);
    // served through its signed link (photos.test.ts covers who gets one)
    expect((await t.app.inject({ method: 'GET', url: photo.json().photo.thumbnailUrl })).statusCode).toBe(200);
    const two = await gerente({ method: 'POST', url: `/v1/note/${ids[1]}/photo`, ...multipart([await image('a.png'), await image('b.png')]) });
    expect(two.statusCode).toBe(400);
    expect((await gerente({ method: 'POST', url: `/v1/note/${ids[0]}/delete` })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json().meta.itemCount).toBe(5);
    const missing = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'General', title: '', note: 'x' } });
    expect(missing.json().errors[0]).toEqual({ field: 'title', message: 'El campo título es requerido' });
  });

  it('requires the note type and text, and refuses a photo that is not an image', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649001030' }) })).json();
    const noType = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, title: 'Aviso', note: 'Texto' } });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors).toEqual([{ field: 'noteType', message: 'El campo tipo de nota es requerido' }]);
    const badType = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'Chisme', title: 'Aviso', note: 'Texto' } });
    expect(badType.json().errors).toEqual([{ field: 'noteType', message: 'El campo tipo de nota no es válido' }]);
    const noText = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'Queja', title: 'Aviso', note: '   ' } });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().errors).toEqual([{ field: 'note', message: 'El campo nota es requerido' }]);
    const ok = await gerente({ method: 'POST', url: '/v1/note/create', payload: { customerId: c.id, noteType: 'Queja', title: 'Aviso', note: 'Texto' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ noteType: 'Queja', title: 'Aviso', note: 'Texto', photo: null });

    const text = await gerente({
      method: 'POST',
      url: `/v1/note/${ok.json().id}/photo`,
      ...multipart([{ name: 'image', filename: 'nota.txt', content: Buffer.from('solo texto'), type: 'text/plain' }]),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'INVALID_IMAGE', message: 'La imagen debe ser png, jpg, jpeg, webp o gif y pesar menos de 1 Mb' });
    const disguised = await gerente({ method: 'POST', url: `/v1/note/${ok.json().id}/photo`, ...multipart([fakePng()]) });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().code).toBe('INVALID_IMAGE');
    expect((await gerente({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json().items[0].photo).toBeNull();
    const png = await gerente({ method: 'POST', url: `/v1/note/${ok.json().id}/photo`, ...multipart([await image('nota.png')]) });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().photo.name).toMatch(/\.png$/);
  });

  it('keeps a customer avatar as a real image', async () => {
    const c = (await admin({ method: 'POST', url: '/v1/customer/create', payload: adult({ mobilePhone: '6649000008' }) })).json();
    const jpg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    const res = await admin({
      method: 'POST',
      url: `/v1/customer/${c.id}/photo`,
      ...multipart([{ name: 'image', filename: 'cara.jpg', content: jpg, type: 'image/jpeg' }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photo.name).toMatch(/\.jpg$/);
  });
});

describe('demo data', () => {
  it('titles each note after its type and gives one customer in twenty an avatar that is served', async () => {
    const pairs = await rows<{ note_type: string; title: string; photos: number }>(
      // the demo customers' notes (the tests above add their own to new customers)
      sql`select n.note_type, n.title, count(n.photo)::int as photos from customer_notes n join customers c on c.id = n.customer_id
          where c.customer_number < 1000 + ${DEMO_CUSTOMER_COUNT} group by n.note_type, n.title order by n.note_type, n.title`,
    );
    const complaints = pairs.filter((p) => p.note_type === 'Queja');
    expect(complaints.length).toBeGreaterThan(0);
    expect(complaints.every((p) => p.title.startsWith('Queja'))).toBe(true);
    expect(pairs.filter((p) => p.note_type !== 'Queja').some((p) => p.title.startsWith('Queja'))).toBe(false);
    // one title belongs to one type only
    expect(new Set(pairs.map((p) => p.title)).size).toBe(pairs.length);
    // pictures of a treated zone only on clinical notes
    expect(pairs.filter((p) => p.photos > 0).every((p) => ['Médica', 'Cosmetológica'].includes(p.note_type))).toBe(true);

    const [{ n, id }] = await rows<{ n: number; id: string }>(
      sql`select count(photo) over ()::int as n, id from customers where customer_number < 1000 + ${DEMO_CUSTOMER_COUNT} and photo is not null order by customer_number limit 1`,
    );
    expect(n).toBe(DEMO_CUSTOMER_COUNT / 20);
    const { photo } = (await gerente({ method: 'GET', url: `/v1/customer/${id}` })).json();
    const thumb = await t.app.inject({ method: 'GET', url: photo.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\/jpeg/);
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

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, useTestApp, type Caller } from '../../testing/harness';
import { image, multipart } from '../products/test-helpers';

const { t, admin, gerente, medico, cosmetologa } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  medico: 'medico@demo.mx',
  cosmetologa: 'cosmetologa@demo.mx',
});

const forbidden = { statusCode: 403, code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' };
let phone = 6649100000;
async function newCustomer() {
  const res = await admin({
    method: 'POST',
    url: '/v1/customer/create',
    payload: { name: 'Paloma', lastName: 'Arreola', gender: 'Femenino', birthday: '1988-02-03', mobilePhone: String(++phone) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const cancellationsOf = async (id: string) => (await admin({ method: 'GET', url: `/v1/customer/${id}` })).json().cancellations as number;

describe("'Desbanear' (clear cancellations)", () => {
  it('is refused to the roles held to the cancellation limit (Médico, Cosmetóloga)', async () => {
    const c = await newCustomer();
    await t.ctx.db.execute(sql`update customers set cancellations = 3 where id = ${c.id}`);
    for (const as of [medico, cosmetologa]) {
      const res = await as({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    expect(await cancellationsOf(c.id)).toBe(3);
    const logged = await countRows(t, 'change_log');
    const ok = await gerente({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().cancellations).toBe(0);
    expect(await countRows(t, 'change_log')).toBe(logged + 1);
    await t.ctx.db.execute(sql`update customers set cancellations = 4 where id = ${c.id}`);
    expect((await admin({ method: 'PATCH', url: `/v1/customer/${c.id}/clear-cancellations` })).json().cancellations).toBe(0);
  });
});

describe('deleting a clinical note', () => {
  const payload = (customerId: string, title: string) => ({ customerId, noteType: 'Médica', title, note: 'Aplicación sin complicaciones' });

  it("is only for its author or a role with clients.delete: a medic cannot delete another's note", async () => {
    const c = await newCustomer();
    const byAdmin = (await admin({ method: 'POST', url: '/v1/note/create', payload: payload(c.id, 'De admin') })).json();
    const byGerente = (await gerente({ method: 'POST', url: '/v1/note/create', payload: payload(c.id, 'De gerente') })).json();
    const byMedico = (await medico({ method: 'POST', url: '/v1/note/create', payload: payload(c.id, 'Del médico') })).json();
    const byCosmetologa = (await cosmetologa({ method: 'POST', url: '/v1/note/create', payload: payload(c.id, 'De la cosmetóloga') })).json();

    for (const [as, id] of [
      [medico, byAdmin.id],
      [medico, byCosmetologa.id],
      [cosmetologa, byMedico.id],
      [gerente, byMedico.id],
    ] as const) {
      const res = await as({ method: 'POST', url: `/v1/note/${id}/delete` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const live = async () =>
      ((await admin({ method: 'GET', url: `/v1/note?customerId=${c.id}&take=0` })).json().items as { id: string }[]).map((n) => n.id).sort();
    expect(await live()).toEqual([byAdmin.id, byGerente.id, byMedico.id, byCosmetologa.id].sort());

    // the author deletes their own; the Super Administrador (clients.delete) anyone's
    expect((await medico({ method: 'POST', url: `/v1/note/${byMedico.id}/delete` })).statusCode).toBe(200);
    expect((await cosmetologa({ method: 'DELETE', url: `/v1/note/${byCosmetologa.id}/delete` })).statusCode).toBe(200);
    expect((await admin({ method: 'POST', url: `/v1/note/${byGerente.id}/delete` })).statusCode).toBe(200);
    expect(await live()).toEqual([byAdmin.id]);
  });
});

describe('creating a note as multipart', () => {
  type Parts = Parameters<typeof multipart>[0];
  const createNote = (as: Caller, parts: Parts) => as({ method: 'POST', url: '/v1/note/create', ...multipart(parts) });
  /** The four fields of a note, as multipart parts. */
  const noteFields = (customerId: string, noteType: string, title: string, note: string): Parts => [
    { name: 'customerId', value: customerId },
    { name: 'noteType', value: noteType },
    { name: 'title', value: title },
    { name: 'note', value: note },
  ];

  it('takes the fields and the photo in one request, as the spec describes', async () => {
    const c = await newCustomer();
    const res = await createNote(cosmetologa, [
      ...noteFields(c.id, 'Cosmetológica', 'Limpieza profunda', 'Piel mixta'),
      { ...(await image('nota.png')), name: 'photos' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ customerId: c.id, noteType: 'Cosmetológica', title: 'Limpieza profunda', note: 'Piel mixta' });
    expect(created.photo?.name).toMatch(/\.png$/);
    const file = await t.app.inject({ method: 'GET', url: created.photo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // fields only (the photo may follow in POST /note/{id}/photo), and the same validation as JSON
    const plain = await createNote(medico, noteFields(c.id, 'Médica', 'Valoración', 'Sin alergias'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().photo).toBeNull();
    const notes = await countRows(t, 'customer_notes');
    const bad = await createNote(medico, [
      { name: 'customerId', value: c.id },
      { name: 'title', value: 'Valoración' },
      { name: 'note', value: 'x' },
      await image(),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'noteType', message: 'El campo tipo de nota es requerido' }]);
    const notImage = await createNote(medico, [
      ...noteFields(c.id, 'Médica', 'T', 'x'),
      { name: 'image', filename: 'a.png', content: Buffer.from('texto'), type: 'image/png' },
    ]);
    expect(notImage.statusCode).toBe(400);
    const two = await createNote(medico, [...noteFields(c.id, 'Médica', 'T', 'x'), await image('a.png'), await image('b.png')]);
    expect(two.statusCode).toBe(400);
    expect(await countRows(t, 'customer_notes')).toBe(notes);
  });
});

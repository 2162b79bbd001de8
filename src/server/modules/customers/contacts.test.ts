import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, useTestApp } from '../../testing/harness';

/** A customer's e-mail and phone numbers are not another live customer's: the catalogue's 409 DUPLICATE_EMAIL / DUPLICATE_PHONE. */

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

let serial = 0;
/** An adult with a fresh mobile (664 93x xxxx) and nothing else unless given. */
const person = (over: Record<string, unknown> = {}) => ({
  name: 'Contacto',
  lastName: 'Prueba',
  gender: 'Femenino',
  birthday: '1990-03-04',
  mobilePhone: `66493${String(++serial).padStart(5, '0')}`,
  ...over,
});
const create = (payload: Record<string, unknown>) => admin({ method: 'POST', url: '/v1/customer/create', payload });
async function created(over: Record<string, unknown> = {}) {
  const payload = person(over);
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: string }), payload };
}
const update = (id: string, payload: Record<string, unknown>) => admin({ method: 'PUT', url: `/v1/customer/${id}/update`, payload });

const EMAIL = {
  statusCode: 409,
  code: 'DUPLICATE_EMAIL',
  message: 'El correo electrónico ya está registrado',
  errors: [{ field: 'email', message: 'El correo electrónico ya está registrado' }],
};
const phoneTaken = (field: string) => ({
  statusCode: 409,
  code: 'DUPLICATE_PHONE',
  message: 'El teléfono ya está registrado',
  errors: [{ field, message: 'El teléfono ya está registrado' }],
});

describe('duplicate e-mail and phone on create', () => {
  it('refuses an e-mail another customer has (case ignored) with 409, writing nothing', async () => {
    await created({ email: 'duplicado@correo.mx' });
    const [customers, logs] = [await countRows(t, 'customers'), await countRows(t, 'change_log')];
    const res = await create(person({ email: 'Duplicado@Correo.MX' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(EMAIL);
    expect([await countRows(t, 'customers'), await countRows(t, 'change_log')]).toEqual([customers, logs]);
  });

  it("refuses a phone that is another customer's phone or mobile, and a mobile that is another's phone, with 409", async () => {
    const a = await created({ phone: '6641230001' });
    const r1 = await create(person({ phone: '(664)123-0001' }));
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toEqual(phoneTaken('phone'));
    const r2 = await create(person({ phone: a.payload.mobilePhone }));
    expect(r2.json()).toEqual(phoneTaken('phone'));
    const r3 = await create(person({ mobilePhone: '6641230001' }));
    expect(r3.json()).toEqual(phoneTaken('mobilePhone'));
    // mobile against mobile keeps the catalogue's 400
    const r4 = await create(person({ mobilePhone: a.payload.mobilePhone }));
    expect(r4.statusCode).toBe(400);
    expect(r4.json().code).toBe('MOBILE_ALREADY_REGISTERED');
    // one's own phone and mobile may be the same number
    await created({ phone: '6641230002', mobilePhone: '6641230002' });
  });

  it("frees a deleted customer's e-mail and phone", async () => {
    const gone = await created({ email: 'baja@correo.mx', phone: '6641230003' });
    expect((await admin({ method: 'POST', url: `/v1/customer/${gone.id}/delete` })).statusCode).toBe(200);
    await created({ email: 'baja@correo.mx', phone: '6641230003' });
  });

  it('two creates with the same e-mail at once: one 201, one 409', async () => {
    const results = await Promise.all([create(person({ email: 'carrera@correo.mx' })), create(person({ email: 'carrera@correo.mx' }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(EMAIL);
    const same = await create(person({ phone: '6641230004' }));
    const other = await Promise.all([create(person({ phone: '6641230005' })), create(person({ phone: '6641230005' }))]);
    expect(same.statusCode).toBe(201);
    expect(other.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('duplicate e-mail and phone on update', () => {
  it("refuses changing to another customer's e-mail or phone with 409; keeping one's own is fine", async () => {
    await created({ email: 'ocupado@correo.mx', phone: '6641230010' });
    const b = await created({ email: 'propio@correo.mx', phone: '6641230011' });
    const before = (await admin({ method: 'GET', url: `/v1/customer/${b.id}` })).json();

    const e = await update(b.id, { ...b.payload, email: 'OCUPADO@correo.mx' });
    expect(e.statusCode).toBe(409);
    expect(e.json()).toEqual(EMAIL);
    const p = await update(b.id, { ...b.payload, phone: '6641230010' });
    expect(p.statusCode).toBe(409);
    expect(p.json()).toEqual(phoneTaken('phone'));
    expect((await admin({ method: 'GET', url: `/v1/customer/${b.id}` })).json()).toMatchObject({ email: before.email, phone: before.phone });

    const same = await update(b.id, { ...b.payload, name: 'Contacta' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('still edits a record that shared its e-mail or phone before the rule, while those stay unchanged', async () => {
    const a = await created({ email: 'familia@correo.mx', phone: '6641230020' });
    const b = await created();
    await t.ctx.db.execute(sql`update customers set email = 'familia@correo.mx', phone = '6641230020' where id = ${b.id}`);
    const res = await update(b.id, { ...b.payload, email: 'familia@correo.mx', phone: '6641230020', name: 'Hermana' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Hermana', email: 'familia@correo.mx' });
    expect((await update(a.id, { ...a.payload, name: 'Mamá' })).statusCode).toBe(200);
  });
});

describe('phones typed with the country code', () => {
  it('stores a +52 phone as its 10 national digits, and a +52 duplicate is still the same phone', async () => {
    const c = await created({ mobilePhone: '+52 664 940 0001', phone: '52 (664) 940-0002' });
    const stored = (await admin({ method: 'GET', url: `/v1/customer/${c.id}` })).json();
    expect(stored).toMatchObject({ mobilePhone: '6649400001', phone: '6649400002' });
    const [row] = (
      (await t.ctx.db.execute(sql`select mobile_phone, phone from customers where id = ${c.id}`)) as unknown as {
        rows: { mobile_phone: string; phone: string }[];
      }
    ).rows;
    expect(row).toEqual({ mobile_phone: '6649400001', phone: '6649400002' });
    const again = await create(person({ phone: '+526649400002' }));
    expect(again.json()).toEqual(phoneTaken('phone'));
  });

  it("refuses another country's code with a Spanish message, writing nothing", async () => {
    const customers = await countRows(t, 'customers');
    const res = await create(person({ mobilePhone: '+1 619 555 0101' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'mobilePhone', message: 'Solo se aceptan teléfonos de México (+52)' }]);
    expect(await countRows(t, 'customers')).toBe(customers);
  });
});

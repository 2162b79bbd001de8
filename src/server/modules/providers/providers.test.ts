import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { providerSchema } from '../../../domain/providers.schemas';
import { DEMO_PROVIDERS } from '../../db/demo/catalogue-providers';
import { demoId } from '../../db/demo/random';
import { countRows, searchParam, useTestApp } from '../../testing/harness';

const { t, admin, logistica, gerente, operativo } = useTestApp({
  admin: 'admin@demo.mx',
  logistica: 'logistica@demo.mx',
  gerente: 'gerente@demo.mx',
  operativo: 'operativo@demo.mx',
});

const DERMAFARMA = demoId('provider:dermafarma');
const search = searchParam;

const valid = {
  name: 'Quirúrgica Moderna',
  tradename: 'Quirúrgica Moderna S.A. de C.V.',
  rfc: 'qmo010203ab4',
  regime: 'Moral',
  address: 'Av. Revolución 1200',
  city: 'Tijuana',
  state: 'Baja California',
  country: 'México',
  zipCode: '22000',
  email: 'ventas@quirurgica.mx',
  phone: '(664) 555-1234',
  contactName: 'Pedro Álvarez',
  mobilePhone: '664-987-6543',
  payConditions: 45,
  deliveryTime: '3 días',
  bank: 'BBVA México',
  clabeAccount: '012028001234567890',
  bankAccount: '1234567890',
};

async function changeRows(entityId: string) {
  const res = await t.ctx.db.execute(sql`select action, before, after from change_log where entity_id = ${entityId} order by created_at`);
  return (res as unknown as { rows: { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[] }).rows;
}

describe('demo providers', () => {
  it('are valid Mexican providers', () => {
    expect(DEMO_PROVIDERS.length).toBeGreaterThanOrEqual(8);
    for (const p of DEMO_PROVIDERS) expect(providerSchema.safeParse(p).success, p.name).toBe(true);
  });
});

describe('GET /v1/provider', () => {
  it('lists live providers with the spec meta, search and filters', async () => {
    const res = await admin({ method: 'GET', url: '/v1/provider?take=all' });
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json();
    expect(meta.itemCount).toBe(DEMO_PROVIDERS.length);
    expect(items[0]).toMatchObject({ name: expect.any(String), tradename: expect.any(String), rfc: expect.any(String), payConditions: expect.any(Number) });
    const found = (await admin({ method: 'GET', url: `/v1/provider?search=${search('COSMETICOS DEL pacifico')}` })).json();
    expect(found.items.map((p: { name: string }) => p.name)).toEqual(['Cosméticos del Pacífico']);
    const byContact = (await admin({ method: 'GET', url: `/v1/provider?search=${search('trevino', 'contactName')}` })).json();
    expect(byContact.items).toHaveLength(1);
    const cash = (await admin({ method: 'GET', url: '/v1/provider?payConditions=0' })).json();
    expect(cash.items.every((p: { payConditions: number }) => p.payConditions === 0)).toBe(true);
    expect((await admin({ method: 'GET', url: '/v1/provider?status=0' })).json().items).toEqual([]);
  });

  it('exports CSV with Spanish headers', async () => {
    const res = await admin({ method: 'GET', url: '/v1/provider?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Nombre,Razón social,RFC,Régimen,Contacto');
    expect(res.body).toContain('Dermafarma,Dermafarma del Noroeste S.A. de C.V.,DNO950612K21,Persona moral');
  });

  it('lets product readers pick providers by name without tax or bank data', async () => {
    const res = await gerente({ method: 'GET', url: '/v1/provider?take=all' });
    expect(res.statusCode).toBe(200);
    const item = res.json().items.find((p: { id: string }) => p.id === DERMAFARMA);
    expect(item).toMatchObject({ name: 'Dermafarma', rfc: null, bank: null, clabeAccount: null, bankAccount: null });
    expect((await gerente({ method: 'GET', url: `/v1/provider/${DERMAFARMA}` })).statusCode).toBe(403);
  });

  it('answers one provider or 404', async () => {
    const res = await logistica({ method: 'GET', url: `/v1/provider/${DERMAFARMA}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dermafarma', rfc: 'DNO950612K21', regime: 'Moral', payConditions: 30, clabeAccount: '012028001234567891' });
    const missing = await admin({ method: 'GET', url: `/v1/provider/${demoId('provider:none')}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND', message: 'Proveedor no encontrado' });
  });
});

describe('provider writes', () => {
  it('creates with normalised phones and RFC and records the change', async () => {
    const before = await countRows(t, 'providers');
    const res = await logistica({ method: 'POST', url: '/v1/provider/create', payload: valid });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      name: 'Quirúrgica Moderna',
      rfc: 'QMO010203AB4',
      phone: '6645551234',
      mobilePhone: '6649876543',
      payConditions: 45,
      active: true,
    });
    expect(await countRows(t, 'providers')).toBe(before + 1);
    const log = await changeRows(p.id);
    expect(log.map((l) => l.action)).toEqual(['crear']);
    // the change log never holds the RFC or the bank account in clear
    expect(log[0].after).toMatchObject({ name: 'Quirúrgica Moderna', rfc: '••••', bankAccount: '••••' });
  });

  it('refuses bad input with Spanish messages and writes nothing', async () => {
    const before = await countRows(t, 'providers');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rfc: 'XYZ123' }, 'rfc', 'RFC Invalido'],
      [{ rfc: 'MELA800101H5A' }, 'rfc', 'El RFC de una persona moral debe tener 12 caracteres'],
      [{ regime: 'Sociedad' }, 'regime', 'El campo régimen es requerido'],
      [{ payConditions: 20 }, 'payConditions', 'Las condiciones de pago deben ser 0, 15, 30, 45, 60 o 90 días'],
      [{ payConditions: undefined }, 'payConditions', 'El campo condiciones de pago es requerido'],
      [{ name: 'x'.repeat(51) }, 'name', 'El campo nombre debe tener como máximo 50 caracteres'],
      [{ tradename: '' }, 'tradename', 'El campo razón social es requerido'],
      [{ city: 'c'.repeat(51) }, 'city', 'El campo ciudad debe tener como máximo 50 caracteres'],
      [{ zipCode: '220001' }, 'zipCode', 'El campo código postal debe tener como máximo 5 caracteres'],
      [{ email: 'ventas@' }, 'email', 'El campo correo electrónico debe ser un correo electrónico válido'],
      [{ phone: '12345' }, 'phone', 'El teléfono debe tener 10 dígitos'],
      [{ mobilePhone: undefined }, 'mobilePhone', 'El campo teléfono celular es requerido'],
      [{ contactName: '   ' }, 'contactName', 'El campo contacto es requerido'],
      [{ clabeAccount: '1'.repeat(19) }, 'clabeAccount', 'El campo CLABE debe tener como máximo 18 caracteres'],
      [{ bankAccount: '1'.repeat(21) }, 'bankAccount', 'El campo cuenta bancaria debe tener como máximo 20 caracteres'],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin({ method: 'POST', url: '/v1/provider/create', payload: { ...valid, ...change } });
      expect(res.statusCode, field).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.errors, field).toContainEqual({ field, message });
    }
    expect(await countRows(t, 'providers')).toBe(before);
  });

  it('updates through PUT and POST, keeps a before/after, and soft-deletes', async () => {
    const created = (await admin({ method: 'POST', url: '/v1/provider/create', payload: { ...valid, name: 'Temporal', rfc: 'TEM990101AA1' } })).json();
    const put = await logistica({
      method: 'PUT',
      url: `/v1/provider/${created.id}/update`,
      payload: { ...valid, name: 'Temporal Dos', rfc: 'TEM990101AA1', payConditions: 90, active: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Temporal Dos', payConditions: 90, active: false });
    const post = await logistica({
      method: 'POST',
      url: `/v1/provider/${created.id}/update`,
      payload: { ...valid, name: 'Temporal Tres', rfc: 'MELA800101H5A', regime: 'Fisica' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ name: 'Temporal Tres', regime: 'Fisica', active: false });

    const del = await logistica({ method: 'DELETE', url: `/v1/provider/${created.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/provider/${created.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `/v1/provider/${created.id}/delete` })).statusCode).toBe(404);
    const listed = (await admin({ method: 'GET', url: `/v1/provider?take=all&search=${search('Temporal')}` })).json();
    expect(listed.items).toEqual([]);
    const withDeleted = (await admin({ method: 'GET', url: `/v1/provider?take=all&withDeleted=true&search=${search('Temporal')}` })).json();
    expect(withDeleted.items).toHaveLength(1);
    expect((await changeRows(created.id)).map((l) => l.action)).toEqual(['crear', 'editar', 'editar', 'eliminar']);
    const [, edit] = await changeRows(created.id);
    expect(edit.before).toMatchObject({ name: 'Temporal' });
    expect(edit.after).toMatchObject({ name: 'Temporal Dos' });
  });

  it('enforces the providers privileges', async () => {
    expect((await gerente({ method: 'POST', url: '/v1/provider/create', payload: valid })).statusCode).toBe(403);
    expect((await operativo({ method: 'GET', url: '/v1/provider' })).statusCode).toBe(200);
    expect((await operativo({ method: 'PUT', url: `/v1/provider/${DERMAFARMA}/update`, payload: valid })).statusCode).toBe(403);
    expect((await operativo({ method: 'POST', url: `/v1/provider/${DERMAFARMA}/delete` })).statusCode).toBe(403);
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medico({ method: 'GET', url: '/v1/provider' })).statusCode).toBe(403);
    expect((await admin({ method: 'PUT', url: `/v1/provider/not-a-uuid/update`, payload: valid })).statusCode).toBe(400);
  });
});

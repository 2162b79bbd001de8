import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { countRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { toPackageDtos } from './queries';
import { multipart as formData, type Part } from '../products/test-helpers';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const COSMETO = demoId('treatment-type:Cosmetologico');
const MEDICO = demoId('treatment-type:Medico');
const VALORACION = demoId('treatment-type:Valoracion');
const FACIAL = demoId('category:treatment:Facial');
const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const AXILAS_TX = demoId('treatment:COS-DEP-01'); // $650.00, area Axilas
const LIMPIEZA_TX = demoId('treatment:COS-FAC-01'); // $850.00, area Rostro completo
const AXILAS = demoId('area:Cosmetologico:Axilas');
const ROSTRO = demoId('area:Cosmetologico:Rostro completo');

let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  type: 'Package',
  sku: `PQT-${String(++seq).padStart(4, '0')}`,
  name: 'Paquete de prueba',
  description: 'Descripción de prueba',
  treatmentTypeId: COSMETO,
  categoryId: FACIAL,
  points: 10,
  cabainTime: 60,
  branchesIds: [TIJUANA],
  paymentType: ['Efectivo', 'Tarjeta de crédito'],
  validBySchedule: 0,
  validByTime: 0,
  treatmentPackage: [
    { treatmentId: AXILAS_TX, areasIds: [AXILAS], sessions: 3, limit: 1, regularPrice: 1, promotionPrice: 499.99 },
    { treatmentId: LIMPIEZA_TX, areasIds: [ROSTRO], sessions: 2, limit: 2, promotionPrice: 700.1 },
  ],
  ...over,
});

const create = (payload: Record<string, unknown>, as = admin) => as({ method: 'POST', url: '/v1/package/create', payload });
async function created(payload: Record<string, unknown> = body()) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function multipart(buffer: Buffer) {
  const boundary = '----prueba' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`);
  return {
    payload: Buffer.concat([head, buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('GET /v1/package', () => {
  it('lists packages and promotions apart, with their items and totals', async () => {
    const pk = (await admin({ method: 'GET', url: '/v1/package?type=Package&take=all' })).json();
    const pr = (await admin({ method: 'GET', url: '/v1/package?type=Promotion&take=all' })).json();
    expect(pk.meta.itemCount).toBe(6);
    expect(pr.meta.itemCount).toBe(6);
    expect(pk.items.every((p: { type: string }) => p.type === 'Package')).toBe(true);
    const axilas = pk.items.find((p: { sku: string }) => p.sku === 'PAQ-DEP-AXI');
    expect(axilas).toMatchObject({
      regularPrice: 3900,
      price: 2700,
      treatmentPackage: [{ sessions: 6, regularPrice: 650, promotionPrice: 450, areas: [{ name: 'Axilas' }] }],
    });
    expect(pr.items.some((p: { expired: boolean }) => p.expired)).toBe(true);
    expect(pr.items.some((p: { expired: boolean; validBySchedule: boolean }) => p.validBySchedule && !p.expired)).toBe(true);

    // an unknown type is refused; the CSV is named after the type
    expect((await admin({ method: 'GET', url: '/v1/package?type=Otro' })).statusCode).toBe(400);
    const csv = await admin({ method: 'GET', url: '/v1/package?type=Promotion&format=csv' });
    expect(csv.headers['content-disposition']).toMatch(/promociones-/);
  });

  it('filters by status, category and branch, searches and exports CSV', async () => {
    const inactive = (await admin({ method: 'GET', url: '/v1/package?type=Promotion&status=0' })).json().items;
    expect(inactive.map((p: { sku: string }) => p.sku)).toEqual(['PROM-VERANO']);
    const facial = (await admin({ method: 'GET', url: `/v1/package?type=Package&categoryId=${FACIAL}` })).json().items;
    expect(facial.map((p: { sku: string }) => p.sku)).toEqual(['PAQ-FAC-GLW']);
    const mty = (await admin({ method: 'GET', url: `/v1/package?branchId=${MONTERREY}&take=all` })).json().items;
    expect(mty.length).toBeGreaterThan(2);
    expect(mty.every((p: { branchesIds: string[] }) => p.branchesIds.includes(MONTERREY))).toBe(true);
    const search = encodeURIComponent(JSON.stringify({ filter: 'name', value: 'ROSTRO SIN VELLO' }));
    expect((await admin({ method: 'GET', url: `/v1/package?search=${search}` })).json().items).toEqual([]);
    const found = encodeURIComponent(JSON.stringify({ filter: 'name', value: 'valentin' }));
    expect((await admin({ method: 'GET', url: `/v1/package?search=${found}` })).json().items[0].sku).toBe('PROM-LABIOS');
    const csv = await admin({ method: 'GET', url: '/v1/package?type=Package&format=csv' });
    expect(csv.body).toContain('SKU,Nombre,Categoría,Precio regular,Precio,Vigencia,Estatus');
    expect(csv.body).toContain('PAQ-DEP-AXI,Axilas libres: 6 sesiones de láser,Depilación láser,"$3,900.00","$2,700.00",Sin vigencia,Activo');
    expect((await admin({ method: 'GET', url: '/v1/package?type=Paquete' })).statusCode).toBe(400);
  });

  it('shows a branch-bound user only what is offered in their branch', async () => {
    const franchisee = t.as((await t.signIn('franquicia@demo.mx')).token);
    const items = (await franchisee({ method: 'GET', url: '/v1/package?take=all' })).json().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p: { branchesIds: string[] }) => p.branchesIds.includes(MONTERREY))).toBe(true);
    expect((await franchisee({ method: 'GET', url: `/v1/package?branchId=${TIJUANA}` })).statusCode).toBe(403);
    const onlyBaja = demoId('package:PAQ-DEP-AXI');
    expect((await franchisee({ method: 'GET', url: `/v1/package/${onlyBaja}` })).statusCode).toBe(404);
  });
});

describe('totals', () => {
  it('are Σ price × sessions in exact cents, computed by the server from the treatment prices', async () => {
    const p = await created();
    // regular: 650.00 × 3 + 850.00 × 2; promotion: 499.99 × 3 + 700.10 × 2
    expect(p.regularPrice).toBe(3650);
    expect(p.price).toBe(2900.17);
    expect(p.treatmentPackage.map((i: { regularPrice: number }) => i.regularPrice)).toEqual([650, 850]);
    const rows = (await t.ctx.db.execute(sql`select price::text, regular_price::text from packages where id = ${p.id}`)) as unknown as {
      rows: { price: string; regular_price: string }[];
    };
    expect(rows.rows[0]).toEqual({ price: '2900.17', regular_price: '3650.00' });
  });

  it('count one session per promotion item whatever the client sends', async () => {
    const p = await created(body({ type: 'Promotion' }));
    expect(p.treatmentPackage.map((i: { sessions: number }) => i.sessions)).toEqual([1, 1]);
    expect(p.regularPrice).toBe(1500);
    expect(p.price).toBe(1200.09);
  });

  it('ignore client totals and follow the items on update', async () => {
    const p = await created(body({ price: 1, regularPrice: 1 }));
    const res = await admin({
      method: 'PUT',
      url: `/v1/package/${p.id}/update`,
      payload: body({
        sku: p.sku,
        treatmentPackage: [{ id: p.treatmentPackage[0].id, treatmentId: AXILAS_TX, areasIds: [AXILAS], sessions: 10, limit: 1, promotionPrice: 0.1 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ regularPrice: 6500, price: 1 });
    expect(res.json().treatmentPackage).toHaveLength(1);
    expect(res.json().treatmentPackage[0].id).toBe(p.treatmentPackage[0].id);
    const live = (await t.ctx.db.execute(
      sql`select count(*)::int as n from package_treatments where package_id = ${p.id} and deleted_at is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(live.rows[0].n).toBe(1);
  });
});

describe('rules', () => {
  it('refuse SKUs outside 4–12 characters or already used', async () => {
    expect((await create(body({ sku: 'ABC' }))).json().message).toBe('El campo SKU debe tener al menos 4 caracteres');
    expect((await create(body({ sku: 'ABCDEFGHIJKLM' }))).json().message).toBe('El campo SKU debe tener como máximo 12 caracteres');
    expect((await create(body({ sku: 'ABCDEFGHIJKL' }))).statusCode).toBe(201);
    const dup = await create(body({ sku: 'paq-dep-axi' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('SKU_EXISTS');
  });

  it('require the spec fields with Spanish messages', async () => {
    for (const [field, value, message] of [
      ['name', '', 'El campo nombre es requerido'],
      ['description', undefined, 'El campo descripción es requerido'],
      ['points', undefined, 'El campo puntos es requerido'],
      ['cabainTime', undefined, 'El campo tiempo de cabina es requerido'],
      ['categoryId', undefined, 'El campo categoría es requerido'],
      ['branchesIds', [], 'El campo sucursales es requerido'],
      ['paymentType', [], 'El campo tipo de pago es requerido'],
      ['treatmentPackage', [], 'Debe agregar al menos un tratamiento'],
    ] as const) {
      const res = await create(body({ [field]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { message: string }) => e.message),
        field,
      ).toContain(message);
    }
    expect((await create(body({ paymentType: ['Cheque'] }))).statusCode).toBe(400);
  });

  it('require dates when limited by schedule, with the end not before the start', async () => {
    const missing = await create(body({ validBySchedule: 1 }));
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['endDate', 'startDate']);
    const reversed = await create(body({ validBySchedule: 1, startDate: '2026-05-10', endDate: '2026-05-09' }));
    expect(reversed.json().message).toBe('La fecha final no puede ser anterior a la fecha inicial');
    expect((await create(body({ validBySchedule: 1, startDate: '2026-02-30', endDate: '2026-03-09' }))).json().message).toBe(
      'El campo fecha inicial no es válido',
    );
    const ok = await created(body({ validBySchedule: 1, startDate: '2026-05-10', endDate: '2026-05-10' }));
    expect(ok).toMatchObject({ validBySchedule: true, startDate: '2026-05-10', endDate: '2026-05-10' });
    const off = await created(body({ validBySchedule: 0, startDate: '2026-05-10', endDate: '2026-05-01' }));
    expect(off).toMatchObject({ startDate: null, endDate: null, expired: false });
  });

  it('require hours when limited by time, with the end after the start', async () => {
    const missing = await create(body({ validByTime: true, startTime: '09:00' }));
    expect(missing.json().message).toBe('El campo hora final es requerido');
    expect((await create(body({ validByTime: true, startTime: '13:00', endTime: '09:00' }))).json().message).toBe(
      'La hora final debe ser posterior a la hora inicial',
    );
    expect((await create(body({ validByTime: true, startTime: '9:00', endTime: '13:00' }))).statusCode).toBe(400);
    const ok = await created(body({ validByTime: true, startTime: '09:00', endTime: '13:30' }));
    expect(ok).toMatchObject({ validByTime: true, startTime: '09:00', endTime: '13:30' });
  });

  it('exclude the Valoración treatment type', async () => {
    const res = await create(
      body({
        treatmentTypeId: VALORACION,
        treatmentPackage: [{ treatmentId: demoId('treatment:VAL-MED-01'), areasIds: [], sessions: 1, limit: 1, promotionPrice: 1 }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El tipo de tratamiento Valoración no se permite en paquetes ni promociones');
    const options = (await admin({ method: 'GET', url: '/v1/package/form-options' })).json();
    expect(options.treatmentTypes.map((x: { name: string }) => x.name).sort()).toEqual(['Cosmetologico', 'Medico']);
    expect(options.treatments.some((x: { treatmentTypeId: string }) => x.treatmentTypeId === VALORACION)).toBe(false);
    expect(options.branches.some((b: { name: string }) => b.name === 'CEDIS Tijuana')).toBe(false);
    expect(options.paymentTypes).toHaveLength(5);
  });

  it('check each item: treatment of the chosen type, its own areas, sessions and limit', async () => {
    const wrongType = await create(body({ treatmentTypeId: MEDICO }));
    expect(wrongType.json()).toMatchObject({
      message: 'El tratamiento no corresponde al tipo de tratamiento seleccionado',
      errors: [{ field: 'treatmentPackage.0.treatmentId' }],
    });
    const noAreas = await create(body({ treatmentPackage: [{ treatmentId: AXILAS_TX, areasIds: [], sessions: 1, limit: 1, promotionPrice: 1 }] }));
    expect(noAreas.json()).toMatchObject({ message: 'El campo áreas es requerido', errors: [{ field: 'treatmentPackage.0.areasIds' }] });
    const otherArea = await create(body({ treatmentPackage: [{ treatmentId: AXILAS_TX, areasIds: [ROSTRO], sessions: 1, limit: 1, promotionPrice: 1 }] }));
    expect(otherArea.json().message).toBe('El área no corresponde al tratamiento');
    const noSessions = await create(body({ treatmentPackage: [{ treatmentId: AXILAS_TX, areasIds: [AXILAS], limit: 1, promotionPrice: 1 }] }));
    expect(noSessions.json()).toMatchObject({ message: 'El campo sesiones es requerido', errors: [{ field: 'treatmentPackage.0.sessions' }] });
    const zero = await create(body({ treatmentPackage: [{ treatmentId: AXILAS_TX, areasIds: [AXILAS], sessions: 0, limit: 0, promotionPrice: 1 }] }));
    expect(zero.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'El campo sesiones debe ser al menos 1',
      'El campo límite debe ser al menos 1',
    ]);
    const noPrice = await create(body({ treatmentPackage: [{ treatmentId: AXILAS_TX, areasIds: [AXILAS], sessions: 1, limit: 1 }] }));
    expect(noPrice.json().message).toBe('El campo precio promoción es requerido');
    const gone = await create(body({ treatmentPackage: [{ treatmentId: demoId('treatment:none'), areasIds: [], sessions: 1, limit: 1, promotionPrice: 1 }] }));
    expect(gone.json().code).toBe('TREATMENT_NOT_FOUND');
    const inactive = await create(
      body({
        treatmentTypeId: MEDICO,
        treatmentPackage: [{ treatmentId: demoId('treatment:MED-TOX-05'), areasIds: [demoId('area:Medico:Cuello')], sessions: 1, limit: 1, promotionPrice: 1 }],
      }),
    );
    expect(inactive.json().code).toBe('TREATMENT_NOT_FOUND');
  });

  it('keep the type of a row and refuse unknown references', async () => {
    const p = await created();
    const res = await admin({ method: 'PUT', url: `/v1/package/${p.id}/update`, payload: body({ sku: p.sku, type: 'Promotion' }) });
    expect(res.json().message).toBe('El tipo no se puede modificar');
    expect((await create(body({ categoryId: demoId('category:product:Protección solar') }))).json().code).toBe('CATEGORY_NOT_FOUND');
    expect((await create(body({ branchesIds: [demoId('branch:none')] }))).json().code).toBe('BRANCH_NOT_FOUND');
    expect((await create(body({ treatmentTypeId: demoId('treatment-type:none') }))).json().code).toBe('TREATMENT_TYPE_NOT_FOUND');
  });
});

describe('privileges by type', () => {
  it('check packages.* for packages and promotions.* for promotions', async () => {
    const { token } = await t.signIn('admin@demo.mx');
    const role = demoId('role:Gerente Operativo');
    // a role that manages promotions but only reads packages
    await t.ctx.db.execute(sql`update role_privileges set actions = array['show','view']::text[] where role_id = ${role} and module = 'packages'`);
    const ops = t.as((await t.signIn('operativo@demo.mx')).token);
    expect((await create(body(), ops)).statusCode).toBe(403);
    const promo = await create(body({ type: 'Promotion' }), ops);
    expect(promo.statusCode).toBe(201);
    const pkg = await created();
    expect((await ops({ method: 'PUT', url: `/v1/package/${pkg.id}/update`, payload: body({ sku: pkg.sku }) })).statusCode).toBe(403);
    expect((await ops({ method: 'POST', url: `/v1/package/${pkg.id}/delete` })).statusCode).toBe(403);
    expect((await ops({ method: 'POST', url: `/v1/package/${promo.json().id}/delete` })).statusCode).toBe(200);
    expect((await ops({ method: 'GET', url: `/v1/package/${pkg.id}` })).statusCode).toBe(200);
    await t.ctx.db.execute(
      sql`update role_privileges set actions = array['show','create','edit','delete','view']::text[] where role_id = ${role} and module = 'packages'`,
    );
    expect(token).toBeTruthy();
  });

  it('hide a type from a user who cannot show it', async () => {
    const role = demoId('role:Sucursal Gerente');
    await t.ctx.db.execute(sql`delete from role_privileges where role_id = ${role} and module = 'promotions'`);
    const manager = t.as((await t.signIn('gerente@demo.mx')).token);
    expect((await manager({ method: 'GET', url: '/v1/package?type=Promotion' })).statusCode).toBe(403);
    const all = (await manager({ method: 'GET', url: '/v1/package?take=all' })).json().items;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p: { type: string; branchesIds: string[] }) => p.type === 'Package' && p.branchesIds.includes(TIJUANA))).toBe(true);
    const promo = demoId('package:PROM-TOXFRE');
    expect((await manager({ method: 'GET', url: `/v1/package/${promo}` })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: '/v1/package/create', payload: body() })).statusCode).toBe(403);
    await t.ctx.db.execute(sql`insert into role_privileges (role_id, module, actions) values (${role}, 'promotions', array['show','view']::text[])`);
  });
});

describe('delete, photo, change log and categories', () => {
  it('soft deletes with a change-log row under the type module', async () => {
    const p = await created(body({ type: 'Promotion' }));
    const logs = await countRows(t, 'change_log');
    expect((await admin({ method: 'DELETE', url: `/v1/package/${p.id}/delete` })).statusCode).toBe(200);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const last = (await t.ctx.db.execute(sql`select module, action from change_log where entity_id = ${p.id} order by created_at desc limit 1`)) as unknown as {
      rows: { module: string; action: string }[];
    };
    expect(last.rows[0]).toEqual({ module: 'promotions', action: 'eliminar' });
    expect((await admin({ method: 'GET', url: `/v1/package/${p.id}` })).statusCode).toBe(404);
    const withDeleted = (await admin({ method: 'GET', url: '/v1/package?type=Promotion&withDeleted=true&take=all' })).json().items;
    expect(withDeleted.some((x: { id: string }) => x.id === p.id)).toBe(true);
  });

  it('stores one checked photo and serves it publicly', async () => {
    const p = await created();
    const image = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#13a8a8' } })
      .jpeg()
      .toBuffer();
    const res = await admin({ method: 'POST', url: `/v1/package/${p.id}/photo`, ...multipart(image) });
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().photo as string;
    expect(name).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: `/v1/package/photo/thumbnail/${name}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/package/photo/${name}` })).headers['content-type']).toBe('image/jpeg');
    const bad = await admin({ method: 'POST', url: `/v1/package/${p.id}/photo`, ...multipart(Buffer.from('GIF89a pero no')) });
    expect(bad.json().code).toBe('INVALID_IMAGE');
  });

  it('waits inactive for its required photo: cannot be activated or offered without it', async () => {
    const jpeg = () =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: '#f2785c' } })
        .jpeg()
        .toBuffer();
    for (const type of ['Package', 'Promotion']) {
      const p = await created(body({ type, active: 1 }));
      expect(p).toMatchObject({ active: false, photo: null });
      const listed = (await admin({ method: 'GET', url: `/v1/package?type=${type}&status=1&take=all` })).json().items;
      expect(listed.some((x: { id: string }) => x.id === p.id)).toBe(false);
      const activate = await admin({ method: 'PUT', url: `/v1/package/${p.id}/update`, payload: body({ type, sku: p.sku, active: 1 }) });
      expect(activate.statusCode).toBe(400);
      expect(activate.json()).toMatchObject({ code: 'PHOTO_REQUIRED', message: 'Agregue una foto antes de activar el paquete o la promoción' });
      // the spec's second call completes the create: the package becomes active as it was asked
      const photo = await admin({ method: 'POST', url: `/v1/package/${p.id}/photo`, ...multipart(await jpeg()) });
      expect(photo.statusCode, photo.body).toBe(200);
      expect(photo.json().active).toBe(true);
    }
    // created switched off, it stays off when its photo arrives
    const off = await created(body({ active: 0 }));
    expect((await admin({ method: 'POST', url: `/v1/package/${off.id}/photo`, ...multipart(await jpeg()) })).json()).toMatchObject({ active: false });
    const on = await admin({ method: 'PUT', url: `/v1/package/${off.id}/update`, payload: body({ sku: off.sku, active: 1 }) });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().active).toBe(true);
  });

  it('refuses to delete a category used by a live package', async () => {
    const cat = (await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Solo paquetes', type: 'treatment' } })).json();
    const p = await created(body({ categoryId: cat.id }));
    const res = await admin({ method: 'POST', url: `/v1/categories/${cat.id}/delete` });
    expect(res.json().code).toBe('CATEGORY_IN_USE');
    await admin({ method: 'POST', url: `/v1/package/${p.id}/delete` });
    expect((await admin({ method: 'POST', url: `/v1/categories/${cat.id}/delete` })).statusCode).toBe(200);
  });

  it('never leaves a half-written package when an item fails', async () => {
    const before = await countRows(t, 'packages');
    const items = await countRows(t, 'package_treatments');
    const res = await create(
      body({
        treatmentPackage: [body().treatmentPackage[0], { treatmentId: demoId('treatment:none'), areasIds: [], sessions: 1, limit: 1, promotionPrice: 1 }],
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(await countRows(t, 'packages')).toBe(before);
    expect(await countRows(t, 'package_treatments')).toBe(items);
    expect(await toPackageDtos(t.ctx.db, [])).toEqual([]);
  });
});

describe('PUT /v1/package/:id/update as multipart (API.md)', () => {
  const jpeg = (color = '#5c9ef2') =>
    sharp({ create: { width: 30, height: 30, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
  /** The form's fields one by one: lists and the item list as JSON text, the rest as plain text. */
  const fieldsOf = (payload: Record<string, unknown>): Part[] =>
    Object.entries(payload).map(([name, v]) => ({ name, value: typeof v === 'object' ? JSON.stringify(v) : String(v) }));
  const update = (id: string, parts: Part[], as = admin) => as({ method: 'PUT', url: `/v1/package/${id}/update`, ...formData(parts) });

  it('saves the fields and the photo sent together, and switches on with that photo', async () => {
    const p = await created(body({ active: 1 }));
    expect(p).toMatchObject({ active: false, photo: null });
    const photo = { name: 'photos', filename: 'paquete.jpg', content: await jpeg(), type: 'image/jpeg' };
    const res = await update(p.id, [...fieldsOf(body({ sku: p.sku, name: 'Paquete multipart', points: 25, active: 1 })), photo]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Paquete multipart', points: 25, active: true, branchesIds: [TIJUANA] });
    expect(res.json().photo).toMatch(/\.jpg$/);
    expect(res.json().treatmentPackage).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: `/v1/package/photo/${res.json().photo}` })).statusCode).toBe(200);
  });

  it('takes the whole payload as a JSON data field too, and keeps the photo when none is sent', async () => {
    const p = await created(body({ type: 'Promotion' }));
    const withPhoto = await update(p.id, [
      ...fieldsOf(body({ type: 'Promotion', sku: p.sku })),
      { name: 'image', filename: 'a.jpg', content: await jpeg('#aa3355'), type: 'image/jpeg' },
    ]);
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const res = await update(p.id, [{ name: 'data', value: JSON.stringify(body({ type: 'Promotion', sku: p.sku, name: 'Promo data' })) }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Promo data', photo: withPhoto.json().photo });
  });

  it('answers 400 naming the wrong field in Spanish', async () => {
    const p = await created();
    const badSku = await update(p.id, fieldsOf(body({ sku: 'AB' })));
    expect(badSku.statusCode).toBe(400);
    expect(badSku.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'El campo SKU debe tener al menos 4 caracteres', errors: [{ field: 'sku' }] });
    const noBranches = await update(p.id, fieldsOf(body({ sku: p.sku, branchesIds: 'Tijuana' })));
    expect(noBranches.statusCode).toBe(400);
    expect(noBranches.json().errors[0]).toEqual({ field: 'branchesIds', message: 'El campo sucursales es requerido' });
    const onlyName = await update(p.id, [{ name: 'name', value: 'Solo nombre' }]);
    expect(onlyName.statusCode).toBe(400);
    expect(onlyName.json().message).toMatch(/^El campo \S+/);
    expect(onlyName.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['sku', 'branchesIds', 'treatmentPackage']));
    const brokenData = await update(p.id, [{ name: 'data', value: '{roto' }]);
    expect(brokenData.json()).toMatchObject({ statusCode: 400, errors: [{ field: 'data' }] });
    const twoPhotos = await update(p.id, [
      ...fieldsOf(body({ sku: p.sku })),
      { name: 'image', filename: 'a.jpg', content: await jpeg() },
      { name: 'image', filename: 'b.jpg', content: await jpeg() },
    ]);
    expect(twoPhotos.statusCode).toBe(400);
    expect(twoPhotos.json().message).toBe('Se permite como máximo 1 imagen');
    // nothing changed
    expect((await admin({ method: 'GET', url: `/v1/package/${p.id}` })).json()).toMatchObject({ sku: p.sku, name: p.name });
  });

  it('keeps JSON updates working, with the same field messages', async () => {
    const p = await created();
    const ok = await admin({ method: 'PUT', url: `/v1/package/${p.id}/update`, payload: body({ sku: p.sku, name: 'JSON sigue' }) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().name).toBe('JSON sigue');
    const bad = await admin({ method: 'PUT', url: `/v1/package/${p.id}/update`, payload: body({ sku: p.sku, cabainTime: 0 }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('cabainTime');
    expect(bad.json().message).toContain('tiempo de cabina');
  });
});

import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { countRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const MEDICO = demoId('treatment-type:Medico');
const COSMETO = demoId('treatment-type:Cosmetologico');
const VALORACION = demoId('treatment-type:Valoracion');
const FACIAL = demoId('category:treatment:Facial');
const INYECTABLES = demoId('category:treatment:Inyectables');
const LABIOS = demoId('area:Medico:Labios');
const AXILAS = demoId('area:Cosmetologico:Axilas');
const TOX_CONSENT = demoId('consent:Medico:Consentimiento para toxina botulínica');
const LASER_CONSENT = demoId('consent:Cosmetologico:Consentimiento para depilación láser');

let skuSeq = 0;
const nextSku = () => `TST-${String(++skuSeq).padStart(4, '0')}`;

const medical = (over: Record<string, unknown> = {}) => ({
  sku: nextSku(),
  name: 'Toxina de prueba',
  description: 'Tratamiento de prueba',
  treatmentTypeId: MEDICO,
  categories: [INYECTABLES],
  price: 3500.5,
  medicalFee: 700,
  points: 35,
  term: '00:45',
  validity: 90,
  areasIds: [LABIOS],
  applianceIds: [],
  assessment: 0,
  consent: 1,
  consentId: TOX_CONSENT,
  treatmentProduct: [],
  ...over,
});

async function create(body: Record<string, unknown>) {
  return admin({ method: 'POST', url: '/v1/treatment/create', payload: body });
}

async function created(body: Record<string, unknown> = medical()) {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function multipart(buffer: Buffer, filename = 'foto.png', field = 'image') {
  const boundary = '----prueba' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buffer, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#7c4dcc' } })
    .png()
    .toBuffer();

describe('treatment lookups', () => {
  it('lists the treatment types, colours, consents and areas of a type', async () => {
    const types = (await admin({ method: 'GET', url: '/v1/treatment-type' })).json();
    expect(types.map((x: { name: string }) => x.name).sort()).toEqual(['Cosmetologico', 'Medico', 'Valoracion']);
    expect(types.find((x: { id: string }) => x.id === VALORACION)).toMatchObject({ appointmentName: 'Valoración', hasAreas: false });
    const colors = (await admin({ method: 'GET', url: `/v1/color?treatmentTypeId=${MEDICO}` })).json();
    expect(colors.length).toBe(3);
    expect(colors[0]).toHaveProperty('hex');
    const consents = (await admin({ method: 'GET', url: `/v1/consent?treatmentTypeId=${COSMETO}` })).json();
    expect(consents.every((x: { treatmentTypeId: string; document: string }) => x.treatmentTypeId === COSMETO && x.document.length > 20)).toBe(true);
    const areas = (await admin({ method: 'GET', url: `/v1/area?treatmentTypeId=${COSMETO}` })).json();
    expect(areas.map((a: { name: string }) => a.name)).toContain('Axilas');
    expect((await admin({ method: 'GET', url: `/v1/area?treatmentTypeId=${VALORACION}` })).json()).toEqual([]);
    expect((await admin({ method: 'GET', url: '/v1/area?treatmentTypeId=nope' })).statusCode).toBe(400);
  });

  it('answers any signed-in user (cabin types, agenda) but not an anonymous one', async () => {
    const medic = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medic({ method: 'GET', url: '/v1/treatment-type' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/treatment-type' })).statusCode).toBe(401);
  });
});

describe('GET /v1/treatment', () => {
  it('lists the demo treatments with type, categories, price and duration', async () => {
    const { items, meta } = (await admin({ method: 'GET', url: '/v1/treatment?take=all' })).json();
    expect(meta.itemCount).toBeGreaterThanOrEqual(40);
    const lips = items.find((x: { sku: string }) => x.sku === 'MED-AH-01');
    expect(lips).toMatchObject({
      name: 'Ácido hialurónico labios',
      price: 6500,
      medicalFee: 1300,
      term: '00:45',
      duration: 45,
      treatmentType: { name: 'Medico' },
    });
    expect(lips.areas.map((a: { name: string }) => a.name)).toEqual(['Labios']);
    expect(lips.categories.length).toBe(2);
  });

  it('filters by status, type and category, and searches without accents', async () => {
    const search = (v: string) => encodeURIComponent(JSON.stringify({ filter: 'name', value: v }));
    const inactive = (await admin({ method: 'GET', url: '/v1/treatment?status=0&take=all' })).json().items;
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((x: { active: boolean }) => !x.active)).toBe(true);
    const valuation = (await admin({ method: 'GET', url: `/v1/treatment?treatmentTypeId=${VALORACION}&take=all` })).json().items;
    expect(valuation.map((x: { name: string }) => x.name).sort()).toEqual(['Valoración cosmetológica', 'Valoración médica']);
    const facial = (await admin({ method: 'GET', url: `/v1/treatment?categoryId=${FACIAL}&take=all` })).json().items;
    expect(facial.length).toBeGreaterThan(5);
    expect(facial.every((x: { categories: { id: string }[] }) => x.categories.some((c) => c.id === FACIAL))).toBe(true);
    const found = (await admin({ method: 'GET', url: `/v1/treatment?search=${search('ACIDO HIALURONICO')}&take=all` })).json().items;
    expect(found.length).toBe(4);
    const bySku = (
      await admin({ method: 'GET', url: `/v1/treatment?search=${encodeURIComponent(JSON.stringify({ filter: 'sku', value: 'cos-dep' }))}` })
    ).json();
    expect(bySku.meta.itemCount).toBe(7);
  });

  it('sorts by price and exports CSV with Spanish headers', async () => {
    const items = (await admin({ method: 'GET', url: '/v1/treatment?take=all&field=price&order=DESC' })).json().items as { price: number }[];
    expect(items[0].price).toBeGreaterThanOrEqual(items[items.length - 1].price);
    const csv = await admin({ method: 'GET', url: `/v1/treatment?format=csv&treatmentTypeId=${VALORACION}` });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('SKU,Nombre,Tipo,Categorías,Precio,Duración,Estatus');
    expect(csv.body).toContain('VAL-MED-01,Valoración médica,Valoración,Valoración,$500.00,00:30,Activo');
  });

  it('is readable with treatments.show (every demo role has it)', async () => {
    const logistics = t.as((await t.signIn('logistica@demo.mx')).token);
    expect((await logistics({ method: 'GET', url: '/v1/treatment' })).statusCode).toBe(200);
    const noRights = t.as((await t.signIn('franquicia@demo.mx')).token);
    expect((await noRights({ method: 'GET', url: '/v1/treatment' })).statusCode).toBe(200);
  });
});

describe('POST /v1/treatment/create', () => {
  it('creates a treatment with its relations and a change-log row, active once its photo is uploaded', async () => {
    const logs = await countRows(t, 'change_log');
    const body = await created(medical({ active: 0, treatmentProduct: [] }));
    expect(body).toMatchObject({
      name: 'Toxina de prueba',
      price: 3500.5,
      medicalFee: 700,
      term: '00:45',
      duration: 45,
      active: false,
      photo: null,
      consent: true,
      consentId: TOX_CONSENT,
      assessment: false,
    });
    expect(body.areasIds).toEqual([LABIOS]);
    expect(body.treatmentConsent.name).toBe('Consentimiento para toxina botulínica');
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const again = (await admin({ method: 'GET', url: `/v1/treatment/${body.id}` })).json();
    expect(again).toMatchObject({ id: body.id, sku: body.sku, categories: [{ id: INYECTABLES, name: 'Inyectables' }] });
    // the spec's second call: the photo, with the returned id; a new treatment is active
    const photo = await admin({ method: 'POST', url: `/v1/treatment/${body.id}/photo`, ...multipart(await png()) });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json()).toMatchObject({ active: true });
    expect(photo.json().photo).not.toBeNull();
  });

  it('cannot be activated, nor offered in a package, without its photo', async () => {
    const base = await created();
    const { sku: _sku, ...rest } = medical();
    const activate = await admin({ method: 'PUT', url: `/v1/treatment/${base.id}/update`, payload: { ...rest, active: 1 } });
    expect(activate.statusCode).toBe(400);
    expect(activate.json()).toMatchObject({ code: 'PHOTO_REQUIRED', message: 'Agregue una foto antes de activar el tratamiento' });
    expect((await admin({ method: 'GET', url: '/v1/treatment?status=1&take=all' })).json().items.some((x: { id: string }) => x.id === base.id)).toBe(false);
    // an edit that keeps it inactive is fine; after it, the photo no longer switches it on by itself
    expect((await admin({ method: 'PUT', url: `/v1/treatment/${base.id}/update`, payload: { ...rest, name: 'Aún sin foto' } })).json()).toMatchObject({
      active: false,
    });
    const photo = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(await png()) });
    expect(photo.json()).toMatchObject({ active: false });
    const now = await admin({ method: 'PUT', url: `/v1/treatment/${base.id}/update`, payload: { ...rest, active: 1 } });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().active).toBe(true);
  });

  it('stores products with quantities and appliances', async () => {
    const options = (await admin({ method: 'GET', url: '/v1/treatment/form-options' })).json();
    expect(Array.isArray(options.products) && Array.isArray(options.appliances)).toBe(true);
    const appliance = options.appliances[0];
    const product = options.products[0];
    const body = await created(
      medical({ applianceIds: appliance ? [appliance.id] : [], treatmentProduct: product ? [{ productId: product.id, quantity: 3 }] : [] }),
    );
    if (appliance) expect(body.appliance).toEqual([{ id: appliance.id, name: appliance.name }]);
    if (product)
      expect(body.treatmentProduct).toEqual([{ productId: product.id, quantity: 3, product: { id: product.id, sku: product.sku, name: product.name } }]);
    const missing = demoId('product:none');
    const res = await create(medical({ treatmentProduct: [{ productId: missing, quantity: 1 }] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    const zero = await create(medical({ treatmentProduct: [{ productId: missing, quantity: 0 }] }));
    expect(zero.statusCode).toBe(400);
    expect((await create(medical({ applianceIds: [demoId('appliance:none')] }))).json().code).toBe('APPLIANCE_NOT_FOUND');
  });

  it('refuses SKUs shorter than 4, longer than 10 or already used (any case)', async () => {
    const short = await create(medical({ sku: 'ABC' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('El campo SKU debe tener al menos 4 caracteres');
    const long = await create(medical({ sku: 'ABCDEFGHIJK' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('El campo SKU debe tener como máximo 10 caracteres');
    expect((await create(medical({ sku: 'ABCD' }))).statusCode).toBe(201);
    expect((await create(medical({ sku: 'ABCDEFGHIJ' }))).statusCode).toBe(201);
    const dup = await create(medical({ sku: 'med-tox-01' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'SKU_EXISTS', message: 'El SKU ya existe' });
  });

  it('refuses a name over 80 characters and missing required fields', async () => {
    expect((await create(medical({ name: 'x'.repeat(80) }))).statusCode).toBe(201);
    const long = await create(medical({ name: 'x'.repeat(81) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('El campo nombre debe tener como máximo 80 caracteres');
    for (const [field, message] of [
      ['description', 'El campo descripción es requerido'],
      ['price', 'El campo precio es requerido'],
      ['points', 'El campo puntos es requerido'],
      ['term', 'El campo duración es requerido'],
      ['treatmentTypeId', 'El campo tipo de tratamiento es requerido'],
      ['categories', 'El campo categorías es requerido'],
    ] as const) {
      const res = await create(medical({ [field]: undefined }));
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { message: string }) => e.message),
        field,
      ).toContain(message);
    }
    const noCategory = await create(medical({ categories: [] }));
    expect(noCategory.json().message).toBe('El campo categorías es requerido');
  });

  it('requires the medical fee for Medico only', async () => {
    const res = await create(medical({ medicalFee: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'El campo honorario médico es requerido', errors: [{ field: 'medicalFee' }] });
    const cosmetic = await created(medical({ treatmentTypeId: COSMETO, medicalFee: undefined, areasIds: [AXILAS], consentId: LASER_CONSENT }));
    expect(cosmetic.medicalFee).toBeNull();
  });

  it('requires areas of the type unless it is Valoracion', async () => {
    const noAreas = await create(medical({ areasIds: [] }));
    expect(noAreas.statusCode).toBe(400);
    expect(noAreas.json().message).toBe('El campo áreas es requerido');
    const otherType = await create(medical({ areasIds: [AXILAS] }));
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json().message).toBe('El área no corresponde al tipo de tratamiento');
    const valuation = await created(
      medical({ treatmentTypeId: VALORACION, areasIds: [], medicalFee: undefined, consent: 0, consentId: undefined, assessment: 1 }),
    );
    expect(valuation).toMatchObject({ areasIds: [], assessment: true, consent: false });
  });

  it('requires a consent of the type when consent is on', async () => {
    const res = await create(medical({ consent: 1, consentId: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El campo consentimiento es requerido');
    const wrong = await create(medical({ consentId: LASER_CONSENT }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('El consentimiento no corresponde al tipo de tratamiento');
    const off = await created(medical({ consent: 0, consentId: TOX_CONSENT }));
    expect(off).toMatchObject({ consent: false, consentId: null });
  });

  it('takes the duration as HH:mm and refuses anything else', async () => {
    expect((await created(medical({ term: '01:30' }))).duration).toBe(90);
    for (const term of ['1:30', '90', '24:00', '00:60', '00:00', 'ab:cd']) {
      const res = await create(medical({ term }));
      expect(res.statusCode, term).toBe(400);
      expect(res.json().message, term).toMatch(/La duración debe|HH:mm/);
    }
  });

  it('refuses unknown references and bad numbers with Spanish messages, never a 500', async () => {
    expect((await create(medical({ treatmentTypeId: demoId('treatment-type:none') }))).json().code).toBe('TREATMENT_TYPE_NOT_FOUND');
    expect((await create(medical({ categories: [demoId('category:product:Protección solar')] }))).json().code).toBe('CATEGORY_NOT_FOUND');
    expect((await create(medical({ price: -1 }))).json().message).toBe('El campo precio no puede ser negativo');
    expect((await create(medical({ price: 'abc' }))).statusCode).toBe(400);
    expect((await create(medical({ price: 10.555 }))).json().message).toBe('El campo precio admite como máximo dos decimales');
    expect((await create(medical({ points: 1.5 }))).statusCode).toBe(400);
    expect((await create(medical({ assessment: 2 }))).statusCode).toBe(400);
  });

  it('is refused without treatments.create', async () => {
    const logistics = t.as((await t.signIn('logistica@demo.mx')).token);
    const res = await logistics({ method: 'POST', url: '/v1/treatment/create', payload: medical() });
    expect(res.statusCode).toBe(403);
    const operations = t.as((await t.signIn('operativo@demo.mx')).token);
    expect((await operations({ method: 'POST', url: '/v1/treatment/create', payload: medical() })).statusCode).toBe(201);
  });
});

describe('update and delete', () => {
  it('updates fields, keeps the SKU immutable and toggles active', async () => {
    const base = await created();
    const { sku: _sku, ...rest } = medical();
    const res = await admin({
      method: 'PUT',
      url: `/v1/treatment/${base.id}/update`,
      payload: { ...rest, sku: base.sku, name: 'Nuevo nombre', active: 0, price: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku: base.sku, name: 'Nuevo nombre', active: false, price: 100 });
    const changed = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/update`, payload: { ...rest, sku: 'OTRO-SKU' } });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('El SKU no se puede modificar');
    const noSku = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/update`, payload: rest });
    expect(noSku.statusCode).toBe(200);
    expect(noSku.json().active).toBe(false);
    expect((await admin({ method: 'PUT', url: `/v1/treatment/${demoId('t:none')}/update`, payload: rest })).statusCode).toBe(404);
  });

  it('logs the before and after of an edit', async () => {
    const base = await created();
    await admin({ method: 'PUT', url: `/v1/treatment/${base.id}/update`, payload: { ...medical(), sku: base.sku, name: 'Registrado' } });
    const rows = (await t.ctx.db.execute(sql`select action, before, after from change_log where entity_id = ${base.id} order by created_at`)) as unknown as {
      rows: { action: string; before: { name: string } | null; after: { name: string } | null }[];
    };
    expect(rows.rows.map((r) => r.action)).toEqual(['crear', 'editar']);
    expect(rows.rows[1].before?.name).toBe('Toxina de prueba');
    expect(rows.rows[1].after?.name).toBe('Registrado');
  });

  it('soft deletes, hides the row and frees the SKU', async () => {
    const base = await created();
    const del = await admin({ method: 'DELETE', url: `/v1/treatment/${base.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/treatment/${base.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `/v1/treatment/${base.id}/delete` })).statusCode).toBe(404);
    const withDeleted = (await admin({ method: 'GET', url: `/v1/treatment?withDeleted=true&take=all` })).json().items;
    expect(withDeleted.some((x: { id: string }) => x.id === base.id)).toBe(true);
    expect((await create(medical({ sku: base.sku }))).statusCode).toBe(201);
  });

  it('refuses to delete a treatment sold in a package', async () => {
    const res = await admin({ method: 'POST', url: `/v1/treatment/${demoId('treatment:MED-TOX-01')}/delete` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar un tratamiento incluido en un paquete o promoción');
  });

  it('refuses to delete a treatment with a live coupon', async () => {
    const base = await created();
    await t.ctx.db.execute(
      sql`insert into coupons (code, name, description, "limit", type, treatment_id, discount, expire_date) values ('CUPONE2E', 'Cupón', 'Prueba', 5, 'Treatment', ${base.id}, 10, '2030-01-01')`,
    );
    const res = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/delete` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar un tratamiento con cupones vigentes');
  });

  it('needs edit and delete privileges', async () => {
    const medic = t.as((await t.signIn('medico@demo.mx')).token);
    const base = await created();
    expect((await medic({ method: 'PUT', url: `/v1/treatment/${base.id}/update`, payload: medical() })).statusCode).toBe(403);
    expect((await medic({ method: 'POST', url: `/v1/treatment/${base.id}/delete` })).statusCode).toBe(403);
    expect((await medic({ method: 'GET', url: `/v1/treatment/${base.id}` })).statusCode).toBe(200);
  });
});

describe('photo', () => {
  it('stores one checked image, serves it and its thumbnail publicly', async () => {
    const base = await created();
    const upload = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(await png()) });
    expect(upload.statusCode, upload.body).toBe(200);
    const name = upload.json().photo as string;
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/photo/thumbnail/${name}` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/v1/treatment/photo/${name}` })).statusCode).toBe(200);
    // a second upload replaces the first, whose files go away
    const second = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(await png()) });
    expect(second.json().photo).not.toBe(name);
    expect((await t.app.inject({ method: 'GET', url: `/v1/photo/thumbnail/${name}` })).statusCode).toBe(404);
  });

  it('checks the content, not the name, and refuses a missing image', async () => {
    const base = await created();
    const fake = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(Buffer.from('no soy una imagen'), 'foto.png') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('INVALID_IMAGE');
    const none = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_IMAGES');
    const big = await admin({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(Buffer.alloc(1024 * 1024 + 10, 1)) });
    expect(big.statusCode).toBe(413);
    expect((await admin({ method: 'GET', url: `/v1/treatment/${base.id}` })).json().photo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/v1/photo/thumbnail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('needs create or edit on treatments', async () => {
    const base = await created();
    const medic = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medic({ method: 'POST', url: `/v1/treatment/${base.id}/photo`, ...multipart(await png()) })).statusCode).toBe(403);
  });
});

describe('categories in use', () => {
  it('refuses to delete a category tied to a live treatment', async () => {
    const cat = (await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Solo tratamientos', type: 'treatment' } })).json();
    const tr = await created(medical({ categories: [cat.id] }));
    const res = await admin({ method: 'POST', url: `/v1/categories/${cat.id}/delete` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CATEGORY_IN_USE', message: 'No se puede eliminar una categoría ligada a un tratamiento o paquete' });
    await admin({ method: 'POST', url: `/v1/treatment/${tr.id}/delete` });
    expect((await admin({ method: 'POST', url: `/v1/categories/${cat.id}/delete` })).statusCode).toBe(200);
  });
});

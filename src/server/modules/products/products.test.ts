import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../db/demo/random';
import { countRows, useTestApp, type Caller } from '../../testing/harness';
import { basePayload, changeActions, createRequest, editorWithoutApprove, fakePng, ids, image, multipart, rows, updateBody } from './test-helpers';

const { t, admin, logistica, gerente } = useTestApp({ admin: 'admin@demo.mx', logistica: 'logistica@demo.mx', gerente: 'gerente@demo.mx' });
// signed in after the three above, once its role has lost products.approve
let editor: Caller;
beforeAll(async () => {
  editor = await editorWithoutApprove(t);
});

type Item = {
  id: string;
  sku: string;
  name: string;
  approval: string;
  active: boolean;
  productType: { slug: string };
  providersIds: string[];
  photos: { id: string; name: string }[];
};
const list = async (query: string) => {
  const res = await admin({ method: 'GET', url: `/v1/product?take=all&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Item[];
};
const search = (value: string, filter = 'name') => encodeURIComponent(JSON.stringify({ filter, value }));

describe('product types', () => {
  it('lists the four kinds read-only', async () => {
    const res = await gerente({ method: 'GET', url: '/v1/product-type' });
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((x: { name: string; slug: string }) => `${x.name}:${x.slug}`);
    expect(names).toEqual(['Cosmetológico:cosmetologist', 'Insumo:supply', 'Médico:medical', 'Venta:sale']);
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medico({ method: 'GET', url: '/v1/product-type' })).statusCode).toBe(403);
  });
});

describe('GET /v1/product', () => {
  it('answers the demo catalogue with its relations', async () => {
    const all = await list('');
    expect(all.length).toBe(80);
    const one = all.find((p) => p.sku === 'VTA0001')!;
    expect(one).toMatchObject({ name: 'Protector solar FPS 50+', approval: 'approved', productType: { slug: 'sale' } });
    expect(one.photos).toHaveLength(1);
    expect(one.providersIds.length).toBeGreaterThanOrEqual(1);
  });

  it('filters by approval, status, provider and type', async () => {
    expect((await list('isApproved=0')).every((p) => p.approval === 'pending')).toBe(true);
    expect(await list('isApproved=0')).toHaveLength(6);
    expect(await list('approval=rejected')).toHaveLength(2);
    expect((await list('isApproved=1')).every((p) => p.approval === 'approved')).toBe(true);
    expect((await list('status=0')).map((p) => p.sku).sort()).toEqual(['INS0017', 'VTA0016']);
    const noSupply = await list('excludeType=supply');
    expect(noSupply).toHaveLength(60);
    expect(noSupply.some((p) => p.productType.slug === 'supply')).toBe(false);
    expect(await list('excludeType=supply,medical')).toHaveLength(40);
    expect((await list('type=medical')).every((p) => p.productType.slug === 'medical')).toBe(true);
    const byProvider = await list(`providerId=${ids.medistock}`);
    expect(byProvider.length).toBeGreaterThan(0);
    expect(byProvider.every((p) => p.providersIds.includes(ids.medistock))).toBe(true);
    expect((await admin({ method: 'GET', url: '/v1/product?providerId=zzz' })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: '/v1/product?approval=todos' })).statusCode).toBe(400);
  });

  it('searches accent-insensitively by name or SKU, sorts and exports', async () => {
    expect((await list(`search=${search('acido hialuronico')}`)).length).toBeGreaterThanOrEqual(3);
    expect((await list(`search=${search('med0001', 'sku')}`)).map((p) => p.name)).toEqual(['Toxina botulínica tipo A 100 U']);
    const desc = await list('field=sku&order=DESC');
    expect(desc[0].sku).toBe('VTA0020');
    const csv = await admin({ method: 'GET', url: '/v1/product?format=csv&type=medical' });
    expect(csv.body).toContain('SKU,Nombre,Marca,Tipo,Costo,Precio de venta,Aprobación,Estatus');
    expect(csv.body).toContain('MED0001,Toxina botulínica tipo A 100 U');
  });

  it('answers one product or 404; branch managers read but never write', async () => {
    const res = await gerente({ method: 'GET', url: `/v1/product/${ids.productOf('MED0001')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sku: 'MED0001', productType: { slug: 'medical' }, tax: 16, approval: 'approved' });
    expect((await admin({ method: 'GET', url: `/v1/product/${demoId('product:none')}` })).json()).toMatchObject({ statusCode: 404, code: 'PRODUCT_NOT_FOUND' });
    expect((await gerente(await createRequest(basePayload()))).statusCode).toBe(403);
    const body = updateBody(res.json());
    expect((await gerente({ method: 'PUT', url: `/v1/product/${ids.productOf('MED0001')}/update-medical-product`, payload: body })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/product/${ids.productOf('COS0016')}/delete` })).statusCode).toBe(403);
  });
});

describe('POST /v1/product/create', () => {
  it('creates a pending product with its photo and records the change', async () => {
    const res = await editor(await createRequest(basePayload({ sku: 'PRB0001' })));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      sku: 'PRB0001',
      approval: 'pending',
      approved_at: null,
      rejected_at: null,
      cost: 100,
      tax: 16,
      realCost: 116,
      franchisePrice: null,
    });
    expect(p.photos).toHaveLength(1);
    expect(await changeActions(t, p.id)).toEqual(['crear']);
    // the photo is on disk and readable without a token (an <img> tag sends none)
    const file = path.join(t.ctx.config.uploadsDir, 'products', p.photos[0].name);
    expect(existsSync(file)).toBe(true);
    const img = await t.app.inject({ method: 'GET', url: `/v1/product/photo/${p.photos[0].name}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/v1/product/photo/thumbnail/${p.photos[0].name}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/product/photo/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
  });

  it('saves a JSON create first and takes its photos with the returned id, as the spec describes', async () => {
    const res = await editor({ method: 'POST', url: '/v1/product/create', payload: basePayload({ sku: 'PRB0009' }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.json().photos).toEqual([]);
    const upload = await editor({ method: 'POST', url: `/v1/product/${id}/photos`, ...multipart([await image('a.png'), await image('b.png', '#3060c0')]) });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await admin({ method: 'GET', url: `/v1/product/${id}` })).json().photos).toHaveLength(2);
    // a failed upload leaves the saved product as it was
    const bad = await editor({ method: 'POST', url: `/v1/product/${id}/photos`, ...multipart([fakePng()]) });
    expect(bad.statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: `/v1/product/${id}` })).json()).toMatchObject({ sku: 'PRB0009', photos: [{}, {}] });
  });

  it('needs 1 to 3 photos that really are images', async () => {
    const before = await countRows(t, 'products');
    expect((await admin(await createRequest(basePayload({ sku: 'PRB0002' }), []))).json()).toMatchObject({ statusCode: 400, code: 'NO_IMAGES' });
    const fake = await admin(await createRequest(basePayload({ sku: 'PRB0002' }), [fakePng()]));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'INVALID_IMAGE', message: 'La imagen debe ser png, jpg, jpeg, webp o gif y pesar menos de 1 Mb' });
    // a good image beside a bad one: nothing is kept
    const mixed = await admin(await createRequest(basePayload({ sku: 'PRB0002' }), [await image('a.png'), fakePng()]));
    expect(mixed.statusCode).toBe(400);
    const four = await admin(await createRequest(basePayload({ sku: 'PRB0002' }), await Promise.all([1, 2, 3, 4].map((n) => image(`${n}.png`)))));
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('Se permiten como máximo 3 fotos por producto');
    const big = await admin(
      await createRequest(basePayload({ sku: 'PRB0002' }), [{ name: 'image', filename: 'big.png', content: Buffer.alloc(1024 * 1024 + 10, 1) }]),
    );
    expect(big.statusCode).toBe(413);
    expect(await countRows(t, 'products')).toBe(before);
    const three = await admin(
      await createRequest(basePayload({ sku: 'PRB0003' }), await Promise.all([1, 2, 3].map((n) => image(`${n}.png`, `#${n}0${n}0${n}0`)))),
    );
    expect(three.statusCode, three.body).toBe(201);
    expect(three.json().photos).toHaveLength(3);
  });

  it('validates every field with Spanish messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sku: 'AB1' }, 'sku', 'El campo SKU debe tener al menos 4 caracteres'],
      [{ sku: 'ABCDEFGHIJKLM' }, 'sku', 'El campo SKU debe tener como máximo 12 caracteres'],
      [{ productTypeId: undefined }, 'productTypeId', 'El campo tipo de producto es requerido'],
      [{ name: '' }, 'name', 'El campo nombre es requerido'],
      [{ brand: undefined }, 'brand', 'El campo marca es requerido'],
      [{ barCode: undefined }, 'barCode', 'El campo código de barras es requerido'],
      [{ description: ' ' }, 'description', 'El campo descripción es requerido'],
      [{ contentType: 'Frasco' }, 'contentType', 'El campo tipo de contenido es requerido'],
      [{ content: undefined }, 'content', 'El campo contenido es requerido'],
      [{ measureUnit: 'oz' }, 'measureUnit', 'El campo unidad de medida es requerido'],
      [{ cost: undefined }, 'cost', 'El campo costo es requerido'],
      [{ cost: -1 }, 'cost', 'El campo costo no puede ser negativo'],
      [{ tax: 10 }, 'tax', 'El IVA debe ser 0, 8 o 16 %'],
      [{ providersIds: [] }, 'providersIds', 'El campo proveedores es requerido'],
      [{ categoriesIds: undefined }, 'categoriesIds', 'El campo categorías es requerido'],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin(await createRequest(basePayload({ sku: 'PRB0009', ...change })));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toContainEqual({ field, message });
    }
    const badData = await admin({ method: 'POST', url: '/v1/product/create', ...multipart([{ name: 'data', value: '{no es json' }, await image()]) });
    expect(badData.statusCode).toBe(400);
  });

  it('refuses a taken SKU (any case), unknown references and pricing without approve', async () => {
    const dup = await admin(await createRequest(basePayload({ sku: 'vta0001' })));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'SKU_EXISTS', message: 'El SKU ya existe' });
    expect((await admin(await createRequest(basePayload({ sku: 'PRB0010', productTypeId: demoId('product-type:none') })))).json()).toMatchObject({
      statusCode: 404,
      code: 'PRODUCT_TYPE_NOT_FOUND',
    });
    expect((await admin(await createRequest(basePayload({ sku: 'PRB0010', providersIds: [demoId('provider:none')] })))).json()).toMatchObject({
      statusCode: 404,
      code: 'PROVIDER_NOT_FOUND',
    });
    // a treatment category is not a product category
    expect((await admin(await createRequest(basePayload({ sku: 'PRB0010', categoriesIds: [ids.treatmentFacial] })))).json()).toMatchObject({
      statusCode: 404,
      code: 'CATEGORY_NOT_FOUND',
    });
    // two creates racing for one SKU: exactly one wins
    const race = await Promise.all([1, 2].map(async () => admin(await createRequest(basePayload({ sku: 'RACE0001' })))));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json().code).toBe('SKU_EXISTS');
    const priced = await editor(await createRequest(basePayload({ sku: 'PRB0010', salePrice: 200 })));
    expect(priced.statusCode).toBe(403);
    expect(priced.json().message).toBe('Se requiere el privilegio de aprobar para modificar los costos de franquicia y el precio de venta');
    const byApprover = await logistica(
      await createRequest(basePayload({ sku: 'PRB0010', franchiseTax: 16, additionalCostFranchise: 10, indirectExpenses: 5 })),
    );
    expect(byApprover.statusCode).toBe(201);
    expect(byApprover.json()).toMatchObject({ approval: 'pending', franchisePrice: 153.02 });
  });
});

describe('PUT /v1/product/{id}/update-{kind}-product', () => {
  it('saves through the route of its kind only, with SKU and type locked', async () => {
    const p = (await admin({ method: 'GET', url: `/v1/product/${ids.productOf('VTA0018')}` })).json();
    const url = (kind: string) => `/v1/product/${p.id}/update-${kind}-product`;
    const wrongKind = await editor({ method: 'PUT', url: url('medical'), payload: updateBody(p) });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe('La ruta de actualización no corresponde al tipo del producto');
    expect((await editor({ method: 'PUT', url: url('gift'), payload: updateBody(p) })).statusCode).toBe(404);
    const sku = await editor({ method: 'PUT', url: url('sale'), payload: updateBody(p, { sku: 'OTRO0001' }) });
    expect(sku.statusCode).toBe(400);
    expect(sku.json().message).toBe('El SKU no se puede modificar');
    const type = await editor({ method: 'PUT', url: url('sale'), payload: updateBody(p, { productTypeId: ids.cosmetologist }) });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('El tipo de producto no se puede modificar');
    expect((await editor({ method: 'PUT', url: url('sale'), payload: updateBody(p, { tax: 12 }) })).statusCode).toBe(400);

    const ok = await editor({
      method: 'POST',
      url: url('sale'),
      payload: updateBody(p, { sku: p.sku, productTypeId: p.productTypeId, name: 'Mascarilla nocturna renovada', providersIds: [ids.medistock] }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Mascarilla nocturna renovada', sku: 'VTA0018', approval: 'pending', providersIds: [ids.medistock] });
    expect(await changeActions(t, p.id)).toEqual(['editar']);
  });

  it('lets only an approver change the franchise cost fields', async () => {
    const p = (await admin({ method: 'GET', url: `/v1/product/${ids.productOf('VTA0019')}` })).json();
    // VTA0019 is pending with prices an approver captured: sending them unchanged is fine
    const same = await editor({
      method: 'PUT',
      url: `/v1/product/${p.id}/update-sale-product`,
      payload: updateBody(p, { salePrice: p.salePrice, points: p.points }),
    });
    expect(same.statusCode, same.body).toBe(200);
    for (const change of [{ salePrice: p.salePrice + 10 }, { franchiseTax: 8 }, { indirectExpenses: null }, { points: 1 }]) {
      const res = await editor({ method: 'PUT', url: `/v1/product/${p.id}/update-sale-product`, payload: updateBody(p, change) });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    expect((await admin({ method: 'GET', url: `/v1/product/${p.id}` })).json()).toMatchObject({
      salePrice: p.salePrice,
      franchiseTax: p.franchiseTax,
      approval: 'pending',
    });
  });
});

describe('product delete', () => {
  it('is refused while any branch holds stock', async () => {
    const id = ids.productOf('MED0001');
    const [{ n }] = await rows<{ n: number }>(t, sql`select count(*)::int as n from product_stocks where product_id = ${id} and quantity > 0`);
    expect(n).toBeGreaterThan(0);
    const res = await logistica({ method: 'POST', url: `/v1/product/${id}/delete` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PRODUCT_HAS_STOCK', message: 'No se puede eliminar un producto con inventario en sucursal' });
    expect((await admin({ method: 'GET', url: `/v1/product/${id}` })).statusCode).toBe(200);
  });

  it('soft-deletes a product whose lots are empty, shown again with withDeleted', async () => {
    const id = ids.productOf('COS0016');
    await t.ctx.db.execute(
      sql`insert into product_stocks (product_id, branch_id, allotment, quantity) values (${id}, ${demoId('branch:tijuana')}, 'AGOTADO-1', 0)`,
    );
    const res = await logistica({ method: 'DELETE', url: `/v1/product/${id}/delete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/product/${id}` })).statusCode).toBe(404);
    expect((await logistica({ method: 'POST', url: `/v1/product/${id}/delete` })).statusCode).toBe(404);
    expect((await list(`search=${search('COS0016', 'sku')}`)).length).toBe(0);
    expect((await list(`withDeleted=true&search=${search('COS0016', 'sku')}`)).length).toBe(1);
    expect(await changeActions(t, id)).toEqual(['eliminar']);
    // the SKU is free again for a new product
    expect((await admin(await createRequest(basePayload({ sku: 'COS0016' })))).statusCode).toBe(201);
  });
});

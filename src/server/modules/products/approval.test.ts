import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../db/demo/random';
import { countRows, useTestApp, type Caller } from '../../testing/harness';
import { basePayload, changeActions, createRequest, editorWithoutApprove, fakePng, image, multipart, pricing, updateBody } from './test-helpers';

const { t, admin, logistica, gerente } = useTestApp({ admin: 'admin@demo.mx', logistica: 'logistica@demo.mx', gerente: 'gerente@demo.mx' });
// signed in after the three above, once its role has lost products.approve
let editor: Caller;
beforeAll(async () => {
  editor = await editorWithoutApprove(t);
});

type Product = Record<string, unknown> & { id: string; approval: string; photos: { id: string; name: string }[] };
let serial = 0;
async function newProduct(over: Record<string, unknown> = {}): Promise<Product> {
  const res = await editor(await createRequest(basePayload({ sku: `APR${String(++serial).padStart(4, '0')}`, ...over })));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = async (id: string) => (await admin({ method: 'GET', url: `/v1/product/${id}` })).json() as Product;
const update = (who: typeof admin, p: Product, over: Record<string, unknown> = {}, kind = 'sale') =>
  who({ method: 'PUT', url: `/v1/product/${p.id}/update-${kind}-product`, payload: updateBody(p, over) });

describe('approval by saving', () => {
  it("requires the approver's pricing fields, then approves a pending product", async () => {
    const p = await newProduct();
    const missing = await update(logistica, p);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['additionalCostFranchise', 'franchiseTax', 'indirectExpenses', 'points', 'profitPorcentage', 'salePrice'].sort());
    expect(missing.json().errors).toContainEqual({ field: 'salePrice', message: 'El campo precio de venta es requerido' });
    expect((await get(p.id)).approval).toBe('pending');

    const res = await update(logistica, p, pricing);
    expect(res.statusCode, res.body).toBe(200);
    // 100 + 16 % = 116.00; × 1.16 × 1.10 = 148.016 → 148.02; + 5.00 = 153.02
    expect(res.json()).toMatchObject({ approval: 'approved', realCost: 116, franchisePrice: 153.02, salePrice: 179, points: 9, profitPorcentage: 50 });
    expect(res.json().approved_at).not.toBeNull();
    expect(await changeActions(t, p.id)).toEqual(['crear', 'aprobar']);

    // once approved, no further approve or reject
    expect((await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` })).statusCode).toBe(409);
    const reject = await logistica({ method: 'POST', url: `/v1/product/${p.id}/reject` });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe('El producto ya fue aprobado o rechazado');
    // the approver's edit view keeps requiring the pricing
    expect((await update(logistica, await get(p.id), { salePrice: null })).statusCode).toBe(400);
    const repriced = await update(logistica, await get(p.id), { ...pricing, salePrice: 189.5 });
    expect(repriced.json()).toMatchObject({ approval: 'approved', salePrice: 189.5 });
  });

  it('does not require indirect expenses for supplies', async () => {
    const p = await newProduct({ productTypeId: demoId('product-type:supply') });
    const { indirectExpenses: _skip, ...withoutIndirect } = pricing;
    const res = await update(logistica, p, withoutIndirect, 'supply');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approval: 'approved', indirectExpenses: null, franchisePrice: 148.02 });
  });

  it('keeps a product pending when someone without approve saves it', async () => {
    const p = await newProduct();
    const res = await update(editor, p, { name: 'Solo editado' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ approval: 'pending', name: 'Solo editado' });
  });
});

describe('a new cost on an approved product', () => {
  it('goes back to pending approval when saved without approve, keeping the franchise price the approver set', async () => {
    const p = await newProduct();
    const approved = (await update(logistica, p, pricing)).json() as Product;
    expect(approved).toMatchObject({ approval: 'approved', franchisePrice: 153.02, salePrice: 179 });

    const res = await update(editor, approved, { cost: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approval: 'pending', approved_at: null, cost: 5, realCost: 5.8, franchisePrice: 153.02, salePrice: 179 });
    expect(await changeActions(t, p.id)).toEqual(['crear', 'aprobar', 'enviar a aprobación']);

    // the approver reviews it: approving prices it on the new cost (5.80 × 1.16 × 1.10 = 7.40 + 5.00)
    const ok = await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ approval: 'approved', franchisePrice: 12.4 });

    // a change of IVA alone also asks for review; other fields do not
    const named = await update(editor, await get(p.id), { name: 'Solo el nombre' });
    expect(named.json()).toMatchObject({ approval: 'approved', franchisePrice: 12.4 });
    expect((await update(editor, await get(p.id), { tax: 8 })).json()).toMatchObject({ approval: 'pending', franchisePrice: 12.4 });
  });

  it('stays approved when an approver changes the cost, and is repriced', async () => {
    const p = await newProduct();
    const approved = (await update(logistica, p, pricing)).json() as Product;
    const res = await update(logistica, approved, { ...pricing, cost: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approval: 'approved', cost: 5, franchisePrice: 12.4 });
  });
});

describe('approve and reject routes', () => {
  it('approves a pending product whose pricing is complete', async () => {
    const p = await newProduct();
    const incomplete = await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe('Capture los costos de franquicia, el precio de venta y los puntos antes de aprobar');
    // VTA0019 was priced by an approver but not approved yet
    const priced = demoId('product:VTA0019');
    expect((await gerente({ method: 'POST', url: `/v1/product/${priced}/approve` })).statusCode).toBe(403);
    expect((await editor({ method: 'POST', url: `/v1/product/${priced}/approve` })).statusCode).toBe(403);
    const ok = await logistica({ method: 'POST', url: `/v1/product/${priced}/approve` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().approval).toBe('approved');
  });

  it('rejects a pending product with an empty body; saving it again asks for approval anew', async () => {
    const p = await newProduct();
    expect((await gerente({ method: 'POST', url: `/v1/product/${p.id}/reject` })).statusCode).toBe(403);
    expect((await editor({ method: 'POST', url: `/v1/product/${p.id}/reject` })).statusCode).toBe(403);
    const res = await logistica({ method: 'POST', url: `/v1/product/${p.id}/reject` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approval: 'rejected', approved_at: null });
    expect(res.json().rejected_at).not.toBeNull();
    expect((await logistica({ method: 'POST', url: `/v1/product/${p.id}/reject` })).statusCode).toBe(409);
    expect((await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` })).statusCode).toBe(409);

    // an approver's save of a rejected product does not approve it (its pricing is hidden) and needs no pricing
    const again = await update(logistica, await get(p.id), { description: 'Corregida la descripción' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ approval: 'pending', rejected_at: null, approved_at: null });
    expect(await changeActions(t, p.id)).toEqual(['crear', 'rechazar', 'editar']);

    await logistica({ method: 'POST', url: `/v1/product/${p.id}/reject` });
    const byEditor = await update(editor, await get(p.id));
    expect(byEditor.json().approval).toBe('pending');
  });

  it('refuses to approve a product without a photo, by the route or by saving', async () => {
    const res = await editor({ method: 'POST', url: '/v1/product/create', payload: basePayload({ sku: 'APRFOTO1' }) });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as Product;
    expect(p.photos).toEqual([]);
    const saved = await update(logistica, p, pricing);
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toMatchObject({ code: 'PHOTO_REQUIRED', message: 'Agregue al menos una foto antes de aprobar' });
    // the editor's pricing-free save still works and leaves it pending
    expect((await update(editor, p, { name: 'Sin foto aún' })).json()).toMatchObject({ approval: 'pending' });
    // priced as VTA0019 of the demo (an approver's pricing, not approved yet)
    await t.ctx.db.execute(
      sql`update products set franchise_tax = 16, additional_cost_franchise = 10, indirect_expenses = 5, profit_porcentage = 50, sale_price = 179, points = 9 where id = ${p.id}`,
    );
    const route = await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` });
    expect(route.statusCode).toBe(400);
    expect(route.json().message).toBe('Agregue al menos una foto antes de aprobar');
    expect((await get(p.id)).approval).toBe('pending');

    // the spec's flow: the photo is uploaded with the returned id, then it can be approved
    expect((await editor({ method: 'POST', url: `/v1/product/${p.id}/photos`, ...multipart([await image()]) })).statusCode).toBe(200);
    const ok = await logistica({ method: 'POST', url: `/v1/product/${p.id}/approve` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ approval: 'approved', franchisePrice: 153.02 });
  });

  it('answers 404 for unknown products', async () => {
    for (const action of ['approve', 'reject']) {
      expect((await logistica({ method: 'POST', url: `/v1/product/${demoId('product:none')}/${action}` })).statusCode).toBe(404);
    }
  });
});

describe('product photos', () => {
  const upload = async (who: typeof admin, id: string, parts: Awaited<ReturnType<typeof image>>[]) =>
    who({ method: 'POST', url: `/v1/product/${id}/photos`, ...multipart(parts) });

  it('adds photos up to three in total', async () => {
    const p = await newProduct();
    const two = await upload(editor, p.id, [await image('a.png', '#112233'), await image('b.png', '#445566')]);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().photos).toHaveLength(3);
    const before = await countRows(t, 'product_photos');
    const fourth = await upload(editor, p.id, [await image('c.png')]);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().message).toBe('Se permiten como máximo 3 fotos por producto');
    expect(await countRows(t, 'product_photos')).toBe(before);
    expect(await changeActions(t, p.id)).toEqual(['crear', 'agregar fotos']);
  });

  it('checks the content, not the name, and needs a file', async () => {
    const p = await newProduct();
    const fake = await upload(editor, p.id, [fakePng()]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('INVALID_IMAGE');
    const none = await editor({ method: 'POST', url: `/v1/product/${p.id}/photos`, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_IMAGES');
    expect((await gerente({ method: 'POST', url: `/v1/product/${p.id}/photos`, ...multipart([await image()]) })).statusCode).toBe(403);
    expect((await upload(editor, demoId('product:none'), [await image()])).statusCode).toBe(404);
  });

  it('deletes photos but never the last one', async () => {
    const p = await newProduct();
    const withTwo = (await upload(editor, p.id, [await image('b.png', '#abcdef')])).json() as Product;
    const [first, second] = withTwo.photos;
    expect((await gerente({ method: 'DELETE', url: `/v1/product/photo/${first.id}/delete` })).statusCode).toBe(403);
    const res = await editor({ method: 'DELETE', url: `/v1/product/photo/${first.id}/delete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos.map((x: { id: string }) => x.id)).toEqual([second.id]);
    const last = await editor({ method: 'DELETE', url: `/v1/product/photo/${second.id}/delete` });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('El producto debe conservar al menos una foto');
    expect((await editor({ method: 'DELETE', url: `/v1/product/photo/${first.id}/delete` })).json()).toMatchObject({
      statusCode: 404,
      code: 'PHOTO_NOT_FOUND',
    });
    // the file of a soft-deleted photo stays (nothing is lost)
    expect(existsSync(path.join(t.ctx.config.uploadsDir, 'products', first.name))).toBe(true);
    expect(await changeActions(t, p.id)).toEqual(['crear', 'agregar fotos', 'eliminar foto']);
  });

  it('answers 404 for unknown or unsafe photo names', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/v1/product/photo/${demoId('x')}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/product/photo/thumbnail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

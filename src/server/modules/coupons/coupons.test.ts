import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { dateIn } from '../../../domain/coupons';
import { COUPON_LOCKED_MESSAGE } from '../../../domain/coupons.schemas';
import { SALE_MESSAGES } from '../../../domain/sales';
import { countRows, queryRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { couponRedemptions } from '../../db/schema';
import { FIX, insertCouponFixtures } from './test-fixtures';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });
beforeAll(async () => {
  await insertCouponFixtures(t.ctx.db);
});

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const MEXICALI = demoId('branch:mexicali');
const CEDIS = demoId('branch:cedis');
const MISSING = demoId('coupon:none');
const FAR = '2099-12-31';

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
type Coupon = Record<string, unknown> & { id: string; code: string; price: number; discountedPrice: number; discount: number; used: number; status: boolean };

let seq = 0;
const payload = (over: Record<string, unknown> = {}) => ({
  code: `PRUEBA${String(++seq).padStart(3, '0')}`,
  name: 'Cupón de prueba',
  description: 'Descuento para pruebas',
  branchesIds: [TIJUANA, MEXICALI],
  limit: 10,
  type: 'Treatment',
  treatmentId: FIX.treatment,
  discount: 15,
  expireDate: FAR,
  ...over,
});

async function create(over: Record<string, unknown> = {}, as = admin): Promise<Coupon> {
  const res = await as({ method: 'POST', url: '/v1/coupon/create', payload: payload(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const editable = (c: Coupon, over: Record<string, unknown> = {}) => ({
  code: c.code,
  name: c.name,
  description: c.description,
  branchesIds: c.branchesIds,
  limit: c.limit,
  expireDate: c.expireDate,
  ...over,
});

describe('demo data', () => {
  it('seeds coupons over existing items: some expired, one exhausted, uses matching the history', async () => {
    const items = await rows<{ n: number }>(
      sql`select (select count(*) from treatments where deleted_at is null and active) + (select count(*) from products where approved_at is not null) as n`,
    );
    const seeded = await rows<{ code: string; used: number; limit: number; redemptions: number; expire_date: string; active: boolean }>(sql`
      select c.code, c.used, c."limit", c.expire_date::text, c.active,
             (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions
      from coupons c where c.id in (select id from coupons where code in ('BIENVENIDA15','VERANO20','BUENFIN35','AGOTADO30','CUIDADO10','PAUSA05'))`);
    // the catalogue areas may not have seeded items yet: then the coupon seed stays empty
    if (Number(items[0].n) === 0) return expect(seeded).toEqual([]);
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    const today = dateIn('America/Tijuana');
    for (const c of seeded) expect(c.redemptions, c.code).toBe(c.used);
    const byCode = Object.fromEntries(seeded.map((c) => [c.code, c]));
    if (byCode.VERANO20) expect(byCode.VERANO20.expire_date < today).toBe(true);
    if (byCode.AGOTADO30) expect(byCode.AGOTADO30.used).toBe(byCode.AGOTADO30.limit);
    if (byCode.BIENVENIDA15) expect(byCode.BIENVENIDA15.expire_date >= today).toBe(true);
    if (byCode.PAUSA05) expect(byCode.PAUSA05.active).toBe(false);
    const kinds = await rows<{ order_kind: string }>(sql`select distinct order_kind from coupon_redemptions order by 1`);
    expect(kinds.map((k) => k.order_kind).every((k) => k === 'order' || k === 'cashOrder')).toBe(true);
  });

  it('seeds a usage history over customers and sales that exist, shown with names', async () => {
    const orphans = await rows<{ n: number }>(sql`
      select count(*)::int as n from coupon_redemptions r
      left join customers cu on cu.id = r.customer_id
      left join orders o on r.order_kind = 'order' and o.id = r.order_id and o.order_number = r.order_number and o.customer_id = r.customer_id and o.branch_id = r.branch_id
      left join cash_orders co on r.order_kind = 'cashOrder' and co.id = r.order_id and co.order_number = r.order_number and co.customer_id = r.customer_id and co.branch_id = r.branch_id
      where cu.id is null or (o.id is null and co.id is null)`);
    expect(orphans[0].n).toBe(0);
    const detail = (await admin({ method: 'GET', url: `/v1/coupon/${demoId('coupon:BIENVENIDA15')}` })).json();
    const uses = [...detail.orders, ...detail.cashOrders];
    expect(uses.length).toBe(detail.used);
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      expect(u.customer.name).toMatch(/^\p{L}+( \p{L}+)+/u);
      expect(u.orderNumber).toMatch(/^[A-Z]{3}-/);
      expect(u.branch?.name).toBeTruthy();
      expect(u.user?.name).toBeTruthy();
    }
  });
});

describe('item lookup for the form', () => {
  it('offers active treatments and approved, active cosmetologist or sale products only', async () => {
    const tr = (await admin({ method: 'GET', url: '/v1/coupon/items?type=Treatment' })).json() as { id: string; price: number }[];
    const trIds = tr.map((i) => i.id);
    expect(trIds).toEqual(expect.arrayContaining([FIX.treatment, FIX.treatment2]));
    expect(trIds).not.toContain(FIX.inactiveTreatment);
    expect(trIds).not.toContain(FIX.deletedTreatment);
    expect(tr.find((i) => i.id === FIX.treatment)).toEqual({ id: FIX.treatment, name: 'Zeta rejuvenecimiento facial', sku: 'ZCUP01', price: 1499.99 });
    const pr = ((await admin({ method: 'GET', url: '/v1/coupon/items?type=Product' })).json() as { id: string }[]).map((i) => i.id);
    expect(pr).toEqual(expect.arrayContaining([FIX.saleProduct, FIX.cosmeticProduct]));
    for (const id of [FIX.supplyProduct, FIX.pendingProduct, FIX.inactiveProduct]) expect(pr).not.toContain(id);
    expect((await admin({ method: 'GET', url: '/v1/coupon/items?type=Paquete' })).statusCode).toBe(400);
  });
});

describe('create', () => {
  it('answers 201 with the exact discounted price, branches and a change-log row', async () => {
    const logs = await countRows(t, 'change_log');
    const c = await create({ code: 'facial15', discount: 15 });
    expect(c).toMatchObject({
      code: 'facial15',
      price: 1499.99,
      discount: 15,
      discountedPrice: 1274.99,
      used: 0,
      limit: 10,
      status: true,
      type: 'Treatment',
      expired: false,
      exhausted: false,
    });
    expect(c.treatment).toMatchObject({ id: FIX.treatment, name: 'Zeta rejuvenecimiento facial' });
    expect(c.productId).toBeNull();
    expect((c.branchesIds as string[]).sort()).toEqual([TIJUANA, MEXICALI].sort());
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = await rows<{ module: string; action: string; after: { code: string; branchesIds: string[] } }>(
      sql`select module, action, after from change_log where entity_id = ${c.id}`,
    );
    expect(log).toMatchObject({ module: 'coupons', action: 'crear', after: { code: 'facial15' } });
    const product = await create({ type: 'Product', productId: FIX.saleProduct, treatmentId: FIX.treatment, discount: 12.5 });
    expect(product).toMatchObject({ price: 899.5, discountedPrice: 787.06, treatmentId: null, productId: FIX.saleProduct });
    expect(product.product).toMatchObject({ name: 'Zeta protector solar', salePrice: 899.5 });
    const odd = await create({ discount: 33.33, treatmentId: FIX.treatment2 });
    expect(odd).toMatchObject({ price: 650, discountedPrice: 433.35 });
  });

  it('checks the code length and uniqueness, writing nothing on refusal', async () => {
    const [n, logs] = [await countRows(t, 'coupons'), await countRows(t, 'change_log')];
    const short = await admin({ method: 'POST', url: '/v1/coupon/create', payload: payload({ code: 'ABCD' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toEqual({ field: 'code', message: 'El campo código debe tener al menos 5 caracteres' });
    const long = await admin({ method: 'POST', url: '/v1/coupon/create', payload: payload({ code: 'A'.repeat(16) }) });
    expect(long.json().errors[0]).toEqual({ field: 'code', message: 'El campo código debe tener como máximo 15 caracteres' });
    await create({ code: 'UNICO2026' });
    const dup = await admin({ method: 'POST', url: '/v1/coupon/create', payload: payload({ code: 'unico2026' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'COUPON_CODE_EXISTS', message: 'El código del cupón ya existe' });
    expect(await countRows(t, 'coupons')).toBe(n + 1);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
  });

  it('lets exactly one of two simultaneous creates of a code through', async () => {
    const results = await Promise.all([1, 2].map(() => admin({ method: 'POST', url: '/v1/coupon/create', payload: payload({ code: 'CARRERA01' }) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().code).toBe('COUPON_CODE_EXISTS');
  });

  it('validates every field with Spanish messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x'.repeat(51) }, 'name', 'El campo nombre debe tener como máximo 50 caracteres'],
      [{ description: ' ' }, 'description', 'El campo descripción es requerido'],
      [{ branchesIds: [] }, 'branchesIds', 'El campo sucursales es requerido'],
      [{ limit: undefined }, 'limit', 'El campo límite de usos es requerido'],
      [{ type: 'Paquete' }, 'type', 'El campo tipo es requerido'],
      [{ treatmentId: undefined }, 'treatmentId', 'El campo tratamiento es requerido'],
      [{ type: 'Product' }, 'productId', 'El campo producto es requerido'],
      [{ discount: undefined }, 'discount', 'El campo descuento es requerido'],
      [{ discount: 120 }, 'discount', 'El descuento no puede ser mayor a 100'],
      [{ expireDate: undefined }, 'expireDate', 'El campo vigencia es requerido'],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin({ method: 'POST', url: '/v1/coupon/create', payload: payload(over) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toContainEqual({ field, message });
    }
    const fifty = await create({ name: 'x'.repeat(50) });
    expect(fifty.name).toHaveLength(50);
  });

  it('refuses ineligible items, unknown branches and distribution centres', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ treatmentId: FIX.inactiveTreatment }, 400, 'Solo se pueden elegir tratamientos activos'],
      [{ treatmentId: FIX.deletedTreatment }, 404, 'Tratamiento no encontrado'],
      [{ type: 'Product', productId: FIX.supplyProduct }, 400, 'Solo se pueden elegir productos activos y aprobados de tipo cosmetológico o de venta'],
      [{ type: 'Product', productId: FIX.pendingProduct }, 400, 'Solo se pueden elegir productos activos y aprobados de tipo cosmetológico o de venta'],
      [{ type: 'Product', productId: FIX.inactiveProduct }, 400, 'Solo se pueden elegir productos activos y aprobados de tipo cosmetológico o de venta'],
      [{ type: 'Product', productId: MISSING }, 404, 'Producto no encontrado'],
      [{ branchesIds: [MISSING] }, 404, 'Sucursal no encontrada'],
      [{ branchesIds: [TIJUANA, CEDIS] }, 400, 'Un cupón no puede asignarse a un centro de distribución'],
    ];
    const n = await countRows(t, 'coupons');
    for (const [over, status, message] of cases) {
      const res = await admin({ method: 'POST', url: '/v1/coupon/create', payload: payload(over) });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await countRows(t, 'coupons')).toBe(n);
  });
});

describe('update', () => {
  it('changes the editable fields, toggles the status and logs before and after', async () => {
    const c = await create({ code: 'EDITAME01' });
    const res = await admin({
      method: 'PUT',
      url: `/v1/coupon/${c.id}/update`,
      payload: {
        ...editable(c, { name: 'Nuevo nombre', limit: 25, branchesIds: [MONTERREY], status: false }),
        type: 'Treatment',
        treatmentId: FIX.treatment,
        discount: '15.00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nuevo nombre', limit: 25, status: false, branchesIds: [MONTERREY], discount: 15, discountedPrice: 1274.99 });
    const [log] = await rows<{ before: { name: string; branchesIds: string[] }; after: { name: string; status: boolean } }>(
      sql`select before, after from change_log where entity_id = ${c.id} and action = 'editar'`,
    );
    expect(log.before).toMatchObject({ name: 'Cupón de prueba' });
    expect(log.after).toMatchObject({ name: 'Nuevo nombre', status: false });
    const viaPost = await admin({ method: 'POST', url: `/v1/coupon/${c.id}/update`, payload: editable(c, { status: true }) });
    expect(viaPost.json()).toMatchObject({ status: true, name: 'Cupón de prueba' });
  });

  it('refuses a change of type, item or discount, and writes nothing', async () => {
    const c = await create({ code: 'BLOQUEO01' });
    const logs = await countRows(t, 'change_log');
    for (const over of [{ discount: 50 }, { treatmentId: FIX.treatment2 }, { type: 'Product', productId: FIX.saleProduct }, { productId: FIX.saleProduct }]) {
      const res = await admin({ method: 'PUT', url: `/v1/coupon/${c.id}/update`, payload: { ...editable(c, { name: 'Cambio' }), ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: COUPON_LOCKED_MESSAGE });
    }
    expect(await countRows(t, 'change_log')).toBe(logs);
    const now = (await admin({ method: 'GET', url: `/v1/coupon/${c.id}` })).json();
    expect(now).toMatchObject({ name: 'Cupón de prueba', discount: 15, treatmentId: FIX.treatment, type: 'Treatment' });
  });

  it('keeps the code unique and the limit at or above the uses', async () => {
    await create({ code: 'OCUPADO01' });
    const c = await create({ code: 'LIBRE0001' });
    const dup = await admin({ method: 'PUT', url: `/v1/coupon/${c.id}/update`, payload: editable(c, { code: 'Ocupado01' }) });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('COUPON_CODE_EXISTS');
    // keeping its own code is fine
    expect((await admin({ method: 'PUT', url: `/v1/coupon/${c.id}/update`, payload: editable(c) })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update coupons set used = 4 where id = ${c.id}`);
    const low = await admin({ method: 'PUT', url: `/v1/coupon/${c.id}/update`, payload: editable(c, { limit: 3 }) });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ message: 'El límite de usos no puede ser menor a los usos registrados (4)', errors: [{ field: 'limit' }] });
    expect((await admin({ method: 'PUT', url: `/v1/coupon/${c.id}/update`, payload: editable(c, { limit: 4 }) })).json()).toMatchObject({
      limit: 4,
      used: 4,
      exhausted: true,
    });
  });

  it('answers 404 for an unknown coupon', async () => {
    const res = await admin({
      method: 'PUT',
      url: `/v1/coupon/${MISSING}/update`,
      payload: editable({ code: 'NOEXISTE1', name: 'x', description: 'x', branchesIds: [TIJUANA], limit: 1, expireDate: FAR } as unknown as Coupon),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'Cupón no encontrado' });
  });
});

describe('list, detail and delete', () => {
  it('lists with prices, filters, search and CSV', async () => {
    await create({ code: 'LISTADO01', type: 'Product', productId: FIX.cosmeticProduct, discount: 10 });
    const search = encodeURIComponent(JSON.stringify({ filter: 'code', value: 'listado' }));
    const { items, meta } = (await admin({ method: 'GET', url: `/v1/coupon?search=${search}` })).json();
    expect(meta.itemCount).toBe(1);
    expect(items[0]).toMatchObject({
      code: 'LISTADO01',
      price: 450,
      discountedPrice: 405,
      discount: 10,
      type: 'Product',
      product: { name: 'Zeta sérum cosmetológico' },
    });
    const products = (await admin({ method: 'GET', url: '/v1/coupon?take=all&type=Product' })).json().items as Coupon[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((c) => c.type === 'Product')).toBe(true);
    const inactive = (await admin({ method: 'GET', url: '/v1/coupon?take=all&status=0' })).json().items as Coupon[];
    expect(inactive.every((c) => !c.status)).toBe(true);
    const byItem = encodeURIComponent(JSON.stringify({ filter: 'item', value: 'serum' }));
    expect((await admin({ method: 'GET', url: `/v1/coupon?search=${byItem}` })).json().items.map((c: Coupon) => c.code)).toContain('LISTADO01');
    const csv = await admin({ method: 'GET', url: `/v1/coupon?format=csv&search=${search}` });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Código,Nombre,Límite,Usados,Vigencia,Tipo,Producto o tratamiento,Precio,Precio con descuento,Descuento,Sucursales,Estatus');
    expect(lines[1]).toBe('LISTADO01,Cupón de prueba,10,0,31/12/2099,Producto,Zeta sérum cosmetológico,450.00,405.00,10%,"Mexicali, Tijuana",Activo');
  });

  it('shows the usage history split into orders and cash orders', async () => {
    const c = await create({ code: 'HISTORIA1' });
    const [customer, other] = await rows<{ id: string; full: string }>(
      sql`select id, concat_ws(' ', name, last_name, mother_last_name) as full from customers where deleted_at is null order by customer_number limit 2`,
    );
    // a sale known only by its id: number, customer, branch and seller come from the sale
    const [sale] = await rows<{ id: string; order_number: string; customer_id: string; full: string; branch: string; seller: string }>(sql`
      select o.id, o.order_number, o.customer_id, concat_ws(' ', cu.name, cu.last_name, cu.mother_last_name) as full, b.name as branch, u.name as seller
      from cash_orders o join customers cu on cu.id = o.customer_id join branches b on b.id = o.branch_id join users u on u.id = o.seller_id
      order by o.order_number limit 1`);
    await t.ctx.db.insert(couponRedemptions).values([
      { couponId: c.id, customerId: customer.id, orderKind: 'order', orderNumber: 'POS-000123', branchId: TIJUANA, userId: demoId('user:gerente@demo.mx') },
      { couponId: c.id, customerId: other.id, orderKind: 'cashOrder', orderNumber: 'POS-000124', branchId: MEXICALI, userId: demoId('user:admin@demo.mx') },
      { couponId: c.id, orderKind: 'cashOrder', orderId: sale.id },
    ]);
    const detail = (await admin({ method: 'GET', url: `/v1/coupon/${c.id}` })).json();
    expect(detail.orders).toHaveLength(1);
    expect(detail.orders[0]).toMatchObject({
      orderNumber: 'POS-000123',
      customer: { id: customer.id, name: customer.full },
      branch: { name: 'Tijuana' },
      user: { name: 'Gabriela', lastName: 'Núñez' },
    });
    expect(detail.cashOrders).toHaveLength(2);
    expect(detail.cashOrders).toContainEqual(
      expect.objectContaining({
        orderNumber: 'POS-000124',
        customer: { id: other.id, name: other.full },
        branch: expect.objectContaining({ name: 'Mexicali' }),
      }),
    );
    expect(detail.cashOrders).toContainEqual(
      expect.objectContaining({
        orderId: sale.id,
        orderNumber: sale.order_number,
        customer: { id: sale.customer_id, name: sale.full },
        branch: expect.objectContaining({ name: sale.branch }),
        user: expect.objectContaining({ name: sale.seller }),
      }),
    );
    // the branch manager of Tijuana sees only what happened at Tijuana
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    const own = (await gerente({ method: 'GET', url: `/v1/coupon/${c.id}` })).json();
    expect(own.orders).toHaveLength(1);
    expect(own.cashOrders).toHaveLength(0);
  });

  it('deletes softly; the code becomes free again', async () => {
    const c = await create({ code: 'BORRAME01' });
    const del = await admin({ method: 'DELETE', url: `/v1/coupon/${c.id}/delete` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
    expect((await admin({ method: 'GET', url: `/v1/coupon/${c.id}` })).statusCode).toBe(404);
    const withDeleted = (await admin({ method: 'GET', url: '/v1/coupon?take=all&withDeleted=true' })).json().items as Coupon[];
    expect(withDeleted.find((x) => x.id === c.id)?.deleted_at).toBeTruthy();
    expect((await rows(sql`select 1 from change_log where entity_id = ${c.id} and action = 'eliminar'`)).length).toBe(1);
    expect((await admin({ method: 'POST', url: `/v1/coupon/${c.id}/delete` })).statusCode).toBe(404);
    await create({ code: 'BORRAME01' });
  });
});

describe('validate', () => {
  const customer = demoId('customer:1'); // demo customers exist: the validation looks the customer up
  const check = (code: string, over: Record<string, unknown> = {}, as = admin) =>
    as({
      method: 'POST',
      url: '/v1/coupon/validate',
      payload: { code, customerId: customer, branchId: TIJUANA, item: { type: 'Treatment', id: FIX.treatment }, ...over },
    });

  it('quotes the discount when the coupon applies (code case-insensitive), through the expiry day', async () => {
    await create({ code: 'VALIDO001', expireDate: dateIn('America/Tijuana') });
    const res = await check('valido001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'VALIDO001', discount: 15, price: 1499.99, discountAmount: 225, discountedPrice: 1274.99 });
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'couponId', 'discount', 'discountAmount', 'discountedPrice', 'name', 'price']);
  });

  it('refuses with the catalogue message for each rule', async () => {
    await create({ code: 'VENCIDO01', expireDate: '2020-01-31' });
    const exhausted = await create({ code: 'AGOTADO01', limit: 2 });
    await t.ctx.db.execute(sql`update coupons set used = 2 where id = ${exhausted.id}`);
    const used = await create({ code: 'USADO0001' });
    await t.ctx.db
      .insert(couponRedemptions)
      .values({ couponId: used.id, customerId: customer, orderKind: 'order', orderNumber: 'POS-000200', branchId: TIJUANA });
    await create({ code: 'MTYSOLO01', branchesIds: [MONTERREY] });
    await create({ code: 'PRODUCTO1', type: 'Product', productId: FIX.saleProduct });
    const off = await create({ code: 'APAGADO01' });
    await admin({ method: 'PUT', url: `/v1/coupon/${off.id}/update`, payload: editable(off, { status: false }) });

    const cases: [string, Record<string, unknown>, number, string, string][] = [
      ['VENCIDO01', {}, 400, 'COUPON_EXPIRED', 'El cupón está vencido'],
      ['AGOTADO01', {}, 400, 'COUPON_EXHAUSTED', 'El cupón ya alcanzó su límite de usos'],
      ['USADO0001', {}, 400, 'COUPON_ALREADY_USED', 'El cliente ya utilizó este cupón'],
      ['MTYSOLO01', {}, 400, 'COUPON_NOT_APPLICABLE', 'El cupón no aplica para esta sucursal o artículo'],
      // another item: the refusal names the coupon's own
      [
        'VALIDO001',
        { item: { type: 'Treatment', id: FIX.treatment2 } },
        400,
        'COUPON_NOT_APPLICABLE',
        SALE_MESSAGES.couponItemMissing('VALIDO001', 'Zeta rejuvenecimiento facial'),
      ],
      [
        'PRODUCTO1',
        { item: { type: 'Treatment', id: FIX.saleProduct } },
        400,
        'COUPON_NOT_APPLICABLE',
        SALE_MESSAGES.couponItemMissing('PRODUCTO1', 'Zeta protector solar'),
      ],
      ['APAGADO01', {}, 400, 'COUPON_NOT_APPLICABLE', 'El cupón está inactivo'],
      ['NOEXISTE9', {}, 404, 'COUPON_NOT_FOUND', 'Cupón no encontrado'],
    ];
    for (const [code, over, status, errCode, message] of cases) {
      const res = await check(code, over);
      expect(res.statusCode, code).toBe(status);
      expect(res.json(), code).toMatchObject({ code: errCode, message });
    }
    // another customer may still use it; a product coupon quotes the sale price
    expect((await check('USADO0001', { customerId: demoId('customer:2') })).statusCode).toBe(200);
    expect((await check('PRODUCTO1', { item: { type: 'Product', id: FIX.saleProduct } })).json()).toMatchObject({ price: 899.5, discountedPrice: 764.57 });
    const bad = await check('VALIDO001', { customerId: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an unknown or deleted customer and an item no longer sold', async () => {
    const unknown = await check('VALIDO001', { customerId: demoId('customer:none') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', message: 'Cliente no encontrado' });
    const gone = demoId('customer:3');
    await t.ctx.db.execute(sql`update customers set deleted_at = now() where id = ${gone}`);
    expect((await check('VALIDO001', { customerId: gone })).json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });

    // coupons made while their item was sold; then the item is switched off or deleted
    const treatment = await create({ code: 'TRATBAJA1', treatmentId: FIX.treatment2 });
    const product = await create({ code: 'PRODBAJA1', type: 'Product', productId: FIX.cosmeticProduct });
    const asTreatment = { item: { type: 'Treatment', id: FIX.treatment2 } };
    const asProduct = { item: { type: 'Product', id: FIX.cosmeticProduct } };
    expect((await check(treatment.code, asTreatment)).statusCode).toBe(200);
    expect((await check(product.code, asProduct)).statusCode).toBe(200);
    const refused = async (code: string, over: Record<string, unknown>, errCode: string, message: string) => {
      const res = await check(code, over);
      expect(res.statusCode, code).toBe(404);
      expect(res.json(), code).toMatchObject({ code: errCode, message });
    };
    await t.ctx.db.execute(sql`update treatments set active = false where id = ${FIX.treatment2}`);
    await refused(treatment.code, asTreatment, 'TREATMENT_NOT_FOUND', 'Tratamiento no encontrado');
    await t.ctx.db.execute(sql`update treatments set active = true, deleted_at = now() where id = ${FIX.treatment2}`);
    await refused(treatment.code, asTreatment, 'TREATMENT_NOT_FOUND', 'Tratamiento no encontrado');
    await t.ctx.db.execute(sql`update products set active = false where id = ${FIX.cosmeticProduct}`);
    await refused(product.code, asProduct, 'PRODUCT_NOT_FOUND', 'Producto no encontrado');
    await t.ctx.db.execute(sql`update products set active = true, deleted_at = now() where id = ${FIX.cosmeticProduct}`);
    await refused(product.code, asProduct, 'PRODUCT_NOT_FOUND', 'Producto no encontrado');
    // an approved product sent back to review is not sold either
    await t.ctx.db.execute(sql`update products set deleted_at = null, approved_at = null where id = ${FIX.cosmeticProduct}`);
    await refused(product.code, asProduct, 'PRODUCT_NOT_FOUND', 'Producto no encontrado');
    await t.ctx.db.execute(sql`update treatments set deleted_at = null where id = ${FIX.treatment2}`);
    await t.ctx.db.execute(sql`update products set approved_at = now() where id = ${FIX.cosmeticProduct}`);
  });

  it('is open to the point of sale, limited to the own branch, closed to others', async () => {
    const cosmetologa = t.as((await t.signIn('cosmetologa@demo.mx')).token);
    expect((await check('VALIDO001', {}, cosmetologa)).statusCode).toBe(200);
    const other = await check('VALIDO001', { branchId: MONTERREY }, cosmetologa);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await check('VALIDO001', {}, medico)).statusCode).toBe(403);
  });
});

describe('redeem (for the sales area)', () => {
  it('counts the use and records the history; the last use goes to one sale only', async () => {
    const { redeemCoupon } = await import('./index');
    const c = await create({ code: 'CANJE0001', limit: 1 });
    const input = (n: number) => ({
      code: 'CANJE0001',
      customerId: demoId('customer:' + (10 + n)),
      branchId: TIJUANA,
      item: { type: 'Treatment' as const, id: FIX.treatment },
      orderKind: 'order' as const,
      orderNumber: `POS-00090${n}`,
    });
    const results = await Promise.allSettled([1, 2].map((n) => t.ctx.db.transaction((tx) => redeemCoupon(tx, null, input(n)))));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.code).toBe('COUPON_EXHAUSTED');
    const detail = (await admin({ method: 'GET', url: `/v1/coupon/${c.id}` })).json();
    expect(detail).toMatchObject({ used: 1, exhausted: true });
    expect(detail.orders).toHaveLength(1);
  });
});

describe('privileges', () => {
  it('branch manager (show only): sees coupons of Tijuana, cannot write', async () => {
    const mty = await create({ code: 'SOLOMTY01', branchesIds: [MONTERREY] });
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    const list = (await gerente({ method: 'GET', url: '/v1/coupon?take=all' })).json().items as Coupon[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => (c.branchesIds as string[]).includes(TIJUANA))).toBe(true);
    expect((await gerente({ method: 'GET', url: `/v1/coupon?branchId=${MONTERREY}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/coupon/${mty.id}` })).statusCode).toBe(403);
    const logs = await countRows(t, 'change_log');
    expect((await gerente({ method: 'POST', url: '/v1/coupon/create', payload: payload({ branchesIds: [TIJUANA] }) })).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/coupon/${mty.id}/update`, payload: editable(mty) })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/coupon/${mty.id}/delete` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/coupon/items?type=Treatment' })).statusCode).toBe(403);
    expect(await countRows(t, 'change_log')).toBe(logs);
  });

  it('roles without coupons get 403; the operations manager may write', async () => {
    for (const user of ['logistica@demo.mx', 'franquicia@demo.mx', 'medico@demo.mx']) {
      const as = t.as((await t.signIn(user)).token);
      const res = await as({ method: 'GET', url: '/v1/coupon' });
      expect(res.statusCode, user).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'No tiene permisos para realizar esta acción' });
      expect((await as({ method: 'POST', url: '/v1/coupon/create', payload: payload() })).statusCode, user).toBe(403);
    }
    const operativo = t.as((await t.signIn('operativo@demo.mx')).token);
    const c = await create({}, operativo);
    expect((await operativo({ method: 'POST', url: `/v1/coupon/${c.id}/delete` })).statusCode).toBe(200);
  });

  it('a branch-bound role with create writes coupons of its own branch only', async () => {
    await t.ctx.db.execute(
      sql`update role_privileges set actions = array['show','create','edit','delete','view'] where module = 'coupons' and role_id = ${demoId('role:Sucursal Gerente')}`,
    );
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    const wide = await gerente({ method: 'POST', url: '/v1/coupon/create', payload: payload({ branchesIds: [TIJUANA, MONTERREY] }) });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().code).toBe('BRANCH_FORBIDDEN');
    const own = await create({ branchesIds: [TIJUANA] }, gerente);
    const widen = await gerente({ method: 'PUT', url: `/v1/coupon/${own.id}/update`, payload: editable(own, { branchesIds: [TIJUANA, MEXICALI] }) });
    expect(widen.statusCode).toBe(403);
    const shared = await create({ branchesIds: [TIJUANA, MEXICALI] });
    expect((await gerente({ method: 'POST', url: `/v1/coupon/${shared.id}/delete` })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/coupon/${own.id}/delete` })).statusCode).toBe(200);
  });
});

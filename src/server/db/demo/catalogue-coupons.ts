import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CouponType } from '../../../domain/coupons.schemas';
import type { Db } from '../client';
import { branches, couponBranches, coupons, productTypes, products, treatments } from '../schema';
import { demoId } from './random';
import { live } from '../live';

interface DemoCoupon {
  code: string;
  name: string;
  description: string;
  type: CouponType;
  discount: number;
  limit: number;
  /** Uses the demo's sales history makes of it (with a matching sale, as many as fit its dates). */
  uses: number;
  /** Days from today to the expiry date; negative means already expired. */
  expiresIn: number;
  /** Branch codes; empty means every clinic. */
  branchCodes: string[];
  active?: boolean;
}

const DEMO_COUPONS: DemoCoupon[] = [
  {
    code: 'BIENVENIDA15',
    name: 'Bienvenida',
    description: 'Descuento de bienvenida para clientes nuevos',
    type: 'Treatment',
    discount: 15,
    limit: 100,
    uses: 7,
    expiresIn: 120,
    branchCodes: [],
  },
  {
    code: 'LASER25',
    name: 'Temporada de láser',
    description: 'Depilación láser con descuento en temporada baja',
    type: 'Treatment',
    discount: 25,
    limit: 50,
    uses: 3,
    expiresIn: 60,
    branchCodes: [],
  },
  {
    code: 'VERANO20',
    name: 'Verano radiante',
    description: 'Promoción de verano ya concluida',
    type: 'Treatment',
    discount: 20,
    limit: 80,
    uses: 4,
    expiresIn: -45,
    branchCodes: [],
  },
  {
    code: 'BUENFIN35',
    name: 'Buen Fin',
    description: 'Descuento del fin de semana del Buen Fin',
    type: 'Treatment',
    discount: 35,
    limit: 40,
    uses: 2,
    expiresIn: -3,
    branchCodes: [],
  },
  {
    code: 'AGOTADO30',
    name: 'Preventa limitada',
    description: 'Cupón de preventa con cupo limitado, ya agotado',
    type: 'Treatment',
    discount: 30,
    limit: 5,
    uses: 5,
    expiresIn: 30,
    branchCodes: [],
  },
  {
    code: 'TIJUANA18',
    name: 'Aniversario Tijuana',
    description: 'Aniversario de la clínica de Tijuana',
    type: 'Treatment',
    discount: 18,
    limit: 60,
    uses: 2,
    expiresIn: 45,
    branchCodes: ['TIJUANA001'],
  },
  {
    code: 'MTYVIP40',
    name: 'Clientes VIP Monterrey',
    description: 'Beneficio para clientes frecuentes de Monterrey',
    type: 'Treatment',
    discount: 40,
    limit: 10,
    uses: 1,
    expiresIn: 90,
    branchCodes: ['MTYSANPE01'],
  },
  {
    code: 'CUIDADO10',
    name: 'Cuidado en casa',
    description: 'Descuento en productos de cuidado en casa',
    type: 'Product',
    discount: 10,
    limit: 200,
    uses: 6,
    expiresIn: 150,
    branchCodes: [],
  },
  {
    code: 'SOLAR125',
    name: 'Protección solar',
    description: 'Protector solar con descuento de temporada',
    type: 'Product',
    discount: 12.5,
    limit: 30,
    uses: 3,
    expiresIn: 75,
    branchCodes: ['TIJUANA001', 'MEXICALI01', 'ENSENADA01'],
  },
  {
    code: 'PAUSA05',
    name: 'Campaña en pausa',
    description: 'Campaña suspendida temporalmente',
    type: 'Product',
    discount: 5,
    limit: 100,
    uses: 0,
    expiresIn: 200,
    branchCodes: [],
    active: false,
  },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Coupons over the treatments and approved cosmetologist/sale products that exist at seed time. */
export async function seedCoupons(db: Db): Promise<void> {
  const treatmentIds = (
    await db
      .select({ id: treatments.id })
      .from(treatments)
      .where(and(live(treatments), eq(treatments.active, true)))
      .orderBy(asc(treatments.sku))
  ).map((r) => r.id);
  const productIds = (
    await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
      .where(and(live(products), eq(products.active, true), isNotNull(products.approvedAt), inArray(productTypes.slug, ['cosmetologist', 'sale'])))
      .orderBy(asc(products.sku))
  ).map((r) => r.id);
  const items: Record<CouponType, string[]> = { Treatment: treatmentIds, Product: productIds };
  // the catalogue areas may not have seeded their items: then there is nothing to discount
  if (!treatmentIds.length && !productIds.length) return;

  const clinics = await db
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(and(live(branches), eq(branches.distributionCenter, false)))
    .orderBy(asc(branches.code));
  const today = new Date();

  for (const [i, c] of DEMO_COUPONS.entries()) {
    const pool = items[c.type];
    if (!pool.length) continue;
    const id = demoId('coupon:' + c.code);
    const itemId = pool[i % pool.length];
    const at = c.branchCodes.length ? clinics.filter((b) => c.branchCodes.includes(b.code)) : clinics;
    if (!at.length) continue;
    await db.insert(coupons).values({
      id,
      code: c.code,
      name: c.name,
      description: c.description,
      limit: c.limit,
      // the uses come with the sales history, through the sale intake
      used: 0,
      type: c.type,
      treatmentId: c.type === 'Treatment' ? itemId : null,
      productId: c.type === 'Product' ? itemId : null,
      discount: c.discount,
      expireDate: isoDay(new Date(today.getTime() + c.expiresIn * 86_400_000)),
      active: c.active ?? true,
      createdAt: new Date(today.getTime() - (200 - i * 7) * 86_400_000),
    });
    await db.insert(couponBranches).values(at.map((b) => ({ couponId: id, branchId: b.id })));
  }
}

/** How many uses of a demo coupon the sales history tells (sales.ts makes them through the sale intake). */
export function demoCouponUses(code: string): number {
  return DEMO_COUPONS.find((c) => c.code === code)?.uses ?? 0;
}

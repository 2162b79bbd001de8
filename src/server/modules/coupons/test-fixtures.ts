import type { Db } from '../../db/client';
import { demoId } from '../../db/demo/random';
import { products, treatments } from '../../db/schema';
import { toCents } from '../../../domain/money';

/**
 * Treatments and products of every eligibility case, inserted directly so the coupon tests do not
 * depend on what the catalogue areas seed.
 */
export const FIX = {
  treatment: demoId('fixture:treatment:active'),
  treatment2: demoId('fixture:treatment:active2'),
  inactiveTreatment: demoId('fixture:treatment:inactive'),
  deletedTreatment: demoId('fixture:treatment:deleted'),
  saleProduct: demoId('fixture:product:sale'),
  cosmeticProduct: demoId('fixture:product:cosmetologist'),
  supplyProduct: demoId('fixture:product:supply'),
  pendingProduct: demoId('fixture:product:pending'),
  inactiveProduct: demoId('fixture:product:inactive'),
};

export async function insertCouponFixtures(db: Db): Promise<void> {
  const medico = demoId('treatment-type:Medico');
  const base = { description: 'Tratamiento de prueba', treatmentTypeId: medico, durationMinutes: 60 };
  await db.insert(treatments).values([
    { ...base, id: FIX.treatment, sku: 'ZCUP01', name: 'Zeta rejuvenecimiento facial', price: toCents(1499.99) },
    { ...base, id: FIX.treatment2, sku: 'ZCUP02', name: 'Zeta depilación axilas', price: toCents(650) },
    { ...base, id: FIX.inactiveTreatment, sku: 'ZCUP03', name: 'Zeta tratamiento inactivo', price: toCents(800), active: false },
    { ...base, id: FIX.deletedTreatment, sku: 'ZCUP04', name: 'Zeta tratamiento eliminado', price: toCents(900), deletedAt: new Date() },
  ]);
  const product = (id: string, sku: string, name: string, slug: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    id,
    sku,
    name,
    productTypeId: demoId('product-type:' + slug),
    brand: 'Marca Z',
    barCode: '7500000' + sku,
    description: 'Producto de prueba',
    contentType: 'Pieza',
    content: 1,
    measureUnit: 'pza',
    cost: toCents(300),
    tax: 16,
    salePrice: toCents(899.5),
    approvedAt: new Date(),
    ...extra,
  });
  await db
    .insert(products)
    .values([
      product(FIX.saleProduct, 'ZCUP11', 'Zeta protector solar', 'sale'),
      product(FIX.cosmeticProduct, 'ZCUP12', 'Zeta sérum cosmetológico', 'cosmetologist', { salePrice: toCents(450) }),
      product(FIX.supplyProduct, 'ZCUP13', 'Zeta guantes de nitrilo', 'supply'),
      product(FIX.pendingProduct, 'ZCUP14', 'Zeta crema pendiente', 'sale', { approvedAt: null }),
      product(FIX.inactiveProduct, 'ZCUP15', 'Zeta crema inactiva', 'sale', { active: false }),
    ]);
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { packageProblem } from '../../../../domain/appointment-rules';
import type { Cents } from '../../../../domain/money';
import type { CashSaleInput, OrderSaleInput } from '../../../../domain/sales.contract';
import { SERVICES_VAT } from '../../../../domain/sales';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { packageBranches, packageTreatments, packages, products, treatments } from '../../../db/schema';
import { AppError } from '../../../platform/app-error';

/** One line of a sale priced from the catalogue: what the client sent is only which item and how many. */
export interface CatalogueLine {
  index: number;
  name: string;
  unitPrice: Cents;
  /** IVA percent included in the price. */
  vat: number;
  points: number;
  quantity: number;
  treatmentId?: string;
  packageId?: string;
  productId?: string;
  stockId?: string;
  /** Payment methods a package or promotion accepts (empty: any). */
  paymentTypes: string[];
  /**
   * The treatments the sale leaves the customer to book: sessions of each, the limit, the validity in days, and the
   * price of one session in this line (the treatment's own, or its promotion price inside a package or promotion).
   */
  treatments: { treatmentId: string; sessions: number; limit: number; validityDays: number | null; sessionPrice: Cents }[];
}

const invalidItem = (index: number, field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ field: `items.${index}.${field}`, message }]);

/** Treatments (active) and packages or promotions (active, offered at the branch, valid today and now there). */
export async function priceOrderItems(
  tx: DbOrTx,
  branchId: string,
  items: OrderSaleInput['items'],
  at: { date: string; time: string },
): Promise<CatalogueLine[]> {
  const treatmentIds = items.flatMap((i) => (i.treatmentId ? [i.treatmentId] : []));
  const packageIds = items.flatMap((i) => (i.packageId ? [i.packageId] : []));
  const foundTreatments = treatmentIds.length
    ? await tx
        .select()
        .from(treatments)
        .where(and(inArray(treatments.id, treatmentIds), live(treatments)))
    : [];
  const foundPackages = packageIds.length
    ? await tx
        .select()
        .from(packages)
        .where(and(inArray(packages.id, packageIds), live(packages)))
    : [];
  const contents = packageIds.length
    ? await tx
        .select({ packageId: packageTreatments.packageId, pt: packageTreatments, validityDays: treatments.validityDays })
        .from(packageTreatments)
        .innerJoin(treatments, eq(treatments.id, packageTreatments.treatmentId))
        .where(and(inArray(packageTreatments.packageId, packageIds), isNull(packageTreatments.deletedAt)))
    : [];
  const offered = packageIds.length
    ? new Set(
        (
          await tx
            .select({ id: packageBranches.packageId })
            .from(packageBranches)
            .where(and(inArray(packageBranches.packageId, packageIds), eq(packageBranches.branchId, branchId)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  return items.map((item, index) => {
    if (item.treatmentId) {
      const t = foundTreatments.find((f) => f.id === item.treatmentId);
      if (!t) throw new AppError('TREATMENT_NOT_FOUND');
      if (!t.active) throw invalidItem(index, 'treatmentId', `El tratamiento ${t.name} no está activo`);
      return {
        index,
        name: t.name,
        unitPrice: t.price,
        vat: SERVICES_VAT,
        points: t.points,
        quantity: item.quantity,
        treatmentId: t.id,
        paymentTypes: [],
        treatments: [{ treatmentId: t.id, sessions: item.quantity, limit: 1, validityDays: t.validityDays, sessionPrice: t.price }],
      };
    }
    const p = foundPackages.find((f) => f.id === item.packageId);
    if (!p) throw new AppError('PACKAGE_NOT_FOUND');
    const inside = contents.filter((c) => c.packageId === p.id);
    const problem = packageProblem(p, {
      option: p.type === 'Promotion' ? 'promotion' : 'packages',
      treatmentTypeId: p.treatmentTypeId,
      offeredAtBranch: offered.has(p.id),
      date: at.date,
      startTime: at.time,
      endTime: at.time,
      packageTreatmentIds: inside.map((c) => c.pt.treatmentId),
    });
    if (problem) throw invalidItem(index, 'packageId', problem);
    if (!inside.length) throw invalidItem(index, 'packageId', `${p.name} no tiene tratamientos`);
    return {
      index,
      name: p.name,
      unitPrice: p.price,
      vat: SERVICES_VAT,
      points: p.points,
      quantity: item.quantity,
      packageId: p.id,
      paymentTypes: p.paymentType,
      treatments: inside.map((c) => ({
        treatmentId: c.pt.treatmentId,
        sessions: c.pt.sessions * item.quantity,
        limit: c.pt.limit,
        validityDays: c.validityDays,
        sessionPrice: c.pt.promotionPrice,
      })),
    };
  });
}

/** Products on sale: active, approved and with a sale price; their IVA is the product's own. */
export async function priceCashItems(tx: DbOrTx, items: CashSaleInput['items']): Promise<CatalogueLine[]> {
  const found = await tx
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          items.map((i) => i.productId),
        ),
        live(products),
      ),
    );
  return items.map((item, index) => {
    const p = found.find((f) => f.id === item.productId);
    if (!p) throw new AppError('PRODUCT_NOT_FOUND');
    if (!p.active || !p.approvedAt || p.rejectedAt || p.salePrice === null) throw invalidItem(index, 'productId', `El producto ${p.name} no está a la venta`);
    return {
      index,
      name: p.name,
      unitPrice: p.salePrice,
      vat: p.tax,
      points: p.points ?? 0,
      quantity: item.quantity,
      productId: p.id,
      stockId: item.stockId,
      paymentTypes: [],
      treatments: [],
    };
  });
}

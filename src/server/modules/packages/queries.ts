import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, dateInZone } from '../../../domain/dates';
import { PAYMENT_TYPES, type PackageType } from '../../../domain/packages.schemas';
import { TREATMENT_TYPE_NAMES } from '../../../domain/treatments.schemas';
import type { DbOrTx } from '../../db/client';
import { areas, branches, categories, packageBranches, packageTreatments, packages, treatmentAreas, treatmentTypes, treatments } from '../../db/schema';
import { stamps } from '../dto';
import { pesos } from '../../db/money';
import { live } from '../../db/live';
import { linkedNames, namesOf } from '../../platform/query-links';

export type PackageRow = typeof packages.$inferSelect;

/** Today in the business time zone, as YYYY-MM-DD. */
export function businessToday(now = new Date()): string {
  return dateInZone(BUSINESS_TIME_ZONE, now);
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/** Rows → the package objects of the wire, with branches, category, type and items. */
export async function toPackageDtos(db: DbOrTx, rows: PackageRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  // one after the other: inside a transaction they share one connection
  const branchRows = await linkedNames(db, { via: packageBranches, owner: packageBranches.packageId, target: packageBranches.branchId }, branches, ids);
  const itemRows = await db
    .select({ item: packageTreatments, treatment: { id: treatments.id, sku: treatments.sku, name: treatments.name, price: treatments.price } })
    .from(packageTreatments)
    .innerJoin(treatments, eq(treatments.id, packageTreatments.treatmentId))
    .where(and(inArray(packageTreatments.packageId, ids), live(packageTreatments)))
    .orderBy(asc(packageTreatments.createdAt), asc(packageTreatments.id));
  const cats = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, [...new Set(rows.map((r) => r.categoryId))]));
  const types = await db.select({ id: treatmentTypes.id, name: treatmentTypes.name, hasAreas: treatmentTypes.hasAreas }).from(treatmentTypes);
  const areaIds = [...new Set(itemRows.flatMap((i) => i.item.areasIds))];
  const areaRows = areaIds.length ? await db.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, areaIds)) : [];
  const today = businessToday();
  return rows.map((row) => {
    const type = types.find((t) => t.id === row.treatmentTypeId);
    const category = cats.find((c) => c.id === row.categoryId);
    const branchList = namesOf(branchRows, row.id);
    return {
      id: row.id,
      type: row.type as PackageType,
      sku: row.sku,
      name: row.name,
      description: row.description,
      treatmentTypeId: row.treatmentTypeId,
      treatmentType: { id: row.treatmentTypeId, name: type?.name ?? '', hasAreas: type?.hasAreas ?? false },
      categoryId: row.categoryId,
      category: { id: row.categoryId, name: category?.name ?? '' },
      points: row.points,
      price: pesos(row.price),
      regularPrice: pesos(row.regularPrice),
      cabainTime: row.cabainTime,
      branchesIds: branchList.map((b) => b.id),
      branches: branchList,
      paymentType: row.paymentType,
      active: row.active,
      status: row.active,
      validBySchedule: row.validBySchedule,
      startDate: row.startDate,
      endDate: row.endDate,
      validByTime: row.validByTime,
      startTime: hhmm(row.startTime),
      endTime: hhmm(row.endTime),
      /** Past its end date (business time zone). */
      expired: Boolean(row.validBySchedule && row.endDate && row.endDate < today),
      photo: row.photo,
      treatmentPackage: itemRows
        .filter((i) => i.item.packageId === row.id)
        .map(({ item, treatment }) => ({
          id: item.id,
          treatmentId: item.treatmentId,
          treatment: { ...treatment, price: pesos(treatment.price) },
          areasIds: item.areasIds,
          areas: item.areasIds.map((id) => ({ id, name: areaRows.find((a) => a.id === id)?.name ?? '' })),
          sessions: item.sessions,
          limit: item.limit,
          regularPrice: pesos(item.regularPrice),
          promotionPrice: pesos(item.promotionPrice),
        })),
      ...stamps(row),
    };
  });
}
export type PackageDto = Awaited<ReturnType<typeof toPackageDtos>>[number];

/** What the package form chooses from: every list scoped and filtered as the rules want. */
export async function packageFormOptions(db: DbOrTx, branchScope: string | undefined) {
  const [types, cats, branchList, treatmentList, treatmentAreaRows] = await Promise.all([
    db
      .select({ id: treatmentTypes.id, name: treatmentTypes.name, hasAreas: treatmentTypes.hasAreas })
      .from(treatmentTypes)
      .where(and(live(treatmentTypes), ne(treatmentTypes.name, TREATMENT_TYPE_NAMES.valuation)))
      .orderBy(asc(treatmentTypes.name)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.type, 'treatment'), eq(categories.active, true), live(categories)))
      .orderBy(asc(categories.name)),
    db
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(and(live(branches), eq(branches.active, true), eq(branches.distributionCenter, false), branchScope ? eq(branches.id, branchScope) : undefined))
      .orderBy(asc(branches.name)),
    db
      .select({ id: treatments.id, sku: treatments.sku, name: treatments.name, price: treatments.price, treatmentTypeId: treatments.treatmentTypeId })
      .from(treatments)
      .where(and(live(treatments), eq(treatments.active, true)))
      .orderBy(asc(treatments.name)),
    db
      .select({ treatmentId: treatmentAreas.treatmentId, id: areas.id, name: areas.name })
      .from(treatmentAreas)
      .innerJoin(areas, eq(areas.id, treatmentAreas.areaId))
      .orderBy(asc(areas.name)),
  ]);
  const typeIds = new Set(types.map((t) => t.id));
  return {
    treatmentTypes: types,
    categories: cats,
    branches: branchList,
    paymentTypes: [...PAYMENT_TYPES],
    treatments: treatmentList
      .filter((t) => typeIds.has(t.treatmentTypeId))
      .map((t) => ({ ...t, price: pesos(t.price), areas: treatmentAreaRows.filter((a) => a.treatmentId === t.id).map((a) => ({ id: a.id, name: a.name })) })),
  };
}

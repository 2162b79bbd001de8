import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { minutesToTerm } from '../../../domain/treatments.schemas';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  appliances,
  areas,
  categories,
  consents,
  products,
  treatmentAppliances,
  treatmentAreas,
  treatmentCategories,
  treatmentProducts,
  treatmentTypes,
  treatments,
} from '../../db/schema';
import { stamps } from '../dto';
import { pesos } from '../../db/money';
import { live } from '../../db/live';
import { byOwner, linkedNames } from '../../platform/query-links';

export type TreatmentRow = typeof treatments.$inferSelect;
type Named = { id: string; name: string };

const group = <T extends { treatmentId: string }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.treatmentId);
    if (list) list.push(r);
    else map.set(r.treatmentId, [r]);
  }
  return map;
};

/** The areas and the products per session of some treatments, by treatment, names in order (one prepared statement each). */
export async function areasAndProducts(db: DbOrTx, ids: string[]) {
  const ofTreatments = sql`= any(${sql.placeholder('ids')}::uuid[])`;
  const areaRows = prepared(db, 'treatment_areas_of', (d) =>
    d
      .select({ treatmentId: treatmentAreas.treatmentId, id: areas.id, name: areas.name })
      .from(treatmentAreas)
      .innerJoin(areas, eq(areas.id, treatmentAreas.areaId))
      .where(sql`${treatmentAreas.treatmentId} ${ofTreatments}`)
      .orderBy(asc(areas.name))
      .prepare('treatment_areas_of'),
  );
  const productRows = prepared(db, 'treatment_products_of', (d) =>
    d
      .select({
        treatmentId: treatmentProducts.treatmentId,
        productId: treatmentProducts.productId,
        quantity: treatmentProducts.quantity,
        sku: products.sku,
        name: products.name,
      })
      .from(treatmentProducts)
      .innerJoin(products, eq(products.id, treatmentProducts.productId))
      .where(sql`${treatmentProducts.treatmentId} ${ofTreatments}`)
      .orderBy(asc(products.name))
      .prepare('treatment_products_of'),
  );
  // one after the other: inside a transaction they share one connection
  const ars = await areaRows.execute({ ids });
  const prods = await productRows.execute({ ids });
  return { areas: group(ars), prods: group(prods) };
}

/** A treatment's areas and its products per session as the agenda and the customer's purchased treatments show them. */
export function treatmentPartsOf(parts: Awaited<ReturnType<typeof areasAndProducts>>, treatmentId: string) {
  return {
    areas: (parts.areas.get(treatmentId) ?? []).map((a) => ({ id: a.id, name: a.name })),
    treatmentProduct: (parts.prods.get(treatmentId) ?? []).map((p) => ({ product: { id: p.productId, name: p.name }, quantity: p.quantity })),
  };
}

/** The relations of a page of treatments, loaded with one query per relation. */
async function relationsOf(db: DbOrTx, ids: string[]) {
  if (!ids.length) return null;
  const cats = await linkedNames(
    db,
    { via: treatmentCategories, owner: treatmentCategories.treatmentId, target: treatmentCategories.categoryId },
    categories,
    ids,
  );
  const apps = await linkedNames(
    db,
    { via: treatmentAppliances, owner: treatmentAppliances.treatmentId, target: treatmentAppliances.applianceId },
    appliances,
    ids,
  );
  return { cats: byOwner(cats), apps: byOwner(apps), ...(await areasAndProducts(db, ids)) };
}

const named = (rows: Named[] | undefined) => (rows ?? []).map((r) => ({ id: r.id, name: r.name }));

/** Rows → the treatment objects of the wire, with their type, consent and relations. */
export async function toTreatmentDtos(db: DbOrTx, rows: TreatmentRow[]) {
  const rel = await relationsOf(
    db,
    rows.map((r) => r.id),
  );
  if (!rel) return [];
  const typeIds = [...new Set(rows.map((r) => r.treatmentTypeId))];
  const consentIds = [...new Set(rows.map((r) => r.consentId).filter((v): v is string => Boolean(v)))];
  const types = await db.select().from(treatmentTypes).where(inArray(treatmentTypes.id, typeIds));
  const cons = consentIds.length ? await db.select().from(consents).where(inArray(consents.id, consentIds)) : [];
  return rows.map((row) => {
    const type = types.find((t) => t.id === row.treatmentTypeId)!;
    const consent = cons.find((c) => c.id === row.consentId);
    const areaList = named(rel.areas.get(row.id));
    const applianceList = named(rel.apps.get(row.id));
    return {
      id: row.id,
      sku: row.sku,
      name: row.name,
      description: row.description,
      treatmentTypeId: row.treatmentTypeId,
      treatmentType: { id: type.id, name: type.name, appointmentName: type.appointmentName, hasAreas: type.hasAreas },
      categories: named(rel.cats.get(row.id)),
      price: pesos(row.price),
      medicalFee: pesos(row.medicalFee),
      points: row.points,
      areas: areaList,
      areasIds: areaList.map((a) => a.id),
      appliance: applianceList,
      applianceIds: applianceList.map((a) => a.id),
      assessment: row.assessment,
      consent: row.consent,
      consentId: row.consentId,
      treatmentConsent: consent ? { id: consent.id, name: consent.name, document: consent.document } : null,
      active: row.active,
      term: minutesToTerm(row.durationMinutes),
      duration: row.durationMinutes,
      validity: row.validityDays,
      photo: row.photo,
      treatmentProduct: (rel.prods.get(row.id) ?? []).map((p) => ({
        productId: p.productId,
        quantity: p.quantity,
        product: { id: p.productId, sku: p.sku, name: p.name },
      })),
      ...stamps(row),
    };
  });
}
export type TreatmentDto = Awaited<ReturnType<typeof toTreatmentDtos>>[number];

/** Products a treatment may use: approved, not rejected, active. */
export function usableProducts(db: DbOrTx) {
  return db
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(and(live(products), eq(products.active, true), isNotNull(products.approvedAt), isNull(products.rejectedAt)))
    .orderBy(asc(products.name));
}

export function usableAppliances(db: DbOrTx) {
  return db
    .select({ id: appliances.id, name: appliances.name, brand: appliances.brand, model: appliances.model, type: appliances.type })
    .from(appliances)
    .where(and(live(appliances), eq(appliances.active, true)))
    .orderBy(asc(appliances.name));
}

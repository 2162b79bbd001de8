import type { Actor } from '../../platform/auth/actor';
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/list';
import {
  PHOTO_BEFORE_ACTIVATE,
  SKU_IMMUTABLE,
  treatmentTypeIssues,
  type TreatmentCreateInput,
  type TreatmentUpdateInput,
} from '../../../domain/treatments.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  areas,
  categories,
  consents,
  coupons,
  packageTreatments,
  packages,
  treatmentAppliances,
  treatmentAreas,
  treatmentCategories,
  treatmentProducts,
  treatmentTypes,
  treatments,
} from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { replaceImage, type ImageUpload } from '../../platform/files';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, recordFilters, softDeleteRecord, tableRows, writePhoto } from '../../platform/records';
import { toTreatmentDtos, usableAppliances, usableProducts, type TreatmentDto, type TreatmentRow } from './queries';
import { centsOf } from '../../db/money';
import { live } from '../../db/live';

const MODULE = 'treatments';

export interface TreatmentFilters extends ListQuery {
  treatmentTypeId?: string;
  categoryId?: string;
}

export function treatmentListSpec(db: DbOrTx, q: TreatmentFilters): ListSpec<TreatmentDto> {
  return {
    sortable: {
      sku: treatments.sku,
      name: treatments.name,
      price: treatments.price,
      points: treatments.points,
      term: treatments.durationMinutes,
      duration: treatments.durationMinutes,
      active: treatments.active,
      created_at: treatments.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: treatments.name, sku: treatments.sku },
    filters: [
      ...recordFilters(q, treatments),
      q.treatmentTypeId ? eq(treatments.treatmentTypeId, q.treatmentTypeId) : undefined,
      q.categoryId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(treatmentCategories)
              .where(and(eq(treatmentCategories.treatmentId, treatments.id), eq(treatmentCategories.categoryId, q.categoryId))),
          )
        : undefined,
    ],
    ...tableRows(db, treatments, (rows) => toTreatmentDtos(db, rows)),
  };
}

const findTreatment = (db: DbOrTx, id: string): Promise<TreatmentRow> => findLive(db, treatments, id, 'TREATMENT_NOT_FOUND');

async function dtoOf(db: DbOrTx, row: TreatmentRow): Promise<TreatmentDto> {
  return (await toTreatmentDtos(db, [row]))[0];
}

export async function getTreatment(ctx: AppContext, id: string) {
  return dtoOf(ctx.db, await findTreatment(ctx.db, id));
}

export async function formOptions(ctx: AppContext) {
  const [productList, applianceList] = await Promise.all([usableProducts(ctx.db), usableAppliances(ctx.db)]);
  return { products: productList, appliances: applianceList };
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);
const missing = (wanted: string[], found: { id: string }[]) => wanted.filter((id) => !found.some((f) => f.id === id));

/** Every reference of the payload exists and fits the chosen treatment type. */
async function checkReferences(tx: DbOrTx, input: TreatmentCreateInput, current?: TreatmentDto) {
  const type = await findLive(tx, treatmentTypes, input.treatmentTypeId, 'TREATMENT_TYPE_NOT_FOUND');
  const issues = treatmentTypeIssues(input, type);
  if (issues.length) throw new AppError('VALIDATION_FAILED', issues[0].message, issues);

  const cats = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, input.categories), eq(categories.type, 'treatment'), live(categories)));
  if (missing(input.categories, cats).length) throw new AppError('CATEGORY_NOT_FOUND');

  if (input.areasIds.length) {
    const found = await tx
      .select({ id: areas.id })
      .from(areas)
      .where(and(inArray(areas.id, input.areasIds), eq(areas.treatmentTypeId, type.id), live(areas)));
    if (missing(input.areasIds, found).length) throw invalid('areasIds', 'El área no corresponde al tipo de tratamiento');
  }
  if (input.consentId) {
    const [c] = await tx
      .select({ treatmentTypeId: consents.treatmentTypeId })
      .from(consents)
      .where(and(eq(consents.id, input.consentId), live(consents)));
    if (!c || c.treatmentTypeId !== type.id) throw invalid('consentId', 'El consentimiento no corresponde al tipo de tratamiento');
  }
  // what the treatment already uses stays valid even if it was deactivated since
  if (input.applianceIds.length) {
    const allowed = new Set([...(await usableAppliances(tx)).map((a) => a.id), ...(current?.applianceIds ?? [])]);
    if (input.applianceIds.some((id) => !allowed.has(id))) throw new AppError('APPLIANCE_NOT_FOUND');
  }
  if (input.treatmentProduct.length) {
    const allowed = new Set([...(await usableProducts(tx)).map((p) => p.id), ...(current?.treatmentProduct.map((p) => p.productId) ?? [])]);
    if (input.treatmentProduct.some((p) => !allowed.has(p.productId))) throw new AppError('PRODUCT_NOT_FOUND');
  }
}

const assertUniqueSku = (db: DbOrTx, sku: string) => assertFree(db, treatments, sql`lower(${treatments.sku}) = lower(${sku})`, undefined, 'SKU_EXISTS');

async function writeRelations(tx: Tx, id: string, input: TreatmentCreateInput) {
  await tx.delete(treatmentCategories).where(eq(treatmentCategories.treatmentId, id));
  await tx.delete(treatmentAreas).where(eq(treatmentAreas.treatmentId, id));
  await tx.delete(treatmentAppliances).where(eq(treatmentAppliances.treatmentId, id));
  await tx.delete(treatmentProducts).where(eq(treatmentProducts.treatmentId, id));
  if (input.categories.length) await tx.insert(treatmentCategories).values(input.categories.map((categoryId) => ({ treatmentId: id, categoryId })));
  if (input.areasIds.length) await tx.insert(treatmentAreas).values(input.areasIds.map((areaId) => ({ treatmentId: id, areaId })));
  if (input.applianceIds.length) await tx.insert(treatmentAppliances).values(input.applianceIds.map((applianceId) => ({ treatmentId: id, applianceId })));
  if (input.treatmentProduct.length) await tx.insert(treatmentProducts).values(input.treatmentProduct.map((p) => ({ treatmentId: id, ...p })));
}

function columnsOf(input: TreatmentCreateInput) {
  return {
    name: input.name,
    description: input.description,
    treatmentTypeId: input.treatmentTypeId,
    price: centsOf(input.price),
    medicalFee: centsOf(input.medicalFee),
    points: input.points,
    assessment: input.assessment,
    consent: input.consent,
    consentId: input.consentId ?? null,
    durationMinutes: input.durationMinutes,
    validityDays: input.validity ?? null,
  };
}

export async function createTreatment(ctx: AppContext, actor: Actor, input: TreatmentCreateInput) {
  // a concurrent create with the same SKU loses on the unique index: same answer as the check
  return answerViolations(
    ctx.db.transaction(async (tx) => {
      await checkReferences(tx, input);
      await assertUniqueSku(tx, input.sku);
      // a new treatment is always active (section 4), but only once it has its photo (section 5), which
      // the form uploads with the returned id: until then it waits inactive, so nothing offers it
      const [row] = await tx
        .insert(treatments)
        .values({ sku: input.sku, ...columnsOf(input), active: false })
        .returning();
      await writeRelations(tx, row.id, input);
      const dto = await dtoOf(tx, row);
      await recordChange(tx, actor, { module: MODULE, action: 'crear', entityId: row.id, after: dto });
      return dto;
    }),
    { unique: 'SKU_EXISTS' },
  );
}

export async function updateTreatment(ctx: AppContext, actor: Actor, id: string, input: TreatmentUpdateInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await findTreatment(tx, id);
    if (input.sku !== undefined && input.sku.toLowerCase() !== row.sku.toLowerCase()) throw invalid('sku', SKU_IMMUTABLE);
    const active = input.active ?? row.active;
    if (active && !row.active && !row.photo) throw new AppError('PHOTO_REQUIRED', PHOTO_BEFORE_ACTIVATE);
    const before = await dtoOf(tx, row);
    const full = { ...input, sku: row.sku };
    await checkReferences(tx, full, before);
    const [updated] = await tx
      .update(treatments)
      .set({ ...columnsOf(full), active })
      .where(eq(treatments.id, id))
      .returning();
    await writeRelations(tx, id, full);
    const after = await dtoOf(tx, updated);
    await recordChange(tx, actor, { module: MODULE, action: 'editar', entityId: id, before, after });
    return after;
  });
}

/** A treatment sold in a live package, promotion or coupon stays: deleting it would break them. */
async function assertUnused(tx: DbOrTx, id: string) {
  const [inPackage] = await tx
    .select({ id: packages.id })
    .from(packageTreatments)
    .innerJoin(packages, eq(packages.id, packageTreatments.packageId))
    .where(and(eq(packageTreatments.treatmentId, id), live(packageTreatments), live(packages)))
    .limit(1);
  if (inPackage) throw new AppError('CANNOT_DELETE', 'No se puede eliminar un tratamiento incluido en un paquete o promoción');
  const [inCoupon] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.treatmentId, id), live(coupons)))
    .limit(1);
  if (inCoupon) throw new AppError('CANNOT_DELETE', 'No se puede eliminar un tratamiento con cupones vigentes');
}

export async function deleteTreatment(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await findTreatment(tx, id);
    await assertUnused(tx, id);
    return softDeleteRecord(tx, actor, { table: treatments, module: MODULE, view: (r, db) => dtoOf(db, r) }, id, row);
  });
}

/** One photo per treatment: the new one replaces the old, which is removed after the commit. */
export async function setTreatmentPhoto(ctx: AppContext, actor: Actor, id: string, upload: ImageUpload) {
  await findTreatment(ctx.db, id);
  return replaceImage(ctx.config, 'treatments', upload, (name) =>
    ctx.db.transaction(async (tx) => {
      const row = await findTreatment(tx, id);
      // the photo that completes a create (never edited since) makes the treatment active, as a new one is
      const activate = !row.photo && !row.active && row.updatedAt.getTime() === row.createdAt.getTime();
      const updated = await writePhoto(tx, actor, { table: treatments, module: MODULE, id }, { previous: row.photo, name, activate });
      return { result: await dtoOf(tx, updated), previous: row.photo };
    }),
  );
}

/** Category delete guard: a category tied to a live treatment is in use. */
export async function categoryUsedByTreatment(db: DbOrTx, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: treatments.id })
    .from(treatmentCategories)
    .innerJoin(treatments, eq(treatments.id, treatmentCategories.treatmentId))
    .where(and(eq(treatmentCategories.categoryId, categoryId), live(treatments)))
    .limit(1);
  return Boolean(row);
}

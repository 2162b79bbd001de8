import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/list';
import { packageTotals } from '../../../domain/packages';
import {
  AREA_NOT_OF_TREATMENT,
  PACKAGE_TYPES,
  PHOTO_BEFORE_ACTIVATE,
  TREATMENT_OF_OTHER_TYPE,
  VALUATION_NOT_ALLOWED,
  packageModule,
  type PackageInput,
  type PackageType,
} from '../../../domain/packages.schemas';
import type { Action } from '../../../domain/privileges';
import { TREATMENT_TYPE_NAMES } from '../../../domain/treatments.schemas';
import { msg } from '../../../domain/validation';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { branches, categories, packageBranches, packageTreatments, packages, treatmentAreas, treatmentTypes, treatments } from '../../db/schema';
import { branchScope, userCan, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { deleteImage, replaceImage, saveImage, type ImageUpload } from '../../platform/files';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, recordFilters, softDeleteRecord, tableRows, writePhoto } from '../../platform/records';
import { packageFormOptions, toPackageDtos, type PackageDto, type PackageRow } from './queries';
import { centsOf, pesos } from '../../db/money';
import { live, softDelete } from '../../db/live';

export interface PackageFilters extends ListQuery {
  type?: PackageType;
  categoryId?: string;
  branchId?: string;
}

/** Packages answer to packages.*, promotions to promotions.*: the type of the row or body decides. */
function assertCan(actor: Actor, type: string, ...actions: Action[]) {
  const module = packageModule[type as PackageType];
  if (!module || !actions.some((a) => userCan(actor, module, a))) throw new AppError('FORBIDDEN');
}

/** A branch-bound user sees and changes only what is offered in their own branch. */
function inBranch(branchId: string) {
  return sql`exists (select 1 from ${packageBranches} where ${packageBranches.packageId} = ${packages.id} and ${packageBranches.branchId} = ${branchId})`;
}

export function packageListSpec(db: DbOrTx, actor: Actor, q: PackageFilters): ListSpec<PackageDto> {
  if (q.type) assertCan(actor, q.type, 'show');
  const types = q.type ? [q.type] : PACKAGE_TYPES.filter((t) => userCan(actor, packageModule[t], 'show'));
  const scope = branchScope(actor, q.branchId);
  return {
    sortable: {
      sku: packages.sku,
      name: packages.name,
      price: packages.price,
      regularPrice: packages.regularPrice,
      endDate: packages.endDate,
      active: packages.active,
      created_at: packages.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: packages.name, sku: packages.sku },
    filters: [
      ...recordFilters(q, packages),
      inArray(packages.type, types),
      q.categoryId ? eq(packages.categoryId, q.categoryId) : undefined,
      scope ? inBranch(scope) : undefined,
    ],
    ...tableRows(db, packages, (rows) => toPackageDtos(db, rows)),
  };
}

async function findPackage(db: DbOrTx, actor: Actor, id: string, ...actions: Action[]): Promise<PackageRow> {
  const scope = branchScope(actor);
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), live(packages), scope ? inBranch(scope) : undefined))
    .limit(1);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND');
  assertCan(actor, row.type, ...actions);
  return row;
}

const dtoOf = async (db: DbOrTx, row: PackageRow) => (await toPackageDtos(db, [row]))[0];

export async function getPackage(ctx: AppContext, actor: Actor, id: string) {
  return dtoOf(ctx.db, await findPackage(ctx.db, actor, id, 'show'));
}

export function formOptions(ctx: AppContext, actor: Actor) {
  return packageFormOptions(ctx.db, branchScope(actor));
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

/** Checks every reference and rule that needs the database; answers the items with their regular prices. */
async function resolve(tx: DbOrTx, actor: Actor, input: PackageInput, current?: PackageDto) {
  const type = await findLive(tx, treatmentTypes, input.treatmentTypeId, 'TREATMENT_TYPE_NOT_FOUND');
  if (type.name === TREATMENT_TYPE_NAMES.valuation) throw invalid('treatmentTypeId', VALUATION_NOT_ALLOWED);

  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, input.categoryId), eq(categories.type, 'treatment'), live(categories)));
  if (!category) throw new AppError('CATEGORY_NOT_FOUND');

  const scope = branchScope(actor);
  if (scope && input.branchesIds.some((b) => b !== scope)) throw new AppError('BRANCH_FORBIDDEN');
  const found = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(inArray(branches.id, input.branchesIds), live(branches)));
  if (found.length !== input.branchesIds.length) throw new AppError('BRANCH_NOT_FOUND');

  const treatmentIds = [...new Set(input.treatmentPackage.map((i) => i.treatmentId))];
  const rows = await tx
    .select({ id: treatments.id, price: treatments.price, active: treatments.active, treatmentTypeId: treatments.treatmentTypeId })
    .from(treatments)
    .where(and(inArray(treatments.id, treatmentIds), live(treatments)));
  const areaRows = await tx.select().from(treatmentAreas).where(inArray(treatmentAreas.treatmentId, treatmentIds));
  const kept = new Set(current?.treatmentPackage.map((i) => i.treatmentId) ?? []);

  return input.treatmentPackage.map((item, i) => {
    const treatment = rows.find((r) => r.id === item.treatmentId);
    // an inactive treatment already in the package may stay; a new item needs an active one
    if (!treatment || (!treatment.active && !kept.has(treatment.id))) throw new AppError('TREATMENT_NOT_FOUND');
    if (treatment.treatmentTypeId !== type.id) throw invalid(`treatmentPackage.${i}.treatmentId`, TREATMENT_OF_OTHER_TYPE);
    const own = new Set(areaRows.filter((a) => a.treatmentId === treatment.id).map((a) => a.areaId));
    if (type.hasAreas && !item.areasIds.length) throw invalid(`treatmentPackage.${i}.areasIds`, msg.required('áreas'));
    if (item.areasIds.some((a) => !own.has(a))) throw invalid(`treatmentPackage.${i}.areasIds`, AREA_NOT_OF_TREATMENT);
    // the regular price is the treatment's, whatever the client sent
    return { ...item, regularPrice: pesos(treatment.price) };
  });
}

const assertUniqueSku = (db: DbOrTx, sku: string, exceptId?: string) =>
  assertFree(db, packages, sql`lower(${packages.sku}) = lower(${sku})`, exceptId, 'SKU_EXISTS');

/** A concurrent create with the same SKU loses on the unique index: same answer as the check. */
const SKU_RACE = { unique: 'SKU_EXISTS' } as const;

type ResolvedItem = Awaited<ReturnType<typeof resolve>>[number];

function columnsOf(input: PackageInput, items: ResolvedItem[]) {
  const totals = packageTotals(items);
  return {
    sku: input.sku,
    name: input.name,
    description: input.description,
    treatmentTypeId: input.treatmentTypeId,
    categoryId: input.categoryId,
    points: input.points,
    price: totals.priceCents,
    regularPrice: totals.regularCents,
    cabainTime: input.cabainTime,
    paymentType: input.paymentType,
    validBySchedule: input.validBySchedule,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    validByTime: input.validByTime,
    startTime: input.startTime ?? null,
    endTime: input.endTime ?? null,
  };
}

/** Branches are replaced; items keep their ids when sent back, the rest are soft deleted. */
async function writeChildren(tx: Tx, packageId: string, input: PackageInput, items: ResolvedItem[], current?: PackageDto) {
  await tx.delete(packageBranches).where(eq(packageBranches.packageId, packageId));
  await tx.insert(packageBranches).values(input.branchesIds.map((branchId) => ({ packageId, branchId })));
  const existing = new Set(current?.treatmentPackage.map((i) => i.id) ?? []);
  const keep = new Set<string>();
  // items have no position column: their creation instant keeps the order they were given in
  const base = Date.now();
  for (const [n, item] of items.entries()) {
    const values = {
      treatmentId: item.treatmentId,
      sessions: item.sessions,
      limit: item.limit,
      regularPrice: centsOf(item.regularPrice),
      promotionPrice: centsOf(item.promotionPrice),
      areasIds: item.areasIds,
    };
    if (item.id && existing.has(item.id) && !keep.has(item.id)) {
      keep.add(item.id);
      await tx
        .update(packageTreatments)
        .set({ ...values })
        .where(eq(packageTreatments.id, item.id));
    } else {
      await tx.insert(packageTreatments).values({ packageId, ...values, createdAt: new Date(base + n) });
    }
  }
  const gone = [...existing].filter((id) => !keep.has(id));
  if (gone.length) await softDelete(tx, packageTreatments, inArray(packageTreatments.id, gone));
}

const moduleOf = (type: string) => packageModule[type as PackageType];

export async function createPackage(ctx: AppContext, actor: Actor, input: PackageInput) {
  assertCan(actor, input.type, 'create');
  return answerViolations(
    ctx.db.transaction(async (tx) => {
      const items = await resolve(tx, actor, input);
      await assertUniqueSku(tx, input.sku);
      // the photo is required (section 5) and the form uploads it with the returned id: until it comes the
      // package waits inactive, so nothing offers it, remembering whether it was asked to be active
      const activateOnPhoto = input.active ?? true;
      const [row] = await tx
        .insert(packages)
        .values({ type: input.type, ...columnsOf(input, items), active: false, activateOnPhoto })
        .returning();
      await writeChildren(tx, row.id, input, items);
      const dto = await dtoOf(tx, row);
      await recordChange(tx, actor, { module: moduleOf(row.type), action: 'crear', entityId: row.id, after: dto });
      return dto;
    }),
    SKU_RACE,
  );
}

/**
 * Saves the form; a photo sent with it (multipart) replaces the previous one, which goes once the change is
 * committed, and counts for switching the package on.
 */
export async function updatePackage(ctx: AppContext, actor: Actor, id: string, input: PackageInput, upload?: ImageUpload) {
  if (upload) await findPackage(ctx.db, actor, id, 'edit');
  const photo = upload ? await saveImage(ctx.config, 'packages', upload) : null;
  let previous: string | null = null;
  try {
    const dto = await answerViolations(
      ctx.db.transaction(async (tx) => {
        const row = await findPackage(tx, actor, id, 'edit');
        if (input.type !== row.type) throw invalid('type', 'El tipo no se puede modificar');
        const active = input.active ?? row.active;
        if (active && !row.active && !row.photo && !photo) throw new AppError('PHOTO_REQUIRED', PHOTO_BEFORE_ACTIVATE);
        const before = await dtoOf(tx, row);
        const items = await resolve(tx, actor, input, before);
        await assertUniqueSku(tx, input.sku, id);
        const [updated] = await tx
          .update(packages)
          .set({ ...columnsOf(input, items), active, ...(photo ? { photo, activateOnPhoto: false } : {}) })
          .where(eq(packages.id, id))
          .returning();
        await writeChildren(tx, id, input, items, before);
        const after = await dtoOf(tx, updated);
        await recordChange(tx, actor, { module: moduleOf(row.type), action: 'editar', entityId: id, before, after });
        previous = photo ? row.photo : null;
        return after;
      }),
      SKU_RACE,
    );
    await deleteImage(ctx.config, 'packages', previous);
    return dto;
  } catch (err) {
    await deleteImage(ctx.config, 'packages', photo);
    throw err;
  }
}

export async function deletePackage(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await findPackage(tx, actor, id, 'delete');
    return softDeleteRecord(tx, actor, { table: packages, module: moduleOf(row.type), view: (r, db) => dtoOf(db, r) }, id, row);
  });
}

/** The first photo of a package never edited since its create makes it active if the create asked so. */
const completesCreate = (row: PackageRow): boolean => row.activateOnPhoto && !row.photo && !row.active && row.updatedAt.getTime() === row.createdAt.getTime();

/** One photo per package or promotion; the previous file goes once the new one is committed. */
export async function setPackagePhoto(ctx: AppContext, actor: Actor, id: string, upload: ImageUpload) {
  await findPackage(ctx.db, actor, id, 'create', 'edit');
  return replaceImage(ctx.config, 'packages', upload, (name) =>
    ctx.db.transaction(async (tx) => {
      const row = await findPackage(tx, actor, id, 'create', 'edit');
      const activate = completesCreate(row);
      const target = { table: packages, module: moduleOf(row.type), id };
      const updated = await writePhoto(tx, actor, target, { previous: row.photo, name, activate }, { activateOnPhoto: false });
      return { result: await dtoOf(tx, updated), previous: row.photo };
    }),
  );
}

export async function categoryUsedByPackage(db: DbOrTx, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.categoryId, categoryId), live(packages)))
    .limit(1);
  return Boolean(row);
}

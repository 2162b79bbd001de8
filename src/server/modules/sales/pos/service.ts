import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { packageProblem } from '../../../../domain/appointment-rules';
import { zonedClock } from '../../../../domain/dates';
import { parseGs1 } from '../../../../domain/gs1';
import { fromCents, ZERO_CENTS, type Cents } from '../../../../domain/money';
import { POS_SEARCH_LIMIT, type PosCatalogue, type PosContext, type PosItem } from '../../../../domain/pos.contract';
import { SERVICES_VAT } from '../../../../domain/sales';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, packageBranches, packages, products, settings, treatments } from '../../../db/schema';
import { branchScope, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { matches } from '../../../platform/list';

interface PosBranch {
  id: string;
  name: string;
  timeZone: string;
}

const saleBranches = and(live(branches), eq(branches.active, true), eq(branches.distributionCenter, false));

/** The branch the counter sells at: the one asked (a branch-bound user: only their own), else the user's. */
async function posBranch(db: DbOrTx, actor: Actor, requested: string | undefined): Promise<PosBranch> {
  const id = branchScope(actor, requested) ?? actor.branchId;
  if (!id) {
    const message = 'El campo sucursal es requerido';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'branchId', message }]);
  }
  const [branch] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, id), saleBranches))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND', 'La sucursal no existe o no registra ventas');
  return branch;
}

/** GET /pos/context: the branch, its exchange rate and the branches the user may sell at. */
export async function posContext(db: DbOrTx, actor: Actor, branchId: string | undefined): Promise<PosContext> {
  const choices = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(actor.branchBound ? and(saleBranches, eq(branches.id, actor.branchId ?? '')) : saleBranches)
    .orderBy(asc(branches.name));
  const branch = await posBranch(db, actor, branchId ?? (actor.branchId ? undefined : choices[0]?.id));
  const [s] = await db.select({ rates: settings.exchangeRate, fallback: settings.defaultExchangeRate }).from(settings).limit(1);
  const rate = s?.rates?.[branch.id] ?? s?.fallback ?? null;
  return { branch: { id: branch.id, name: branch.name }, exchangeRate: rate ? Number(rate) : null, branches: choices };
}

/** A scanned or typed barcode: its digits without leading zeros (a GS1 scan: its GTIN), or null for other text. */
function barcodeDigits(text: string): string | null {
  const gtin = parseGs1(text).gtin;
  const digits = gtin ?? (/^\d{6,14}$/.test(text) ? text : null);
  return digits ? digits.replace(/^0+/, '') : null;
}

const byName = (a: PosItem, b: PosItem) => a.name.localeCompare(b.name, 'es');

/**
 * GET /pos/catalogue: what the branch sells now matching the text (name words, SKU, or an exact barcode), each with its
 * catalogue price and points; products with their units on hand in valid lots. `exact`: the one item a barcode or SKU names.
 */
export async function posCatalogue(db: DbOrTx, actor: Actor, branchId: string | undefined, search: string | undefined): Promise<PosCatalogue> {
  const branch = await posBranch(db, actor, branchId);
  const text = (search ?? '').trim();
  const clock = zonedClock(branch.timeZone);
  const [found, scanned] = await Promise.all([
    Promise.all([productItems(db, branch, clock.date, text), treatmentItems(db, text), packageItems(db, branch, clock, text)]),
    barcodeItem(db, branch, clock.date, text),
  ]);
  const items = found.flat().sort(byName);
  const sku = text.toLowerCase();
  const exact = scanned ?? (sku ? (items.find((i) => i.sku.toLowerCase() === sku) ?? null) : null);
  const rest = items.filter((i) => !(exact && i.kind === exact.kind && i.id === exact.id));
  return { branchId: branch.id, exact, items: [...(exact ? [exact] : []), ...rest].slice(0, POS_SEARCH_LIMIT) };
}

const textMatch = (name: Parameters<typeof matches>[0], sku: Parameters<typeof matches>[0], text: string): SQL | undefined =>
  text ? or(matches(name, text), sql`lower(${sku}) = ${text.toLowerCase()}`) : undefined;

const onSale = and(live(products), eq(products.active, true), isNotNull(products.approvedAt), isNull(products.rejectedAt), isNotNull(products.salePrice));

function productColumns(branchId: string, today: string) {
  return {
    id: products.id,
    sku: products.sku,
    name: products.name,
    barCode: products.barCode,
    salePrice: products.salePrice,
    points: products.points,
    tax: products.tax,
    // written out: a one-table select leaves drizzle's columns unqualified, and inside this subquery they would name the lot's
    // (the lot is valid as inventory's validLot says: no expiry, or not past it on the branch's today)
    stock: sql<number>`(select coalesce(sum(s.quantity), 0)::int from product_stocks s
      where s.product_id = products.id and s.branch_id = ${branchId} and s.deleted_at is null and (s.expires_at is null or s.expires_at >= ${today}))`,
  };
}

type ProductRow = { id: string; sku: string; name: string; barCode: string; salePrice: Cents | null; points: number | null; tax: number; stock: number };

const productItem = (p: ProductRow): PosItem => ({
  kind: 'product',
  id: p.id,
  sku: p.sku,
  name: p.name,
  price: fromCents(p.salePrice ?? ZERO_CENTS),
  points: p.points ?? 0,
  tax: p.tax,
  barCode: p.barCode,
  stock: Number(p.stock),
  paymentTypes: [],
});

async function productItems(db: DbOrTx, branch: PosBranch, today: string, text: string): Promise<PosItem[]> {
  const rows = await db
    .select(productColumns(branch.id, today))
    .from(products)
    .where(and(onSale, textMatch(products.name, products.sku, text)))
    .orderBy(asc(products.name))
    .limit(POS_SEARCH_LIMIT);
  return rows.map(productItem);
}

/** The product an exact barcode names (the catalogue has few products: the table is read, not indexed, by barcode). */
async function barcodeItem(db: DbOrTx, branch: PosBranch, today: string, text: string): Promise<PosItem | null> {
  const digits = barcodeDigits(text);
  if (!digits) return null;
  const [row] = await db
    .select(productColumns(branch.id, today))
    .from(products)
    .where(and(onSale, sql`ltrim(${products.barCode}, '0') = ${digits}`))
    .limit(1);
  return row ? productItem(row) : null;
}

async function treatmentItems(db: DbOrTx, text: string): Promise<PosItem[]> {
  const rows = await db
    .select({ id: treatments.id, sku: treatments.sku, name: treatments.name, price: treatments.price, points: treatments.points })
    .from(treatments)
    .where(and(live(treatments), eq(treatments.active, true), textMatch(treatments.name, treatments.sku, text)))
    .orderBy(asc(treatments.name))
    .limit(POS_SEARCH_LIMIT);
  return rows.map((t) => ({
    kind: 'treatment',
    id: t.id,
    sku: t.sku,
    name: t.name,
    price: fromCents(t.price),
    points: t.points,
    tax: SERVICES_VAT,
    barCode: null,
    stock: null,
    paymentTypes: [],
  }));
}

/** Packages and promotions offered at the branch, with treatments, that the intake would sell now (packageProblem). */
async function packageItems(db: DbOrTx, branch: PosBranch, clock: { date: string; minutes: number }, text: string): Promise<PosItem[]> {
  const rows = await db
    .select()
    .from(packages)
    .innerJoin(packageBranches, and(eq(packageBranches.packageId, packages.id), eq(packageBranches.branchId, branch.id)))
    .where(
      and(
        live(packages),
        eq(packages.active, true),
        textMatch(packages.name, packages.sku, text),
        // written out for the reason productColumns says
        sql`exists (select 1 from package_treatments pt where pt.package_id = packages.id and pt.deleted_at is null)`,
      ),
    )
    .orderBy(asc(packages.name))
    .limit(POS_SEARCH_LIMIT * 2);
  const time = `${String(Math.floor(clock.minutes / 60)).padStart(2, '0')}:${String(clock.minutes % 60).padStart(2, '0')}`;
  return rows
    .map((r) => r.packages)
    .filter(
      (p) =>
        !packageProblem(p, {
          option: p.type === 'Promotion' ? 'promotion' : 'packages',
          treatmentTypeId: p.treatmentTypeId,
          offeredAtBranch: true,
          date: clock.date,
          startTime: time,
          endTime: time,
          packageTreatmentIds: [],
        }),
    )
    .slice(0, POS_SEARCH_LIMIT)
    .map((p) => ({
      kind: p.type === 'Promotion' ? 'promotion' : 'package',
      id: p.id,
      sku: p.sku,
      name: p.name,
      price: fromCents(p.price),
      points: p.points,
      tax: SERVICES_VAT,
      barCode: null,
      stock: null,
      paymentTypes: p.paymentType,
    }));
}

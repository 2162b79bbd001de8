import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { packageProblem } from '../../../domain/appointment-rules';
import { fromCents, toCents, type Cents } from '../../../domain/money';
import { ROLE_NAMES } from '../../../domain/roles';
import type { Db } from '../client';
import {
  couponBranches,
  coupons,
  packageBranches,
  packageTreatments,
  packages,
  productStocks,
  productTypes,
  products,
  purchasedProducts,
  roles,
  treatmentAreas,
  treatmentCategories,
  treatmentTypes,
  treatments,
  users,
} from '../schema';
import {
  Agenda,
  APPOINTMENT_METHODS,
  CANCELLATION_REASONS,
  CLINIC_COMMENTS,
  OTHER_COMMENTS,
  appointmentId,
  cancellationId,
  numberAppointments,
  slotTimes,
  type AppointmentRow,
  type CancellationRow,
  type Slot,
} from './agenda';
import { branchInstant, dayNumber, idMaker, isoOfDay, minutesOf } from './bulk';
import { demoCouponUses } from './catalogue-coupons';
import { DEMO_BRANCHES } from './data';
import { DEMO_NOW, DEMO_TODAY, LOAD_DAY, demoDay } from './demo-day';
import { demoId, seededRandom } from './random';

export { DEMO_TODAY };
export const HISTORY_START = demoDay('2025-10-01');
/** When the clinics' opening stock entered: the evening before the history starts (catalogue-products.ts, sales-history.ts). */
export const OPENING_STOCK_AT = new Date(`${isoOfDay(dayNumber(HISTORY_START) - 1)}T16:00:00Z`);
/** The note of the opening stock's movements. */
export const OPENING_NOTE = 'Inventario inicial';
/** The load's day: the history runs up to the load moment (DEMO_NOW), the agenda two weeks past it. */
const TODAY = dayNumber(LOAD_DAY);
const START = dayNumber(HISTORY_START);
const YEAR_AGO = TODAY - 365;
const HORIZON = TODAY + 14;

type Rnd = ReturnType<typeof seededRandom>;
type PurchasedRow = typeof purchasedProducts.$inferInsert;
type PackageRow = typeof packages.$inferSelect;

export interface DemoCustomer {
  id: string;
  registryBranchId: string;
  createdAt: Date;
  cancellations: number;
  blackList: boolean;
  active: boolean;
  points: number;
}

interface Treatment {
  id: string;
  sku: string;
  typeId: string;
  typeName: string;
  price: number;
  minutes: number;
  validityDays: number | null;
  consent: boolean;
  active: boolean;
  areas: string[];
  categories: string[];
}
interface PackageItem {
  treatment: Treatment;
  sessions: number;
  limit: number;
  areas: string[];
}
interface Package {
  id: string;
  type: 'Package' | 'Promotion';
  price: number;
  medical: boolean;
  branches: Set<string>;
  items: PackageItem[];
  row: PackageRow;
}
export interface Branch {
  id: string;
  key: string;
  timeZone: string;
  /** The username of the clinic's manager, who authorises its refunds. */
  manager: string;
  sellers: string[];
  medics: string[];
  cosmetologists: string[];
  /** The products with a lot at the clinic: what its counter sells. */
  stock: { productId: string; price: Cents; vat: number }[];
}

/** What a purchased treatment needs while the agenda consumes it. */
export interface Holding {
  row: PurchasedRow;
  treatment: Treatment;
  areas: string[];
  option: 'packages' | 'promotion' | 'purchasedProducts';
  packageId: string | null;
  branch: Branch;
  day: number;
  walkIn: boolean;
  order: PlannedOrder;
  expires: number;
  abandonAt: number;
}

/** A sale the history makes through the sale intake: who, where, when, what (prices are the catalogue's). */
interface PlannedSale {
  customer: number | null;
  branch: Branch;
  day: number;
  minute: number;
  channel: 'pos' | 'app' | 'online';
  sellerId: string | null;
  /** The day it is refunded, if it is. */
  refundDay: number | null;
  couponCode?: string;
}
export interface PlannedOrder extends PlannedSale {
  customer: number;
  /** Its lines' planned purchased treatments, by treatment and package: the agenda books them before they exist. */
  holdings: Holding[];
  lines: { treatmentId: string | null; packageId: string | null; quantity: number; price: Cents; pkg?: Package }[];
}
export interface PlannedCashOrder extends PlannedSale {
  lines: { productId: string; quantity: number; price: Cents; vat: number }[];
}

async function loadCatalogue(db: Db) {
  const typeRows = await db.select({ id: treatmentTypes.id, name: treatmentTypes.name }).from(treatmentTypes);
  const tRows = await db.select().from(treatments).where(isNull(treatments.deletedAt)).orderBy(treatments.sku);
  const areaRows = await db.select().from(treatmentAreas);
  const catRows = await db.select().from(treatmentCategories);
  const list: Treatment[] = tRows.map((t) => ({
    id: t.id,
    sku: t.sku,
    typeId: t.treatmentTypeId,
    typeName: typeRows.find((x) => x.id === t.treatmentTypeId)?.name ?? '',
    price: fromCents(t.price),
    minutes: t.durationMinutes,
    validityDays: t.validityDays,
    consent: t.consent,
    active: t.active,
    areas: areaRows.filter((a) => a.treatmentId === t.id).map((a) => a.areaId),
    categories: catRows.filter((c) => c.treatmentId === t.id).map((c) => c.categoryId),
  }));
  const byId = new Map(list.map((t) => [t.id, t]));
  const pRows = await db.select().from(packages).where(isNull(packages.deletedAt)).orderBy(packages.sku);
  const items = await db.select().from(packageTreatments).where(isNull(packageTreatments.deletedAt)).orderBy(packageTreatments.createdAt);
  const links = await db.select().from(packageBranches);
  const medicalType = typeRows.find((x) => x.name === 'Medico')?.id;
  const pkgs: Package[] = pRows
    .map((p) => ({
      id: p.id,
      type: p.type as Package['type'],
      price: fromCents(p.price),
      medical: p.treatmentTypeId === medicalType,
      branches: new Set(links.filter((l) => l.packageId === p.id).map((l) => l.branchId)),
      items: items
        .filter((i) => i.packageId === p.id && byId.has(i.treatmentId))
        .map((i) => ({
          treatment: byId.get(i.treatmentId)!,
          sessions: i.sessions,
          limit: i.limit,
          areas: i.areasIds.length ? i.areasIds : byId.get(i.treatmentId)!.areas,
        })),
      row: p,
    }))
    .filter((p) => p.items.length);
  const stock = await db
    .selectDistinct({ productId: productStocks.productId, branchId: productStocks.branchId, price: products.salePrice, vat: products.tax })
    .from(productStocks)
    .innerJoin(products, eq(products.id, productStocks.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(
      and(
        isNull(productStocks.deletedAt),
        eq(productTypes.slug, 'sale'),
        isNotNull(products.approvedAt),
        isNotNull(products.salePrice),
        eq(products.active, true),
      ),
    )
    .orderBy(productStocks.branchId, productStocks.productId);
  const staff = await db
    .select({ id: users.id, username: users.username, branchId: users.mainBranchId, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(isNull(users.deletedAt))
    .orderBy(users.username);
  const branches: Branch[] = DEMO_BRANCHES.filter((b) => !b.distributionCenter).map((b) => {
    const id = demoId('branch:' + b.key);
    const here = staff.filter((u) => u.branchId === id);
    const of = (...names: string[]) => here.filter((u) => names.includes(u.role)).map((u) => u.id);
    const managers = of(ROLE_NAMES.branchManager, ROLE_NAMES.franchisee);
    const medics = of(ROLE_NAMES.medic);
    const cosmetologists = of(ROLE_NAMES.cosmetologist);
    return {
      id,
      key: b.key,
      timeZone: b.timeZone,
      manager: (here.find((u) => u.id === managers[0]) ?? staff[0]).username,
      sellers: [...managers, ...medics, ...cosmetologists],
      medics: medics.length ? medics : [staff[0].id],
      cosmetologists: cosmetologists.length ? cosmetologists : [staff[0].id],
      stock: stock.filter((s) => s.branchId === id).map((s) => ({ productId: s.productId, price: s.price!, vat: s.vat })),
    };
  });
  return { treatments: list, packages: pkgs, branches };
}

/** Days between sessions of a treatment. */
function interval(t: Treatment, rnd: Rnd): number {
  if (t.typeName === 'Medico') return rnd.int(21, 45);
  if (t.sku.startsWith('COS-DEP')) return rnd.int(28, 40);
  if (t.sku.startsWith('COS-COR')) return rnd.int(7, 10);
  return rnd.int(7, 14);
}

interface CouponOnSale {
  code: string;
  type: 'Treatment' | 'Product';
  itemId: string;
  branches: Set<string>;
  /** The days it was valid on in the history. */
  from: number;
  until: number;
  uses: number;
  /** A product coupon's product as the counter sells it (none when it is not on sale). */
  product?: { price: Cents; vat: number };
}

/** The active demo coupons with their clinics, the days of the history they were valid on and how many uses the demo tells. */
async function couponsOnSale(db: Db): Promise<CouponOnSale[]> {
  const rows = await db
    .select({ c: coupons, price: products.salePrice, vat: products.tax })
    .from(coupons)
    .leftJoin(products, and(eq(products.id, coupons.productId), isNotNull(products.approvedAt), eq(products.active, true)))
    .where(and(isNull(coupons.deletedAt), eq(coupons.active, true)))
    .orderBy(asc(coupons.code));
  const links = await db
    .select()
    .from(couponBranches)
    .where(
      inArray(
        couponBranches.couponId,
        rows.map((r) => r.c.id),
      ),
    );
  return rows.map(({ c, price, vat }) => ({
    code: c.code,
    type: c.type as CouponOnSale['type'],
    itemId: (c.type === 'Treatment' ? c.treatmentId : c.productId)!,
    branches: new Set(links.filter((l) => l.couponId === c.id).map((l) => l.branchId)),
    from: Math.max(START, Math.floor(c.createdAt.getTime() / 86_400_000) + 1),
    until: Math.min(TODAY - 1, dayNumber(c.expireDate)),
    uses: demoCouponUses(c.code),
    ...(price !== null && vat !== null && { product: { price, vat } }),
  }));
}

const PROFILES = [
  // share, target spend in the last 365 days (pesos), how premium their picks are
  { name: 'none', share: 0.25, min: 0, max: 0, premium: 0 },
  { name: 'lapsed', share: 0.08, min: 0, max: 0, premium: 0.1 },
  { name: 'light', share: 0.53, min: 1_000, max: 5_000, premium: 0.3 },
  { name: 'plata', share: 0.09, min: 10_500, max: 24_000, premium: 0.75 },
  { name: 'oro', share: 0.033, min: 31_000, max: 52_000, premium: 0.85 },
  { name: 'platino', share: 0.012, min: 61_000, max: 90_000, premium: 0.9 },
  { name: 'diamante', share: 0.006, min: 101_000, max: 135_000, premium: 0.95 },
] as const;

/**
 * A year and a half of activity for the demo customers: sales of treatments and packages, product
 * sales, the purchased treatments they leave, the appointments that consume them and the points
 * ledger that explains every balance. Mutates the customers' points and cancellations.
 */
export async function planSalesAndAgenda(db: Db, people: DemoCustomer[]): Promise<SalesPlan> {
  const rnd = seededRandom(7070);
  const { treatments: catalogue, packages: pkgs, branches } = await loadCatalogue(db);
  const agenda = await Agenda.load(db);
  const couponList = await couponsOnSale(db);
  const branchById = new Map(branches.map((b) => [b.id, b]));
  const sellable = catalogue.filter((t) => t.active);
  const cheap = sellable.filter((t) => t.typeName !== 'Medico' && t.price <= 2500);
  const premium = sellable.filter((t) => t.typeName === 'Medico');
  const valuations = sellable.filter((t) => t.typeName === 'Valoracion');

  const planned: PlannedOrder[] = [];
  const cash: PlannedCashOrder[] = [];
  const holdings: Holding[] = [];
  const appts: AppointmentRow[] = [];
  const cancels: CancellationRow[] = [];
  const purchasedId = idMaker('purchased-product');
  const anchor = DEMO_NOW;
  const instant = (b: Branch, day: number, minute: number) => branchInstant(b.timeZone, day, minute);
  const openDay = (b: Branch, day: number) => {
    let d = day;
    while (!agenda.opens(b.id, d)) d++;
    return d;
  };
  const closing = (day: number) => ((day + 4) % 7 === 6 ? 14 * 60 + 30 : 19 * 60 + 30);
  const attendant = (b: Branch, t: Treatment, slot: Slot) => {
    const medic = t.typeName === 'Medico' || t.sku.startsWith('VAL-MED');
    const list = medic ? b.medics : b.cosmetologists;
    return list[(slot.ordinal + (t.typeName === 'Valoracion' ? 1 : 0)) % list.length];
  };
  /** Whether the package or promotion can be sold at that branch, day and minute (the intake's own rule). */
  const onSale = (p: Package, b: Branch, day: number, minute: number) => {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return !packageProblem(p.row, {
      option: p.type === 'Promotion' ? 'promotion' : 'packages',
      treatmentTypeId: p.row.treatmentTypeId,
      offeredAtBranch: p.branches.has(b.id),
      date: isoOfDay(day),
      startTime: time,
      endTime: time,
      packageTreatmentIds: p.items.map((i) => i.treatment.id),
    });
  };

  // ---- orders: what each customer bought, by spending profile ----
  const pickItem = (b: Branch, day: number, minute: number, prem: number, room: number): { treatment?: Treatment; pkg?: Package; quantity: number } => {
    const premiumPick = rnd.next() < prem;
    const packagesHere = pkgs.filter(
      (p) => onSale(p, b, day, minute) && (premiumPick ? p.medical || p.price > 4000 : !p.medical && p.price <= 9000) && p.price <= Math.max(room, 2500) * 1.3,
    );
    if (packagesHere.length && rnd.next() < (premiumPick ? 0.3 : 0.12)) return { pkg: rnd.pick(packagesHere), quantity: 1 };
    const pool = premiumPick ? premium : cheap;
    const affordable = pool.filter((t) => t.price <= Math.max(room, 1500) * 1.2 && agenda.hasCabins(b.id, t.typeId));
    const t = rnd.pick(affordable.length ? affordable : cheap.filter((x) => agenda.hasCabins(b.id, x.typeId)));
    const quantity =
      t.typeName === 'Valoracion'
        ? 1
        : t.typeName === 'Medico'
          ? rnd.int(2, 5)
          : // cosmetic treatments are sold as series: a laser hair removal of 10 to 12 sessions, body treatments of several
            t.sku.startsWith('COS-DEP')
            ? rnd.int(10, 12)
            : t.sku.startsWith('COS-COR')
              ? rnd.int(10, 14)
              : rnd.int(10, 14);
    return { treatment: t, quantity };
  };

  /** Every sold treatment, alone or inside a package, becomes a purchased treatment the agenda can book. */
  const holdOrder = (order: PlannedOrder, c: DemoCustomer, walkIn: boolean) => {
    for (const l of order.lines) {
      const parts = l.pkg
        ? l.pkg.items.map((i) => ({ t: i.treatment, sessions: i.sessions, limit: i.limit, areas: i.areas }))
        : [{ t: catalogue.find((t) => t.id === l.treatmentId)!, sessions: l.quantity, limit: 1, areas: [] as string[] }];
      for (const part of parts) {
        const expires = part.t.validityDays ? order.day + part.t.validityDays * Math.max(1, part.sessions) : Infinity;
        const row: PurchasedRow = {
          id: purchasedId(holdings.length),
          customerId: c.id,
          branchId: order.branch.id,
          treatmentId: part.t.id,
          packageId: l.pkg?.id ?? null,
          sessions: part.sessions,
          currentSession: 0,
          limit: part.limit,
          status: order.refundDay ? 'refunded' : 'onProcess',
        };
        const holding: Holding = {
          row,
          treatment: part.t,
          areas: part.areas.length ? part.areas : part.t.areas,
          option: l.pkg ? (l.pkg.type === 'Promotion' ? 'promotion' : 'packages') : 'purchasedProducts',
          packageId: l.pkg?.id ?? null,
          branch: order.branch,
          day: order.day,
          walkIn: walkIn && l === order.lines[0],
          order,
          expires,
          // some customers stop coming half way
          abandonAt: rnd.next() < 0.1 ? rnd.int(0, Math.max(0, part.sessions - 1)) : Infinity,
        };
        holdings.push(holding);
        order.holdings.push(holding);
      }
    }
  };

  const addOrder = (ci: number, c: DemoCustomer, day: number, prem: number, room: number) => {
    const b = rnd.next() < 0.9 ? branchById.get(c.registryBranchId)! : rnd.pick(branches);
    const d = openDay(b, day);
    if (d >= TODAY) return 0;
    const minute = rnd.int(9 * 60, closing(d));
    const item = pickItem(b, d, minute, prem, room);
    const lines: PlannedOrder['lines'] = [];
    if (item.pkg) lines.push({ treatmentId: null, packageId: item.pkg.id, quantity: 1, price: item.pkg.row.price, pkg: item.pkg });
    else lines.push({ treatmentId: item.treatment!.id, packageId: null, quantity: item.quantity, price: toCents(item.treatment!.price) });
    // a second treatment now and then
    if (rnd.next() < 0.08) {
      const extra = rnd.pick(cheap.filter((t) => t.typeName === 'Cosmetologico'));
      if (extra.id !== lines[0].treatmentId) lines.push({ treatmentId: extra.id, packageId: null, quantity: 1, price: toCents(extra.price) });
    }
    const channelRoll = rnd.next();
    const channel = channelRoll < 0.86 ? 'pos' : channelRoll < 0.95 ? 'app' : 'online';
    const refundDay = d < TODAY - 20 && rnd.next() < 0.015 ? openDay(b, d + rnd.int(1, 9)) : null;
    const order: PlannedOrder = {
      customer: ci,
      branch: b,
      day: d,
      minute,
      channel,
      sellerId: channel === 'pos' ? rnd.pick(b.sellers) : null,
      lines,
      refundDay,
      holdings: [],
    };
    planned.push(order);
    holdOrder(order, c, channel === 'pos' && !item.pkg && rnd.next() < 0.3);
    return fromCents(lines.reduce((s, l) => s + l.price * l.quantity, 0) as Cents);
  };

  people.forEach((c, ci) => {
    const roll = rnd.next();
    let acc = 0;
    const profile = PROFILES.find((p) => roll < (acc += p.share)) ?? PROFILES[2];
    const joined = Math.max(START, Math.floor(c.createdAt.getTime() / 86_400_000) + 1);
    if (profile.name === 'none' || joined >= TODAY - 3) return;
    if (profile.name === 'lapsed' && joined < YEAR_AGO - 5) {
      for (let k = rnd.int(1, 2); k > 0; k--) addOrder(ci, c, rnd.int(joined, YEAR_AGO - 1), profile.premium, 3000);
      return;
    }
    const from = Math.max(joined, YEAR_AGO);
    // a share of the regulars also bought before the loyalty window
    if (joined < YEAR_AGO && rnd.next() < 0.2) addOrder(ci, c, rnd.int(joined, YEAR_AGO - 1), profile.premium, 4000);
    const target = rnd.int(Math.max(profile.min, 600), Math.max(profile.max, 1000));
    let spent = 0;
    // purchases spread over the year, a little more of them early on: their series of sessions run through the months
    const when = () => TODAY - 1 - Math.floor((TODAY - 1 - from) * rnd.next() ** 0.6);
    for (let guard = 0; spent < target && guard < 40; guard++) spent += addOrder(ci, c, when(), profile.premium, target - spent);
  });
  // the demo coupons' uses: a sale of the coupon's treatment for a customer of one of its clinics while it was valid
  for (const coupon of couponList.filter((x) => x.type === 'Treatment')) {
    const t = catalogue.find((x) => x.id === coupon.itemId);
    const clinics = branches.filter((b) => coupon.branches.has(b.id));
    if (!t || !clinics.length || coupon.until < coupon.from) continue;
    const users = new Set<number>();
    // a clinic's own eligible customers are few among everyone drawn: enough draws to reach the uses told on any day
    for (let guard = 0; users.size < coupon.uses && guard < 5000; guard++) {
      const b = rnd.pick(clinics);
      const d = openDay(b, rnd.int(coupon.from, coupon.until));
      const ci = rnd.int(0, people.length - 1);
      const c = people[ci];
      if (d > coupon.until || users.has(ci) || c.registryBranchId !== b.id || !c.active || c.blackList || c.createdAt.getTime() > d * 86_400_000) continue;
      users.add(ci);
      const order: PlannedOrder = {
        customer: ci,
        branch: b,
        day: d,
        minute: rnd.int(10 * 60, closing(d)),
        channel: 'pos',
        sellerId: rnd.pick(b.sellers),
        lines: [{ treatmentId: t.id, packageId: null, quantity: 1, price: toCents(t.price) }],
        refundDay: null,
        couponCode: coupon.code,
        holdings: [],
      };
      planned.push(order);
      holdOrder(order, c, false);
    }
  }
  // ---- the agenda: valuations, sessions of each purchased treatment, cancellations and absences ----
  const book = (h: { branch: Branch; treatment: Treatment }, customer: string, day: number, live: boolean, lastDay?: number) =>
    agenda.book({ branchId: h.branch.id, treatmentTypeId: h.treatment.typeId, day, minutes: h.treatment.minutes, customer, prefer: rnd.next(), live, lastDay });
  const scheduler = (b: Branch) => rnd.pick(b.sellers);
  const method = () => APPOINTMENT_METHODS[Math.min(4, Math.floor(rnd.next() ** 2.2 * 5))];
  /** When a session was booked: at the previous visit, or up to two weeks ahead; never after the demo's now. */
  const booked = (b: Branch, slot: Slot, previous: number) => {
    const at = instant(b, Math.max(previous, slot.day - 14), 9 * 60 + rnd.int(0, 540));
    const latest = new Date(Math.min(anchor.getTime(), instant(b, slot.day, slot.start).getTime() - 30 * 60_000));
    return at > latest ? latest : at;
  };
  const attendants = new Map<string, string>();
  /** A confirmation method with probability `p`: mostly WhatsApp and phone, some e-mail, a few voicemails and refusals. */
  const confirmation = (p: number): string | null => {
    if (rnd.next() >= p) return null;
    const r = rnd.next();
    return r < 0.42 ? 'whatsapp' : r < 0.72 ? 'si' : r < 0.86 ? 'email' : r < 0.92 ? 'buzón' : r < 0.96 ? 'app' : 'no';
  };
  const appointment = (
    h: { branch: Branch; treatment: Treatment; areas: string[] },
    customerId: string,
    slot: Slot,
    status: string,
    extra: Partial<AppointmentRow> & { option: AppointmentRow['appointmentOption'] },
    createdAt: Date,
  ): AppointmentRow => {
    const { option, ...rest } = extra;
    // most bookings were confirmed by some method before their day: nine in ten of those attended, seven in ten of
    // those missed or cancelled (scheduled ones say their own, in `extra`)
    if (!('confirmMethod' in rest)) rest.confirmMethod = confirmation(status === 'finished' ? 0.9 : 0.7);
    const row: AppointmentRow = {
      id: appointmentId(appts.length),
      appointmentNumber: '',
      status,
      branchId: h.branch.id,
      cabinId: slot.cabinId,
      customerId,
      treatmentTypeId: h.treatment.typeId,
      treatmentId: h.treatment.id,
      ...slotTimes(slot),
      appointmentMethod: method(),
      appointmentOption: option,
      categoriesIds: h.treatment.categories,
      treatmentsIds: [h.treatment.id],
      sessionAreas: h.areas,
      attendedById: status === 'finished' ? attendant(h.branch, h.treatment, slot) : null,
      userId: scheduler(h.branch),
      consent: status === 'finished' && h.treatment.consent,
      createdAt,
      updatedAt: status === 'finished' ? instant(h.branch, slot.day, slot.end) : createdAt,
      ...rest,
    };
    appts.push(row);
    if (status === 'scheduled') attendants.set(row.id!, attendant(h.branch, h.treatment, slot));
    return row;
  };
  const cancellation = (a: AppointmentRow, type: 'cancellation' | 'reschedule', byCustomer: boolean, at: Date) => {
    const reason = byCustomer ? rnd.pick(CANCELLATION_REASONS) : 'Other';
    cancels.push({
      id: cancellationId(cancels.length),
      appointmentId: a.id!,
      customerId: a.customerId!,
      type,
      cancellationReason: reason,
      comment: reason === 'Other' ? (byCustomer ? rnd.pick(OTHER_COMMENTS) : rnd.pick(CLINIC_COMMENTS)) : null,
      customerCancellation: byCustomer,
      userId: a.userId,
      createdAt: at < a.createdAt! ? a.createdAt : at,
      updatedAt: at < a.createdAt! ? a.createdAt : at,
    });
  };
  const before = (b: Branch, slot: Slot, hours: number) => {
    const at = new Date(instant(b, slot.day, slot.start).getTime() - hours * 3_600_000);
    return at > anchor ? anchor : at;
  };

  // first visits: a valuation before the first purchase for part of the buyers
  const firstOrder = new Map<number, PlannedOrder>();
  for (const o of planned) if (!firstOrder.has(o.customer) || o.day < firstOrder.get(o.customer)!.day) firstOrder.set(o.customer, o);
  const valuationsDone: { customer: number; branch: Branch; treatment: Treatment; slot: Slot }[] = [];
  for (const [ci, o] of firstOrder) {
    if (rnd.next() > 0.4) continue;
    const t = valuations.find(
      (v) =>
        (o.lines[0].pkg ? o.lines[0].pkg.medical : catalogue.find((x) => x.id === o.lines[0].treatmentId)?.typeName === 'Medico') ===
        v.sku.startsWith('VAL-MED'),
    );
    if (!t || !agenda.hasCabins(o.branch.id, t.typeId)) continue;
    const day = Math.max(START, o.day - rnd.int(3, 20));
    const slot = book({ branch: o.branch, treatment: t }, people[ci].id, day, true, o.day - 1);
    if (slot) valuationsDone.push({ customer: ci, branch: o.branch, treatment: t, slot });
  }

  for (const h of holdings) {
    if (h.row.status === 'refunded') continue;
    const customer = people[h.order.customer];
    let day = h.walkIn ? h.day : h.day + rnd.int(0, 10);
    let previous = h.day;
    let changes = 0;
    let reschedules = 0;
    for (let s = 0; s < h.row.sessions!; s++) {
      if (s >= h.abandonAt) break;
      let done = false;
      for (let attempt = 0; attempt < 3 && !done; attempt++) {
        if (day > h.expires || day > HORIZON) break;
        const future = day >= TODAY;
        const walkIn = h.walkIn && s === 0 && attempt === 0;
        const roll = future || walkIn ? 0.5 : rnd.next();
        // cancellations and absences charge this treatment; the third change would end it, so two at most
        const cancelled = !future && attempt < 2 && changes < 2 && roll < 0.065;
        const absent = !future && attempt < 2 && !cancelled && roll > 0.965;
        const slot = book(h, customer.id, day, !cancelled, walkIn ? day : Math.min(HORIZON, h.expires));
        if (!slot) {
          if (!walkIn) break;
          // no free cabin that day: the customer books like everybody else
          h.walkIn = false;
          day += rnd.int(1, 7);
          attempt--;
          continue;
        }
        const link = {
          option: h.option,
          packageId: h.option === 'packages' ? h.packageId : null,
          promoId: h.option === 'promotion' ? h.packageId : null,
          purchasedProductId: h.row.id!,
          // one session of the series each visit
          sessions: 1,
        };
        let createdAt: Date;
        if (walkIn) {
          // bought at the front desk on the day and attended right away: the sale closes when the session ends
          h.order.minute = Math.min(slot.end + 10, 23 * 60);
          createdAt = instant(h.branch, slot.day, slot.start - 15);
        } else if (s === 0) {
          const sold = instant(h.branch, h.day, h.order.minute);
          const latest = new Date(Math.min(anchor.getTime(), instant(h.branch, slot.day, slot.start).getTime() - 30 * 60_000));
          createdAt = sold > latest ? latest : sold;
        } else createdAt = booked(h.branch, slot, previous);
        // ahead of the load moment: booked, confirmed by most of those due in the next days
        if (!cancelled && instant(h.branch, slot.day, slot.start) >= DEMO_NOW) {
          const soon = slot.day - TODAY <= 3;
          appointment(h, customer.id, slot, 'scheduled', { ...link, confirmMethod: confirmation(soon ? 0.85 : 0.6) }, createdAt);
          break;
        }
        if (cancelled) {
          const byCustomer = rnd.next() < 0.8;
          const a = appointment(h, customer.id, slot, 'cancelled', link, createdAt);
          cancellation(a, 'cancellation', byCustomer, before(h.branch, slot, rnd.int(2, 48)));
          changes++;
          day = slot.day + rnd.int(3, 10);
          continue;
        }
        if (absent) {
          appointment(h, customer.id, slot, 'absence', link, createdAt);
          day = slot.day + rnd.int(5, 12);
          continue;
        }
        const moved = changes < 2 && rnd.next() < 0.04;
        const a = appointment(h, customer.id, slot, 'finished', { ...link, reschedules: moved ? 1 : 0 }, createdAt);
        if (moved) {
          cancellation(a, 'reschedule', true, before(h.branch, slot, rnd.int(24, 96)));
          changes++;
          reschedules++;
        }
        h.row.currentSession! += 1;
        h.row.consent = h.row.consent || h.treatment.consent;
        done = true;
        previous = slot.day;
        day = slot.day + interval(h.treatment, rnd);
      }
      if (!done) break;
    }
    h.row.changes = changes;
    h.row.reschedules = reschedules;
    if (h.row.currentSession === h.row.sessions) h.row.status = 'finished';
    else if (h.expires < TODAY) h.row.status = 'expired';
  }

  // valuations: sold at the visit (newTreatments) and left as a finished purchased treatment
  for (const v of valuationsDone) {
    const c = people[v.customer];
    const order = addValuationOrder(v.customer, v.branch, v.treatment, v.slot);
    const row: PurchasedRow = {
      id: purchasedId(holdings.length),
      customerId: c.id,
      branchId: v.branch.id,
      treatmentId: v.treatment.id,
      sessions: 1,
      currentSession: 1,
      status: 'finished',
      consent: v.treatment.consent,
    };
    const holding: Holding = {
      row,
      treatment: v.treatment,
      areas: [],
      option: 'purchasedProducts',
      packageId: null,
      branch: v.branch,
      day: v.slot.day,
      walkIn: true,
      order,
      expires: Infinity,
      abandonAt: Infinity,
    };
    holdings.push(holding);
    order.holdings.push(holding);
    appointment(
      { ...v, areas: [] },
      c.id,
      v.slot,
      'finished',
      { option: 'newTreatments', purchasedProductId: row.id },
      instant(v.branch, v.slot.day - rnd.int(1, 6), 10 * 60 + rnd.int(0, 480)),
    );
  }
  function addValuationOrder(ci: number, b: Branch, t: Treatment, slot: Slot): PlannedOrder {
    const order: PlannedOrder = {
      customer: ci,
      branch: b,
      day: slot.day,
      minute: slot.end + 5,
      channel: 'pos',
      sellerId: rnd.pick(b.sellers),
      lines: [{ treatmentId: t.id, packageId: null, quantity: 1, price: toCents(t.price) }],
      refundDay: null,
      holdings: [],
    };
    planned.push(order);
    return order;
  }

  // prospects: valuations booked for the coming days by customers who have not bought yet
  const buyers = new Set(planned.map((o) => o.customer));
  people.forEach((c, ci) => {
    if (buyers.has(ci) || !c.active || c.blackList || c.cancellations || rnd.next() > 0.12) return;
    const b = branchById.get(c.registryBranchId)!;
    const t = rnd.pick(valuations);
    if (!agenda.hasCabins(b.id, t.typeId)) return;
    const slot = book({ branch: b, treatment: t }, c.id, TODAY + rnd.int(0, 13), true, HORIZON);
    if (slot && instant(b, slot.day, slot.start) >= DEMO_NOW)
      appointment({ branch: b, treatment: t, areas: [] }, c.id, slot, 'scheduled', { option: 'newTreatments', confirmMethod: confirmation(0.6) }, anchor);
  });

  // ---- customers' cancellation counters: their latest consecutive customer cancellations ----
  const byCustomer = new Map<string, AppointmentRow[]>();
  for (const a of appts) byCustomer.set(a.customerId!, [...(byCustomer.get(a.customerId!) ?? []), a]);
  const cancelByAppointment = new Map(cancels.map((x) => [x.appointmentId, x]));
  const dropped = new Set<string>();
  people.forEach((c) => {
    const list = (byCustomer.get(c.id) ?? []).sort((a, b) => (a.date! + a.startTime! < b.date! + b.startTime! ? -1 : 1));
    if (c.cancellations > 0 || c.blackList || !c.active) {
      // no future bookings for them: their cancellations (or the blacklist) hold them back
      for (const a of list) if (a.status === 'scheduled') dropped.add(a.id!);
    }
    const live = list.filter((a) => !dropped.has(a.id!));
    const lastAttended = Math.max(-1, ...live.map((a, i) => (a.status === 'finished' ? i : -1)));
    for (const a of live.slice(lastAttended + 1)) {
      const x = cancelByAppointment.get(a.id!);
      if (x && x.type === 'cancellation' && x.customerCancellation) {
        x.customerCancellation = false;
        x.cancellationReason = 'Other';
        x.comment = rnd.pick(CLINIC_COMMENTS);
      }
    }
    if (c.cancellations > 0) {
      const b = branchById.get(c.registryBranchId)!;
      const last = live.length ? dayNumber(live[live.length - 1].date!) + 1 : TODAY - rnd.int(20, 60);
      const t = rnd.pick(cheap.filter((x) => agenda.hasCabins(b.id, x.typeId)));
      let day = Math.min(Math.max(last, TODAY - 60), TODAY + 5);
      for (let k = 0; k < c.cancellations; k++) {
        const slot = agenda.book({ branchId: b.id, treatmentTypeId: t.typeId, day, minutes: t.minutes, customer: c.id, prefer: rnd.next(), live: false });
        if (!slot) continue;
        const created = before(b, slot, rnd.int(72, 200));
        const a = appointment({ branch: b, treatment: t, areas: t.areas }, c.id, slot, 'cancelled', { option: 'newTreatments' }, created);
        const at = before(b, slot, rnd.int(2, 40));
        cancellation(a, 'cancellation', true, at < created ? created : at);
        day = slot.day + rnd.int(4, 12);
      }
    }
  });
  const agendaRows = appts.filter((a) => !dropped.has(a.id!));
  // at the load moment: the sessions of today that started and have not ended are under way
  for (const a of agendaRows.filter((x) => x.date === LOAD_DAY && x.status === 'finished')) {
    const b = branchById.get(a.branchId!)!;
    if (instant(b, TODAY, minutesOf(a.endTime!)) > DEMO_NOW) a.status = 'inProcess';
  }
  numberAppointments(agendaRows);
  // ---- product sales at the counter: customers on their visit days, and walk-ins ----
  // now and then a customer brings a product back within the week: one purchase in forty at each clinic, counted rather
  // than drawn, so every clinic has some whatever hour the demo is loaded at (the draws before move with it)
  const purchasesBefore = new Map<string, number>();
  function bringsBack(ci: number | null, b: Branch, day: number) {
    if (ci === null || day >= TODAY - 10) return false;
    const n = (purchasesBefore.get(b.id) ?? 0) + 1;
    purchasesBefore.set(b.id, n);
    return n % 40 === 7;
  }
  const visits = agendaRows.filter((a) => a.status === 'finished');
  const customerIndex = new Map(people.map((p, i) => [p.id, i]));
  for (const a of visits) {
    // one visit in thirty ends with a product at the counter (the series bring customers back often)
    if (rnd.next() > 0.033) continue;
    const b = branchById.get(a.branchId!)!;
    const minute = minutesOf(a.endTime!) + 5;
    // a purchase after the load moment has not happened yet
    if (instant(b, dayNumber(a.date!), minute) >= DEMO_NOW) continue;
    addCash(customerIndex.get(a.customerId!)!, b, dayNumber(a.date!), minute);
  }
  for (const b of branches) {
    for (let day = START; day < TODAY; day++) if (agenda.opens(b.id, day) && rnd.next() < 0.15) addCash(null, b, day, rnd.int(9 * 60, closing(day)));
  }
  function addCash(ci: number | null, b: Branch, day: number, minute: number) {
    if (!b.stock.length) return;
    const lines: PlannedCashOrder['lines'] = [];
    for (let n = rnd.int(1, 3); n > 0; n--) {
      const p = rnd.pick(b.stock);
      if (lines.some((l) => l.productId === p.productId)) continue;
      lines.push({ productId: p.productId, quantity: rnd.next() < 0.8 ? 1 : 2, price: p.price, vat: p.vat });
    }
    cash.push({
      customer: ci,
      branch: b,
      day,
      minute: Math.min(minute, 23 * 60),
      channel: 'pos',
      sellerId: rnd.pick(b.sellers),
      refundDay: bringsBack(ci, b, day) ? openDay(b, day + rnd.int(1, 6)) : null,
      lines,
    });
  }
  // product coupons: applied at the counter to a customer's purchase of the coupon's product (added to it when missing)
  for (const coupon of couponList.filter((x) => x.type === 'Product' && x.product)) {
    const users = new Set<number>();
    const candidates = cash.filter(
      (o) => o.customer !== null && !o.refundDay && !o.couponCode && coupon.branches.has(o.branch.id) && o.day >= coupon.from && o.day <= coupon.until,
    );
    for (let guard = 0; users.size < coupon.uses && guard < 50 && candidates.length; guard++) {
      const o = rnd.pick(candidates);
      if (o.couponCode || users.has(o.customer!)) continue;
      users.add(o.customer!);
      o.couponCode = coupon.code;
      if (!o.lines.some((l) => l.productId === coupon.itemId)) o.lines.push({ productId: coupon.itemId, quantity: 1, ...coupon.product! });
    }
  }
  // ---- a few manual adjustments of points by the clinics' managers ----
  const adjustments: PlannedAdjustment[] = [];
  people.forEach((c, ci) => {
    if (rnd.next() >= 0.04) return;
    const b = branchById.get(c.registryBranchId)!;
    const day = openDay(b, rnd.int(Math.max(START, Math.floor(c.createdAt.getTime() / 86_400_000) + 1), TODAY - 1));
    if (day >= TODAY) return;
    const gift = rnd.next() < 0.75;
    adjustments.push({
      customer: ci,
      branch: b,
      at: instant(b, day, 11 * 60),
      points: gift ? rnd.pick([50, 100, 150]) : -rnd.int(5, 40),
      reason: gift ? 'Cortesía por aniversario como cliente' : 'Corrección de captura',
    });
  });
  return {
    orders: planned,
    cashOrders: cash,
    holdings,
    agendaRows,
    cancels: cancels.filter((x) => !dropped.has(x.appointmentId)),
    adjustments,
    pointsExpiry: branchInstant('America/Tijuana', dayNumber(demoDay('2026-07-01')), 9 * 60),
  };
}

export interface PlannedAdjustment {
  customer: number;
  branch: Branch;
  at: Date;
  points: number;
  reason: string;
}

/** The history to tell through the services (sales-history.ts): its sales, the agenda that consumes them, the points' other moves. */
export interface SalesPlan {
  orders: PlannedOrder[];
  cashOrders: PlannedCashOrder[];
  holdings: Holding[];
  agendaRows: AppointmentRow[];
  cancels: CancellationRow[];
  adjustments: PlannedAdjustment[];
  /** When the points of customers without activity in the last 150 days expire (once, mid-year). */
  pointsExpiry: Date;
}

import { eq, inArray, sql } from 'drizzle-orm';
import { cents, fromCents, subtractCents, toCents, type Cents } from '../../../domain/money';
import { CARD_METHODS, couponUnitDiscount, isCardMethod, pointsValue, SERVICES_VAT, saleTotals, type PricedLine } from '../../../domain/sales';
import type { CashSaleInput, OrderSaleInput, RefundInput } from '../../../domain/sales.contract';
import type { AppContext } from '../../context';
import type { Actor } from '../../platform/auth/actor';
import { actorOfUsername } from '../../modules/auth';
import { putIntoLot } from '../../modules/inventory';
import { postPointMovement } from '../../modules/loyalty';
import { createGoal } from '../../modules/goals';
import { refundDeps } from '../../modules';
import { salesServices, type SaleKind } from '../../modules/sales';
import type { Db } from '../client';
import { coupons, customers, productTypes, products } from '../schema';
import { insertAgenda } from './agenda';
import { cashBackAtMost, demoDrawerCount, drawerHolds, SLIPS } from './closings';
import { branchInstant, isoOfDay } from './bulk';
import { DEMO_PASSWORD } from './data';
import { DEMO_NOW, demoDay } from './demo-day';
import { seededRandom } from './random';
import type { Timeline, TimelineStep } from './timeline';
import { OPENING_NOTE, OPENING_STOCK_AT, type Branch, type DemoCustomer, type PlannedCashOrder, type PlannedOrder, type SalesPlan } from './sales';

/**
 * The demo's sales history told through the services a user's action goes through, each at its own past moment:
 * every sale by the sale intake (catalogue prices, coupons, points by tier, split tenders in pesos and dollars with
 * change, lots first expiry first), every refund by the refund service (with the manager's password), the clinics'
 * closings by the blind count or the nightly job, the points' adjustments and their mid-year expiry through the
 * ledger, and the goals through their form's service. The agenda (bulk, as the first half's demo) then books the
 * purchased treatments the intake created.
 */

const REFUND_REASONS = [
  'El cliente cambió de opinión',
  'Contraindicación detectada en la valoración',
  'Cobro duplicado en terminal',
  'Cambio de residencia a otra ciudad',
];
/** The border clinics, where a share of the customers pay in dollars. */
const DOLLAR_CLINICS = new Set(['tijuana', 'mexicali', 'ensenada']);

type Rnd = ReturnType<typeof seededRandom>;
type Tender = OrderSaleInput['payments'][number];

/**
 * Puts the history's steps on the demo's timeline (the inventory's year is on it already), runs it, then books the
 * agenda and sets the goals.
 */
export async function recordSalesHistory(
  db: Db,
  plan: SalesPlan,
  people: DemoCustomer[],
  timeline: Timeline,
  log: (message: string) => void = () => {},
): Promise<void> {
  const ctx = { db } as Pick<AppContext, 'db'> as AppContext;
  const rnd = seededRandom(5150);
  const branches = [...new Set([...plan.orders, ...plan.cashOrders].map((o) => o.branch))];
  const counter = new Map<string, Actor>();
  const managers = new Map<string, Actor>();
  for (const b of branches) {
    counter.set(b.id, await actorOfUsername(db, `recepcion.${b.key}@demo.mx`));
    managers.set(b.id, await actorOfUsername(db, b.manager));
  }
  const admin = await actorOfUsername(db, 'admin@demo.mx');
  timeline.add({ at: OPENING_STOCK_AT, rank: -1, run: () => openingStock(db, plan.cashOrders) });
  const rates = await exchangeRates(db);
  const terms: CouponTerms = new Map(
    (await db.select().from(coupons)).map((c) => [
      c.code,
      { percent: Number(c.discount), itemId: (c.type === 'Treatment' ? c.treatmentId : c.productId) ?? '' },
    ]),
  );
  const lastActivity = new Map<number, number>();
  const purchased = new Map<string, string>();
  const instant = (b: Branch, day: number, minute: number) => branchInstant(b.timeZone, day, minute);
  let keys = 0;

  const sell = async (kind: SaleKind, o: PlannedOrder | PlannedCashOrder, at: Date) => {
    const lines = pricedLines(o, terms);
    const total = saleTotals(lines).total;
    const customerId = o.customer === null ? null : people[o.customer].id;
    const points = kind === 'order' && customerId && rnd.next() < 0.25 ? await pointsToRedeem(db, customerId, total) : 0;
    const due = subtractCents(total, pointsValue(points));
    const input = {
      channel: o.channel,
      branchId: o.branch.id,
      customerId,
      sellerId: o.sellerId,
      couponCode: o.couponCode ?? null,
      points,
      payments: due > 0 ? tenders(rnd, o, due, rates.get(o.branch.id) ?? null, allowedMethods(o)) : [],
      items: o.lines.map((l) =>
        'productId' in l ? { productId: l.productId, quantity: l.quantity } : { treatmentId: l.treatmentId, packageId: l.packageId, quantity: l.quantity },
      ),
    } as OrderSaleInput | CashSaleInput;
    const { sale } = await salesServices.createSale(ctx, counter.get(o.branch.id)!, kind, input, `demo-${kind}-${++keys}`, { at });
    if (o.customer !== null) lastActivity.set(o.customer, at.getTime());
    if (kind === 'order') matchHoldings(o as PlannedOrder, sale, purchased);
    if (o.refundDay) {
      const refundAt = instant(o.branch, o.refundDay, 12 * 60 + rnd.int(0, 300));
      timeline.add({ at: refundAt, rank: 1, run: () => refund(kind, o, sale, refundAt) });
    }
  };

  type SoldSale = { orderNumber: string; change: number; payments: { method: string; amountMxn: number }[] };
  const refund = async (kind: SaleKind, o: PlannedSale, sale: SoldSale, at: Date) => {
    const { orderNumber, payments: paid } = sale;
    const byCard = paid.some((p) => isCardMethod(p.method));
    const method = rnd.next() < 0.35 ? 'Puntos' : byCard ? 'Tarjeta' : 'Efectivo';
    // cash the drawer lacks goes back in points (every refunded demo sale has a customer): no closing expects below $0
    const covered = await drawerHolds(ctx, managers.get(o.branch.id)!, o.branch, at, cashBackAtMost(method, sale));
    const input: RefundInput = {
      refundMethod: covered ? method : 'Puntos',
      refundReason: rnd.pick(REFUND_REASONS),
      password: DEMO_PASSWORD,
      branchId: o.branch.id,
    };
    await salesServices.refundSale(ctx, managers.get(o.branch.id)!, kind, orderNumber, input, refundDeps, { at });
  };

  for (const o of plan.orders)
    timeline.add({ at: instant(o.branch, o.day, o.minute), rank: 0, run: () => sell('order', o, instant(o.branch, o.day, o.minute)) });
  for (const o of plan.cashOrders)
    timeline.add({ at: instant(o.branch, o.day, o.minute), rank: 0, run: () => sell('cashOrder', o, instant(o.branch, o.day, o.minute)) });
  for (const a of plan.adjustments)
    timeline.add({
      at: a.at,
      rank: 2,
      run: async () => {
        const customerId = people[a.customer].id;
        const points = a.points > 0 ? a.points : -Math.min(-a.points, await balanceOf(db, customerId));
        if (points) await postPointMovement(db, managers.get(a.branch.id) ?? admin, { customerId, movement: 'adjusted', points, reason: a.reason, at: a.at });
      },
    });
  timeline.add({ at: plan.pointsExpiry, rank: 2, run: () => expirePoints(db, people, lastActivity, plan.pointsExpiry) });
  for (const step of closingSteps(ctx, rnd, plan, counter)) timeline.add(step);

  // in the order things happened, the inventory's steps among them
  await timeline.run(async (share) => {
    // fresh planner statistics for the tables that grow from empty inside this one transaction
    await db.execute(sql`analyze`);
    log(`Historia de ventas: ${Math.min(99, Math.round(share * 100))} %`);
  });
  await bookAgenda(db, plan, purchased);
  await setGoals(ctx, admin, plan);
}

type PlannedSale = PlannedOrder | PlannedCashOrder;

type CouponTerms = Map<string, { percent: number; itemId: string }>;

/** The lines as the intake prices them: catalogue price, IVA, the coupon's discount on one unit of the first line of its item. */
function pricedLines(o: PlannedSale, terms: CouponTerms): PricedLine[] {
  const coupon = o.couponCode ? terms.get(o.couponCode) : undefined;
  const itemOf = (l: PlannedSale['lines'][number]) => ('productId' in l ? l.productId : l.treatmentId);
  const couponIndex = coupon ? o.lines.findIndex((l) => itemOf(l) === coupon.itemId) : -1;
  return o.lines.map((l, i) => ({
    unitPrice: l.price,
    quantity: l.quantity,
    vat: 'vat' in l ? l.vat : SERVICES_VAT,
    discount: i === couponIndex ? couponUnitDiscount(l.price, coupon!.percent) : cents(0),
  }));
}

/** Payment methods a package or promotion accepts (every one when it names none). */
function allowedMethods(o: PlannedSale): string[] {
  if (!('holdings' in o)) return [];
  return [...new Set(o.lines.flatMap((l) => l.pkg?.row.paymentType ?? []))];
}

/**
 * How a counter takes what is due: mostly cash (tendered in round bills, with change) or a card, some transfers and
 * deposits, one in eight split between cash and card, and at the border clinics some dollars. App and online sales
 * are paid by card.
 */
function tenders(rnd: Rnd, o: PlannedSale, due: Cents, usdRate: number | null, allowed: string[]): Tender[] {
  const reference = () => `AUT${String(rnd.int(100_000, 999_999))}`;
  const card = (amount: Cents): Tender => ({ method: rnd.pick(CARD_METHODS), amount: fromCents(amount), currency: 'MXN', reference: reference() });
  const cash = (amount: Cents, step: number): Tender => ({ method: 'Efectivo', amount: fromCents(roundUp(amount, step)), currency: 'MXN' });
  if (o.channel !== 'pos') return [card(due)];
  if (allowed.length) {
    // a package that names its methods is paid with one of them
    const method = rnd.pick(allowed) as Tender['method'];
    return [method === 'Efectivo' ? cash(due, 50) : { method, amount: fromCents(due), currency: 'MXN', reference: reference() }];
  }
  const roll = rnd.next();
  if (usdRate && DOLLAR_CLINICS.has(o.branch.key) && roll < 0.12) {
    // dollars in twenties, the rest in pesos with change
    const dollars = Math.floor(fromCents(due) / usdRate / 20) * 20;
    if (dollars > 0) {
      const rest = subtractCents(due, toCents(Math.round(dollars * usdRate * 100) / 100));
      const usd: Tender = { method: 'Efectivo', amount: dollars, currency: 'USD' };
      return rest > 0 ? [usd, cash(cents(rest + 100), 50)] : [usd];
    }
  }
  if (roll < 0.5) return [cash(due, rnd.pick([1, 50, 100, 500]))];
  if (roll < 0.62 && due > 100_000) {
    const first = cents(Math.floor(due / 2 / 10_000) * 10_000);
    return [card(first), cash(subtractCents(due, first), 100)];
  }
  if (roll < 0.7)
    return [{ method: rnd.pick(['Transferencia electrónica', 'Depósito bancario'] as const), amount: fromCents(due), currency: 'MXN', reference: reference() }];
  return [card(due)];
}

/** An amount in cents rounded up to whole `step` pesos. */
const roundUp = (amount: Cents, step: number) => cents(Math.ceil(amount / (step * 100)) * step * 100);

async function balanceOf(db: Db, customerId: string): Promise<number> {
  const [c] = await db.select({ points: customers.points }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return c?.points ?? 0;
}

/** Points a customer with a balance of at least 50 uses on a treatment sale: up to a fifth of it, never the whole. */
async function pointsToRedeem(db: Db, customerId: string, total: Cents): Promise<number> {
  const balance = await balanceOf(db, customerId);
  if (balance < 50) return 0;
  return Math.max(0, Math.min(balance, Math.floor(total / 100 / 5)));
}

async function exchangeRates(db: Db): Promise<Map<string, number>> {
  const result = await db.execute(sql`select exchange_rate from settings limit 1`);
  const rates = ((result.rows[0] as { exchange_rate: Record<string, string | number> | null } | undefined)?.exchange_rate ?? {}) as Record<
    string,
    string | number
  >;
  return new Map(Object.entries(rates).map(([branchId, rate]) => [branchId, Number(rate)]));
}

/**
 * Each clinic's opening lot of the products its counter sells in the history, entered through the inventory's step
 * the day before the history starts: the units the year sells, so the first-expiry picks never run short.
 */
async function openingStock(db: Db, sales: PlannedCashOrder[]): Promise<void> {
  const units = new Map<string, { branch: Branch; productId: string; units: number }>();
  for (const o of sales)
    for (const l of o.lines) {
      const key = `${o.branch.id}|${l.productId}`;
      const entry = units.get(key) ?? { branch: o.branch, productId: l.productId, units: 0 };
      entry.units += l.quantity;
      units.set(key, entry);
    }
  const ids = [...new Set([...units.values()].map((u) => u.productId))];
  if (!ids.length) return;
  const catalogue = new Map(
    (
      await db
        .select({ id: products.id, cost: products.cost, requiresLot: productTypes.requiresLot })
        .from(products)
        .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .where(inArray(products.id, ids))
    ).map((p) => [p.id, p]),
  );
  const first = Math.min(...sales.map((o) => o.day));
  for (const u of [...units.values()].sort((a, b) => (a.branch.id + a.productId).localeCompare(b.branch.id + b.productId))) {
    const p = catalogue.get(u.productId)!;
    await putIntoLot(
      db,
      null,
      {
        productId: u.productId,
        branchId: u.branch.id,
        allotment: p.requiresLot ? `AP${isoOfDay(first).slice(2, 4)}-${u.branch.key.slice(0, 3).toUpperCase()}` : 'SIN LOTE',
        expiresAt: p.requiresLot ? demoDay('2028-06-30') : null,
        price: p.cost,
      },
      u.units,
      { cause: 'adjustment_registration', note: OPENING_NOTE, at: OPENING_STOCK_AT },
    );
  }
}

/** The purchased treatments the intake created for a planned order, matched to the ones the agenda booked (by treatment and package). */
function matchHoldings(
  o: PlannedOrder,
  sale: { id: string; purchasedProducts?: { id: string; treatmentId: string; packageId: string | null }[] },
  purchased: Map<string, string>,
) {
  const made = [...(sale.purchasedProducts ?? [])];
  for (const h of o.holdings) {
    const i = made.findIndex((m) => m.treatmentId === h.row.treatmentId && m.packageId === (h.row.packageId ?? null));
    if (i < 0) throw new Error(`La venta ${sale.id} no dejó el tratamiento ${h.row.treatmentId}`);
    purchased.set(h.row.id!, made[i]!.id);
    made.splice(i, 1);
  }
}

/** The mid-year expiry: the balance of every customer without a purchase in the last 150 days leaves the ledger. */
async function expirePoints(db: Db, people: DemoCustomer[], lastActivity: Map<number, number>, at: Date) {
  const holders = await db
    .select({ id: customers.id, points: customers.points })
    .from(customers)
    .where(sql`${customers.points} > 0`);
  const index = new Map(people.map((p, i) => [p.id, i]));
  for (const c of holders.sort((a, b) => a.id.localeCompare(b.id))) {
    const last = lastActivity.get(index.get(c.id)!) ?? -Infinity;
    if (at.getTime() - last > 150 * 86_400_000)
      await postPointMovement(db, null, { customerId: c.id, movement: 'expired', points: -c.points, reason: 'Vencimiento de puntos por inactividad', at });
  }
}

/**
 * Each branch-day with sales closed at night by its receptionist counting the drawer (about one count in fifteen a
 * bill off), except about one in twelve left to the nightly job, which runs after every midnight. A day is over at its
 * branch's midnight: loaded late in Tijuana's evening, the clinics an hour or two ahead have closed today already.
 */
function closingSteps(ctx: AppContext, rnd: Rnd, plan: SalesPlan, counter: Map<string, Actor>): TimelineStep[] {
  const lastSale = new Map<string, { branch: Branch; day: number; minute: number }>();
  const touch = (branch: Branch, day: number, minute: number) => {
    const key = `${branch.id}|${day}`;
    const seen = lastSale.get(key);
    if (!seen || seen.minute < minute) lastSale.set(key, { branch, day, minute });
  };
  for (const o of [...plan.orders, ...plan.cashOrders]) {
    touch(o.branch, o.day, o.minute);
    // refunds are made between noon and five
    if (o.refundDay) touch(o.branch, o.refundDay, 17 * 60);
  }
  const events: TimelineStep[] = [];
  const leftOpen = new Set<number>();
  const over = (branch: Branch, day: number) => branchInstant(branch.timeZone, day + 1, 0) <= DEMO_NOW;
  for (const { branch, day, minute } of [...lastSale.values()].sort((a, b) => a.day - b.day || a.branch.id.localeCompare(b.branch.id))) {
    if (!over(branch, day)) continue;
    if (rnd.next() < 0.08) {
      leftOpen.add(day);
      continue;
    }
    const at = branchInstant(branch.timeZone, day, Math.max(20 * 60 + rnd.int(5, 90), minute + 15));
    const slip = rnd.next() < 0.07 ? rnd.pick(SLIPS) : 0;
    events.push({
      at,
      rank: 3,
      run: async () => {
        const actor = counter.get(branch.id)!;
        const date = isoOfDay(day);
        const x = await salesServices.previewClosing(ctx, actor, { branchId: branch.id, date });
        const counted = demoDrawerCount({ MXN: toCents(x.expected.MXN), USD: toCents(x.expected.USD) }, slip);
        await salesServices.createClosing(ctx, actor, { branchId: branch.id, date, counted, comments: slip ? 'Diferencia al contar la caja' : null }, at);
      },
    });
  }
  // the nightly job closes what nobody did; on the other nights it finds nothing to close
  for (const day of leftOpen) {
    // after Tijuana's midnight, the last of the chain's (today's: at the load, when only the clinics ahead are over)
    const after = branchInstant('America/Tijuana', day + 1, 10);
    const at = after < DEMO_NOW ? after : DEMO_NOW;
    events.push({ at, rank: 4, run: async () => void (await salesServices.closeUnclosedDays(ctx.db, at)) });
  }
  return events;
}

/** The agenda books the purchased treatments the sales left; their sessions used, changes and end follow its story. */
async function bookAgenda(db: Db, plan: SalesPlan, purchased: Map<string, string>) {
  const real = (id: string | null | undefined) => (id ? (purchased.get(id) ?? id) : id);
  const rows = plan.agendaRows.map((a) => ({ ...a, purchasedProductId: real(a.purchasedProductId) }));
  // tens of thousands of rows with up to ten foreign keys each: with a superuser connection (PGlite, the test server)
  // they skip the per-row referential triggers for this transaction only, as pg_restore does; every id comes from
  // rows inserted before them, and unique, check and exclusion constraints still apply
  const [{ superuser }] = (await db.execute(sql`select current_setting('is_superuser') = 'on' as superuser`)).rows as { superuser: boolean }[];
  if (superuser) await db.execute(sql`set local session_replication_role = replica`);
  await insertAgenda(db, rows, plan.cancels);
  if (superuser) await db.execute(sql`set local session_replication_role = origin`);
  const progress = plan.holdings
    .filter((h) => h.row.status !== 'refunded' && purchased.has(h.row.id!))
    .map((h) => ({
      id: purchased.get(h.row.id!)!,
      currentSession: h.row.currentSession ?? 0,
      status: h.row.status ?? 'onProcess',
      consent: h.row.consent ?? false,
      changes: h.row.changes ?? 0,
      reschedules: h.row.reschedules ?? 0,
    }))
    .filter((p) => p.currentSession || p.status !== 'onProcess' || p.changes || p.reschedules);
  for (let i = 0; i < progress.length; i += 2000) {
    const chunk = progress.slice(i, i + 2000);
    await db.execute(sql`update purchased_products p set current_session = v.current_session, status = v.status, consent = v.consent,
        changes = v.changes, reschedules = v.reschedules
      from (select * from jsonb_to_recordset(${JSON.stringify(chunk.map((c) => ({ id: c.id, current_session: c.currentSession, status: c.status, consent: c.consent, changes: c.changes, reschedules: c.reschedules })))}::jsonb)
        as x(id uuid, current_session int, status text, consent boolean, changes int, reschedules int)) v
      where p.id = v.id`);
  }
}

/** A goal per clinic and month of the history (and the coming month), near what the month sold, through the goals' service. */
async function setGoals(ctx: AppContext, admin: Actor, plan: SalesPlan) {
  const rnd = seededRandom(6060);
  const sold = new Map<string, number>();
  for (const o of [...plan.orders, ...plan.cashOrders]) {
    const key = `${o.branch.id}|${isoOfDay(o.day).slice(0, 7)}`;
    sold.set(key, (sold.get(key) ?? 0) + fromCents(o.lines.reduce((s, l) => s + l.price * l.quantity, 0) as Cents));
  }
  const months = [...new Set([...sold.keys()].map((k) => k.split('|')[1]!))].sort();
  const last = months[months.length - 1]!;
  const next = last.endsWith('-12') ? `${Number(last.slice(0, 4)) + 1}-01` : `${last.slice(0, 5)}${String(Number(last.slice(5)) + 1).padStart(2, '0')}`;
  const branchIds = [...new Set(plan.orders.map((o) => o.branch.id))].sort();
  for (const month of [...months, next])
    for (const branchId of branchIds) {
      const base = sold.get(`${branchId}|${month}`) ?? sold.get(`${branchId}|${last}`) ?? 0;
      if (base <= 0) continue;
      const goal = Math.max(5_000, Math.round((base * (0.9 + rnd.next() * 0.3)) / 5_000) * 5_000);
      await createGoal(ctx, admin, { goal, branchId, month: Number(month.slice(5)), year: Number(month.slice(0, 4)) });
    }
}

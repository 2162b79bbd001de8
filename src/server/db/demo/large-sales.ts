import { sql } from 'drizzle-orm';
import { cashRefunds, closingNumber, DEFAULT_OPENING_FLOAT, netCash, type ClosingPaymentRow } from '../../../domain/cash-closings';
import { cents, subtractCents, sumCents, toCents, usdToMxn, ZERO_CENTS, type Cents } from '../../../domain/money';
import {
  CARD_METHODS,
  cosmetologyCommission,
  couponUnitDiscount,
  isCardMethod,
  pointsEarned,
  pointsValue,
  POINT_VALUE,
  POINTS_TENDER,
  refundPlan,
  saleNumber,
  saleTotals,
  SERVICES_VAT,
  settlePayments,
  type PaymentMethod,
  type PricedLine,
  type RefundMethod,
  type SaleChannel,
  type SettledTender,
  type TenderInput,
} from '../../../domain/sales';
import { closingInputsByDay } from '../../modules/sales';
import { openingFloatOf } from '../../modules/settings';
import { demoClosingRow } from './closings';
import type { Db } from '../client';
import { cashOrderDetails, cashOrders, commissions, dailyCashClosings, orderDetails, orders, salePayments } from '../schema';
import { branchInstant, bulkInsert, dayNumber, idMaker, isoOfDay, weekday } from './bulk';
import { seededRandom } from './random';

/**
 * The sales of the large data set (`scale.sales` of them) over the three years that end yesterday, at every clinic:
 * treatment and package sales (orders) and product sales (cash orders) in the three channels, priced from the
 * catalogue with the sales' own formulas (saleTotals, settlePayments, refundPlan, cosmetologyCommission), so every
 * sale adds up to the cent: Σ payments = total + change. Generated month by month (all clinics, in calendar order,
 * numbered from the shared sale sequence) and bulk inserted with their lines, tenders, refunds and commission lines;
 * then every branch-day's closing from the closings' own inputs and function. Product units do not leave the lots:
 * the year of inventory (large-inventory.ts) models the stock on its own.
 */

type Log = (message: string) => void;
type Rnd = ReturnType<typeof seededRandom>;

const REFUND_REASONS = [
  'El cliente cambió de opinión',
  'Contraindicación detectada en la valoración',
  'Cobro duplicado en terminal',
  'Producto con empaque dañado',
];
const YEARS = 3;

interface Item {
  id: string;
  price: Cents;
  points: number;
  vat: number;
  /** Methods a package accepts (empty: any). */
  paymentTypes: string[];
}

interface Clinic {
  id: string;
  code: string;
  timeZone: string;
  weight: number;
  sellers: string[];
  manager: string;
  closer: string;
  customers: string[];
  packages: Item[];
  /** A lot of each product at the clinic (the line's stock), when it has one. */
  lots: Map<string, string>;
  usdRate: number | null;
  /** The float its drawer opens with each day (cents). */
  openingFloat: Cents;
}

interface Coupon {
  id: string;
  itemId: string;
  discount: number;
}

interface Context {
  clinics: Clinic[];
  treatments: Item[];
  products: Item[];
  coupons: Map<string, Coupon[]>;
  percent: number;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

async function loadContext(db: Db): Promise<Context> {
  const [setting] = await rowsOf<{ rates: Record<string, number> | null; fallback: string | null; percent: string | null }>(
    db,
    sql`select exchange_rate rates, default_exchange_rate::text fallback, cosmetology_commission_percent::text percent from settings limit 1`,
  );
  const branchRows = await rowsOf<{ id: string; code: string; time_zone: string }>(
    db,
    sql`select id, code, time_zone from branches where deleted_at is null and active and not distribution_center order by code`,
  );
  const staff = await rowsOf<{ id: string; username: string; branch_id: string; role: string }>(
    db,
    sql`select u.id, u.username, u.main_branch_id branch_id, r.name role from users u join roles r on r.id = u.role_id
        where u.deleted_at is null and u.main_branch_id is not null order by u.username`,
  );
  const people = await rowsOf<{ id: string; branch_id: string }>(
    db,
    sql`select id, registry_branch_id branch_id from customers where deleted_at is null and active and not black_list and registry_branch_id is not null
        order by customer_number`,
  );
  const toItem = (r: { id: string; price: string; points: number | null; vat: number; payment_types?: string[] | null }): Item => ({
    id: r.id,
    price: toCents(r.price),
    points: r.points ?? 0,
    vat: r.vat,
    paymentTypes: r.payment_types ?? [],
  });
  const treatments = (
    await rowsOf<{ id: string; price: string; points: number; vat: number }>(
      db,
      sql`select id, price::text price, points, ${SERVICES_VAT}::int vat from treatments where deleted_at is null and active and price > 0 order by sku`,
    )
  ).map(toItem);
  const products = (
    await rowsOf<{ id: string; price: string; points: number | null; vat: number }>(
      db,
      sql`select id, sale_price::text price, points, tax vat from products
          where deleted_at is null and active and approved_at is not null and rejected_at is null and sale_price > 0 order by sku`,
    )
  ).map(toItem);
  const offered = await rowsOf<{ branch_id: string; id: string; price: string; points: number; vat: number; payment_types: string[] }>(
    db,
    sql`select pb.branch_id, p.id, p.price::text price, p.points, ${SERVICES_VAT}::int vat, p.payment_type payment_types
        from packages p join package_branches pb on pb.package_id = p.id
        where p.deleted_at is null and p.active and p.price > 0
          and exists (select 1 from package_treatments pt where pt.package_id = p.id and pt.deleted_at is null)
        order by pb.branch_id, p.sku`,
  );
  const lots = await rowsOf<{ branch_id: string; product_id: string; id: string }>(
    db,
    sql`select distinct on (branch_id, product_id) branch_id, product_id, id from product_stocks where deleted_at is null
        order by branch_id, product_id, quantity desc, allotment`,
  );
  const couponRows = await rowsOf<{ id: string; item_id: string; discount: string }>(
    db,
    sql`select id, coalesce(treatment_id, product_id) item_id, discount::text discount from coupons
        where deleted_at is null and discount > 0 and discount < 100 and coalesce(treatment_id, product_id) is not null order by code`,
  );
  const coupons = new Map<string, Coupon[]>();
  for (const c of couponRows) coupons.set(c.item_id, [...(coupons.get(c.item_id) ?? []), { id: c.id, itemId: c.item_id, discount: Number(c.discount) }]);
  const rnd = seededRandom(1717_17);
  const floats = new Map<string, Cents>();
  for (const b of branchRows) floats.set(b.id, await openingFloatOf(db, b.id));
  const clinics = branchRows.map((b): Clinic => {
    const here = staff.filter((u) => u.branch_id === b.id);
    const manager = here.find((u) => u.role === 'Sucursal Gerente' || u.role === 'Franquiciatario') ?? here[0] ?? staff[0]!;
    const rate = setting?.rates?.[b.id] ?? (setting?.fallback ? Number(setting.fallback) : null);
    return {
      id: b.id,
      code: b.code,
      timeZone: b.time_zone,
      weight: 0.7 + rnd.next() * 0.6,
      sellers: here.length ? here.map((u) => u.id) : [manager.id],
      manager: manager.id,
      closer: (here.find((u) => u.username.startsWith('recepcion.')) ?? manager).id,
      customers: people.filter((p) => p.branch_id === b.id).map((p) => p.id),
      packages: offered.filter((p) => p.branch_id === b.id).map(toItem),
      lots: new Map(lots.filter((l) => l.branch_id === b.id).map((l) => [l.product_id, l.id])),
      usdRate: rate && Number(rate) > 0 ? Number(rate) : null,
      openingFloat: floats.get(b.id) ?? DEFAULT_OPENING_FLOAT,
    };
  });
  return { clinics, treatments, products, coupons, percent: setting?.percent ? Number(setting.percent) : 5 };
}

/**
 * How many sales each clinic makes each day: a weight per branch-day (the clinic's size, the weekday, December,
 * a slow growth over the years, some noise) and the total split by cumulative rounding, so it adds up exactly.
 */
function dailyCounts(clinics: Clinic[], first: number, last: number, total: number, rnd: Rnd): Int32Array[] {
  const span = last - first + 1;
  const weights = clinics.map((c) =>
    Float64Array.from({ length: span }, (_, i) => {
      const day = first + i;
      const dow = weekday(day);
      const month = new Date(day * 86_400_000).getUTCMonth();
      const week = dow === 0 ? 0.15 : dow === 6 ? 0.8 : dow === 5 ? 1.15 : 1;
      return c.weight * week * (month === 11 ? 1.3 : 1) * (0.75 + (0.5 * i) / span) * (0.8 + rnd.next() * 0.4);
    }),
  );
  const sum = weights.reduce((s, w) => s + w.reduce((a, b) => a + b, 0), 0);
  let cumulative = 0;
  let given = 0;
  return weights.map((w) =>
    Int32Array.from(w, (x) => {
      cumulative += x;
      const upTo = Math.round((cumulative / sum) * total);
      const n = upTo - given;
      given = upTo;
      return n;
    }),
  );
}

type Kind = 'order' | 'cashOrder';

interface Line {
  item: Item;
  kind: 'treatment' | 'package' | 'product';
  quantity: number;
  discount: Cents;
  /** The product's lot at the clinic (null when it holds none). */
  stockId: string | null;
}

interface Sale {
  kind: Kind;
  at: Date;
  head: typeof orders.$inferInsert;
  lines: Line[];
  payments: (typeof salePayments.$inferInsert)[];
  commission: boolean;
}

/** The sale's one method, 'Mixto' for several, 'Puntos' when points paid it all (as the intake writes it). */
function paymentMethodOf(methods: string[], points: number): string {
  const all = new Set(points ? [...methods, POINTS_TENDER] : methods);
  return all.size > 1 ? 'Mixto' : ([...all][0] ?? POINTS_TENDER);
}

/** Cents rounded up to a multiple of `step` cents (a bill the customer hands over). */
const roundUp = (amount: Cents, step: number) => cents(Math.ceil(amount / step) * step);

/** What a counter customer hands over for `due`: one method, card and cash, or dollars; packages keep to their methods. */
function tendersFor(due: Cents, channel: SaleChannel, allowed: string[] | null, usdRate: number | null, rnd: Rnd, ref: () => string): TenderInput[] {
  const exact = (method: PaymentMethod): TenderInput[] => [{ method, currency: 'MXN', amount: due, reference: method === 'Efectivo' ? null : ref() }];
  const cash = (amount: Cents): TenderInput => ({
    method: 'Efectivo',
    currency: 'MXN',
    amount: rnd.next() < 0.5 ? amount : roundUp(amount, rnd.pick([2000, 5000, 10_000, 20_000, 50_000])),
  });
  if (channel !== 'pos') return exact(rnd.pick(CARD_METHODS));
  if (allowed) return allowed.includes('Efectivo') && rnd.next() < 0.5 ? [cash(due)] : exact(rnd.pick(allowed) as PaymentMethod);
  const roll = rnd.next();
  if (roll < 0.42) return [cash(due)];
  if (roll < 0.62) return exact('Tarjeta de débito');
  if (roll < 0.8) return exact('Tarjeta de crédito');
  if (roll < 0.86) return exact('Transferencia electrónica');
  if (roll < 0.9) return exact('Depósito bancario');
  if (roll < 0.96 || !usdRate) {
    // part by card, the rest in cash
    const card = cents(Math.round((due * (0.3 + rnd.next() * 0.4)) / 100) * 100);
    if (card <= 0 || card >= due) return [cash(due)];
    return [{ method: rnd.pick(CARD_METHODS), currency: 'MXN', amount: card, reference: ref() }, cash(subtractCents(due, card))];
  }
  // dollars: whole bills for part of it with the rest in pesos, or enough dollars for all of it (the change in pesos)
  const rateCents = usdRate * 100;
  const part = cents(Math.floor((due * 0.5) / rateCents) * 100);
  if (rnd.next() < 0.5 && part > 0) {
    const rest = subtractCents(due, usdToMxn(part, usdRate));
    return [{ method: 'Efectivo', currency: 'USD', amount: part }, ...(rest > 0 ? [cash(rest)] : [])];
  }
  let usd = cents(Math.ceil(due / rateCents) * 100);
  while (usdToMxn(usd, usdRate) < due) usd = cents(usd + 100);
  return [{ method: 'Efectivo', currency: 'USD', amount: usd }];
}

/** A coupon's unit first, the rest at the catalogue's price (the intake's detail rows). */
function detailPrices(l: Line): { quantity: number; salePrice: Cents }[] {
  if (!l.discount) return [{ quantity: l.quantity, salePrice: l.item.price }];
  const discounted = { quantity: 1, salePrice: subtractCents(l.item.price, l.discount) };
  return l.quantity > 1 ? [discounted, { quantity: l.quantity - 1, salePrice: l.item.price }] : [discounted];
}

class SaleMaker {
  private refs = 0;
  /** Pesos in each clinic-day's drawer as planned so far (float + cash in − change − cash refunds), by `clinic|day`. */
  private drawers = new Map<string, Cents>();
  constructor(
    private readonly ctx: Context,
    private readonly rnd: Rnd,
    private readonly lastDay: number,
  ) {}

  private drawer = (c: Clinic, day: number): Cents => this.drawers.get(`${c.id}|${day}`) ?? c.openingFloat;
  private intoDrawer = (c: Clinic, day: number, amount: Cents) => this.drawers.set(`${c.id}|${day}`, sumCents([this.drawer(c, day), amount]));

  private ref = () => `AUT${String(100_000 + ((this.refs++ * 7919) % 900_000))}`;

  private pickLines(c: Clinic, kind: Kind): Line[] {
    const { rnd } = this;
    const lines: Line[] = [];
    const n = kind === 'order' ? (rnd.next() < 0.85 ? 1 : 2) : rnd.int(1, 3);
    for (let i = 0; i < n; i++) {
      const packaged = kind === 'order' && c.packages.length > 0 && rnd.next() < 0.22;
      const item = kind === 'cashOrder' ? rnd.pick(this.ctx.products) : packaged ? rnd.pick(c.packages) : rnd.pick(this.ctx.treatments);
      if (!item || lines.some((l) => l.item.id === item.id)) continue;
      const quantity = packaged ? 1 : kind === 'order' ? rnd.pick([1, 1, 1, 1, 2, 3]) : rnd.next() < 0.8 ? 1 : 2;
      lines.push({
        item,
        kind: kind === 'cashOrder' ? 'product' : packaged ? 'package' : 'treatment',
        quantity,
        discount: ZERO_CENTS,
        stockId: kind === 'cashOrder' ? (c.lots.get(item.id) ?? null) : null,
      });
    }
    return lines;
  }

  /** One sale of clinic `c` on `day` (its local calendar day), or null when the catalogue leaves nothing to sell. */
  make(c: Clinic, day: number): Sale | null {
    const { rnd, ctx } = this;
    const kind: Kind = rnd.next() < 0.55 ? 'order' : 'cashOrder';
    const dow = weekday(day);
    const roll = rnd.next();
    const channel: SaleChannel = dow === 0 ? (roll < 0.6 ? 'app' : 'online') : roll < 0.84 ? 'pos' : roll < 0.94 ? 'app' : 'online';
    // the app and the web sell from 06:00: clear of the small hours a change of daylight saving time moves (branchInstant)
    const minute = channel === 'pos' ? 9 * 60 + rnd.int(0, (dow === 6 ? 6 * 60 : 11 * 60) - 1) : rnd.int(6 * 60, 24 * 60 - 1);
    const at = branchInstant(c.timeZone, day, minute);
    const customer = c.customers.length && (kind === 'order' || channel !== 'pos' || rnd.next() < 0.75) ? rnd.pick(c.customers) : null;
    if (!customer && kind === 'order') return null;
    const lines = this.pickLines(c, kind);
    if (!lines.length) return null;
    const coupon = customer && rnd.next() < 0.04 ? lines.flatMap((l) => (ctx.coupons.get(l.item.id) ?? []).map((x) => ({ l, x })))[0] : undefined;
    if (coupon) coupon.l.discount = couponUnitDiscount(coupon.l.item.price, coupon.x.discount);
    const priced: PricedLine[] = lines.map((l) => ({ unitPrice: l.item.price, quantity: l.quantity, vat: l.item.vat, discount: l.discount }));
    const totals = saleTotals(priced);
    const statusRoll = rnd.next();
    const paymentStatus = channel !== 'pos' && day >= this.lastDay - 1 && statusRoll < 0.05 ? 'pending_payment' : statusRoll < 0.015 ? 'error' : 'paid';
    const paid = paymentStatus === 'paid';
    const maxPoints = Math.min(800, Math.floor(totals.total / POINT_VALUE));
    const points = paid && customer && maxPoints >= 1 && rnd.next() < 0.06 ? rnd.int(1, maxPoints) : 0;
    const due = subtractCents(totals.total, pointsValue(points));
    const restricted = lines.map((l) => l.item.paymentTypes).filter((t) => t.length);
    const allowed = restricted.length ? commonMethods(restricted) : null;
    const tenders = due > 0 ? tendersFor(due, channel, allowed, c.usdRate, rnd, this.ref) : [];
    const settled = settlePayments(due, tenders, c.usdRate);
    if (!settled.ok) throw new Error(`Venta de volumen inválida (${settled.message}): ${JSON.stringify({ due, tenders })}`);
    const seller = channel === 'pos' ? rnd.pick(c.sellers) : null;
    const businessDate = isoOfDay(day);
    const head: typeof orders.$inferInsert = {
      id: '',
      orderNumber: '',
      branchId: c.id,
      customerId: customer,
      sellerId: seller,
      channel,
      subtotal: totals.subtotal,
      discountTotal: totals.discountTotal,
      taxes: totals.taxes,
      total: totals.total,
      couponId: coupon?.x.id ?? null,
      points:
        paid && customer
          ? pointsEarned(
              lines.map((l) => ({ points: l.item.points, quantity: l.quantity })),
              'BRONCE',
            )
          : 0,
      pointsRedeemed: points,
      paymentMethod: paid
        ? paymentMethodOf(
            tenders.map((t) => t.method),
            points,
          )
        : (tenders[0]?.method ?? rnd.pick(CARD_METHODS)),
      paymentStatus,
      paymentGateway: channel === 'pos' ? (tenders.some((t) => isCardMethod(t.method)) ? 'Terminal bancaria' : null) : 'Openpay',
      payReference: tenders.find((t) => t.reference)?.reference ?? null,
      currency: tenders.some((t) => t.currency === 'USD') ? 'USD' : 'MXN',
      businessDate,
      change: paid ? settled.change : ZERO_CENTS,
      createdAt: at,
      updatedAt: at,
    };
    // the load skips triggers (session_replication_role): the sale's channel and day the trigger would copy are written here
    const base = { orderKind: kind, branchId: c.id, businessDate, channel, saleDate: businessDate, kind: 'payment', userId: seller, createdAt: at } as const;
    const payments: (typeof salePayments.$inferInsert)[] = paid
      ? [
          ...settled.tenders.map((t: SettledTender) => ({
            ...base,
            orderId: '',
            method: t.method,
            currency: t.currency,
            amount: t.amount,
            exchangeRate: t.exchangeRate,
            amountMxn: t.amountMxn,
            reference: t.reference ?? null,
          })),
          ...(points
            ? [{ ...base, orderId: '', method: POINTS_TENDER, currency: 'MXN', amount: pointsValue(points), exchangeRate: 1, amountMxn: pointsValue(points) }]
            : []),
        ]
      : [];
    if (paid) this.intoDrawer(c, day, netCash(payments.map(closingRow), head.change ?? ZERO_CENTS));
    if (paid && day < this.lastDay && rnd.next() < 0.015) this.refund(c, day, head, payments, rnd.next());
    return { kind, at, head, lines, payments, commission: kind === 'cashOrder' && paid && seller !== null };
  }

  /** The whole sale back some days later, by a method it allows, with the refund plan's rows. */
  private refund(c: Clinic, day: number, head: typeof orders.$inferInsert, payments: (typeof salePayments.$inferInsert)[], roll: number) {
    const { rnd } = this;
    let refundDay = Math.min(day + rnd.int(0, 10), this.lastDay);
    if (weekday(refundDay) === 0 && refundDay < this.lastDay) refundDay++;
    const byCard = payments.some((p) => isCardMethod(p.method));
    const chosen: RefundMethod = roll < 0.25 && head.customerId ? 'Puntos' : roll < 0.65 && byCard ? 'Tarjeta' : 'Efectivo';
    const planOf = (m: RefundMethod) =>
      refundPlan(
        m,
        payments.map((p) => ({ method: p.method, amountMxn: p.amountMxn })),
        head.change ?? ZERO_CENTS,
      );
    // cash the drawer of that day does not hold (as far as it is known: its float and the sales planned so far) goes
    // back in points, or the sale stays sold: no closing expects below $0
    const options: RefundMethod[] = head.customerId ? [chosen, 'Puntos'] : [chosen];
    const method = options.find((m) => {
      const p = planOf(m);
      return !('problem' in p) && cashRefunds(p.rows.map(refundRow)) <= this.drawer(c, refundDay);
    });
    if (!method) return;
    const plan = planOf(method);
    if ('problem' in plan) return;
    this.intoDrawer(c, refundDay, cents(-cashRefunds(plan.rows.map(refundRow))));
    const at = branchInstant(c.timeZone, refundDay, 10 * 60 + rnd.int(0, 8 * 60));
    const refundAt = at < head.createdAt! ? new Date(head.createdAt!.getTime() + 3_600_000) : at;
    Object.assign(head, {
      refundedAt: refundAt,
      refundMethod: method,
      refundReason: rnd.pick(REFUND_REASONS),
      refundedById: c.manager,
      refundBusinessDate: isoOfDay(refundDay),
      updatedAt: refundAt,
    });
    // the kind and id of the sale are set when it is numbered (insertMonth)
    for (const r of plan.rows)
      payments.push({
        orderKind: 'order',
        orderId: '',
        branchId: c.id,
        businessDate: isoOfDay(refundDay),
        channel: head.channel,
        saleDate: head.businessDate,
        kind: 'refund',
        method: r.method,
        currency: 'MXN',
        amount: r.amountMxn,
        exchangeRate: 1,
        amountMxn: r.amountMxn,
        userId: c.manager,
        createdAt: refundAt,
      });
  }
}

/** A tender as the closing function reads it (only cash and currency matter to the drawer). */
const closingRow = (p: { method: string; currency: string; amount: Cents; amountMxn: Cents }): ClosingPaymentRow => ({
  kind: 'payment',
  orderKind: 'order',
  method: p.method,
  currency: p.currency,
  amount: p.amount,
  amountMxn: p.amountMxn,
});
const refundRow = (r: { method: string; amountMxn: Cents }): ClosingPaymentRow => ({
  kind: 'refund',
  orderKind: 'order',
  method: r.method,
  currency: 'MXN',
  amount: r.amountMxn,
  amountMxn: r.amountMxn,
});

/** The methods every restricted line of a sale accepts (a package's own list), in the intake's order. */
function commonMethods(lists: string[][]): string[] | null {
  const common = lists.reduce((acc, l) => acc.filter((m) => l.includes(m)));
  return common.length ? common : null;
}

const ids = {
  order: idMaker('large-order'),
  cashOrder: idMaker('large-cash-order'),
  orderDetail: idMaker('large-order-detail'),
  cashDetail: idMaker('large-cash-order-detail'),
  payment: idMaker('large-sale-payment'),
  commission: idMaker('large-commission'),
};

class Counters {
  order = 0;
  cashOrder = 0;
  orderDetail = 0;
  cashDetail = 0;
  payment = 0;
  commission = 0;
}

/** A month's sales in calendar order: numbered, then their rows, bulk inserted. */
async function insertMonth(db: Db, sales: Sale[], firstNumber: number, k: Counters, percent: number) {
  sales.sort((a, b) => a.at.getTime() - b.at.getTime());
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const cashRows: (typeof cashOrders.$inferInsert)[] = [];
  const detailRows: (typeof orderDetails.$inferInsert)[] = [];
  const cashDetailRows: (typeof cashOrderDetails.$inferInsert)[] = [];
  const paymentRows: (typeof salePayments.$inferInsert)[] = [];
  const commissionRows: (typeof commissions.$inferInsert)[] = [];
  sales.forEach((s, i) => {
    const h = s.head;
    h.orderNumber = saleNumber(h.channel as SaleChannel, firstNumber + i);
    h.id = s.kind === 'order' ? ids.order(k.order++) : ids.cashOrder(k.cashOrder++);
    (s.kind === 'order' ? orderRows : cashRows).push(h);
    const stamp = { createdAt: s.at, updatedAt: s.at };
    for (const l of s.lines)
      for (const d of detailPrices(l)) {
        if (s.kind === 'order')
          detailRows.push({
            id: ids.orderDetail(k.orderDetail++),
            orderId: h.id,
            treatmentId: l.kind === 'treatment' ? l.item.id : null,
            packageId: l.kind === 'package' ? l.item.id : null,
            quantity: d.quantity,
            salePrice: d.salePrice,
            price: l.item.price,
            ...stamp,
          });
        else
          cashDetailRows.push({
            id: ids.cashDetail(k.cashDetail++),
            cashOrderId: h.id,
            productId: l.item.id,
            stockId: l.stockId,
            quantity: d.quantity,
            salePrice: d.salePrice,
            price: l.item.price,
            ...stamp,
          });
      }
    for (const p of s.payments) paymentRows.push({ ...p, id: ids.payment(k.payment++), orderKind: s.kind, orderId: h.id });
    if (s.commission) {
      const { base, commission } = cosmetologyCommission(h.total, h.taxes ?? ZERO_CENTS, percent);
      const line: typeof commissions.$inferInsert = {
        id: ids.commission(k.commission++),
        kind: 'cosmetology',
        type: 'cosmetology_sale',
        userId: h.sellerId!,
        branchId: h.branchId,
        businessDate: h.businessDate,
        cashOrderId: h.id,
        orderNumber: h.orderNumber,
        customerId: h.customerId ?? null,
        base,
        percent,
        commission,
        payable: commission,
        ...stamp,
      };
      commissionRows.push(line);
      if (h.refundedAt) {
        const back = (c: Cents) => subtractCents(ZERO_CENTS, c);
        commissionRows.push({
          ...line,
          id: ids.commission(k.commission++),
          businessDate: h.refundBusinessDate!,
          base: back(base),
          commission: back(commission),
          payable: back(commission),
          reversalOf: line.id,
          createdAt: h.refundedAt,
          updatedAt: h.refundedAt,
        });
      }
    }
  });
  await bulkInsert(db, orders, orderRows);
  await bulkInsert(db, orderDetails, detailRows);
  await bulkInsert(db, cashOrders, cashRows);
  await bulkInsert(db, cashOrderDetails, cashDetailRows);
  await bulkInsert(db, salePayments, paymentRows);
  await bulkInsert(db, commissions, commissionRows);
}

/**
 * Every branch-day before today with payments or refunds gets its closing, its figures from closingTotals over that
 * day's rows (the demo's own closings included: they are recomputed over the day's new rows, with their ids).
 */
async function seedAllClosings(db: Db, clinics: Clinic[], today: string) {
  const rnd = seededRandom(2024_17);
  await db.execute(sql`delete from daily_cash_closings`);
  const rows: (typeof dailyCashClosings.$inferInsert)[] = [];
  for (const c of clinics) {
    const openingFloat = await openingFloatOf(db, c.id);
    for (const day of await closingInputsByDay(db, { branchId: c.id, before: today }))
      rows.push(demoClosingRow(rnd, day, { timeZone: c.timeZone, closer: c.closer, openingFloat }));
  }
  rows.sort((a, b) => a.businessDate.localeCompare(b.businessDate) || a.branchId.localeCompare(b.branchId));
  rows.forEach((r, i) => (r.closingNumber = closingNumber(i + 1)));
  await bulkInsert(db, dailyCashClosings, rows);
  if (rows.length) await db.execute(sql`select setval('closing_number_seq', ${rows.length})`);
  return rows.length;
}

export async function seedLargeSales(db: Db, total: number, today: string, log: Log): Promise<void> {
  if (total <= 0) return;
  const t0 = Date.now();
  const ctx = await loadContext(db);
  const rnd = seededRandom(1717);
  const last = dayNumber(today) - 1;
  const first = dayNumber(today) - YEARS * 365;
  const counts = dailyCounts(ctx.clinics, first, last, total, rnd);
  const maker = new SaleMaker(ctx, rnd, last);
  const k = new Counters();
  let nextNumber = Number(((await db.execute(sql`select nextval('sale_number_seq') n`)).rows[0] as { n: string }).n);
  let made = 0;
  let day = first;
  while (day <= last) {
    // one calendar month of every clinic
    const month = isoOfDay(day).slice(0, 7);
    const sales: Sale[] = [];
    for (; day <= last && isoOfDay(day).startsWith(month); day++)
      ctx.clinics.forEach((c, ci) => {
        for (let n = counts[ci]![day - first]!; n > 0; n--) {
          let s = maker.make(c, day);
          for (let tries = 0; !s && tries < 5; tries++) s = maker.make(c, day);
          if (s) sales.push(s);
        }
      });
    await insertMonth(db, sales, nextNumber, k, ctx.percent);
    nextNumber += sales.length;
    made += sales.length;
    if (month.endsWith('-12') || day > last) log(`  ventas hasta ${month}: ${made.toLocaleString('es-MX')} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`select setval('sale_number_seq', ${nextNumber - 1})`);
  log(
    `  ${k.order.toLocaleString('es-MX')} órdenes, ${k.cashOrder.toLocaleString('es-MX')} ventas de producto, ${k.payment.toLocaleString('es-MX')} pagos y devoluciones, ${k.commission.toLocaleString('es-MX')} comisiones`,
  );
  // the closings read what was just written: statistics first, so the per-branch reads use the indexes
  await db.execute(sql`analyze sale_payments, orders, cash_orders`);
  const t1 = Date.now();
  const closings = await seedAllClosings(db, ctx.clinics, today);
  log(`  ${closings.toLocaleString('es-MX')} cortes de caja: ${((Date.now() - t1) / 1000).toFixed(0)} s`);
}

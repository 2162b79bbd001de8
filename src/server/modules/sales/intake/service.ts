import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { fromCents, subtractCents, toCents, ZERO_CENTS, type Cents } from '../../../../domain/money';
import type { CashSaleInput, OrderSaleInput, SaleAnswer } from '../../../../domain/sales.contract';
import {
  cosmetologyCommission,
  couponUnitDiscount,
  pointsEarned,
  pointsValue,
  POINTS_TENDER,
  SALE_MESSAGES,
  saleClock,
  saleNumber,
  saleTotals,
  settlePayments,
  type PricedLine,
} from '../../../../domain/sales';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import {
  branches,
  cashOrderDetails,
  cashOrders,
  commissions,
  coupons,
  orderDetails,
  orders,
  products,
  purchasedProducts,
  salePayments,
  settings,
  treatments,
  users,
} from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/app-error';
import { recordChange } from '../../../platform/change-log';
import { isViolation } from '../../../platform/db-errors';
import { redeemCoupon } from '../../coupons';
import { customerWork, lockCustomer } from '../../customers';
import { takeMany } from '../../inventory';
import { customerTier, postPointMovement } from '../../loyalty';
import { priceCashItems, priceOrderItems, type CatalogueLine } from './catalogue';
import { cashDayOf, lockBranchDay } from './cash-day';

export type SaleKind = 'order' | 'cashOrder';
type SaleInput = OrderSaleInput | CashSaleInput;

/** The table a kind of sale lives in: orders (treatments and packages) or cash orders (products). */
export const tableOf = (kind: SaleKind) => (kind === 'order' ? orders : cashOrders);

/** The Idempotency-Key header, checked: 8 to 64 visible characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[\x21-\x7e]{8,64}$/.test(key.trim()))
    throw new AppError('VALIDATION_FAILED', SALE_MESSAGES.idempotencyKey, [{ field: 'Idempotency-Key', message: SALE_MESSAGES.idempotencyKey }]);
  return key.trim();
}

const requestHash = (kind: SaleKind, input: SaleInput) =>
  createHash('sha256')
    .update(`${kind}\n${JSON.stringify(input)}`)
    .digest('hex');

/**
 * POST /order/create and /cash-order/create: prices the items from the catalogue, applies the coupon and the points,
 * settles the tenders and writes the sale in one transaction. An Idempotency-Key is the client's own (the signed-in
 * user's): the same key answers that client's first sale (also when both requests arrive together: the second waits
 * on the key's unique index and then reads the first), once the client may still see its branch; with another body, 409.
 * One customer's sales queue in this process before they take a connection (customerWork).
 */
export async function createSale(
  ctx: AppContext,
  actor: Actor,
  kind: SaleKind,
  input: SaleInput,
  key: string,
  /** at: the sale's moment when it is told at a past one (the demo's history); default now. */
  opts: { at?: Date } = {},
): Promise<{ sale: SaleAnswer; replayed: boolean }> {
  const idem: Idempotency = { clientId: actor.id, key, hash: requestHash(kind, input) };
  const prior = await replay(ctx.db, actor, kind, idem);
  if (prior) return { sale: prior, replayed: true };
  return customerWork.run(input.customerId ?? `sale-key:${actor.id}:${key}`, async () => {
    try {
      const sale = await ctx.db.transaction((tx) => sell(tx, actor, kind, input, { ...idem, at: opts.at }));
      return { sale, replayed: false };
    } catch (err) {
      if (!isViolation(err, 'unique', `${kind === 'order' ? 'orders' : 'cash_orders'}_idempotency_unique`)) throw err;
      return { sale: (await replay(ctx.db, actor, kind, idem))!, replayed: true };
    }
  });
}

interface Idempotency {
  clientId: string;
  key: string;
  hash: string;
}

/** The client's earlier sale with this key, answered only if the client may still see its branch. */
async function replay(db: DbOrTx, actor: Actor, kind: SaleKind, idem: Idempotency): Promise<SaleAnswer | null> {
  const table = tableOf(kind);
  const [row] = await db
    .select({ id: table.id, requestHash: table.requestHash, branchId: table.branchId })
    .from(table)
    .where(and(eq(table.idempotencyClientId, idem.clientId), eq(table.idempotencyKey, idem.key)))
    .limit(1);
  if (!row) return null;
  assertBranchAccess(actor, row.branchId);
  if (row.requestHash !== idem.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', SALE_MESSAGES.idempotencyReused);
  return saleAnswer(db, kind, row.id);
}

async function saleBranch(tx: DbOrTx, actor: Actor, branchId: string) {
  assertBranchAccess(actor, branchId);
  const [branch] = await tx
    .select({ id: branches.id, timeZone: branches.timeZone, distributionCenter: branches.distributionCenter, active: branches.active })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  if (branch.distributionCenter || !branch.active) {
    const message = 'La sucursal no puede registrar ventas';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'branchId', message }]);
  }
  return branch;
}

async function saleSettings(tx: DbOrTx, branchId: string) {
  const [s] = await tx.select().from(settings).limit(1);
  const rate = s?.exchangeRate?.[branchId] ?? s?.defaultExchangeRate ?? null;
  return { usdRate: rate ? Number(rate) : null, commissionPercent: s?.cosmetologyCommissionPercent ?? 5 };
}

/** The seller named (an active user), or the person at the counter for a sale at the point of sale. */
async function sellerOf(tx: DbOrTx, actor: Actor, input: SaleInput): Promise<string | null> {
  if (!input.sellerId) return input.channel === 'pos' ? actor.id : null;
  const [u] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.sellerId), live(users), eq(users.status, 'activo')))
    .limit(1);
  if (!u)
    throw new AppError('VALIDATION_FAILED', 'El vendedor no existe o está inactivo', [{ field: 'sellerId', message: 'El vendedor no existe o está inactivo' }]);
  return u.id;
}

interface CouponUse {
  id: string;
  code: string;
  /** What the coupon is redeemed on: its own item, or the package or promotion (Package) that includes its treatment. */
  type: 'Treatment' | 'Product' | 'Package';
  itemId: string;
  lineIndex: number;
  discount: Cents;
}

/**
 * The line holding the coupon's item: a line of the item itself first, else (a treatment's coupon) the first package or
 * promotion that includes the treatment, where the percent applies to one session at the package's price.
 */
function couponLine(lines: CatalogueLine[], type: string, itemId: string) {
  const own = lines.find((l) => (type === 'Treatment' ? l.treatmentId : l.productId) === itemId);
  if (own) return { line: own, itemPrice: own.unitPrice, on: { type: type as 'Treatment' | 'Product', id: itemId } };
  if (type !== 'Treatment') return null;
  for (const l of lines) {
    const session = l.packageId ? l.treatments.find((t) => t.treatmentId === itemId) : undefined;
    if (session) return { line: l, itemPrice: session.sessionPrice, on: { type: 'Package' as const, id: l.packageId! } };
  }
  return null;
}

/** The coupon's item among the lines and its discount on one unit; the coupon's own rules are checked when it is redeemed. */
async function couponFor(tx: DbOrTx, input: SaleInput, lines: CatalogueLine[]): Promise<CouponUse | null> {
  const code = input.couponCode?.trim();
  if (!code) return null;
  if (!input.customerId)
    throw new AppError('VALIDATION_FAILED', SALE_MESSAGES.couponWithoutCustomer, [{ field: 'couponCode', message: SALE_MESSAGES.couponWithoutCustomer }]);
  const [c] = await tx
    .select({
      id: coupons.id,
      code: coupons.code,
      type: coupons.type,
      treatmentId: coupons.treatmentId,
      productId: coupons.productId,
      discount: coupons.discount,
      itemName: sql<string | null>`coalesce(${treatments.name}, ${products.name})`,
    })
    .from(coupons)
    .leftJoin(treatments, eq(treatments.id, coupons.treatmentId))
    .leftJoin(products, eq(products.id, coupons.productId))
    .where(and(sql`lower(${coupons.code}) = lower(${code})`, live(coupons)))
    .limit(1);
  if (!c) throw new AppError('COUPON_NOT_FOUND');
  const itemId = (c.type === 'Treatment' ? c.treatmentId : c.productId) ?? '';
  const found = couponLine(lines, c.type, itemId);
  if (!found) {
    const message = SALE_MESSAGES.couponItemMissing(c.code, c.itemName ?? '');
    throw new AppError('COUPON_NOT_APPLICABLE', message, [{ field: 'couponCode', message }]);
  }
  return {
    id: c.id,
    code: c.code,
    type: found.on.type,
    itemId: found.on.id,
    lineIndex: found.line.index,
    discount: couponUnitDiscount(found.line.unitPrice, Number(c.discount), found.itemPrice),
  };
}

function pointsProblem(points: number, input: SaleInput, total: Cents): string | null {
  if (!points) return null;
  if (!input.customerId) return SALE_MESSAGES.pointsWithoutCustomer;
  if (pointsValue(points) > total) return SALE_MESSAGES.pointsAboveTotal;
  return null;
}

const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

/** The whole sale, in the caller's transaction; answers it as written (what a replay reads back from the tables). */
async function sell(tx: DbOrTx, actor: Actor, kind: SaleKind, input: SaleInput, request: Idempotency & { at?: Date }): Promise<SaleAnswer> {
  const { key, hash, at } = request;
  const stamp = stampOf(at);
  // the customer's row first, before the sale's row names it (customers/lock.ts: the lock order)
  if (input.customerId) await lockCustomer(tx, input.customerId);
  const branch = await saleBranch(tx, actor, input.branchId);
  const clock = saleClock(branch.timeZone, at);
  const lines =
    kind === 'order' ? await priceOrderItems(tx, branch.id, (input as OrderSaleInput).items, clock) : await priceCashItems(tx, (input as CashSaleInput).items);
  const coupon = await couponFor(tx, input, lines);
  const priced: PricedLine[] = lines.map((l) => ({
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    vat: l.vat,
    discount: coupon?.lineIndex === l.index ? coupon.discount : ZERO_CENTS,
  }));
  const totals = saleTotals(priced);
  const points = input.points ?? 0;
  const pointsProblemText = pointsProblem(points, input, totals.total);
  if (pointsProblemText) throw refuse('points', pointsProblemText);
  const { usdRate, commissionPercent } = await saleSettings(tx, branch.id);
  const due = subtractCents(totals.total, pointsValue(points));
  const settled = settlePayments(
    due,
    input.payments.map((p) => ({ method: p.method, currency: p.currency, amount: toCents(p.amount), reference: p.reference ?? null })),
    usdRate,
  );
  if (!settled.ok) throw refuse('payments', settled.message);
  for (const l of lines) {
    const foreign = l.paymentTypes.length ? input.payments.find((p) => !l.paymentTypes.includes(p.method)) : undefined;
    if (foreign) throw refuse('payments', `${l.name} no acepta el pago con ${foreign.method}`);
  }
  const sellerId = await sellerOf(tx, actor, input);

  // the sale and its key first: a retry in flight waits here on the key's unique index
  await lockBranchDay(tx, branch.id, 'shared');
  const cashDay = await cashDayOf(tx, branch.id, clock.date);
  const number = saleNumber(input.channel, await nextSaleNumber(tx));
  const table = tableOf(kind);
  const [sale] = await tx
    .insert(table)
    .values({
      orderNumber: number,
      branchId: branch.id,
      customerId: input.customerId ?? null,
      sellerId,
      channel: input.channel,
      subtotal: totals.subtotal,
      discountTotal: totals.discountTotal,
      taxes: totals.taxes,
      total: totals.total,
      pointsRedeemed: points,
      couponId: coupon?.id ?? null,
      paymentMethod: paymentMethodOf(
        input.payments.map((p) => p.method),
        points,
      ),
      paymentStatus: 'paid',
      payReference: input.payments.find((p) => p.reference)?.reference ?? null,
      currency: input.payments.some((p) => p.currency === 'USD') ? 'USD' : 'MXN',
      businessDate: clock.date,
      change: settled.change,
      idempotencyKey: key,
      idempotencyClientId: request.clientId,
      requestHash: hash,
      ...stamp,
    })
    .returning({ id: table.id });
  const saleId = sale!.id;
  const document: SaleDocument = { kind, id: saleId, number, branchId: branch.id, businessDate: clock.date, at };

  const written = kind === 'order' ? await writeOrderLines(tx, document, input.customerId!, lines, priced) : undefined;
  if (coupon)
    await redeemCoupon(
      tx,
      actor,
      {
        code: coupon.code,
        customerId: input.customerId!,
        branchId: branch.id,
        item: { type: coupon.type, id: coupon.itemId },
        orderKind: kind,
        orderId: saleId,
        orderNumber: number,
      },
      at,
    );
  const earned = await movePoints(tx, actor, input, { number, redeemed: points, at }, lines);
  if (earned) await tx.update(table).set({ points: earned }).where(eq(table.id, saleId));
  const payments = await writePayments(tx, actor, document, cashDay, settled.tenders, points);
  if (kind === 'cashOrder' && sellerId) {
    const { base, commission } = cosmetologyCommission(totals.total, totals.taxes, commissionPercent);
    await tx
      .insert(commissions)
      .values({
        kind: 'cosmetology',
        type: 'cosmetology_sale',
        userId: sellerId,
        branchId: branch.id,
        businessDate: clock.date,
        cashOrderId: saleId,
        orderNumber: number,
        customerId: input.customerId ?? null,
        base,
        percent: commissionPercent,
        commission,
        payable: commission,
        ...stamp,
      });
  }
  // the lots last: they stay locked only for the rest of this transaction
  const details = written?.details ?? (await writeCashLines(tx, actor, document, lines, priced));
  await recordChange(tx, actor, {
    module: 'sales',
    action: 'vender',
    entityId: saleId,
    orderNumber: number,
    after: {
      orderNumber: number,
      channel: input.channel,
      total: fromCents(totals.total),
      pointsRedeemed: points,
      points: earned,
      change: fromCents(settled.change),
    },
    affectedBranchId: branch.id,
    at,
  });
  return {
    id: saleId,
    orderNumber: number,
    businessDate: clock.date,
    subtotal: fromCents(totals.subtotal),
    discountTotal: fromCents(totals.discountTotal),
    taxes: fromCents(totals.taxes),
    pointsRedeemed: points,
    total: fromCents(totals.total),
    points: earned,
    change: fromCents(settled.change),
    payments,
    details,
    ...(written && { purchasedProducts: written.purchased }),
  };
}

/** The sale's one method, 'Mixto' for several, 'Puntos' when points paid it all. */
const paymentMethodOf = (methods: string[], points: number) => {
  const all = new Set(points ? [...methods, POINTS_TENDER] : methods);
  return all.size > 1 ? 'Mixto' : ([...all][0] ?? POINTS_TENDER);
};

async function nextSaleNumber(tx: DbOrTx): Promise<string> {
  const result = (await tx.execute(sql`select nextval('sale_number_seq')::text as n`)) as unknown as { rows: { n: string }[] };
  return result.rows[0]!.n;
}

interface SaleDocument {
  kind: SaleKind;
  id: string;
  number: string;
  branchId: string;
  businessDate: string;
  /** The sale's moment when told at a past one. */
  at?: Date;
}

const stampOf = (at?: Date) => (at ? { createdAt: at, updatedAt: at } : {});

/** Split a line whose one unit carries the coupon: that unit at its discounted price, the rest at the catalogue's. */
function detailPrices(l: CatalogueLine, p: PricedLine): { quantity: number; salePrice: Cents }[] {
  if (!p.discount) return [{ quantity: l.quantity, salePrice: l.unitPrice }];
  const discounted = { quantity: 1, salePrice: subtractCents(l.unitPrice, p.discount) };
  return l.quantity > 1 ? [discounted, { quantity: l.quantity - 1, salePrice: l.unitPrice }] : [discounted];
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type SaleDetail = SaleAnswer['details'][number];

/** A line of the answer: the item, its name and its prices in pesos. */
const detailOf = (l: CatalogueLine, d: { quantity: number; salePrice: Cents }, stockId?: string): SaleDetail => ({
  treatmentId: l.treatmentId ?? null,
  packageId: l.packageId ?? null,
  productId: l.productId ?? null,
  stockId: stockId ?? null,
  name: l.name,
  quantity: d.quantity,
  price: fromCents(l.unitPrice),
  salePrice: fromCents(d.salePrice),
});

async function writeOrderLines(tx: DbOrTx, doc: SaleDocument, customerId: string, lines: CatalogueLine[], priced: PricedLine[]) {
  const split = lines.flatMap((l, i) => detailPrices(l, priced[i]!).map((d) => ({ l, d })));
  await tx
    .insert(orderDetails)
    .values(
      split.map(({ l, d }) => ({
        orderId: doc.id,
        treatmentId: l.treatmentId ?? null,
        packageId: l.packageId ?? null,
        quantity: d.quantity,
        salePrice: d.salePrice,
        price: l.unitPrice,
        ...stampOf(doc.at),
      })),
    );
  const purchased = await tx
    .insert(purchasedProducts)
    .values(
      lines.flatMap((l) =>
        l.treatments.map((t) => ({
          customerId,
          orderId: doc.id,
          branchId: doc.branchId,
          treatmentId: t.treatmentId,
          packageId: l.packageId ?? null,
          sessions: t.sessions,
          limit: t.limit,
          expiredAt: t.validityDays ? addDays(doc.businessDate, t.validityDays * Math.max(1, t.sessions)) : null,
          ...stampOf(doc.at),
        })),
      ),
    )
    .returning({
      id: purchasedProducts.id,
      treatmentId: purchasedProducts.treatmentId,
      packageId: purchasedProducts.packageId,
      sessions: purchasedProducts.sessions,
      expiredAt: purchasedProducts.expiredAt,
    });
  return { details: split.map(({ l, d }) => detailOf(l, d)), purchased };
}

/** Product units leave the branch's lots (the lot chosen, else first expiry first) as the sale's movements. */
async function writeCashLines(tx: DbOrTx, actor: Actor, doc: SaleDocument, lines: CatalogueLine[], priced: PricedLine[]): Promise<SaleDetail[]> {
  const taken = await takeMany(
    tx,
    actor,
    doc.branchId,
    lines.map((l) => ({ productId: l.productId!, units: l.quantity, stockId: l.stockId })),
    { cause: 'product_sale', document: { type: 'cash_order', id: doc.id, number: doc.number }, at: doc.at },
    (i) => `items.${i}.quantity`,
    doc.businessDate,
  );
  const split = lines.flatMap((l, i) => {
    // the coupon's unit is the first unit taken
    let discountLeft = priced[i]!.discount;
    return taken[i]!.flatMap((t) =>
      detailPrices({ ...l, quantity: t.units }, { ...priced[i]!, discount: discountLeft }).map((d) => {
        discountLeft = ZERO_CENTS;
        return { l, d, lotId: t.lotId };
      }),
    );
  });
  await tx
    .insert(cashOrderDetails)
    .values(
      split.map(({ l, d, lotId }) => ({
        cashOrderId: doc.id,
        productId: l.productId!,
        stockId: lotId,
        quantity: d.quantity,
        salePrice: d.salePrice,
        price: l.unitPrice,
        ...stampOf(doc.at),
      })),
    );
  return split.map(({ l, d, lotId }) => detailOf(l, d, lotId));
}

/** Points redeemed leave the balance (never below zero: the ledger refuses); points earned by the tier come in. */
async function movePoints(
  tx: DbOrTx,
  actor: Actor,
  input: SaleInput,
  { number, redeemed, at }: { number: string; redeemed: number; at?: Date },
  lines: CatalogueLine[],
): Promise<number> {
  if (!input.customerId) return 0;
  if (redeemed) {
    try {
      await postPointMovement(tx, actor, {
        customerId: input.customerId,
        movement: 'redeemed',
        points: -redeemed,
        orderNumber: number,
        reason: `Canje en la venta ${number}`,
        at,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'POINTS_BALANCE_NEGATIVE') throw refuse('points', err.message);
      throw err;
    }
  }
  const earned = pointsEarned(lines, await customerTier(tx, input.customerId, at));
  if (earned)
    await postPointMovement(tx, actor, {
      customerId: input.customerId,
      movement: 'earned',
      points: earned,
      orderNumber: number,
      reason: `Compra ${number}`,
      at,
    });
  return earned;
}

async function writePayments(
  tx: DbOrTx,
  actor: Actor,
  doc: SaleDocument,
  cashDay: string,
  tenders: { method: string; currency: string; amount: Cents; exchangeRate: number; amountMxn: Cents; reference?: string | null }[],
  points: number,
) {
  const base = {
    orderKind: doc.kind,
    orderId: doc.id,
    branchId: doc.branchId,
    businessDate: cashDay,
    kind: 'payment',
    userId: actor.id,
    ...stampOf(doc.at),
  } as const;
  const rows = tenders.map((t) => ({
    ...base,
    method: t.method,
    currency: t.currency,
    amount: t.amount,
    exchangeRate: t.exchangeRate,
    amountMxn: t.amountMxn,
    reference: t.reference ?? null,
  }));
  if (points) {
    const value = pointsValue(points);
    rows.push({ ...base, method: POINTS_TENDER, currency: 'MXN', amount: value, exchangeRate: 1, amountMxn: value, reference: null });
  }
  await tx.insert(salePayments).values(rows);
  return rows.map(tenderDto);
}

/** A sale_payments row as the answers show it: amounts in pesos. */
export const tenderDto = (r: { method: string; currency: string; amount: Cents; exchangeRate: number; amountMxn: Cents; reference: string | null }) => ({
  method: r.method,
  currency: r.currency,
  amount: fromCents(r.amount),
  exchangeRate: r.exchangeRate,
  amountMxn: fromCents(r.amountMxn),
  reference: r.reference,
});

/** The answer of a create (and of a replay): the stored sale with its lines, tenders and purchased treatments. */
export async function saleAnswer(db: DbOrTx, kind: SaleKind, id: string): Promise<SaleAnswer | null> {
  const table = tableOf(kind);
  const [sale] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  if (!sale) return null;
  const payments = await db
    .select()
    .from(salePayments)
    .where(and(eq(salePayments.orderId, id), eq(salePayments.kind, 'payment')))
    .orderBy(salePayments.createdAt, salePayments.id);
  const details =
    kind === 'order'
      ? (
          await db.execute(sql`select d.treatment_id, d.package_id, coalesce(t.name, p.name) as name, d.quantity, d.price, d.sale_price
            from order_details d left join treatments t on t.id = d.treatment_id left join packages p on p.id = d.package_id where d.order_id = ${id} order by d.created_at, d.id`)
        ).rows
      : (
          await db.execute(sql`select d.product_id, d.stock_id, p.name, d.quantity, d.price, d.sale_price
            from cash_order_details d join products p on p.id = d.product_id where d.cash_order_id = ${id} order by d.created_at, d.id`)
        ).rows;
  const purchased =
    kind === 'order'
      ? await db
          .select({
            id: purchasedProducts.id,
            treatmentId: purchasedProducts.treatmentId,
            packageId: purchasedProducts.packageId,
            sessions: purchasedProducts.sessions,
            expiredAt: purchasedProducts.expiredAt,
          })
          .from(purchasedProducts)
          .where(eq(purchasedProducts.orderId, id))
      : undefined;
  return {
    id: sale.id,
    orderNumber: sale.orderNumber,
    businessDate: sale.businessDate,
    subtotal: fromCents(sale.subtotal),
    discountTotal: fromCents(sale.discountTotal),
    taxes: fromCents(sale.taxes),
    pointsRedeemed: sale.pointsRedeemed,
    total: fromCents(sale.total),
    points: sale.points,
    change: fromCents(sale.change),
    payments: payments.map(tenderDto),
    details: (details as Record<string, unknown>[]).map((d) => ({
      treatmentId: (d.treatment_id as string | null) ?? null,
      packageId: (d.package_id as string | null) ?? null,
      productId: (d.product_id as string | null) ?? null,
      stockId: (d.stock_id as string | null) ?? null,
      name: String(d.name),
      quantity: Number(d.quantity),
      price: Number(d.price),
      salePrice: Number(d.sale_price),
    })),
    ...(purchased && { purchasedProducts: purchased }),
  };
}

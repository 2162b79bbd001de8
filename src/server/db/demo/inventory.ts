import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { addDays, PAY_METHODS } from '../../../domain/inventory';
import { todayIn } from '../../../domain/age';
import { fromCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../client';
import { live } from '../live';
import { branches, productStocks, products, productTypes, providers } from '../schema';
import { actorOfUsername } from '../../modules/auth';
import { inventoryServices as inv } from '../../modules/inventory';
import { DEMO_TODAY, OPENING_NOTE, OPENING_STOCK_AT } from './sales';
import { DEMO_NOW } from './demo-day';
import { branchInstant, dayNumber, isoOfDay } from './bulk';
import { seededRandom } from './random';
import type { Timeline } from './timeline';

/*
 * The inventory's story, told through its own services so the ledger, the history and the documents are what a
 * user's actions write: max/min at every clinic, purchases received at the distribution centre (paid and pending),
 * restock orders and transfers in every status (some received short), sale orders and adjustments.
 */

/** Who and what the inventory's story is told with, read by the year's plan and by today's steps. */
async function inventoryCast(db: Db) {
  // the inventory's services read and write through ctx.db only
  const ctx = { db } as Pick<AppContext, 'db'> as AppContext;
  // one after another: the seed's transaction is one connection
  const admin = await actorOfUsername(db, 'admin@demo.mx');
  const logistics = await actorOfUsername(db, 'logistica@demo.mx');
  const manager = await actorOfUsername(db, 'gerente@demo.mx');
  const sites = await db
    .select({ id: branches.id, name: branches.name, dc: branches.distributionCenter, zone: branches.timeZone })
    .from(branches)
    .where(and(live(branches), eq(branches.active, true)))
    .orderBy(asc(branches.code));
  const clinics = sites.filter((s) => !s.dc);
  const dc = sites.find((s) => s.dc)!;
  const catalogue = await db
    .select({ id: products.id, cost: products.cost, requiresLot: productTypes.requiresLot })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    // the last product of each kind stays without stock so it can be deleted in a demo (catalogue-products.ts)
    .where(and(live(products), isNotNull(products.approvedAt), eq(products.active, true), sql`${products.sku} not like '%0016'`))
    .orderBy(asc(products.sku));
  const zones = new Map(sites.map((b) => [b.id, b.zone]));
  const at = (branchId: string, day: number, minute: number) => branchInstant(zones.get(branchId) ?? 'America/Tijuana', day, minute);
  /** The centre's products it can send on a day: lots of more than 20 units valid then. */
  const restockableOn = async (day: number) =>
    (
      await db
        .selectDistinct({ productId: productStocks.productId })
        .from(productStocks)
        .where(
          and(
            eq(productStocks.branchId, dc.id),
            gt(productStocks.quantity, 20),
            live(productStocks),
            sql`(${productStocks.expiresAt} is null or ${productStocks.expiresAt} > ${isoOfDay(day + 3)})`,
            sql`exists (select 1 from stock_movements m where m.stock_id = ${productStocks.id} and m.created_at < ${at(dc.id, day, 8 * 60).toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(productStocks.productId)
    ).map((r) => r.productId);
  return { ctx, admin, logistics, manager, clinics, dc, catalogue, at, restockableOn };
}

/**
 * The inventory's year on the demo's timeline, each step through its service at its own past moment among the sales
 * (timeline.ts), so the ledger, the documents and the expenses reports date it on its day.
 */
export async function planInventoryYear(db: Db, timeline: Timeline): Promise<void> {
  const { ctx, admin, logistics, manager, clinics, dc, catalogue, at, restockableOn } = await inventoryCast(db);
  const rnd = seededRandom(4242);

  // max and min of every product at every clinic
  for (const clinic of clinics)
    for (const p of catalogue) {
      const max = rnd.int(15, 60);
      await inv.createMaxMin(ctx, admin, { productId: p.id, branchId: clinic.id, max, min: rnd.int(3, Math.floor(max / 3)) });
    }

  const LOAD = dayNumber(todayIn());
  // thirteen months and a little more: each of the twelve whole months before the load's month has its steps
  const FIRST = LOAD - 400;
  /** A step on the timeline; one planned after the load moment waits for a user: it is not told. */
  const queue = (when: Date, run: () => Promise<unknown>) => {
    if (when.getTime() < DEMO_NOW.getTime()) timeline.add({ at: when, rank: 0, run });
  };

  // purchases: one a month received at the distribution centre two to four days after it was ordered, paid two weeks
  // later (the last two still pending); lots expiring from already past to two years ahead
  const provs = await db.select({ id: providers.id }).from(providers).where(live(providers)).orderBy(asc(providers.name));
  const expiryOffsets = [-20, 12, 25, 45, 55, 120, 240, 400, 600, 700];
  const purchaseMonths = 15;
  for (let n = 0; n < purchaseMonths; n++) {
    // the first one lands before the year starts (the clinics' first restocks draw on it), after the opening stock
    const ordered = Math.max(FIRST - 20, dayNumber(OPENING_STOCK_AT.toISOString().slice(0, 10)) + 1) + n * 28;
    const lines = Array.from({ length: 4 }, (_, i) => catalogue[(n * 4 + i) % catalogue.length]!).map((p, i) => ({
      productId: p.id,
      quantity: rnd.int(60, 180),
      // the catalogue's cost is read as cents; an order's body takes pesos
      price: fromCents(p.cost),
      allotment: p.requiresLot ? `OC${String(n + 1).padStart(2, '0')}-${i + 1}${rnd.int(100, 999)}` : null,
      expiresAt: p.requiresLot ? addDays(DEMO_TODAY, expiryOffsets[(n + i) % expiryOffsets.length]!) : null,
    }));
    const subtotal = lines.reduce((s, l) => s + l.quantity * l.price, 0);
    const arrived = ordered + rnd.int(2, 4);
    const paid = n < purchaseMonths - 2;
    queue(at(dc.id, ordered, 10 * 60 + 15), async () => {
      const order = await inv.createPurchaseOrder(
        ctx,
        logistics,
        {
          invoiceNumber: `A-${isoOfDay(ordered).slice(0, 4)}${String(n + 101)}`,
          providerId: provs[n % provs.length]!.id,
          payMethod: PAY_METHODS[n % PAY_METHODS.length]!,
          arrivedAt: isoOfDay(arrived),
          tax: 16,
          amount: Math.round(subtotal * 116) / 100,
          comments: null,
          purchaseOrderProducts: lines,
        },
        { at: at(dc.id, ordered, 10 * 60 + 15) },
      );
      queue(at(dc.id, arrived, 9 * 60 + 40), () => inv.receivePurchaseOrder(ctx, logistics, order.id, { at: at(dc.id, arrived, 9 * 60 + 40) }));
      if (!paid) return;
      queue(at(dc.id, arrived + 14, 12 * 60), async () => {
        const stored = await inv.getPurchaseOrder(ctx, logistics, order.id);
        await inv.updatePurchaseOrder(
          ctx,
          logistics,
          order.id,
          {
            ...purchaseFields(stored),
            purchaseOrderProducts: stored.purchaseOrderProducts.map((l) => ({
              productId: l.product.id,
              quantity: l.quantity,
              price: l.price,
              allotment: l.allotment,
              expiresAt: l.expiresAt,
            })),
            payStatus: 'Completado',
            payedAt: isoOfDay(arrived + 14),
          },
          { at: at(dc.id, arrived + 14, 12 * 60) },
        );
      });
    });
  }

  // restocks: every clinic asks for three products every four weeks; the centre sends them the next working day and the
  // clinic receives them two days later (the first line one unit short now and then); the last ones are still on their way
  let restocks = 0;
  for (const [k, clinic] of clinics.entries()) {
    const creator = clinic.id === manager.branchId ? manager : admin;
    for (let day = FIRST + (k % 7); day <= LOAD; day += 28) {
      const asked = at(clinic.id, day, 10 * 60 + rnd.int(0, 120));
      const sent = at(clinic.id, day + 1, 9 * 60 + rnd.int(0, 60));
      const received = at(clinic.id, day + 3, 11 * 60 + rnd.int(0, 240));
      const short = rnd.next() < 0.2;
      const n = restocks++;
      const kind = ORDER_KINDS[n % ORDER_KINDS.length]!;
      queue(asked, async () => {
        const products = await restockableOn(day);
        if (products.length < 3) return;
        const order = await inv.createOrder(
          ctx,
          creator,
          {
            orderType: kind,
            branchId: clinic.id,
            assortmentOrderProducts: [0, 1, 2].map((i) => ({ productId: products[(n * 3 + i) % products.length]!, orderedQuantity: 3 + i })),
          },
          { at: asked },
        );
        queue(sent, async () => {
          await inv.approveOrder(ctx, logistics, order.id, { assortmentOrderProducts: sendAll(order) }, { at: sent });
          queue(received, () =>
            inv.confirmOrder(
              ctx,
              creator.id === manager.id ? manager : admin,
              order.id,
              {
                assortmentOrderProducts: order.assortmentOrderProducts.map((l, i) => ({
                  id: l.id,
                  receivedQuantity: l.orderedQuantity - (i === 0 && short ? 1 : 0),
                })),
              },
              { at: received },
            ),
          );
        });
      });
    }
  }

  // transfers between clinics: one every two months from each clinic to the next, asked by logistics and approved (or now and
  // then rejected) by the super administrator the next day, received two days later (section 4)
  for (const [k, origin] of clinics.entries()) {
    const destiny = clinics[(k + 1) % clinics.length]!;
    for (let day = FIRST + 5 + k * 3; day <= LOAD; day += 61) {
      const asked = at(origin.id, day, 12 * 60 + rnd.int(0, 90));
      const sent = at(origin.id, day + 1, 10 * 60 + rnd.int(0, 90));
      const received = at(destiny.id, day + 3, 12 * 60 + rnd.int(0, 180));
      const rejected = rnd.next() < 0.1;
      const short = rnd.next() < 0.25;
      queue(asked, async () => {
        const lots = await lotsToTake(db, { branchId: origin.id, moreThan: 2, validAfter: day + 3, before: asked, limit: 2 });
        if (!lots.length) return;
        const transfer = await inv.createTransfer(
          ctx,
          logistics,
          { originBranchId: origin.id, destinyBranchId: destiny.id, transferProducts: lots.map((l) => ({ stockId: l.id, stockedQuantity: 2 })) },
          { at: asked },
        );
        if (rejected) return queue(sent, () => inv.rejectTransfer(ctx, admin, transfer.id, { at: sent }));
        queue(sent, async () => {
          // the day between, the clinic may have sold from a lot: the approver sends what it still holds, up to the two asked
          const held = await lotQuantities(
            db,
            transfer.transferProducts.map((l) => l.stockId),
          );
          const sending = transfer.transferProducts.map((l) => ({ id: l.id, stockedQuantity: Math.min(2, held.get(l.stockId) ?? 0) }));
          if (sending.every((l) => l.stockedQuantity === 0)) return inv.rejectTransfer(ctx, admin, transfer.id, { at: sent });
          await inv.approveTransfer(ctx, admin, transfer.id, { transferProducts: sending }, { at: sent });
          queue(received, () =>
            inv.confirmTransfer(
              ctx,
              admin,
              transfer.id,
              {
                transferProducts: sending.map((l, i) => ({
                  id: l.id,
                  receivedQuantity: i === 0 && short ? Math.max(0, l.stockedQuantity - 1) : l.stockedQuantity,
                })),
              },
              { at: received },
            ),
          );
        });
      });
    }
  }

  // adjustments through the months at the first clinics: a damaged jar written off, the monthly count's surplus entered
  for (const [k, clinic] of clinics.slice(0, 3).entries()) {
    for (let day = FIRST + 20 + k * 5; day <= LOAD; day += 61) {
      const when = at(clinic.id, day, 18 * 60 + rnd.int(0, 60));
      queue(when, async () => {
        const [lot] = await lotsToTake(db, { branchId: clinic.id, moreThan: 1, validAfter: day, before: when, limit: 1 });
        if (!lot) return;
        await inv.adjustStock(
          ctx,
          admin,
          { productId: lot.productId, branchId: clinic.id, type: 'drop', quantity: 1, stockId: lot.id, justification: 'Frasco dañado al recibir' },
          { at: when },
        );
        await inv.adjustStock(
          ctx,
          admin,
          {
            productId: lot.productId,
            branchId: clinic.id,
            type: 'registration',
            quantity: 2,
            allotment: `CONTEO-${isoOfDay(day).slice(0, 7)}`,
            expiresIn: addDays(DEMO_TODAY, 300),
            justification: 'Sobrante del conteo físico mensual',
          },
          { at: when },
        );
      });
    }
  }
}

/**
 * Today, a moment ago: what waits for a user at each clinic (a restock asked, one on its way, one turned down, some
 * deleted; a transfer pending or on its way) and the sales of stock to third parties, which are written at the moment they are made
 */
export async function seedInventoryToday(db: Db): Promise<void> {
  const { ctx, admin, logistics, manager, clinics, restockableOn } = await inventoryCast(db);
  // the services judge a lot's expiry on the day of the load, up to six days after the demo's today (demo-day.ts)
  const validOnLoad = sql`(${productStocks.expiresAt} is null or ${productStocks.expiresAt} > ${addDays(todayIn(), 1)})`;
  const LOAD = dayNumber(todayIn());
  const restockable = await restockableOn(LOAD);
  for (const [k, clinic] of clinics.entries()) {
    const creator = clinic.id === manager.branchId ? manager : admin;
    const order = (type: (typeof ORDER_KINDS)[number], offset: number) =>
      inv.createOrder(ctx, creator, {
        orderType: type,
        branchId: clinic.id,
        assortmentOrderProducts: [0, 1, 2].map((i) => ({ productId: restockable[(k * 3 + offset + i) % restockable.length]!, orderedQuantity: 3 + i })),
      });
    await order(ORDER_KINDS[k % ORDER_KINDS.length]!, 6);
    const inTransit = await order('ordinary_general', 3);
    await inv.approveOrder(ctx, logistics, inTransit.id, { assortmentOrderProducts: sendAll(inTransit) });
    await inv.rejectOrder(ctx, logistics, (await order('extraordinary_general', 9)).id);
    if (k % 2) await inv.deleteOrder(ctx, admin, (await order('extraordinary_sale', 12)).id);
    const destiny = clinics[(k + 1) % clinics.length]!;
    const lots = await db
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(and(eq(productStocks.branchId, clinic.id), gt(productStocks.quantity, 6), live(productStocks), validOnLoad))
      .orderBy(asc(productStocks.allotment))
      .limit(2);
    if (!lots.length) continue;
    const transfer = await inv.createTransfer(ctx, logistics, {
      originBranchId: clinic.id,
      destinyBranchId: destiny.id,
      transferProducts: lots.map((l) => ({ stockId: l.id, stockedQuantity: 2 })),
    });
    // every other one already on its way
    if (k % 2)
      await inv.approveTransfer(ctx, admin, transfer.id, { transferProducts: transfer.transferProducts.map((l) => ({ id: l.id, stockedQuantity: 2 })) });
  }
  for (const clinic of clinics.slice(0, 3)) {
    const [lot] = await db
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(and(eq(productStocks.branchId, clinic.id), gt(productStocks.quantity, 4), live(productStocks), validOnLoad))
      .orderBy(asc(productStocks.allotment))
      .limit(1);
    if (!lot) continue;
    await inv.createSaleOrder(ctx, admin, {
      name: 'Spa Bienestar Integral S.A. de C.V.',
      rfc: 'SBI010203AB4',
      phone: '6641234567',
      note: `N-${clinic.name.slice(0, 3).toUpperCase()}-01`,
      comments: null,
      branchId: clinic.id,
      saleOrderProducts: [{ stockId: lot.id, quantity: 2, price: 350 }],
    });
  }
}

/**
 * A clinic's lots the year may send away or write off at `before`: more than `moreThan` units, valid after the day
 * `validAfter`, already there then, and none the opening stock went into, so the units the sales history planned on
 * (sales-history.ts openingStock) stay for its sales. In lot order.
 */
function lotsToTake(db: Db, o: { branchId: string; moreThan: number; validAfter: number; before: Date; limit: number }) {
  return db
    .select({ id: productStocks.id, productId: productStocks.productId })
    .from(productStocks)
    .where(
      and(
        eq(productStocks.branchId, o.branchId),
        gt(productStocks.quantity, o.moreThan),
        live(productStocks),
        sql`(${productStocks.expiresAt} is null or ${productStocks.expiresAt} > ${isoOfDay(o.validAfter)})`,
        sql`exists (select 1 from stock_movements m where m.stock_id = ${productStocks.id} and m.created_at < ${o.before.toISOString()}::timestamptz)`,
        sql`not exists (select 1 from stock_movements m where m.stock_id = ${productStocks.id} and m.note = ${OPENING_NOTE})`,
      ),
    )
    .orderBy(asc(productStocks.allotment))
    .limit(o.limit);
}

/** The units each lot holds now. */
async function lotQuantities(db: Db, stockIds: string[]): Promise<Map<string, number>> {
  const rows = await db.select({ id: productStocks.id, quantity: productStocks.quantity }).from(productStocks).where(inArray(productStocks.id, stockIds));
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

/** A restock's lines approved as asked. */
const sendAll = (o: { assortmentOrderProducts: { id: string; orderedQuantity: number }[] }) =>
  o.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: l.orderedQuantity }));

const ORDER_KINDS = ['opening', 'ordinary_sale', 'ordinary_general', 'extraordinary_sale', 'extraordinary_general'] as const;

/** A purchase order's header as its update takes it. */
function purchaseFields(o: Awaited<ReturnType<typeof inv.getPurchaseOrder>>) {
  return {
    invoiceNumber: o.invoiceNumber,
    providerId: o.provider.id,
    payMethod: o.payMethod,
    arrivedAt: o.arrivedAt,
    tax: 16 as const,
    amount: o.amount,
    comments: o.comments,
  };
}

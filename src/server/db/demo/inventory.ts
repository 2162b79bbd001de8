import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { addDays, PAY_METHODS } from '../../../domain/inventory';
import { todayIn } from '../../../domain/age';
import { fromCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../client';
import { live } from '../live';
import { branches, productStocks, products, productTypes, providers } from '../schema';
import { actorOfUsername } from '../../modules/auth';
import { inventoryServices as inv } from '../../modules/inventory';
import { DEMO_TODAY } from './sales';
import { seededRandom } from './random';

/**
 * The inventory's story, told through its own services so the ledger, the history and the documents are what a
 * user's actions write: max/min at every clinic, purchases received at the distribution centre (paid and pending),
 * restock orders and transfers in every status (some received short), sale orders and adjustments.
 */
export async function seedInventory(db: Db): Promise<void> {
  // the services judge a lot's expiry on the day of the load, up to six days after the demo's today (demo-day.ts)
  const validOnLoad = sql`(${productStocks.expiresAt} is null or ${productStocks.expiresAt} > ${addDays(todayIn(), 1)})`;
  // the inventory's services read and write through ctx.db only
  const ctx = { db } as Pick<AppContext, 'db'> as AppContext;
  const rnd = seededRandom(4242);
  // one after another: the seed's transaction is one connection
  const admin = await actorOfUsername(db, 'admin@demo.mx');
  const logistics = await actorOfUsername(db, 'logistica@demo.mx');
  const manager = await actorOfUsername(db, 'gerente@demo.mx');
  const sites = await db
    .select({ id: branches.id, name: branches.name, dc: branches.distributionCenter })
    .from(branches)
    .where(and(live(branches), eq(branches.active, true)))
    .orderBy(asc(branches.code));
  const clinics = sites.filter((s) => !s.dc);
  const catalogue = await db
    .select({ id: products.id, cost: products.cost, requiresLot: productTypes.requiresLot })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    // the last product of each kind stays without stock so it can be deleted in a demo (catalogue-products.ts)
    .where(and(live(products), isNotNull(products.approvedAt), eq(products.active, true), sql`${products.sku} not like '%0016'`))
    .orderBy(asc(products.sku));

  // max and min of every product at every clinic
  for (const clinic of clinics)
    for (const p of catalogue) {
      const max = rnd.int(15, 60);
      await inv.createMaxMin(ctx, admin, { productId: p.id, branchId: clinic.id, max, min: rnd.int(3, Math.floor(max / 3)) });
    }

  // purchases: received at the distribution centre, lots expiring from already past to two years ahead
  const provs = await db.select({ id: providers.id }).from(providers).where(live(providers)).orderBy(asc(providers.name));
  const expiryOffsets = [-20, 12, 25, 45, 55, 120, 240, 400, 600, 700];
  for (let n = 0; n < 12; n++) {
    const lines = Array.from({ length: 4 }, (_, i) => catalogue[(n * 4 + i) % catalogue.length]!).map((p, i) => ({
      productId: p.id,
      quantity: rnd.int(40, 160),
      // the catalogue's cost is read as cents; an order's body takes pesos
      price: fromCents(p.cost),
      allotment: p.requiresLot ? `OC${String(n + 1).padStart(2, '0')}-${i + 1}${rnd.int(100, 999)}` : null,
      expiresAt: p.requiresLot ? addDays(DEMO_TODAY, expiryOffsets[(n + i) % expiryOffsets.length]!) : null,
    }));
    const subtotal = lines.reduce((s, l) => s + l.quantity * l.price, 0);
    const order = await inv.createPurchaseOrder(ctx, logistics, {
      invoiceNumber: `F-${2026}${String(n + 101)}`,
      providerId: provs[n % provs.length]!.id,
      payMethod: PAY_METHODS[n % PAY_METHODS.length]!,
      arrivedAt: addDays(DEMO_TODAY, -120 + n * 9),
      tax: 16,
      amount: Math.round(subtotal * 116) / 100,
      comments: null,
      purchaseOrderProducts: lines,
    });
    if (n < 10) await inv.receivePurchaseOrder(ctx, logistics, order.id);
    if (n < 6) {
      const stored = await inv.getPurchaseOrder(ctx, logistics, order.id);
      await inv.updatePurchaseOrder(ctx, logistics, order.id, {
        ...purchaseFields(stored),
        purchaseOrderProducts: stored.purchaseOrderProducts.map((l) => ({
          productId: l.product.id,
          quantity: l.quantity,
          price: l.price,
          allotment: l.allotment,
          expiresAt: l.expiresAt,
        })),
        payStatus: 'Completado',
        payedAt: addDays(DEMO_TODAY, -100 + n * 9),
      });
    }
  }

  // restock orders in every status, from the centre's stock
  const dcStock = await db
    .selectDistinct({ productId: productStocks.productId })
    .from(productStocks)
    .innerJoin(branches, and(eq(branches.id, productStocks.branchId), eq(branches.distributionCenter, true)))
    .where(and(gt(productStocks.quantity, 20), live(productStocks), validOnLoad));
  const restockable = dcStock.map((s) => s.productId);
  for (const [k, clinic] of clinics.entries()) {
    const creator = clinic.id === manager.branchId ? manager : admin;
    const order = (type: (typeof ORDER_KINDS)[number], offset: number) =>
      inv.createOrder(ctx, creator, {
        orderType: type,
        branchId: clinic.id,
        assortmentOrderProducts: [0, 1, 2].map((i) => ({ productId: restockable[(k * 3 + offset + i) % restockable.length]!, orderedQuantity: 3 + i })),
      });
    const sendAll = (o: { assortmentOrderProducts: { id: string; orderedQuantity: number }[] }) =>
      o.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: l.orderedQuantity }));
    const finished = await order('ordinary_sale', 0);
    await inv.approveOrder(ctx, logistics, finished.id, { assortmentOrderProducts: sendAll(finished) });
    // the first line arrives one unit short at every other clinic
    await inv.confirmOrder(ctx, admin, finished.id, {
      assortmentOrderProducts: finished.assortmentOrderProducts.map((l, i) => ({
        id: l.id,
        receivedQuantity: l.orderedQuantity - (i === 0 && k % 2 === 0 ? 1 : 0),
      })),
    });
    const inTransit = await order('ordinary_general', 3);
    await inv.approveOrder(ctx, logistics, inTransit.id, { assortmentOrderProducts: sendAll(inTransit) });
    await order(ORDER_KINDS[k % ORDER_KINDS.length]!, 6);
    await inv.rejectOrder(ctx, logistics, (await order('extraordinary_general', 9)).id);
    if (k % 2) await inv.deleteOrder(ctx, admin, (await order('extraordinary_sale', 12)).id);
  }

  // transfers between clinics, one in each status: asked by logistics, approved or rejected by the super administrator (section 4)
  for (const [k, origin] of clinics.entries()) {
    const destiny = clinics[(k + 1) % clinics.length]!;
    const lots = await db
      .select({ id: productStocks.id, quantity: productStocks.quantity })
      .from(productStocks)
      .where(and(eq(productStocks.branchId, origin.id), gt(productStocks.quantity, 6), live(productStocks), validOnLoad))
      .orderBy(asc(productStocks.allotment))
      .limit(2);
    if (!lots.length) continue;
    const create = () =>
      inv.createTransfer(ctx, logistics, {
        originBranchId: origin.id,
        destinyBranchId: destiny.id,
        transferProducts: lots.map((l) => ({ stockId: l.id, stockedQuantity: 2 })),
      });
    const send = (t: { id: string; transferProducts: { id: string }[] }) =>
      inv.approveTransfer(ctx, admin, t.id, { transferProducts: t.transferProducts.map((l) => ({ id: l.id, stockedQuantity: 2 })) });
    const status = k % 4;
    const transfer = await create();
    if (status === 3) {
      await inv.rejectTransfer(ctx, admin, transfer.id);
      continue;
    }
    if (status === 0) continue;
    await send(transfer);
    if (status === 1)
      await inv.confirmTransfer(ctx, admin, transfer.id, {
        transferProducts: transfer.transferProducts.map((l, i) => ({ id: l.id, receivedQuantity: i === 0 ? 1 : 2 })),
      });
  }

  // sales of stock to third parties and adjustments with their reasons, at the first clinics
  for (const clinic of clinics.slice(0, 3)) {
    const [lot] = await db
      .select({ id: productStocks.id, productId: productStocks.productId, price: productStocks.price })
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
    await inv.adjustStock(ctx, admin, {
      productId: lot.productId,
      branchId: clinic.id,
      type: 'drop',
      quantity: 1,
      stockId: lot.id,
      justification: 'Frasco dañado al recibir',
    });
    await inv.adjustStock(ctx, admin, {
      productId: lot.productId,
      branchId: clinic.id,
      type: 'registration',
      quantity: 2,
      allotment: 'CONTEO-2026',
      expiresIn: addDays(DEMO_TODAY, 300),
      justification: 'Sobrante del conteo físico mensual',
    });
  }
}

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

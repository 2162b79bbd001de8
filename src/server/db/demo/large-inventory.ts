import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { ORDER_TYPES, PAY_METHODS, pickFefo, type MovementCause } from '../../../domain/inventory';
import type { Cents } from '../../../domain/money';
import type { Db } from '../client';
import { live } from '../live';
import {
  assortmentOrderLots,
  assortmentOrderProducts,
  assortmentOrders,
  branches,
  maxMins,
  productStocks,
  products,
  productTypes,
  providers,
  purchaseOrderProducts,
  purchaseOrders,
  saleOrderProducts,
  saleOrders,
  transferProducts,
  transfers,
} from '../schema';
import { actorOfUsername } from '../../modules/auth';
// the batched step is the large data's alone: the area's index does not offer it to the application
import { applyMovements, ledgerMismatches, type BatchMovement, type DocumentType } from '../../modules/inventory';
import { bulkInsert, dayNumber, idMaker, isoOfDay } from './bulk';
import { InventoryLog } from './large-inventory-log';
import { seededRandom } from './random';

/**
 * A year of inventory for every branch of the large data set, ending yesterday: purchases received at the
 * distribution centre, restock orders and transfers in every status (some received short), sale orders, expiry
 * write-offs, and the supplies the finished appointments consumed, first expiry first. The order rows are bulk
 * inserted; every change of a lot goes through the inventory's batched step (applyMovements), day by day in
 * calendar order, from a model of the lots that starts from the database's own, so each movement's guards hold and
 * Σ movements = quantity for every lot (checked at the end). Every transition of an order and every write-off also
 * gets the change-log row its service writes (large-inventory-log.ts), so the inventory history shows the year.
 */

export interface InventoryScale {
  /** Purchase, restock, transfer and sale orders in the year. */
  orders: number;
  /** Stock movements the year writes (the finished appointments' consumption makes up the rest). */
  movements: number;
}

type Log = (message: string) => void;

interface SimLot {
  id?: string;
  productId: string;
  branchId: string;
  allotment: string;
  expiresAt: string | null;
  price: Cents | null;
  qty: number;
}

type Doc = { type: DocumentType; id: string; number: string | null };

const BATCH = 5000;

export async function seedLargeInventory(db: Db, scale: InventoryScale, today: string, log: Log): Promise<void> {
  const rnd = seededRandom(9151);
  const t0 = Date.now();
  const [admin, logistics] = await Promise.all(['admin@demo.mx', 'logistica@demo.mx'].map((u) => actorOfUsername(db, u)));
  const sites = await db
    .select({ id: branches.id, dc: branches.distributionCenter, tz: branches.timeZone })
    .from(branches)
    .where(and(live(branches), eq(branches.active, true)))
    .orderBy(asc(branches.code));
  const dc = sites.find((s) => s.dc)!;
  const clinics = sites.filter((s) => !s.dc);
  const catalogue = await db
    .select({ id: products.id, cost: products.cost, requiresLot: productTypes.requiresLot })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(live(products), isNotNull(products.approvedAt), eq(products.active, true)))
    .orderBy(asc(products.sku));
  const productById = new Map(catalogue.map((p) => [p.id, p]));
  const provs = await db.select({ id: providers.id }).from(providers).where(live(providers)).orderBy(asc(providers.name));

  // max and min of every product at the clinics that have none (the new ones)
  const withLimits = new Set(
    ((await db.execute(sql`select distinct branch_id from max_mins where deleted_at is null`)).rows as { branch_id: string }[]).map((r) => r.branch_id),
  );
  const limitRows: (typeof maxMins.$inferInsert)[] = [];
  const mmId = idMaker('large-maxmin');
  for (const c of clinics.filter((c) => !withLimits.has(c.id)))
    for (const p of catalogue) {
      const max = rnd.int(15, 60);
      limitRows.push({
        id: mmId(limitRows.length),
        productId: p.id,
        branchId: c.id,
        max,
        min: rnd.int(3, Math.floor(max / 3)),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
  await bulkInsert(db, maxMins, limitRows);
  // the change log of every order and write-off, as the services write it (after the max and min it shows)
  const history = await InventoryLog.load(db, dc.id);

  // the model of the lots, from the database's own
  const lots: SimLot[] = [];
  const byKey = new Map<string, SimLot>();
  const byPlace = new Map<string, SimLot[]>();
  const place = (branchId: string, productId: string) => `${branchId}|${productId}`;
  const addLot = (l: SimLot) => {
    lots.push(l);
    byKey.set(`${l.productId}|${l.branchId}|${l.allotment}`, l);
    const k = place(l.branchId, l.productId);
    (byPlace.get(k) ?? byPlace.set(k, []).get(k)!).push(l);
  };
  for (const r of await db
    .select({
      id: productStocks.id,
      productId: productStocks.productId,
      branchId: productStocks.branchId,
      allotment: productStocks.allotment,
      expiresAt: productStocks.expiresAt,
      price: productStocks.price,
      qty: productStocks.quantity,
    })
    .from(productStocks)
    .where(live(productStocks)))
    addLot({ ...r });

  // movements wait here until a batch is full or a take needs the id of a lot a pending put creates
  let pending: BatchMovement[] = [];
  let pendingLots: SimLot[] = [];
  let written = 0;
  const flush = async () => {
    for (let i = 0; i < pending.length; i += BATCH) {
      const ids = await applyMovements(db, admin, pending.slice(i, i + BATCH));
      ids.forEach((id, j) => (pendingLots[i + j]!.id ??= id));
    }
    written += pending.length;
    pending = [];
    pendingLots = [];
  };
  let clock = 0;
  let dayStart = 0;
  const at = () => new Date(dayStart + 15 * 3_600_000 + (clock++ % 18_000) * 1000);
  const push = async (m: BatchMovement, lot: SimLot) => {
    pending.push(m);
    pendingLots.push(lot);
    if (pending.length >= BATCH) await flush();
  };
  const idOf = async (lot: SimLot) => {
    if (!lot.id) await flush();
    return lot.id!;
  };
  const put = async (identity: Omit<SimLot, 'qty' | 'id'>, units: number, cause: MovementCause, document: Doc) => {
    const key = `${identity.productId}|${identity.branchId}|${identity.allotment}`;
    let lot = byKey.get(key);
    if (!lot) addLot((lot = { ...identity, qty: 0 }));
    lot.qty += units;
    await push(
      {
        lot: { productId: lot.productId, branchId: lot.branchId, allotment: lot.allotment, expiresAt: identity.expiresAt, price: identity.price },
        quantity: units,
        cause,
        document,
        at: at(),
      },
      lot,
    );
    return lot;
  };
  const take = async (lot: SimLot, units: number, cause: MovementCause, document: Doc, note?: string) => {
    const stockId = await idOf(lot);
    lot.qty -= units;
    await push({ stockId, quantity: -units, cause, document, note, at: at() }, lot);
  };
  const giveBack = async (lot: SimLot, units: number, cause: MovementCause, document: Doc) => {
    const stockId = await idOf(lot);
    lot.qty += units;
    await push({ stockId, quantity: units, cause, document, at: at() }, lot);
  };
  /** Units of a product at a branch, over all its lots (the stock a restock order's line shows). */
  const held = (branchId: string, productId: string) => (byPlace.get(place(branchId, productId)) ?? []).reduce((s, l) => s + l.qty, 0);
  /** Valid units of a product at a branch on a day. */
  const usable = (branchId: string, productId: string, iso: string) =>
    (byPlace.get(place(branchId, productId)) ?? []).reduce((s, l) => s + (l.qty > 0 && (!l.expiresAt || l.expiresAt >= iso) ? l.qty : 0), 0);
  const fefo = (branchId: string, productId: string, units: number, iso: string) =>
    pickFefo(
      (byPlace.get(place(branchId, productId)) ?? []).map((l) => ({ l, expiresAt: l.expiresAt, allotment: l.allotment, quantity: l.qty })),
      units,
      iso,
    );

  // the year's documents
  const first = dayNumber(today) - 365;
  const last = dayNumber(today) - 1;
  const nextNumber = async (seq: string) => Number(((await db.execute(sql`select nextval(${seq}::regclass) n`)).rows[0] as { n: string }).n);
  const numbers = {
    purchase: await nextNumber('purchase_order_number_seq'),
    assortment: await nextNumber('assortment_order_number_seq'),
    transfer: await nextNumber('transfer_number_seq'),
    sale: await nextNumber('sale_order_number_seq'),
  };
  const pad = (n: number) => String(n).padStart(6, '0');
  const ids = {
    po: idMaker('large-po'),
    pol: idMaker('large-po-line'),
    ao: idMaker('large-ao'),
    aol: idMaker('large-ao-line'),
    aolot: idMaker('large-ao-lot'),
    tr: idMaker('large-tr'),
    trl: idMaker('large-tr-line'),
    so: idMaker('large-so'),
    sol: idMaker('large-so-line'),
  };
  const rows = {
    po: [] as (typeof purchaseOrders.$inferInsert)[],
    pol: [] as { row: typeof purchaseOrderProducts.$inferInsert; lot: SimLot }[],
    ao: [] as (typeof assortmentOrders.$inferInsert)[],
    aol: [] as (typeof assortmentOrderProducts.$inferInsert)[],
    aolot: [] as { row: typeof assortmentOrderLots.$inferInsert; from: SimLot; to?: SimLot }[],
    tr: [] as (typeof transfers.$inferInsert)[],
    trl: [] as { row: typeof transferProducts.$inferInsert; from: SimLot; to?: SimLot }[],
    so: [] as (typeof saleOrders.$inferInsert)[],
    sol: [] as { row: typeof saleOrderProducts.$inferInsert; from: SimLot }[],
  };
  const instant = (day: number, hour: number) => new Date(day * 86_400_000 + hour * 3_600_000);

  // each clinic draws on a set of products; restock orders keep them above what they used since the last one
  const lineCap = 30;
  const setSize = Math.min(catalogue.length, 40);
  const clinicProducts = new Map(clinics.map((c, k) => [c.id, Array.from({ length: setSize }, (_, i) => catalogue[(k * 7 + i) % catalogue.length]!.id)]));
  const used = new Map<string, number>();
  const restockEvery = Math.max(1, Math.floor((365 * clinics.length) / (scale.orders * 0.53)));
  const transfersPerDay = (scale.orders * 0.22) / 365;
  const salesPerDay = (scale.orders * 0.22) / 365;
  const purchasesPerDay = (scale.orders * 0.1) / 365;

  // the finished appointments of the year: a share of them consumed supplies (the bulk of the movements)
  const finished = Number(
    (
      (
        await db.execute(
          sql`select count(*) n from appointments where status = 'finished' and deleted_at is null and date between ${isoOfDay(first)}::date and ${isoOfDay(last)}::date`,
        )
      ).rows[0] as { n: string }
    ).n,
  );
  const share = Math.min(1, (scale.movements * 0.97) / Math.max(1, finished));
  const treatmentSupplies = new Map<string, string[]>();
  for (const r of (await db.execute(sql`select treatment_id, product_id from treatment_products order by treatment_id, product_id`)).rows as {
    treatment_id: string;
    product_id: string;
  }[])
    (treatmentSupplies.get(r.treatment_id) ?? treatmentSupplies.set(r.treatment_id, []).get(r.treatment_id)!).push(r.product_id);
  let month: { id: string; number: string; branch_id: string; date: string; treatment_id: string | null }[] = [];
  let monthKey = '';
  let dayAppointments = new Map<string, typeof month>();

  const inTransit: {
    arrives: number;
    kind: 'assortment' | 'transfer';
    doc: Doc;
    lines: { from: SimLot; units: number; received: number; row: { to?: SimLot; row: { receivedQuantity?: number | null } } }[];
    reject: boolean;
    branchId: string;
    /** Writes the change-log row of the arrival (or rejection), once its units moved. */
    logged: () => void;
  }[] = [];
  let purchaseDebt = 0;
  let transferDebt = 0;
  let saleDebt = 0;
  const counts = { po: 0, ao: 0, tr: 0, so: 0, appointments: 0 };

  for (let day = first; day <= last; day++) {
    const iso = isoOfDay(day);
    dayStart = day * 86_400_000;
    clock = 0;
    const recent = day > last - 3;

    // purchases received at the distribution centre: what its stock of a product lacks for the coming weeks
    purchaseDebt += purchasesPerDay;
    while (purchaseDebt >= 1) {
      purchaseDebt--;
      const n = numbers.purchase + counts.po;
      const id = ids.po(counts.po++);
      const doc: Doc = { type: 'purchase', id, number: `OC-${pad(n)}` };
      const needy = catalogue
        .map((p) => ({ p, have: usable(dc.id, p.id, isoOfDay(day + 60)) }))
        .sort((a, b) => a.have - b.have || (a.p.id < b.p.id ? -1 : 1))
        .slice(0, rnd.int(6, 14));
      let amount = 0;
      const received = !recent || rnd.next() < 0.5;
      const orderLines: (typeof rows.pol)[number][] = [];
      for (const [i, { p }] of needy.entries()) {
        const quantity = rnd.int(150, 400) * Math.max(1, Math.round(scale.movements / 50_000 / Math.max(1, scale.orders / 500)));
        const price = (p.cost ?? (10_000 as Cents)) as Cents;
        amount += price * quantity;
        const allotment = p.requiresLot ? `L${iso.slice(2, 4)}${iso.slice(5, 7)}-${pad(n).slice(2)}${i}` : `OC-${pad(n)}`;
        const expiresAt = p.requiresLot ? isoOfDay(day + rnd.int(150, 720)) : null;
        const lot = received ? await put({ productId: p.id, branchId: dc.id, allotment, expiresAt, price }, quantity, 'purchase_received', doc) : undefined;
        const line = {
          row: { id: ids.pol(rows.pol.length), purchaseOrderId: id, productId: p.id, quantity, price, allotment: p.requiresLot ? allotment : null, expiresAt },
          lot: lot!,
        };
        rows.pol.push(line);
        orderLines.push(line);
      }
      const paid = day < last - 60 || rnd.next() < 0.3;
      const po = {
        id,
        orderNumber: doc.number!,
        invoiceNumber: `F-${pad(n)}`,
        providerId: provs[n % provs.length]!.id,
        payMethod: PAY_METHODS[n % PAY_METHODS.length]!,
        arrivedAt: iso,
        creditExpiration: isoOfDay(day + 30),
        payStatus: paid ? 'Completado' : 'Pendiente',
        payedAt: paid ? isoOfDay(day + rnd.int(5, 30)) : null,
        tax: 16,
        amount: Math.round((amount * 116) / 100) as Cents,
        comments: null,
        assortmentedAt: received ? instant(day, 16) : null,
        receivedBranchId: received ? dc.id : null,
        createdById: logistics.id,
        createdAt: instant(day - 2, 17),
        updatedAt: instant(day, 16),
      };
      rows.po.push(po);
      history.purchase(po, orderLines, logistics, logistics, instant(last, 20));
    }

    // what was sent the days before arrives (or, rejected, goes back)
    for (let i = inTransit.length - 1; i >= 0; i--) {
      const t = inTransit[i]!;
      if (t.arrives > day) continue;
      inTransit.splice(i, 1);
      const cause = t.kind === 'assortment' ? 'restock' : 'transfer';
      for (const line of t.lines) {
        if (t.reject) {
          await giveBack(line.from, line.units, `${cause}_returned`, t.doc);
          continue;
        }
        const to = await put(
          { productId: line.from.productId, branchId: t.branchId, allotment: line.from.allotment, expiresAt: line.from.expiresAt, price: line.from.price },
          line.units,
          `${cause}_received`,
          t.doc,
        );
        line.row.to = to;
        line.row.row.receivedQuantity = line.received;
        if (line.received < line.units)
          await take(to, line.units - line.received, 'receipt_difference', t.doc, `Enviado ${line.units}, recibido ${line.received}`);
      }
      t.logged();
    }

    // restock orders: each clinic in turn, every few days
    for (const [k, clinic] of clinics.entries()) {
      if ((day + k) % restockEvery !== 0) continue;
      const n = numbers.assortment + counts.ao;
      const id = ids.ao(counts.ao++);
      const doc: Doc = { type: 'assortment', id, number: `OR-${pad(n)}` };
      const draw = rnd.next();
      const status = recent
        ? draw < 0.5
          ? 'En proceso'
          : 'En tránsito'
        : draw < 0.04
          ? 'Rechazada'
          : draw < 0.06
            ? 'Eliminada'
            : draw < 0.08
              ? 'Rechazada tras enviar'
              : 'Terminada';
      const sent = status === 'En tránsito' || status === 'Terminada' || status === 'Rechazada tras enviar';
      const wanted = clinicProducts
        .get(clinic.id)!
        .map((productId) => {
          const u = used.get(place(clinic.id, productId)) ?? 0;
          return { productId, units: Math.max(0, Math.ceil(u * 1.6) + 8 - usable(clinic.id, productId, isoOfDay(day + 20))) };
        })
        .filter((w) => w.units > 0)
        .slice(0, lineCap);
      if (!wanted.length) wanted.push({ productId: clinicProducts.get(clinic.id)![0]!, units: 5 });
      const lines: (typeof inTransit)[number]['lines'] = [];
      const logLines: { row: (typeof rows.aol)[number] & { id: string }; lots: (typeof rows.aolot)[number][] }[] = [];
      const dcStock: number[] = [];
      for (const w of wanted) {
        const lineId = ids.aol(rows.aol.length);
        dcStock.push(usable(dc.id, w.productId, iso));
        const stock = Math.min(w.units, dcStock.at(-1)!);
        const line = {
          id: lineId,
          assortmentOrderId: id,
          productId: w.productId,
          orderedQuantity: w.units,
          stockedQuantity: sent ? stock : null,
          receivedQuantity: null as number | null,
        };
        rows.aol.push(line);
        const logLine = { row: line, lots: [] as (typeof rows.aolot)[number][] };
        logLines.push(logLine);
        used.set(place(clinic.id, w.productId), 0);
        if (!sent || stock <= 0) continue;
        let lineReceived = 0;
        for (const pick of fefo(dc.id, w.productId, stock, iso) ?? []) {
          await take(pick.lot.l, pick.units, 'restock_sent', doc);
          const received = status === 'Terminada' && rnd.next() < 0.05 ? Math.max(0, pick.units - rnd.int(1, 2)) : pick.units;
          const lotRow = {
            row: {
              id: ids.aolot(rows.aolot.length),
              lineId,
              stockId: '',
              quantity: pick.units,
              receivedQuantity: null as number | null,
              destinationStockId: null,
            },
            from: pick.lot.l,
          } as (typeof rows.aolot)[number];
          rows.aolot.push(lotRow);
          logLine.lots.push(lotRow);
          lineReceived += received;
          lines.push({ from: pick.lot.l, units: pick.units, received, row: lotRow as never });
        }
        if (status === 'Terminada') line.receivedQuantity = lineReceived;
      }
      const stamp = (h: number, d = 0) => instant(day + d, h);
      const ao = {
        id,
        orderNumber: doc.number!,
        orderType: ORDER_TYPES[1 + (n % 4)]!,
        branchId: clinic.id,
        originBranchId: sent ? dc.id : null,
        status: status === 'Rechazada tras enviar' ? 'Rechazada' : status,
        comments: null,
        orderById: admin.id,
        approvedById: sent ? logistics.id : null,
        approvedAt: sent ? stamp(15) : null,
        sentAt: sent ? stamp(15) : null,
        finishedById: status === 'Terminada' ? admin.id : null,
        finishedAt: status === 'Terminada' ? stamp(16, 1) : null,
        rejectedById: status.startsWith('Rechazada') ? logistics.id : null,
        rejectedAt: status.startsWith('Rechazada') ? stamp(16, status === 'Rechazada' ? 0 : 1) : null,
        createdAt: stamp(14),
        updatedAt: stamp(16, sent ? 1 : 0),
        deletedAt: status === 'Eliminada' ? stamp(16) : null,
      };
      rows.ao.push(ao);
      const log = history.restock(ao, logLines);
      const moment = () => ({ stock: logLines.map((l) => held(clinic.id, l.row.productId)) });
      log.created(admin, { ...moment(), dcStock });
      if (sent) log.approved(logistics, moment());
      if (status === 'Rechazada') log.rejected(logistics, false, moment());
      if (status === 'Eliminada') log.deleted(admin, moment());
      if (sent && status !== 'En tránsito') {
        const logged = status === 'Terminada' ? () => log.finished(admin, moment()) : () => log.rejected(logistics, true, moment());
        inTransit.push({ arrives: day + rnd.int(1, 2), kind: 'assortment', doc, lines, reject: status !== 'Terminada', branchId: clinic.id, logged });
      }
    }

    // transfers between clinics of lots with units to spare
    transferDebt += transfersPerDay;
    while (transferDebt >= 1) {
      transferDebt--;
      const origin = clinics[rnd.int(0, clinics.length - 1)]!;
      const destiny = clinics[(clinics.indexOf(origin) + rnd.int(1, clinics.length - 1)) % clinics.length]!;
      const candidates = lots.filter((l) => l.branchId === origin.id && l.qty >= 12 && (!l.expiresAt || l.expiresAt >= iso));
      if (!candidates.length) continue;
      const n = numbers.transfer + counts.tr;
      const id = ids.tr(counts.tr++);
      const doc: Doc = { type: 'transfer', id, number: `TR-${pad(n)}` };
      const draw = rnd.next();
      const status = recent ? (draw < 0.5 ? 'En proceso' : 'En tránsito') : draw < 0.05 ? 'Rechazada' : draw < 0.08 ? 'Rechazada tras enviar' : 'Terminada';
      const sent = status !== 'En proceso' && status !== 'Rechazada';
      const chosen = [...new Set(Array.from({ length: rnd.int(1, 3) }, () => candidates[rnd.int(0, candidates.length - 1)]!))];
      const lines: (typeof inTransit)[number]['lines'] = [];
      const logLines: (typeof rows.trl)[number][] = [];
      const before = chosen.map((l) => l.qty);
      for (const from of chosen) {
        const units = rnd.int(2, 5);
        const received = status === 'Terminada' && rnd.next() < 0.08 ? units - 1 : units;
        const lineRow = {
          row: {
            id: ids.trl(rows.trl.length),
            transferId: id,
            stockId: '',
            productId: from.productId,
            stockedQuantity: units,
            receivedQuantity: null as number | null,
            destinationStockId: null,
          },
          from,
        } as (typeof rows.trl)[number];
        rows.trl.push(lineRow);
        logLines.push(lineRow);
        if (!sent) continue;
        await take(from, units, 'transfer_sent', doc);
        lines.push({ from, units, received, row: lineRow as never });
      }
      const tr = {
        id,
        transferNumber: doc.number!,
        originBranchId: origin.id,
        destinyBranchId: destiny.id,
        status: status === 'Rechazada tras enviar' ? 'Rechazada' : status,
        comments: null,
        // asked by logistics, approved or rejected by the super administrator (section 4)
        createdById: logistics.id,
        approvedById: sent ? admin.id : null,
        approvedAt: sent ? instant(day, 15) : null,
        acceptedById: status === 'Terminada' ? admin.id : null,
        acceptedAt: status === 'Terminada' ? instant(day + 1, 16) : null,
        rejectedById: status.startsWith('Rechazada') ? admin.id : null,
        rejectedAt: status.startsWith('Rechazada') ? instant(day + (sent ? 1 : 0), 16) : null,
        createdAt: instant(day, 14),
        updatedAt: instant(day + (sent ? 1 : 0), 16),
      };
      rows.tr.push(tr);
      const log = history.transfer(tr, logLines);
      const now = () => chosen.map((l) => l.qty);
      log.created(logistics, before);
      if (sent) log.approved(admin, now());
      if (status === 'Rechazada') log.rejected(admin, false, before);
      if (sent && status !== 'En tránsito') {
        const logged = status === 'Terminada' ? () => log.finished(admin, now()) : () => log.rejected(admin, true, now());
        inTransit.push({ arrives: day + 1, kind: 'transfer', doc, lines, reject: status !== 'Terminada', branchId: destiny.id, logged });
      }
    }

    // sale orders to third parties
    saleDebt += salesPerDay;
    while (saleDebt >= 1) {
      saleDebt--;
      const clinic = clinics[rnd.int(0, clinics.length - 1)]!;
      const candidates = lots.filter((l) => l.branchId === clinic.id && l.qty >= 8 && (!l.expiresAt || l.expiresAt >= iso));
      if (!candidates.length) continue;
      const n = numbers.sale + counts.so;
      const id = ids.so(counts.so++);
      const doc: Doc = { type: 'sale', id, number: `SO-${pad(n)}` };
      let total = 0;
      const orderLines: (typeof rows.sol)[number][] = [];
      for (const from of [...new Set([candidates[rnd.int(0, candidates.length - 1)]!, candidates[rnd.int(0, candidates.length - 1)]!])]) {
        const quantity = rnd.int(1, 3);
        const price = (35_000 + rnd.int(0, 20) * 1_000) as Cents;
        total += price * quantity;
        await take(from, quantity, 'sale_order', doc);
        const line = { row: { id: ids.sol(rows.sol.length), saleOrderId: id, stockId: '', productId: from.productId, quantity, price }, from };
        rows.sol.push(line);
        orderLines.push(line);
      }
      const so = {
        id,
        orderNumber: doc.number!,
        branchId: clinic.id,
        name: ['Spa Bienestar Integral S.A. de C.V.', 'Clínica Dermatológica del Valle', 'Estética Renova', 'Consultorio Dra. Salas'][n % 4]!,
        rfc: null,
        phone: '6641234567',
        note: `N-${pad(n)}`,
        comments: null,
        totalAmount: total as Cents,
        createdById: admin.id,
        createdAt: instant(day, 17),
        updatedAt: instant(day, 17),
      };
      rows.so.push(so);
      history.sale(so, orderLines, admin);
    }

    // the supplies of the day's finished appointments, first expiry first
    if (iso.slice(0, 7) !== monthKey) {
      monthKey = iso.slice(0, 7);
      month = (
        await db.execute(sql`select id, appointment_number as number, branch_id, date::text as date, treatment_id from appointments
          where status = 'finished' and deleted_at is null and date >= ${monthKey + '-01'}::date and date < ${monthKey + '-01'}::date + interval '1 month'
          order by date, start_time, id`)
      ).rows as typeof month;
      dayAppointments = new Map();
      for (const a of month) (dayAppointments.get(a.date) ?? dayAppointments.set(a.date, []).get(a.date)!).push(a);
    }
    for (const a of dayAppointments.get(iso) ?? []) {
      if (rnd.next() >= share) continue;
      const set = clinicProducts.get(a.branch_id);
      if (!set) continue;
      const own = (a.treatment_id && treatmentSupplies.get(a.treatment_id)) || [];
      const productId = [...own, set[rnd.int(0, Math.min(set.length, 12) - 1)]!].find((p) => productById.has(p) && usable(a.branch_id, p, iso) > 0);
      if (!productId) continue;
      const units = Math.min(rnd.next() < 0.7 ? 1 : rnd.int(2, 3), usable(a.branch_id, productId, iso));
      const doc: Doc = { type: 'appointment', id: a.id, number: a.number };
      for (const pick of fefo(a.branch_id, productId, units, iso) ?? []) await take(pick.lot.l, pick.units, 'appointment', doc);
      used.set(place(a.branch_id, productId), (used.get(place(a.branch_id, productId)) ?? 0) + units);
      counts.appointments++;
    }

    // at each month's end the clinics write off what expired
    if (isoOfDay(day + 1).endsWith('-01'))
      for (const l of lots)
        if (l.branchId !== dc.id && l.qty > 0 && l.expiresAt && l.expiresAt < iso) {
          history.expiryWriteOff(l, l.branchId, l.qty, admin, instant(day, 18), 'Lote caducado');
          await take(l, l.qty, 'expiry_write_off', { type: 'adjustment', id: l.id ?? (await idOf(l)), number: null }, 'Lote caducado');
        }
    if ((day - first) % 60 === 0)
      log(`  inventario: ${iso}, ${(written + pending.length).toLocaleString('es-MX')} movimientos, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  await flush();

  // the order rows, now that every lot they name has its id
  await bulkInsert(db, purchaseOrders, rows.po);
  await bulkInsert(
    db,
    purchaseOrderProducts,
    rows.pol.map((r) => ({ ...r.row, stockId: r.lot?.id ?? null })),
  );
  await bulkInsert(db, assortmentOrders, rows.ao);
  await bulkInsert(db, assortmentOrderProducts, rows.aol);
  await bulkInsert(
    db,
    assortmentOrderLots,
    rows.aolot.map((r) => ({ ...r.row, stockId: r.from.id!, destinationStockId: r.to?.id ?? null })),
  );
  await bulkInsert(db, transfers, rows.tr);
  await bulkInsert(
    db,
    transferProducts,
    rows.trl.map((r) => ({ ...r.row, stockId: r.from.id!, destinationStockId: r.to?.id ?? null })),
  );
  await bulkInsert(db, saleOrders, rows.so);
  await bulkInsert(
    db,
    saleOrderProducts,
    rows.sol.map((r) => ({ ...r.row, stockId: r.from.id! })),
  );
  for (const [seq, start, made] of [
    ['purchase_order_number_seq', numbers.purchase, counts.po],
    ['assortment_order_number_seq', numbers.assortment, counts.ao],
    ['transfer_number_seq', numbers.transfer, counts.tr],
    ['sale_order_number_seq', numbers.sale, counts.so],
  ] as const)
    await db.execute(sql`select setval(${seq}::regclass, ${Math.max(start, start + made - 1)})`);
  const logStart = Date.now();
  const logged = await history.write(db);
  log(`  inventario: ${logged.toLocaleString('es-MX')} filas del historial en ${((Date.now() - logStart) / 1000).toFixed(1)} s`);

  const mismatches = await ledgerMismatches(db);
  if (mismatches.length)
    throw new Error(
      `El inventario no cuadra: ${mismatches.length} lotes cuya cantidad no es la suma de sus movimientos (${mismatches.slice(0, 3).join(', ')}…)`,
    );
  const orders = counts.po + counts.ao + counts.tr + counts.so;
  log(
    `  inventario: ${orders.toLocaleString('es-MX')} órdenes (${counts.po} compras, ${counts.ao} resurtidos, ${counts.tr} transferencias, ${counts.so} ventas), ` +
      `${written.toLocaleString('es-MX')} movimientos (${counts.appointments.toLocaleString('es-MX')} citas con insumos), kárdex cuadrado: ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (orders < scale.orders || written < scale.movements)
    log(`  (aviso: se pedían ${scale.orders.toLocaleString('es-MX')} órdenes y ${scale.movements.toLocaleString('es-MX')} movimientos)`);
}

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from '../../../domain/inventory';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../testing/harness';
import { futureDate, loadFixtures, medicalBooking, newCustomer, type Fixtures } from '../appointments/fixtures';
import { putIntoLot, takeFromLot } from './steps';

/**
 * The ledger over whole HTTP flows: a random sequence of adjustments and orders keeps every lot equal to the sum of its
 * movements, the kardex replays to the stock of any past instant, automatic picks go first expiry first and never take an
 * expired lot, parallel requests never take a lot below zero and repeated transitions move stock once.
 */

const { t, admin, logistica, gerente } = useTestApp({ admin: 'admin@demo.mx', logistica: 'logistica@demo.mx', gerente: 'gerente@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const CEDIS = demoId('branch:cedis');
const CLINICS = [TIJUANA, MEXICALI] as const;

/** mulberry32: the same sequence on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Product {
  id: string;
  requiresLot: boolean;
}
/** Approved products, without a max at the clinics, each test taking its own. */
let free: Product[] = [];
let next = 0;
const product = () => free[next++]!;

beforeAll(async () => {
  const listed = (await logistica({ method: 'GET', url: '/v1/purchase-order/products' })).json() as Product[];
  const requiresLot = new Map(listed.map((p) => [p.id, p.requiresLot]));
  const rows = await queryRows<{ id: string }>(
    t,
    sql`select p.id from products p where p.deleted_at is null and p.active and p.approved_at is not null order by p.sku`,
  );
  free = rows
    .filter((r) => requiresLot.has(r.id))
    .slice(0, 16)
    .map((r) => ({ id: r.id, requiresLot: requiresLot.get(r.id)! }));
  // max 0 is no limit: a restock of these products may ask for any quantity
  await t.ctx.db.execute(sql`update max_mins set max = 0, min = 0 where product_id in ${free.map((p) => p.id)}`);
  expect(free.length).toBeGreaterThanOrEqual(12);
});

/** Writes off every lot of the product at the distribution centre: the test owns what is there afterwards. */
async function emptyCentre(productId: string) {
  const lots = await queryRows<{ id: string; quantity: number }>(
    t,
    sql`select id, quantity from product_stocks where product_id = ${productId} and branch_id = ${CEDIS} and quantity > 0 and deleted_at is null`,
  );
  for (const lot of lots) await takeFromLot(t.ctx.db, null, lot.id, lot.quantity, { cause: 'expiry_write_off', note: 'prueba' });
}

const dcLot = (productId: string, units: number, allotment: string, expiresAt: string | null) =>
  putIntoLot(t.ctx.db, null, { productId, branchId: CEDIS, allotment, expiresAt, price: null }, units, { cause: 'purchase_received' });

const adjust = (caller: Caller, body: Record<string, unknown>) => caller({ method: 'PATCH', url: '/v1/stock/adjustment', payload: body });

async function lotState(stockId: string) {
  const [row] = await queryRows<{ quantity: number; moved: number }>(
    t,
    sql`select s.quantity, (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.stock_id = s.id) as moved from product_stocks s where s.id = ${stockId}`,
  );
  return row!;
}

/** The three ledger facts over every lot of the database. */
async function assertLedger() {
  const mismatched = await queryRows(
    t,
    sql`select s.id, s.quantity, coalesce(m.total, 0)::int as total from product_stocks s
        left join (select stock_id, sum(quantity) as total from stock_movements group by stock_id) m on m.stock_id = s.id
        where s.quantity <> coalesce(m.total, 0)`,
  );
  expect(mismatched).toEqual([]);
  expect(await queryRows(t, sql`select id, quantity from product_stocks where quantity < 0`)).toEqual([]);
  const badBalance = await queryRows(
    t,
    sql`select seq, stock_id, balance, run from (
          select seq, stock_id, balance, sum(quantity) over (partition by stock_id order by seq)::int as run from stock_movements
        ) k where balance <> run limit 5`,
  );
  expect(badBalance).toEqual([]);
}

// ---- the orders, through HTTP ----

interface Restock {
  id: string;
  assortmentOrderProducts: { id: string; productId: string }[];
}
const createRestock = (caller: Caller, branchId: string, lines: { productId: string; orderedQuantity: number }[]) =>
  caller({ method: 'POST', url: '/v1/assortment-order/create', payload: { orderType: 'ordinary_general', branchId, assortmentOrderProducts: lines } });
const approveRestock = (order: Restock, sent: number[], stockIds: (string | undefined)[] = []) =>
  logistica({
    method: 'PUT',
    url: `/v1/assortment-order/${order.id}/approve`,
    payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l, i) => ({ id: l.id, stockedQuantity: sent[i], stockId: stockIds[i] })) },
  });
const confirmRestock = (caller: Caller, order: Restock, received: number[]) =>
  caller({
    method: 'PUT',
    url: `/v1/assortment-order/${order.id}/confirm`,
    payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l, i) => ({ id: l.id, receivedQuantity: received[i] })) },
  });
const rejectRestock = (order: { id: string }) => logistica({ method: 'PUT', url: `/v1/assortment-order/${order.id}/reject` });
// a sent order is not rejected (approve mode only): deleting it returns its units
const deleteRestock = (order: { id: string }) => admin({ method: 'POST', url: `/v1/assortment-order/${order.id}/delete` });

interface Transfer {
  id: string;
  transferProducts: { id: string; stockId: string; stockedQuantity: number }[];
}
const createTransfer = (origin: string, destiny: string, lines: [string, number][]) =>
  logistica({
    method: 'POST',
    url: '/v1/transfer/create',
    payload: { originBranchId: origin, destinyBranchId: destiny, transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })) },
  });
// only the super administrator approves pending transfers (section 4)
const approveTransfer = (tr: Transfer, sent?: number[]) =>
  admin({
    method: 'PUT',
    url: `/v1/transfer/${tr.id}/approve`,
    payload: { transferProducts: tr.transferProducts.map((l, i) => ({ id: l.id, stockedQuantity: sent?.[i] ?? l.stockedQuantity })) },
  });
const confirmTransfer = (tr: Transfer, received: number[]) =>
  admin({
    method: 'PUT',
    url: `/v1/transfer/${tr.id}/confirm`,
    payload: { transferProducts: tr.transferProducts.map((l, i) => ({ id: l.id, receivedQuantity: received[i] })) },
  });
const rejectTransfer = (tr: { id: string }) => admin({ method: 'PATCH', url: `/v1/transfer/${tr.id}/reject` });
// a sent transfer is not rejected: the super administrator deletes it and its units return to the origin
const deleteTransfer = (tr: { id: string }) => admin({ method: 'POST', url: `/v1/transfer/${tr.id}/delete` });

const createSale = (branchId: string, lines: { stockId: string; quantity: number }[]) =>
  admin({
    method: 'POST',
    url: '/v1/sale-order/create',
    payload: { name: 'Spa Las Palmas', phone: '(664) 555-1234', note: 'N-1', branchId, saleOrderProducts: lines.map((l) => ({ ...l, price: 100 })) },
  });

describe('the ledger over a random sequence of operations', () => {
  it('keeps every lot equal to the sum of its movements, never below zero, each balance the running sum', async () => {
    const rand = seeded(20_240_611);
    const products = [product(), product(), product(), product()];
    const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)]!;
    const pendingRestocks: { order: Restock; branchId: string; ordered: number }[] = [];
    const sentRestocks: { order: Restock; branchId: string; sent: number }[] = [];
    const pendingTransfers: Transfer[] = [];
    const sentTransfers: { tr: Transfer; sent: number[] }[] = [];
    const sales: string[] = [];
    const tally = new Map<string, number>();
    const count = (op: string, status: number) => tally.set(`${op} ${status}`, (tally.get(`${op} ${status}`) ?? 0) + 1);
    /** A valid lot with stock of one of the test products at a branch. */
    const someLot = async (branchId: string) => {
      const lots = await queryRows<{ id: string; quantity: number; product_id: string }>(
        t,
        sql`select id, quantity, product_id from product_stocks where branch_id = ${branchId} and product_id in ${products.map((p) => p.id)}
            and quantity > 0 and deleted_at is null and (expires_at is null or expires_at > current_date + 2) order by id`,
      );
      return lots.length ? pick(lots) : undefined;
    };
    let serial = 0;

    for (let step = 0; step < 60; step++) {
      serial += 1;
      const op = rand(11);
      if (op === 0 || op === 1) {
        // registration at a clinic, in a lot number of a small pool so lots grow and shrink
        const p = pick(products);
        const res = await adjust(admin, {
          productId: p.id,
          branchId: pick(CLINICS),
          type: 'registration',
          quantity: 1 + rand(8),
          allotment: `RND-${rand(3)}`,
          expiresIn: isoDay(100 + rand(500)),
          justification: 'Aleatorio',
        });
        count('registration', res.statusCode);
        expect(res.statusCode, res.body).toBe(200);
      } else if (op === 2) {
        const branchId = pick(CLINICS);
        const lot = await someLot(branchId);
        if (!lot) continue;
        const quantity = 1 + rand(lot.quantity + 2); // sometimes more than it holds
        const res = await adjust(admin, { productId: lot.product_id, branchId, type: 'drop', quantity, stockId: lot.id, justification: 'Merma' });
        count('drop', res.statusCode);
        expect(res.statusCode, res.body).toBe(quantity > lot.quantity ? 422 : 200);
      } else if (op === 3) {
        // purchase to the distribution centre, then received
        const lines = [pick(products), pick(products)]
          .filter((p, i, all) => all.findIndex((x) => x.id === p.id) === i)
          .map((p) => ({
            productId: p.id,
            quantity: 2 + rand(10),
            price: 10 + rand(90),
            ...(p.requiresLot ? { allotment: `OC-RND-${serial}`, expiresAt: isoDay(200 + rand(400)) } : {}),
          }));
        const created = await admin({
          method: 'POST',
          url: '/v1/purchase-order/create',
          payload: {
            invoiceNumber: `F-RND-${serial}`,
            providerId: demoId('provider:dermafarma'),
            payMethod: 'Transferencia electrónica',
            arrivedAt: isoDay(-1),
            tax: 16,
            amount: 100,
            purchaseOrderProducts: lines,
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const received = await logistica({ method: 'PUT', url: `/v1/purchase-order/${created.json().id}/receive` });
        count('purchase', received.statusCode);
        expect(received.statusCode, received.body).toBe(200);
      } else if (op === 4) {
        const branchId = pick(CLINICS);
        const ordered = 1 + rand(8);
        const res = await createRestock(branchId === TIJUANA ? gerente : admin, branchId, [{ productId: pick(products).id, orderedQuantity: ordered }]);
        count('restock create', res.statusCode);
        expect(res.statusCode, res.body).toBe(201);
        pendingRestocks.push({ order: res.json(), branchId, ordered });
      } else if (op === 5 && pendingRestocks.length) {
        const { order, branchId, ordered } = pendingRestocks.splice(rand(pendingRestocks.length), 1)[0]!;
        if (rand(5) === 0) {
          const res = await rejectRestock(order);
          count('restock reject pending', res.statusCode);
          expect(res.statusCode, res.body).toBe(200);
          continue;
        }
        const sent = 1 + rand(ordered);
        const res = await approveRestock(order, [sent]);
        count('restock approve', res.statusCode);
        expect([200, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 200) sentRestocks.push({ order, branchId, sent });
        else expect(res.json().message).toBe(INVENTORY_MESSAGES.insufficientRestock);
      } else if (op === 6 && sentRestocks.length) {
        const { order, branchId, sent } = sentRestocks.splice(rand(sentRestocks.length), 1)[0]!;
        if (rand(4) === 0) {
          const res = await deleteRestock(order);
          count('restock delete sent', res.statusCode);
          expect(res.statusCode, res.body).toBe(200);
          continue;
        }
        // received < sent one time in three
        const received = rand(3) === 0 ? rand(sent) : sent;
        const res = await confirmRestock(branchId === TIJUANA ? gerente : admin, order, [received]);
        count('restock confirm', res.statusCode);
        expect(res.statusCode, res.body).toBe(200);
      } else if (op === 7) {
        const origin = pick(CLINICS);
        const lot = await someLot(origin);
        if (!lot) continue;
        const res = await createTransfer(origin, origin === TIJUANA ? MEXICALI : TIJUANA, [[lot.id, 1 + rand(lot.quantity)]]);
        count('transfer create', res.statusCode);
        expect(res.statusCode, res.body).toBe(201);
        pendingTransfers.push(res.json());
      } else if (op === 8 && (pendingTransfers.length || sentTransfers.length)) {
        if (pendingTransfers.length && (rand(2) === 0 || !sentTransfers.length)) {
          const tr = pendingTransfers.splice(rand(pendingTransfers.length), 1)[0]!;
          if (rand(5) === 0) {
            const res = await rejectTransfer(tr);
            count('transfer reject pending', res.statusCode);
            expect(res.statusCode, res.body).toBe(200);
            continue;
          }
          const res = await approveTransfer(tr);
          count('transfer approve', res.statusCode);
          // other operations may have taken the lot's units since it was created
          expect([200, 422], res.body).toContain(res.statusCode);
          if (res.statusCode === 200) sentTransfers.push({ tr, sent: tr.transferProducts.map((l) => l.stockedQuantity) });
          else expect(res.json().message).toBe(INVENTORY_MESSAGES.insufficient);
        } else {
          const { tr, sent } = sentTransfers.splice(rand(sentTransfers.length), 1)[0]!;
          const res =
            rand(4) === 0
              ? await deleteTransfer(tr)
              : await confirmTransfer(
                  tr,
                  sent.map((s) => (rand(3) === 0 ? rand(s) : s)),
                );
          count('transfer finish', res.statusCode);
          expect(res.statusCode, res.body).toBe(200);
        }
      } else if (op === 9) {
        const branchId = pick(CLINICS);
        const lot = await someLot(branchId);
        if (!lot) continue;
        const quantity = 1 + rand(lot.quantity + 1);
        const res = await createSale(branchId, [{ stockId: lot.id, quantity }]);
        count('sale create', res.statusCode);
        expect(res.statusCode, res.body).toBe(quantity > lot.quantity ? 422 : 201);
        if (res.statusCode === 201) sales.push(res.json().id);
      } else if (op === 10 && sales.length) {
        const id = sales.splice(rand(sales.length), 1)[0]!;
        const res = await admin({ method: 'POST', url: `/v1/sale-order/${id}/delete` });
        count('sale delete', res.statusCode);
        expect(res.statusCode, res.body).toBe(200);
      }
      if (step % 15 === 14) await assertLedger();
    }
    // the sequence did exercise the operations it is about
    const done = [...tally.keys()].map((k) => k.replace(/ \d+$/, ''));
    for (const op of ['registration', 'drop', 'purchase', 'restock create', 'restock approve', 'restock confirm', 'transfer create', 'sale create'])
      expect(done, JSON.stringify([...tally])).toContain(op);
    await assertLedger();
  });
});

describe('the kardex replayed', () => {
  it('gives at random past instants the balance that the movements up to that instant add up to', async () => {
    const rand = seeded(7);
    // the (product, clinic) pairs with the most movements: the demo's and the random sequence's
    const pairs = await queryRows<{ product_id: string; branch_id: string }>(
      t,
      sql`select product_id, branch_id from stock_movements group by product_id, branch_id having count(*) between 3 and 900 order by count(*) desc, product_id limit 6`,
    );
    expect(pairs.length).toBeGreaterThan(0);
    let checked = 0;
    for (const pair of pairs) {
      const page = await admin({ method: 'GET', url: `/v1/stock/kardex?productId=${pair.product_id}&branchId=${pair.branch_id}&take=all&order=ASC` });
      expect(page.statusCode, page.body).toBe(200);
      const items = page.json().items as { seq: number; created_at: string; quantity: number; balance: number }[];
      const [{ n }] = (await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from stock_movements where product_id = ${pair.product_id} and branch_id = ${pair.branch_id}`,
      )) as [{ n: number }];
      expect(items).toHaveLength(n);
      for (let i = 1; i < items.length; i++) expect(items[i]!.seq).toBeGreaterThan(items[i - 1]!.seq);
      // the instants between two movements of different times
      const gaps = items.map((_, i) => i).filter((i) => i + 1 < items.length && items[i]!.created_at !== items[i + 1]!.created_at);
      for (let k = 0; k < Math.min(8, gaps.length); k++) {
        const i = gaps[rand(gaps.length)]!;
        const from = Date.parse(items[i]!.created_at);
        const to = Date.parse(items[i + 1]!.created_at);
        const instant = new Date(from + Math.max(1, Math.floor((to - from) / 2))).toISOString();
        const [{ stock }] = (await queryRows<{ stock: number }>(
          t,
          sql`select coalesce(sum(quantity), 0)::int as stock from stock_movements
              where product_id = ${pair.product_id} and branch_id = ${pair.branch_id} and created_at <= ${instant}::timestamptz`,
        )) as [{ stock: number }];
        const last = items.filter((m) => Date.parse(m.created_at) <= Date.parse(instant)).at(-1)!;
        expect(last.seq, `${pair.product_id} @ ${instant}`).toBe(items[i]!.seq);
        expect(last.balance, `${pair.product_id} @ ${instant}`).toBe(stock);
        checked += 1;
      }
      // the last balance is the stock on hand; a date-filtered page keeps the balances of the whole history
      const [{ onHand }] = (await queryRows<{ onHand: number }>(
        t,
        sql`select coalesce(sum(quantity), 0)::int as "onHand" from product_stocks where product_id = ${pair.product_id} and branch_id = ${pair.branch_id} and deleted_at is null`,
      )) as [{ onHand: number }];
      expect(items.at(-1)!.balance).toBe(onHand);
      const mid = items[Math.floor(items.length / 2)]!;
      const day = mid.created_at.slice(0, 10);
      const dated = (
        await admin({
          method: 'GET',
          url: `/v1/stock/kardex?productId=${pair.product_id}&branchId=${pair.branch_id}&take=all&order=ASC&startDate=${day}&endDate=${day}`,
        })
      ).json().items as { seq: number; balance: number }[];
      expect(dated.length).toBeGreaterThan(0);
      for (const m of dated) expect(m.balance).toBe(items.find((x) => x.seq === m.seq)?.balance);
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('first expiry first', () => {
  it('approving a restock without a chosen lot takes the valid lots expiring first, never an expired one', async () => {
    const rand = seeded(99);
    const p = product();
    for (let round = 0; round < 8; round++) {
      await emptyCentre(p.id);
      const lots: { id: string; allotment: string; expiresAt: string; quantity: number }[] = [];
      const used = new Set<number>();
      for (let i = 0; i < 3 + rand(3); i++) {
        let offset = 0;
        // distinct expiries, none within two days of today (the branch's today may be the day before or after UTC's)
        do offset = rand(2) === 0 ? -(3 + rand(400)) : 3 + rand(900);
        while (used.has(offset));
        used.add(offset);
        const allotment = `FEFO-${round}-${i}`;
        const quantity = 1 + rand(6);
        const lot = await dcLot(p.id, quantity, allotment, isoDay(offset));
        lots.push({ id: lot.id, allotment, expiresAt: isoDay(offset), quantity });
      }
      const valid = lots.filter((l) => l.expiresAt > isoDay(0)).sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : 1));
      const expired = lots.filter((l) => l.expiresAt < isoDay(0));
      const validUnits = valid.reduce((s, l) => s + l.quantity, 0);
      const order = (await createRestock(gerente, TIJUANA, [{ productId: p.id, orderedQuantity: validUnits + 5 }])).json() as Restock;
      if (expired.length) {
        // an expired lot chosen explicitly: 409 naming the lot
        const chosen = await approveRestock(order, [1], [expired[0]!.id]);
        expect(chosen.statusCode, chosen.body).toBe(409);
        expect(chosen.json().code).toBe('LOT_EXPIRED');
        expect(chosen.json().message).toContain(expired[0]!.allotment);
      }
      // more than the valid lots hold, though the expired ones would make it up: refused
      if (expired.length) expect((await approveRestock(order, [validUnits + 1])).statusCode).toBe(422);
      if (!validUnits) {
        expect((await rejectRestock(order)).statusCode).toBe(200);
        continue;
      }
      const units = 1 + rand(validUnits);
      const res = await approveRestock(order, [units]);
      expect(res.statusCode, res.body).toBe(200);
      const expected: { stockId: string; quantity: number }[] = [];
      let left = units;
      for (const l of valid) {
        if (!left) break;
        const take = Math.min(left, l.quantity);
        expected.push({ stockId: l.id, quantity: take });
        left -= take;
      }
      const taken = (res.json().assortmentOrderProducts[0].lots as { stockId: string; quantity: number }[]).map((l) => ({
        stockId: l.stockId,
        quantity: l.quantity,
      }));
      expect(taken).toEqual(expected);
      for (const l of expired) expect(await lotState(l.id)).toEqual({ quantity: l.quantity, moved: l.quantity });
      // the clinic receives them with their lot numbers and expiries
      expect((await confirmRestock(gerente, order, [units])).statusCode).toBe(200);
    }
  });

  it('refuses an expired clinic lot chosen explicitly for a sale, a transfer or a drop (409), and writes it off only as expiry', async () => {
    const rand = seeded(5);
    const p = product();
    const made: { id: string; allotment: string; expiresAt: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const expiresAt = isoDay(rand(2) === 0 ? -(3 + rand(300)) : 3 + rand(300));
      const res = await adjust(admin, {
        productId: p.id,
        branchId: TIJUANA,
        type: 'registration',
        quantity: 2 + rand(4),
        allotment: `CLI-${i}`,
        expiresIn: expiresAt,
        justification: 'Conteo',
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push({ id: res.json().stockId, allotment: `CLI-${i}`, expiresAt });
    }
    const expired = made.filter((l) => l.expiresAt < isoDay(0));
    const valid = made.filter((l) => l.expiresAt > isoDay(0));
    expect(expired.length && valid.length).toBeTruthy();
    for (const lot of expired) {
      const sale = await createSale(TIJUANA, [{ stockId: lot.id, quantity: 1 }]);
      expect(sale.statusCode, sale.body).toBe(409);
      expect(sale.json().message).toContain(lot.allotment);
      const tr = await createTransfer(TIJUANA, MEXICALI, [[lot.id, 1]]);
      if (tr.statusCode === 201) {
        const sent = await approveTransfer(tr.json());
        expect(sent.statusCode, sent.body).toBe(409);
        expect(sent.json().code).toBe('LOT_EXPIRED');
      } else expect(tr.statusCode, tr.body).toBe(409);
      const drop = await adjust(admin, { productId: p.id, branchId: TIJUANA, type: 'drop', quantity: 1, stockId: lot.id, justification: 'x' });
      expect(drop.statusCode).toBe(409);
      const writeOff = await adjust(admin, { productId: p.id, branchId: TIJUANA, type: 'expiry', quantity: 1, stockId: lot.id, justification: 'Caducado' });
      expect(writeOff.statusCode, writeOff.body).toBe(200);
    }
    for (const lot of valid) expect((await createSale(TIJUANA, [{ stockId: lot.id, quantity: 1 }])).statusCode).toBe(201);
    await assertLedger();
  });
});

describe('parallel requests never take a lot below zero', () => {
  it('two restock approvals that together exceed a lot: one 422 Inventarío insuficiente', async () => {
    const p = product();
    await emptyCentre(p.id);
    const lot = await dcLot(p.id, 10, 'PAR-R', isoDay(300));
    const one = (await createRestock(gerente, TIJUANA, [{ productId: p.id, orderedQuantity: 6 }])).json() as Restock;
    const two = (await createRestock(admin, MEXICALI, [{ productId: p.id, orderedQuantity: 6 }])).json() as Restock;
    const answers = await Promise.all([approveRestock(one, [6], [lot.id]), approveRestock(two, [6], [lot.id])]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe(INVENTORY_MESSAGES.insufficientRestock);
    expect(await lotState(lot.id)).toEqual({ quantity: 4, moved: 4 });
  });

  it('two sale orders that together exceed a lot: one 422, the lot at what the other left', async () => {
    const p = product();
    const made = await adjust(admin, { productId: p.id, branchId: TIJUANA, type: 'registration', quantity: 5, allotment: 'PAR-S', justification: 'x' });
    const stockId = made.json().stockId as string;
    const answers = await Promise.all([createSale(TIJUANA, [{ stockId, quantity: 3 }]), createSale(TIJUANA, [{ stockId, quantity: 3 }])]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join(' | ')).toEqual([201, 422]);
    expect([INVENTORY_MESSAGES.insufficient, INVENTORY_MESSAGES.saleOrderStock]).toContain(answers.find((r) => r.statusCode === 422)!.json().message);
    expect(await lotState(stockId)).toEqual({ quantity: 2, moved: 2 });
  });

  it('a transfer approval and a drop racing for the same units: one refused, the lot ≥ 0', async () => {
    const p = product();
    const made = await adjust(admin, { productId: p.id, branchId: MEXICALI, type: 'registration', quantity: 4, allotment: 'PAR-T', justification: 'x' });
    const stockId = made.json().stockId as string;
    const tr = (await createTransfer(MEXICALI, TIJUANA, [[stockId, 3]])).json() as Transfer;
    const answers = await Promise.all([
      approveTransfer(tr),
      adjust(admin, { productId: p.id, branchId: MEXICALI, type: 'drop', quantity: 3, stockId, justification: 'Carrera' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe(INVENTORY_MESSAGES.insufficient);
    expect(await lotState(stockId)).toEqual({ quantity: 1, moved: 1 });
  });
});

describe('transitions sent twice at once move stock once', () => {
  const movesOf = (documentId: string) =>
    queryRows<{ cause: string; quantity: number }>(t, sql`select cause, quantity from stock_movements where document_id = ${documentId} order by seq`);

  it('restock: approve, confirm and delete (once sent) twice', async () => {
    const p = product();
    await emptyCentre(p.id);
    const lot = await dcLot(p.id, 20, 'IDEM-R', isoDay(300));
    const a = (await createRestock(gerente, TIJUANA, [{ productId: p.id, orderedQuantity: 5 }])).json() as Restock;
    const approvals = await Promise.all([approveRestock(a, [5]), approveRestock(a, [5])]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const confirms = await Promise.all([confirmRestock(gerente, a, [4]), confirmRestock(gerente, a, [4])]);
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await movesOf(a.id)).toEqual([
      { cause: 'restock_sent', quantity: -5 },
      { cause: 'restock_received', quantity: 5 },
      { cause: 'receipt_difference', quantity: -1 },
    ]);
    const b = (await createRestock(gerente, TIJUANA, [{ productId: p.id, orderedQuantity: 3 }])).json() as Restock;
    expect((await approveRestock(b, [3])).statusCode).toBe(200);
    const deletes = await Promise.all([deleteRestock(b), deleteRestock(b)]);
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await movesOf(b.id)).toEqual([
      { cause: 'restock_sent', quantity: -3 },
      { cause: 'restock_returned', quantity: 3 },
    ]);
    expect(await lotState(lot.id)).toEqual({ quantity: 15, moved: 15 });
  });

  it('transfer: approve, confirm and delete (once sent) twice', async () => {
    const p = product();
    const made = await adjust(admin, { productId: p.id, branchId: MEXICALI, type: 'registration', quantity: 10, allotment: 'IDEM-T', justification: 'x' });
    const stockId = made.json().stockId as string;
    const a = (await createTransfer(MEXICALI, TIJUANA, [[stockId, 4]])).json() as Transfer;
    const approvals = await Promise.all([approveTransfer(a), approveTransfer(a)]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const confirms = await Promise.all([confirmTransfer(a, [4]), confirmTransfer(a, [4])]);
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await movesOf(a.id)).map((m) => m.quantity)).toEqual([-4, 4]);
    const b = (await createTransfer(MEXICALI, TIJUANA, [[stockId, 2]])).json() as Transfer;
    expect((await approveTransfer(b)).statusCode).toBe(200);
    const deletes = await Promise.all([deleteTransfer(b), deleteTransfer(b)]);
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await movesOf(b.id)).map((m) => m.quantity)).toEqual([-2, 2]);
    expect(await lotState(stockId)).toEqual({ quantity: 6, moved: 6 });
    await assertLedger();
  });
});

describe('appointment finish through the steps', () => {
  let f: Fixtures;
  beforeAll(async () => {
    f = await loadFixtures(t);
  });

  it('takes the chosen valid lots and refuses an expired one with 409, moving nothing', async () => {
    const needs = f.medTreatment.products;
    // an expired lot of every product the treatment consumes, registered at the clinic
    const expiredLots = new Map<string, string>();
    for (const n of needs) {
      const res = await adjust(admin, {
        productId: n.productId,
        branchId: f.branchId,
        type: 'registration',
        quantity: 5,
        allotment: 'CITA-VENCIDO',
        expiresIn: isoDay(-10),
        justification: 'x',
      });
      expect(res.statusCode, res.body).toBe(200);
      expiredLots.set(n.productId, res.json().stockId);
    }
    const validLots = await queryRows<{ id: string; product_id: string }>(
      t,
      sql`select id, product_id from product_stocks where branch_id = ${f.branchId} and allotment = 'LOTE-PRUEBA-1' and deleted_at is null`,
    );
    const c = await newCustomer(admin);
    const appointment = (await gerente({ method: 'POST', url: '/v1/appointment/create', payload: medicalBooking(f, c, futureDate(30)) })).json();
    expect((await gerente({ method: 'PATCH', url: `/v1/appointment/${appointment.id}/set-on-process` })).statusCode).toBe(200);
    const finish = (lotOf: (productId: string) => string) =>
      gerente({
        method: 'POST',
        url: `/v1/appointment/${appointment.id}/finish`,
        payload: {
          attendedById: f.doctorId,
          sessions: 1,
          sessionAreas: [f.medTreatment.areas[0]],
          consent: true,
          treatmentProducts: needs.flatMap((n) => Array.from({ length: n.quantity }, () => lotOf(n.productId))),
        },
      });
    const refused = await finish((p) => expiredLots.get(p)!);
    expect([409, 400], refused.body).toContain(refused.statusCode);
    if (refused.statusCode === 409) expect(refused.json().code).toBe('LOT_EXPIRED');
    for (const id of expiredLots.values()) expect(await lotState(id)).toEqual({ quantity: 5, moved: 5 });
    const done = await finish((p) => validLots.find((l) => l.product_id === p)!.id);
    expect(done.statusCode, done.body).toBe(200);
    const moves = await queryRows<{ stock_id: string; cause: string }>(
      t,
      sql`select stock_id, cause from stock_movements where document_id = ${appointment.id}`,
    );
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(m.cause).toBe('appointment');
    expect(moves.every((m) => validLots.some((l) => l.id === m.stock_id))).toBe(true);
  });
});

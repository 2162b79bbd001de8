/**
 * Load test of the agenda at a chain's scale:  npm run bench [-- --scale large|medium --duration 10 --warmup 3 --connections 8 --reload --only agenda]
 *
 * Loads the volume data when the database has none (PostgreSQL with DATABASE_URL, else a fresh embedded
 * PGlite under DATA_DIR/bench-<scale>), starts the API (with PostgreSQL in a process of its own, as in
 * production; with PGlite, which one process opens, in this one), signs in as admin@demo.mx and drives each
 * scenario with autocannon. Next to the HTTP latencies it replays the SQL
 * that one request of the scenario ran (captured at the driver) straight on the database, so the ratio
 * API / SQL shows what the HTTP layer adds.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { SCALES, seedLarge, todayIn } from '../src/server/db/demo/large';
import { DEMO_PASSWORD } from '../src/server/db/demo/data';
import type { AppContext } from '../src/server/context';
import { actorOfUsername } from '../src/server/modules/auth';
import { inventoryServices, putIntoLot } from '../src/server/modules/inventory';
import { salesServices } from '../src/server/modules/sales';
import type { CashSaleInput } from '../src/domain/sales.contract';
import { REPORTS, type ReportMeta } from '../src/domain/reports';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
    reload: { type: 'boolean', default: false },
    /** Only the scenarios whose name contains this text (case and accents ignored). */
    only: { type: 'string' },
    /** Restock orders made before the approval scenario (each approval needs a fresh one; capped by the centre's stock). */
    orders: { type: 'string', default: '1500' },
    /** Also prints each replayed statement with its median time. */
    statements: { type: 'boolean', default: false },
  },
});
const scale = SCALES[args.scale];
if (!scale) {
  console.error(`Escala desconocida: ${args.scale} (medium o large)`);
  process.exit(1);
}
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const TODAY = todayIn('America/Tijuana');
/** The observations of the benchmark's bookings, which the next run deletes. */
const BENCH_NOTE = 'Cita de la prueba de rendimiento';

interface Captured {
  text: string;
  /** A prepared statement's name: the replay prepares it too, as the API's connections do. */
  name?: string;
  values?: unknown[];
}
/**
 * The statements the driver sent on behalf of the probe request (pg.Client for PostgreSQL, PGlite.query
 * for the embedded one): the request carries x-bench-probe and runs inside this async context.
 */
const probe = new AsyncLocalStorage<Captured[]>();

function hookPg() {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const capture = probe.getStore();
    if (capture) {
      const q = a[0] as string | { text: string; name?: string; values?: unknown[] };
      if (typeof q === 'string') capture.push({ text: q, values: Array.isArray(a[1]) ? (a[1] as unknown[]) : undefined });
      else if (q && typeof q.text === 'string')
        capture.push({ text: q.text, name: q.name, values: q.values ?? (Array.isArray(a[1]) ? (a[1] as unknown[]) : undefined) });
    }
    return original.apply(this, a);
  };
}

type Queryable = { query: (...a: unknown[]) => Promise<unknown> };
function hookQuery(target: Queryable) {
  const original = target.query.bind(target);
  target.query = (...a: unknown[]) => {
    const capture = probe.getStore();
    if (capture) capture.push({ text: a[0] as string, values: a[1] as unknown[] | undefined });
    return original(...a);
  };
}

function hookPglite(database: Database) {
  const client = (database.db as unknown as { $client: Queryable & { transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown> } }).$client;
  hookQuery(client);
  // a transaction's statements go through its own tx object
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      hookQuery(tx);
      return fn(tx);
    });
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(7) : '      –');

async function main() {
  const jwtSecret = process.env.JWT_SECRET ?? 'bench-' + Math.random();
  const config = loadConfig({ ...process.env, JWT_SECRET: jwtSecret }, { webDir: undefined });
  const kind = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
  let dataDir: string | undefined;
  if (!config.databaseUrl) {
    dataDir = path.join(config.dataDir, `bench-${scale.name}`);
    if (args.reload && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
  if (config.databaseUrl) hookPg();
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  if (!config.databaseUrl) hookPglite(database);
  await migrateDatabase(database);
  const db = database.db;
  const appointmentsNow = Number(((await db.execute(sql`select count(*) n from appointments`)).rows[0] as { n: string }).n);
  const usersNow = Number(((await db.execute(sql`select count(*) n from users`)).rows[0] as { n: string }).n);
  if (usersNow === 0) {
    console.log(`Cargando la escala "${scale.name}" en ${kind}…`);
    const t0 = Date.now();
    await seedLarge(db, path.join(dataDir ?? config.dataDir, 'uploads'), scale, { today: TODAY });
    console.log(`Carga: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else {
    console.log(`${kind}: ${appointmentsNow.toLocaleString('es-MX')} citas ya cargadas (usa una base vacía o --reload para recargar).`);
    await db.execute(sql`vacuum analyze`);
  }
  const stats = (
    await db.execute(sql`select (select count(*) from branches where not distribution_center) branches, (select count(*) from cabins) cabins,
    (select count(*) from customers) customers, (select count(*) from appointments) appointments`)
  ).rows[0];
  console.log(`Datos: ${JSON.stringify(stats)}`);

  const { app } = await buildApp({ database, config, logger: false, mailer: { send: async () => {} } });
  let captured: Captured[] = [];
  let inFlight = 0;
  app.addHook('onRequest', (req, _reply, done) => {
    inFlight++;
    if (req.headers['x-bench-probe']) probe.run((captured = []), done);
    else done();
  });
  const finished = new WeakSet<object>();
  const end = (req: object) => {
    if (finished.has(req)) return;
    finished.add(req);
    inFlight--;
  };
  app.addHook('onResponse', (req, _reply, done) => {
    end(req);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    end(req);
    done();
  });
  /** Until the previous scenario's last requests (and their queries) are over: their SQL must not be timed as ours. */
  const quiet = async () => {
    for (let calm = 0, waited = 0; calm < 3 && waited < 120_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      const busy = config.databaseUrl
        ? Number(
            (
              (
                await db.execute(
                  sql`select count(*) n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
                )
              ).rows[0] as { n: string }
            ).n,
          )
        : 0;
      calm = inFlight <= 0 && busy === 0 ? calm + 1 : 0;
      if (waited % 10_000 === 0 && waited) console.log(`  (esperando a que terminen ${inFlight} peticiones y ${busy} consultas de la prueba anterior)`);
    }
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // With PostgreSQL the load goes to a server of its own process, as in production: the load generator
  // would otherwise share this event loop with the API it measures. This process keeps the probe (its SQL).
  const server = config.databaseUrl ? await startServerProcess(jwtSecret) : null;
  const loadBase = server?.url ?? base;
  /** A fresh session token: each scenario signs in again, so a long run outlives the token's minutes. */
  const freshToken = async () => {
    const signIn = await fetch(`${base}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.mx', password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`No se pudo iniciar sesión: ${signIn.status} ${await signIn.text()}`);
    return ((await signIn.json()) as { token: string }).token;
  };
  const token = await freshToken();
  const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  /** --only takes several names separated by commas; a comma followed by a space is part of a name («la cadena, un año»). */
  const only = (name: string) => !args.only || args.only.split(/,(?! )/).some((o) => fold(name).includes(fold(o.trim())));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // the busiest branch-day of the last month and the next two weeks
  const [busy] = (
    await db.execute(sql`select branch_id, to_char(date, 'YYYY-MM-DD') date, count(*) n from appointments
    where date between ${TODAY}::date - 30 and ${TODAY}::date + 14 and status <> 'cancelled' group by 1, 2 order by 3 desc, 2 desc limit 1`)
  ).rows as { branch_id: string; date: string; n: string }[];
  // lists take search={"filter","value"} (src/domain/list.ts)
  const search = (filter: string, value: string) => encodeURIComponent(JSON.stringify({ filter, value }));
  const customerSearches = ['García', 'Hernández', 'martinez', 'Lopez Perez', 'María', 'Sofía Ramírez', 'Guzmán', 'Juan Cruz', 'Vázquez', 'Ortega'].map((v) =>
    search('name', v),
  );
  const appointmentSearches = [
    ['customer', 'García'],
    ['customer', 'Hernández'],
    ['customer', 'Lucía'],
    ['appointmentNumber', 'CITA-0012345'],
    ['customer', 'Pérez'],
    ['customer', 'Ximena Torres'],
    ['customer', 'Ruiz'],
    ['phone', '4421000'],
    ['customer', 'Regina'],
    ['customer', 'Morales'],
  ].map(([f, v]) => search(f, v));

  // booking: distinct free hours of the busy branch's cabins, weeks after the generated agenda ends
  const cabinRows = (
    await db.execute(sql`select c.id cabin_id, ct.treatment_type_id tt_id,
      (select t.id from treatments t where t.treatment_type_id = ct.treatment_type_id and t.active and t.deleted_at is null and t.duration_minutes <= 60 order by t.sku limit 1) treatment_id,
      (select t.duration_minutes from treatments t where t.treatment_type_id = ct.treatment_type_id and t.active and t.deleted_at is null and t.duration_minutes <= 60 order by t.sku limit 1) minutes
    from cabins c join cabin_types ct on ct.id = c.type_id where c.branch_id = ${busy.branch_id} and c.active and c.deleted_at is null order by c.name`)
  ).rows as { cabin_id: string; tt_id: string; treatment_id: string | null; minutes: number | null }[];
  const customers = (
    await db.execute(sql`select id from customers where registry_branch_id = ${busy.branch_id} and active and not black_list and cancellations = 0
    and deleted_at is null and coalesce(birthday < current_date - interval '18 years', true) order by customer_number desc limit 20000`)
  ).rows as { id: string }[];
  // earlier runs' bookings (marked in their observations) go first: each run books the weeks after the demo agenda ends
  await db.execute(sql`delete from change_log where entity_id in (select id from appointments where observations = ${BENCH_NOTE})`);
  await db.execute(sql`delete from appointments where observations = ${BENCH_NOTE}`);
  const booked = (await db.execute(sql`select max(date)::text d from appointments where branch_id = ${busy.branch_id}`)).rows[0] as { d: string };
  const slots: string[] = [];
  const first = new Date(Math.max(Date.parse(booked.d), Date.parse(TODAY)) + 45 * 86_400_000);
  for (let d = 0; slots.length < 60_000 && d < 1500; d++) {
    const day = new Date(first.getTime() + d * 86_400_000);
    const iso = day.toISOString().slice(0, 10);
    const wd = day.getUTCDay();
    if (wd === 0 || wd === 6 || iso.endsWith('-12-25') || iso.endsWith('-01-01')) continue;
    for (const hour of [9, 10, 11, 12, 13, 15, 16, 17, 18])
      for (const c of cabinRows) {
        if (!c.treatment_id) continue;
        const customerId = customers[slots.length % customers.length]?.id;
        slots.push(
          JSON.stringify({
            branchId: busy.branch_id,
            cabainId: c.cabin_id,
            treatmentTypeId: c.tt_id,
            customerId,
            date: iso,
            startTime: `${String(hour).padStart(2, '0')}:00`,
            term: c.minutes,
            appointmentMethod: 'phoneCall',
            appointmentOption: 'newTreatments',
            treatmentId: c.treatment_id,
            sessions: 1,
            treatmentsIds: [],
            categoriesIds: [],
            observations: BENCH_NOTE,
          }),
        );
      }
  }
  let nextSlot = 0;

  // inventory: the busy clinic's list, the lot most consumed in appointments, the product and branch with the longest kardex
  const [recallLot] = (
    await db.execute(sql`select stock_id, count(*)::int n from stock_movements where cause = 'appointment' group by 1 order by 2 desc limit 1`)
  ).rows as { stock_id: string; n: number }[];
  const [kardex] = (await db.execute(sql`select product_id, branch_id, count(*)::int n from stock_movements group by 1, 2 order by 3 desc limit 1`)).rows as {
    product_id: string;
    branch_id: string;
    n: number;
  }[];
  const stockFilters = ['level=below', 'expiry=30'];
  // approval: 30-line restock orders of the busy clinic asked by logistics (its approver may not be its creator), 1 unit a line
  // of the 30 products the distribution centre holds most of; one fresh order per request
  const approvals: { id: string; body: string }[] = [];
  const dcProducts = (
    await db.execute(sql`select s.product_id, sum(s.quantity)::int n from product_stocks s join branches b on b.id = s.branch_id and b.distribution_center
      where s.deleted_at is null and s.quantity > 0 and (s.expires_at is null or s.expires_at > current_date) group by 1 order by 2 desc, 1 limit 30`)
  ).rows as { product_id: string; n: number }[];
  const wantedOrders = only('Aprobar un resurtido de 30 líneas') && dcProducts.length === 30 ? Math.min(Number(args.orders), dcProducts[29]!.n - 1) : 0;
  // orders for another clinic than the busy one: the orders a run leaves in transit would otherwise pile up in the busy
  // clinic's stock list (the inventory scenario) run after run
  const [approvalBranch] = (
    await db.execute(
      sql`select id from branches where not distribution_center and active and deleted_at is null and id <> ${busy.branch_id} order by code limit 1`,
    )
  ).rows as { id: string }[];
  if (wantedOrders > 0) {
    const t0 = Date.now();
    const ctx = { db } as Pick<AppContext, 'db'> as AppContext;
    const logistics = await actorOfUsername(db, 'logistica@demo.mx');
    const make = async () => {
      const order = await inventoryServices.createOrder(ctx, logistics, {
        orderType: 'ordinary_general',
        branchId: approvalBranch?.id ?? busy.branch_id,
        comments: BENCH_NOTE,
        assortmentOrderProducts: dcProducts.map((p) => ({ productId: p.product_id, orderedQuantity: 1 })),
      });
      approvals.push({
        id: order.id,
        body: JSON.stringify({ assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: 1 })) }),
      });
    };
    for (let i = 0; i < wantedOrders; i += 4) await Promise.all(Array.from({ length: Math.min(4, wantedOrders - i) }, make));
    console.log(`${approvals.length} órdenes de resurtido de 30 líneas para aprobar: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  let nextApproval = 0;

  // sales at the busy clinic: a product with a lot of its own for the run (put in through the inventory step), a package
  // offered there now, the clinic's customers; each request a new Idempotency-Key
  const saleProducts = (
    await db.execute(sql`select id, sale_price::text price from products where active and approved_at is not null and rejected_at is null
      and deleted_at is null and sale_price > 0 order by sku limit 30`)
  ).rows as { id: string; price: string }[];
  const [salePackage] = (
    await db.execute(sql`select p.id, p.price::text price, pb.branch_id from packages p join package_branches pb on pb.package_id = p.id
      join branches b on b.id = pb.branch_id and b.active and not b.distribution_center and b.deleted_at is null
      where p.type = 'Package' and p.active and p.deleted_at is null and not p.valid_by_time and (not p.valid_by_schedule or current_date between p.start_date and p.end_date)
        and 'Efectivo' = any(p.payment_type) order by pb.branch_id = ${busy.branch_id} desc, p.sku limit 1`)
  ).rows as { id: string; price: string; branch_id: string }[];
  // the clinic that sells: the busy one when it offers the package, else the first that does
  const salesBranch = salePackage?.branch_id ?? busy.branch_id;
  const saleCustomers = (await db.execute(sql`select id from customers where active and deleted_at is null order by customer_number desc limit 5000`)).rows as {
    id: string;
  }[];
  // a lot of each product for the run, so concurrent sales of different products do not queue on one lot
  if (only('Venta de producto en el punto de venta'))
    for (const p of saleProducts)
      await db.transaction((tx) =>
        putIntoLot(tx, null, { productId: p.id, branchId: salesBranch, allotment: 'BENCH-VENTAS', expiresAt: '2099-12-31', price: null }, 100_000, {
          cause: 'adjustment_registration',
          note: BENCH_NOTE,
        }),
      );
  // the X report of a clinic the bench does not sell at (every run's sales land on today at the sales clinic, which
  // would otherwise grow its day far beyond a real one's): the clinic with most sales on the last day of the data. The
  // data ends yesterday, so when it has no sales today the bench makes its usual day's count through the sale service
  const [closingBranch] = (
    await db.execute(sql`select branch_id, count(distinct order_id)::int as sales from sale_payments
      where business_date = (select max(business_date) from sale_payments where business_date < ${TODAY}::date) and kind = 'payment' and branch_id <> ${salesBranch}
      group by 1 order by 2 desc limit 1`)
  ).rows as { branch_id: string; sales: number }[];
  if (closingBranch && only('Corte de caja')) await fillClosingDay(db, closingBranch, saleProducts[0]!, TODAY);
  // the sales list reads the same clinic's month: the sales clinic's grows with every run
  const listBranch = closingBranch?.branch_id ?? salesBranch;
  const runId = Date.now().toString(36);
  const sale = (path: string, itemOf: (n: number) => { item: Record<string, unknown>; price?: string }) => (n: number) => ({
    path,
    headers: { 'idempotency-key': `bench-${runId}-${path.length}-${n}` },
    body: JSON.stringify({
      channel: 'pos',
      branchId: salesBranch,
      customerId: saleCustomers[n % saleCustomers.length]?.id,
      items: [{ ...itemOf(n).item, quantity: 1 }],
      payments: [{ method: 'Efectivo', amount: Number(itemOf(n).price ?? 0) + 50, currency: 'MXN' }],
    }),
  });

  interface Scenario {
    name: string;
    method: 'GET' | 'POST' | 'PUT';
    /** The request number n: path, body and headers of its own. */
    request: (n: number) => { path: string; body?: string; headers?: Record<string, string> };
    goal: number;
    /** Before a write's SQL is replayed: what makes the probe's row not collide with it (inside the rolled back transaction). */
    unclash?: string;
    /** One download at a time for this long at least (a file's time is its goal): instead of --connections and --duration. */
    alone?: { seconds: number };
  }
  const scenarios: Scenario[] = [
    {
      name: `Agenda del día (${busy.date}, ${busy.n} citas)`,
      method: 'GET',
      goal: 50,
      request: () => ({ path: `/v1/diary?branchId=${busy.branch_id}&date=${busy.date}` }),
    },
    {
      name: 'Citas con búsqueda',
      method: 'GET',
      goal: 50,
      request: (n) => ({ path: `/v1/appointment?page=1&take=10&search=${appointmentSearches[n % appointmentSearches.length]}` }),
    },
    {
      name: 'Búsqueda de clientes',
      method: 'GET',
      goal: 50,
      request: (n) => ({ path: `/v1/customer?page=1&take=10&search=${customerSearches[n % customerSearches.length]}` }),
    },
    { name: 'Agendar una cita', method: 'POST', goal: 100, request: () => ({ path: '/v1/appointment/create', body: slots[nextSlot++ % slots.length] }) },
    {
      name: 'Inventario de una sucursal con filtro',
      method: 'GET',
      goal: 50,
      request: (n) => ({ path: `/v1/stock?branchId=${busy.branch_id}&${stockFilters[n % stockFilters.length]}&page=1&take=10` }),
    },
    {
      name: `Retiro de lote (${recallLot?.n ?? 0} citas)`,
      method: 'GET',
      goal: 50,
      request: () => ({ path: `/v1/stock/recall?stockId=${recallLot?.stock_id}&page=1&take=10` }),
    },
    {
      name: `Kárdex de un producto (${kardex?.n ?? 0} movimientos)`,
      method: 'GET',
      goal: 50,
      request: () => ({ path: `/v1/stock/kardex?productId=${kardex?.product_id}&branchId=${kardex?.branch_id}&page=1&take=15` }),
    },
    {
      name: 'Aprobar un resurtido de 30 líneas',
      method: 'PUT',
      goal: 150,
      // past the orders made, the answers are 409 (already approved) and show as such in the codes
      request: () => {
        const a = approvals[nextApproval++ % Math.max(1, approvals.length)];
        return { path: `/v1/assortment-order/${a?.id ?? 'none'}/approve`, body: a?.body ?? '{}' };
      },
    },
    {
      name: 'Venta de producto en el punto de venta',
      method: 'POST',
      goal: 100,
      request: sale('/v1/cash-order/create', (n) => {
        const p = saleProducts[n % Math.max(1, saleProducts.length)];
        return { item: { productId: p?.id }, price: p?.price };
      }),
      unclash: `update cash_orders set idempotency_key = null, order_number = order_number || '-x' where id = $1`,
    },
    {
      name: 'Venta de un paquete en el punto de venta',
      method: 'POST',
      goal: 100,
      request: sale('/v1/order/create', () => ({ item: { packageId: salePackage?.id }, price: salePackage?.price })),
      unclash: `update orders set idempotency_key = null, order_number = order_number || '-x' where id = $1`,
    },
    {
      name: 'Ventas de producto con filtros',
      method: 'GET',
      goal: 50,
      request: (n) => ({
        path: `/v1/cash-order?branchId=${listBranch}&startDate=${TODAY.slice(0, 8)}01&endDate=${TODAY}&${['paymentMethod=Efectivo', 'paymentStatus=paid'][n % 2]}&page=1&take=15`,
      }),
    },
    {
      name: 'Corte de caja de una sucursal (corte X)',
      method: 'GET',
      goal: 100,
      request: () => ({ path: `/v1/daily-cash-closing/preview?branchId=${closingBranch?.branch_id ?? salesBranch}&date=${TODAY}` }),
    },
    ...reportScenarios(listBranch),
  ];

  const results: string[] = [];
  const pool = config.databaseUrl ? new pg.Client({ connectionString: config.databaseUrl }) : null;
  await pool?.connect();
  for (const s of scenarios.filter((x) => only(x.name))) {
    headers.authorization = `Bearer ${await freshToken()}`;
    // one request first: is the route there, does it answer 2xx, and which SQL does it run
    await quiet();
    const sample = s.request(0);
    const res = await fetch(base + sample.path, { method: s.method, headers: { ...headers, ...sample.headers, 'x-bench-probe': '1' }, body: sample.body });
    const statements = [...captured];
    // a write's replay first removes (inside the rolled back transaction) the row the probe created
    const created = s.method === 'POST' && res.status < 300 ? ((await res.clone().json()) as { id?: string }).id : undefined;
    const failed = res.status >= 300 ? await res.text() : '';
    // the answer itself is not needed: a download left unread stalls the server's writer, which keeps its cursor, its
    // pooled connection and the request in flight (every later scenario then waited up to 2 minutes to start)
    if (res.status < 300) await res.body?.cancel();
    if (res.status === 404 && failed.includes('Route')) {
      results.push(`${s.name.padEnd(44)} omitido: ${s.method} ${sample.path.split('?')[0]} todavía no existe`);
      console.log(`\n${s.name}: omitido, la ruta ${sample.path.split('?')[0]} todavía no existe.`);
      continue;
    }
    if (res.status >= 300) {
      const body = failed;
      results.push(`${s.name.padEnd(44)} omitido: ${res.status} ${body.slice(0, 120)}`);
      console.log(`\n${s.name}: omitido, la ruta respondió ${res.status}: ${body.slice(0, 300)}`);
      continue;
    }

    // the same SQL straight on the database: median of 20 replays (writes inside a rolled back transaction)
    const replay = statements.filter((q) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(q.text));
    const sqlTimes: number[] = [];
    const statementTimes = replay.map(() => [] as number[]);
    const embedded = (db as unknown as { $client: { query: (t: string, v?: unknown[]) => Promise<unknown> } }).$client;
    const run = (q: Captured) => (pool ? pool.query({ text: q.text, name: q.name, values: q.values }) : embedded.query(q.text, q.values));
    const client = pool ?? embedded;
    try {
      for (let i = 0; i < 20; i++) {
        await client.query('begin');
        try {
          if (created) await client.query(s.unclash ?? 'delete from appointments where id = $1', [created]);
          const t0 = performance.now();
          for (const [i, q] of replay.entries()) {
            const t = performance.now();
            await run(q);
            statementTimes[i].push(performance.now() - t);
          }
          sqlTimes.push(performance.now() - t0);
        } finally {
          await client.query('rollback');
        }
      }
    } catch (err) {
      console.log(`  (no se pudo repetir el SQL: ${err instanceof Error ? err.message : String(err)})`);
    }
    sqlTimes.sort((a, b) => a - b);
    const sqlMedian = quantile(sqlTimes, 0.5);
    if (args.statements)
      for (const [i, q] of replay.entries())
        console.log(
          `  ${quantile(
            statementTimes[i].sort((a, b) => a - b),
            0.5,
          )
            .toFixed(2)
            .padStart(6)} ms  ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`,
        );

    /** Drives the scenario for `seconds` with CONNECTIONS clients (one when it runs alone); each answer goes to `onResponse`. */
    const load = (seconds: number, onResponse: (status: number, ms: number) => void) =>
      new Promise<autocannon.Result>((resolve) => {
        const instance = autocannon(
          {
            url: loadBase,
            connections: s.alone ? 1 : CONNECTIONS,
            timeout: 60,
            duration: seconds,
            headers,
            requests: [
              {
                method: s.method,
                setupRequest: (req) => {
                  const r = s.request(++n);
                  return { ...req, method: s.method, path: r.path, body: r.body, headers: { ...headers, ...r.headers } };
                },
              },
            ],
          },
          (_err, r) => resolve(r),
        );
        instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
      });
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    // warm-up, not measured: the server's code paths, its pooled connections and their prepared statements
    await load(WARMUP, () => {});
    await quiet();
    const measured = s.alone ? Math.max(DURATION, s.alone.seconds) : DURATION;
    const result = await load(measured, (statusCode, responseTime) => {
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
    latencies.sort((a, b) => a - b);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(latencies, q));
    const rps = latencies.length / measured;
    const codes = [...statuses].map(([c, k]) => `${c}×${k}`).join(' ');
    const line = `${s.name.padEnd(44)} p50 ${ms(p50)}  p95 ${ms(p95)}  p99 ${ms(p99)} ms  ${rps.toFixed(0).padStart(5)} req/s   SQL ${replay.length ? `${ms(sqlMedian)} ms (${replay.length} consultas)  API/SQL ${(p50 / sqlMedian).toFixed(1)}×` : 'no capturado'}  ${p95 <= s.goal ? 'OK' : 'sobre la meta'} (p95 ≤ ${s.goal} ms)  [${codes}${result.errors ? `, ${result.errors} errores` : ''}]`;
    console.log(`\n${line}`);
    results.push(line);
  }
  await pool?.end();
  const burstName = 'Ventas simultáneas de una clienta';
  if (only(burstName)) {
    const line = await customerBurst({
      name: burstName,
      base: loadBase,
      headers,
      seconds: DURATION,
      connections: CONNECTIONS,
      reads: (n) =>
        n % 2
          ? `/v1/diary?branchId=${busy.branch_id}&date=${busy.date}`
          : `/v1/customer?page=1&take=10&search=${customerSearches[n % customerSearches.length]}`,
      sales: burstSales({ runId, branchId: salesBranch, customerId: saleCustomers[0]?.id, product: saleProducts[0], pkg: salePackage }),
      prepare: async () => {
        const customerId = saleCustomers[0]?.id;
        if (!customerId || !saleProducts[0]) return false;
        await db.transaction((tx) =>
          putIntoLot(
            tx,
            null,
            { productId: saleProducts[0]!.id, branchId: salesBranch, allotment: 'BENCH-RAFAGA', expiresAt: '2099-12-31', price: null },
            100_000,
            { cause: 'adjustment_registration', note: BENCH_NOTE },
          ),
        );
        const adjusted = await fetch(`${loadBase}/v1/customer/${customerId}/points/adjust`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ points: 100_000, reason: 'Saldo para la prueba de rendimiento' }),
        });
        return adjusted.ok;
      },
    });
    console.log(`\n${line}`);
    results.push(line);
  }
  console.log(
    `\nResumen (${kind}, escala ${scale.name}, ${CONNECTIONS} conexiones, ${DURATION} s por escenario tras ${WARMUP} s de calentamiento; SQL = mediana de la misma secuencia de consultas ejecutada directamente):`,
  );
  for (const r of results) console.log('  ' + r);
  // keep-alive sockets of the load generator can hold close() up: give it a few seconds, then leave
  server?.stop();
  await Promise.race([app.close().then(() => database.close()), new Promise((r) => setTimeout(r, 5000))]);
  process.exit(0);
}

/** The i-th sale of a burst of one customer: the clinic's product and package in turn, every third paying 10 points. */
/**
 * Issue 29's goals, per report: its rows over a year of the chain (its widest period: a month for a month report)
 * under 300 ms, one branch-month under 100 ms, the year's Excel file under 3 s.
 */
function reportScenarios(branchId: string) {
  const year = TODAY.slice(0, 4);
  const month = TODAY.slice(0, 7);
  const lastYear = `${Number(year) - 1}${TODAY.slice(4)}`;
  const query = (meta: ReportMeta, span: 'year' | 'month') => {
    const f = meta.filters;
    if (f.includes('dates')) return span === 'year' ? `startDate=${lastYear}&endDate=${TODAY}` : `startDate=${month}-01&endDate=${TODAY}`;
    if (f.includes('month') && (span === 'month' || !f.includes('year'))) return `month=${month}`;
    return `year=${year}`;
  };
  return Object.values(REPORTS).flatMap((meta) => [
    {
      name: `Reporte ${meta.title}: la cadena, un año`,
      method: 'GET' as const,
      goal: 300,
      // as the hub asks: a line report answers its first page of 20 (and the count and totals of every row)
      request: () => ({ path: `/v1/report/${meta.name}?${query(meta, 'year')}&take=20` }),
    },
    {
      name: `Reporte ${meta.title}: una sucursal, un mes`,
      method: 'GET' as const,
      goal: 100,
      request: () => ({ path: `/v1/report/${meta.name}?${query(meta, 'month')}${meta.filters.includes('branch') ? `&branchId=${branchId}` : ''}&take=20` }),
    },
    {
      name: `Reporte ${meta.title}: Excel de la cadena, un año`,
      method: 'GET' as const,
      goal: 3000,
      // the goal is one file's time: one download at a time, long enough for the largest (hundreds of thousands of rows)
      alone: { seconds: 30 },
      request: () => ({ path: `/v1/report/${meta.name}?${query(meta, 'year')}&format=xlsx` }),
    },
  ]);
}

function burstSales(o: {
  runId: string;
  branchId: string;
  customerId?: string;
  product?: { id: string; price: string };
  pkg?: { id: string; price: string };
}): (n: number) => { path: string; body: string; key: string } {
  return (n) => {
    const points = n % 3 === 0 ? 10 : 0;
    const asPackage = n % 2 === 1 && o.pkg;
    const price = Number(asPackage ? o.pkg!.price : (o.product?.price ?? 0));
    const items = asPackage ? [{ packageId: o.pkg!.id, quantity: 1 }] : [{ productId: o.product?.id, quantity: 1 }];
    return {
      path: asPackage ? '/v1/order/create' : '/v1/cash-order/create',
      key: `rafaga-${o.runId}-${n}`,
      body: JSON.stringify({
        channel: 'pos',
        branchId: o.branchId,
        customerId: o.customerId,
        points,
        items,
        payments: [{ method: 'Efectivo', amount: price - points, currency: 'MXN' }],
      }),
    };
  };
}

/**
 * Issue 28's scenario: bursts of 16 parallel sales of one customer (each its own Idempotency-Key, with and without
 * points) while other users read the agenda and the customers. Measures the reads alone, then the same reads during the
 * bursts; the goal is every sale sold (201) and the others' p95 within twice its value alone.
 */
async function customerBurst(o: {
  name: string;
  base: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  reads: (n: number) => string;
  sales: (n: number) => { path: string; body: string; key: string };
  prepare: () => Promise<boolean>;
}): Promise<string> {
  if (!(await o.prepare())) return `${o.name.padEnd(44)} omitido: sin clienta o producto para vender`;
  let n = 0;
  const readLoad = (seconds: number) =>
    new Promise<number[]>((resolve) => {
      const latencies: number[] = [];
      const instance = autocannon(
        {
          url: o.base,
          connections: Math.max(1, o.connections - 4),
          timeout: 30,
          duration: seconds,
          headers: o.headers,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, method: 'GET', path: o.reads(++n), headers: o.headers }) }],
        },
        () => resolve(latencies.sort((a, b) => a - b)),
      );
      instance.on('response', (_c, _status, _bytes, ms) => latencies.push(ms));
    });
  await readLoad(WARMUP);
  const alone = await readLoad(o.seconds);
  const saleTimes: number[] = [];
  const codes = new Map<number, number>();
  let bursts = 0;
  let saleN = 0;
  let stop = false;
  const burstsDone = (async () => {
    while (!stop) {
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          const sale = o.sales(++saleN);
          const t0 = performance.now();
          const res = await fetch(o.base + sale.path, { method: 'POST', headers: { ...o.headers, 'idempotency-key': sale.key }, body: sale.body });
          await res.arrayBuffer();
          saleTimes.push(performance.now() - t0);
          codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
        }),
      );
      bursts++;
    }
  })();
  const during = await readLoad(o.seconds);
  stop = true;
  await burstsDone;
  saleTimes.sort((a, b) => a - b);
  const [aloneP95, duringP95] = [quantile(alone, 0.95), quantile(during, 0.95)];
  const ratio = duringP95 / aloneP95;
  const allSold = [...codes.keys()].every((c) => c === 201);
  const codeText = [...codes].map(([c, k]) => `${c}×${k}`).join(' ');
  return `${o.name.padEnd(44)} ${bursts} ráfagas de 16: venta p50 ${ms(quantile(saleTimes, 0.5))}  p95 ${ms(quantile(saleTimes, 0.95))} ms [${codeText}]; lecturas de otros p95 ${ms(aloneP95)} → ${ms(duringP95)} ms (${ratio.toFixed(2)}×)  ${allSold && ratio <= 2 ? 'OK' : 'sobre la meta'} (todas 201, ≤ 2×)`;
}

/**
 * Today's sales at the X report's clinic, up to its usual day (`sales`, its count on the data's last day): product sales
 * in cash through the sale service, from a lot of their own; a run that finds them there already adds none.
 */
async function fillClosingDay(db: Database['db'], clinic: { branch_id: string; sales: number }, product: { id: string; price: string }, today: string) {
  const [made] = (
    await db.execute(sql`select count(distinct order_id)::int as n from sale_payments where branch_id = ${clinic.branch_id} and business_date = ${today}::date`)
  ).rows as { n: number }[];
  const missing = clinic.sales - (made?.n ?? 0);
  if (missing <= 0) return;
  const t0 = Date.now();
  const ctx = { db } as Pick<AppContext, 'db'> as AppContext;
  const admin = await actorOfUsername(db, 'admin@demo.mx');
  await db.transaction((tx) =>
    putIntoLot(tx, null, { productId: product.id, branchId: clinic.branch_id, allotment: 'BENCH-CORTE', expiresAt: '2099-12-31', price: null }, missing, {
      cause: 'adjustment_registration',
      note: BENCH_NOTE,
    }),
  );
  for (let i = 0; i < missing; i++)
    await salesServices.createSale(
      ctx,
      admin,
      'cashOrder',
      {
        channel: 'pos',
        branchId: clinic.branch_id,
        items: [{ productId: product.id, quantity: 1 }],
        payments: [{ method: 'Efectivo', amount: Number(product.price) + 50, currency: 'MXN' }],
      } as CashSaleInput,
      `bc-${today}-${clinic.branch_id}-${i + (made?.n ?? 0)}`,
    );
  console.log(`${missing} ventas de hoy en la clínica del corte X (su día habitual): ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/** `src/server/main.ts` on a free port, with this run's database and token secret; resolves once it answers /v1/health. */
async function startServerProcess(jwtSecret: string): Promise<{ url: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probeServer = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probeServer.address() as AddressInfo;
      probeServer.close(() => resolve(free));
    });
  });
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), JWT_SECRET: jwtSecret, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar (código ${child.exitCode})`);
    const up = await fetch(`${url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('El servidor no respondió en 60 s');
}

main().catch((err) => {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  console.error(`Falló la prueba de rendimiento: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
  process.exit(1);
});

import { sql, type SQL } from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates';
import { ROLE_NAMES } from '../../../domain/roles';
import type { Db } from '../client';
import { branchSchedules, branches, cabinSchedules, cabins, users } from '../schema';
import { DEMO_SCHEDULE, FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './data';
import { demoId } from './random';
import { rebuildReportSummaries } from '../../modules/reports';
import { seedDemo } from './seed';
import { seedLargeInventory, type InventoryScale } from './large-inventory';
import { seedLargeSales } from './large-sales';
import { syncAppointmentNumbers } from '../sequences';

/**
 * Volume data on top of the normal demo (`npm run seed -- --scale large`): more clinics with their cabins,
 * staff, customers, purchased treatments, locks and appointments over three years that end two weeks
 * after the day of the load. Everything past the clinics is made by set-based SQL (INSERT … SELECT over
 * generate_series) with values drawn from hashtext() of the row's coordinates, so the same day of load
 * gives the same rows. Appointments start on the hour and last 30 or 60 minutes: one per cabin and hour
 * at most, so no two of them can overlap and the exclusion constraint never fires; the patients of one
 * clinic's hour are all different, so the patient's exclusion constraint never fires either.
 */

/** How much to load: `npm run seed -- --scale medium|large`. */
export interface Scale {
  name: string;
  /** New clinics besides the demo's six (at most NEW_BRANCHES.length). */
  branches: number;
  /** Cabins of each new clinic (repeated cyclically). */
  cabins: number[];
  /** Total customers and appointments in the database after the load (demo ones included). */
  customers: number;
  appointments: number;
  /** The year of inventory (src/server/db/demo/large-inventory.ts): orders and stock movements at least. */
  inventory: InventoryScale;
  /** Sales over the three years (src/server/db/demo/large-sales.ts), with their payments, refunds and closings. */
  sales: number;
}

export const SCALES: Record<string, Scale> = {
  large: {
    name: 'large',
    branches: 14,
    cabins: [20, 20, 20, 20, 20, 20, 20, 20, 20, 19, 19, 19, 19, 19],
    customers: 200_000,
    appointments: 2_000_000,
    inventory: { orders: 5_000, movements: 500_000 },
    sales: 2_000_000,
  },
  medium: { name: 'medium', branches: 5, cabins: [6], customers: 20_000, appointments: 200_000, inventory: { orders: 500, movements: 50_000 }, sales: 200_000 },
};

const NEW_BRANCHES = [
  { key: 'puebla', name: 'Puebla Angelópolis', city: 'Puebla', state: 'Puebla', zone: 'Centro', tz: 'America/Mexico_City', area: '222' },
  { key: 'queretaro', name: 'Querétaro Juriquilla', city: 'Querétaro', state: 'Querétaro', zone: 'Centro', tz: 'America/Mexico_City', area: '442' },
  { key: 'leon', name: 'León Campestre', city: 'León', state: 'Guanajuato', zone: 'Centro', tz: 'America/Mexico_City', area: '477' },
  { key: 'merida', name: 'Mérida Altabrisa', city: 'Mérida', state: 'Yucatán', zone: 'Sureste', tz: 'America/Merida', area: '999' },
  { key: 'cancun', name: 'Cancún Malecón', city: 'Cancún', state: 'Quintana Roo', zone: 'Sureste', tz: 'America/Cancun', area: '998' },
  { key: 'hermosillo', name: 'Hermosillo Pitic', city: 'Hermosillo', state: 'Sonora', zone: 'Noroeste', tz: 'America/Hermosillo', area: '662' },
  { key: 'culiacan', name: 'Culiacán Tres Ríos', city: 'Culiacán', state: 'Sinaloa', zone: 'Pacifico', tz: 'America/Mazatlan', area: '667' },
  { key: 'chihuahua', name: 'Chihuahua Distrito 1', city: 'Chihuahua', state: 'Chihuahua', zone: 'Noroeste', tz: 'America/Chihuahua', area: '614' },
  { key: 'saltillo', name: 'Saltillo Los Pinos', city: 'Saltillo', state: 'Coahuila', zone: 'Centro', tz: 'America/Monterrey', area: '844' },
  {
    key: 'aguascalientes',
    name: 'Aguascalientes Norte',
    city: 'Aguascalientes',
    state: 'Aguascalientes',
    zone: 'Centro',
    tz: 'America/Mexico_City',
    area: '449',
  },
  { key: 'morelia', name: 'Morelia Altozano', city: 'Morelia', state: 'Michoacán', zone: 'Centro', tz: 'America/Mexico_City', area: '443' },
  { key: 'sanluis', name: 'San Luis Potosí Lomas', city: 'San Luis Potosí', state: 'San Luis Potosí', zone: 'Centro', tz: 'America/Mexico_City', area: '444' },
  { key: 'veracruz', name: 'Veracruz Boca del Río', city: 'Boca del Río', state: 'Veracruz', zone: 'Sureste', tz: 'America/Mexico_City', area: '229' },
  { key: 'mazatlan', name: 'Mazatlán Marina', city: 'Mazatlán', state: 'Sinaloa', zone: 'Pacifico', tz: 'America/Mazatlan', area: '669' },
] as const;

/** Cabin types of demo/catalogue-branches.ts, in the order a big clinic adds them. */
const LAYOUT = ['medica', 'laser', 'facial', 'valoracion', 'facial', 'laser', 'medica', 'laser', 'facial', 'medica'] as const;
const SHORT: Record<(typeof LAYOUT)[number], string> = { medica: 'Médica', laser: 'Láser', facial: 'Facial', valoracion: 'Valoración' };
const DESCRIPTIONS: Record<(typeof LAYOUT)[number], string> = {
  medica: 'Camilla eléctrica, lámpara de exploración y carro de curaciones',
  laser: 'Equipo de depilación láser de diodo con sistema de enfriamiento',
  facial: 'Camilla facial, vaporizador y lupa con luz fría',
  valoracion: 'Escritorio, báscula y cámara para fotografía clínica',
};

/** A valid version-4 UUID from any text, in SQL (zod's uuid() checks the version and variant nibbles). */
const lid = (text: SQL) => sql`(overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17))::uuid`;
/** A uniform number in [0, 1) from the hash of a text, in SQL. */
const u = (text: SQL) => sql`((hashtext(${text})::bigint + 2147483648) / 4294967296.0)`;
const textArray = (items: readonly string[]) => sql.raw(`(ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[])`);

type Log = (message: string) => void;

/** The calendar day (YYYY-MM-DD) now in a time zone. */
export const todayIn = (timeZone: string) => dateInZone(timeZone);

async function timed(log: Log, label: string, run: () => Promise<unknown>) {
  const t0 = Date.now();
  await run();
  log(`  ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const count = async (db: Db, query: SQL) => Number(((await db.execute(query)).rows[0] as { n: string | number }).n);

/** Clinics, schedules, cabins and staff of the new branches: a few hundred rows, inserted from JS. */
async function seedClinics(db: Db, scale: Scale) {
  const list = NEW_BRANCHES.slice(0, scale.branches);
  const [admin] = (await db.execute(sql`select password_hash, pin_hash from users where username = 'admin@demo.mx'`)).rows as {
    password_hash: string;
    pin_hash: string | null;
  }[];
  const cabinRows: { k: number; id: string; branchK: number; type: string }[] = [];
  const staff: { branchK: number; kind: 'manager' | 'medic' | 'cosmetologist'; j: number; id: string }[] = [];
  for (const [k, b] of list.entries()) {
    const branchId = demoId('branch:' + b.key);
    await db
      .insert(branches)
      .values({
        id: branchId,
        name: b.name,
        street: 'Av. Principal',
        extNumber: String(100 + k * 37),
        suburb: 'Centro',
        city: b.city,
        state: b.state,
        zipCode: String(20000 + k * 3011).padStart(5, '0'),
        phone: `${b.area}${String(3100000 + k).padStart(7, '0')}`,
        mobilePhone: `${b.area}${String(4100000 + k).padStart(7, '0')}`,
        code: b.key.toUpperCase().slice(0, 8) + '01',
        zone: b.zone,
        timeZone: b.tz,
        rfc: 'CEC190215CD2',
        businessName: 'Clínicas Estéticas del Centro S.A. de C.V.',
        description: `Clínica ${b.name}`,
      });
    await db.insert(branchSchedules).values(DEMO_SCHEDULE.map((s) => ({ branchId, ...s })));
    const n = scale.cabins[k % scale.cabins.length];
    const seen: Record<string, number> = {};
    const rows = [];
    for (let c = 0; c < n; c++) {
      const type = LAYOUT[c % LAYOUT.length];
      seen[type] = (seen[type] ?? 0) + 1;
      const id = demoId(`cabin:${b.key}:${c + 1}`);
      rows.push({ id, name: `${SHORT[type]} ${seen[type]}`, typeId: demoId('cabin-type:' + type), branchId, description: DESCRIPTIONS[type] });
      cabinRows.push({ k: cabinRows.length, id, branchK: k, type });
    }
    await db.insert(cabins).values(rows);
    // Monday to Friday 09:00–20:00, Saturday 09:00–15:00 (valuations closed), Sunday closed
    await db.insert(cabinSchedules).values(
      rows.flatMap((r) =>
        [0, 1, 2, 3, 4, 5, 6].map((day) => {
          const closed = day === 0 || (day === 6 && r.typeId === demoId('cabin-type:valoracion'));
          return { cabinId: r.id, day, opening: closed ? '00:00' : '09:00', closing: closed ? '00:00' : day === 6 ? '15:00' : '20:00' };
        }),
      ),
    );
    const people: { kind: 'manager' | 'medic' | 'cosmetologist'; role: string; j: number }[] = [
      { kind: 'manager', role: ROLE_NAMES.branchManager, j: 0 },
      { kind: 'medic', role: ROLE_NAMES.medic, j: 0 },
      { kind: 'medic', role: ROLE_NAMES.medic, j: 1 },
      { kind: 'cosmetologist', role: ROLE_NAMES.cosmetologist, j: 0 },
      { kind: 'cosmetologist', role: ROLE_NAMES.cosmetologist, j: 1 },
      { kind: 'cosmetologist', role: ROLE_NAMES.cosmetologist, j: 2 },
    ];
    await db.insert(users).values(
      people.map((p, i) => {
        const female = p.kind === 'cosmetologist' || (k + i) % 2 === 0;
        const names = female ? FIRST_NAMES_F : FIRST_NAMES_M;
        const name = names[(k * 7 + i * 3) % names.length];
        const lastName = LAST_NAMES[(k * 11 + i * 5) % LAST_NAMES.length];
        const username = `${p.kind === 'manager' ? 'gerente' : p.kind === 'medic' ? 'medico' : 'cosmetologa'}${p.j + 1}.${b.key}@demo.mx`;
        const id = demoId('user:' + username);
        staff.push({ branchK: k, kind: p.kind, j: p.j, id });
        return {
          id,
          name,
          lastName,
          motherLastName: LAST_NAMES[(k * 13 + i * 7 + 3) % LAST_NAMES.length],
          username,
          passwordHash: admin.password_hash,
          pinHash: admin.pin_hash,
          roleId: demoId('role:' + p.role),
          mainBranchId: branchId,
        };
      }),
    );
  }
  return { list, cabinRows, staff };
}

/**
 * Loads the demo data set, then the volume of `scale` on top. `today` (YYYY-MM-DD) splits past from
 * future appointments; the three years end two weeks after it.
 */
export async function seedLarge(db: Db, uploadsDir: string, scale: Scale, opts: { today: string; log?: Log }): Promise<void> {
  const log = opts.log ?? ((m: string) => console.log(m));
  await timed(log, 'datos de demostración', () => seedDemo(db, uploadsDir));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // rows are valid by construction: as a superuser, skip the per-row foreign key triggers (3–4× faster)
    const [role] = (await t.execute(sql`select rolsuper from pg_roles where rolname = current_user`)).rows as { rolsuper: boolean }[];
    if (role?.rolsuper) await t.execute(sql`set local session_replication_role = replica`);
    await fill(t, scale, opts.today, log);
    await syncAppointmentNumbers(t);
    await timed(log, 'inventario de un año', () => seedLargeInventory(t, scale.inventory, opts.today, log));
    await timed(log, 'ventas de tres años', () => seedLargeSales(t, scale.sales, opts.today, log));
    // the load skipped the triggers that write the reports' summaries
    await timed(log, 'resúmenes de los reportes', () => rebuildReportSummaries(t));
  });
  // as autovacuum would soon: statistics, and the visibility map that lets index-only scans skip the table
  await timed(log, 'VACUUM ANALYZE', () => db.execute(sql`vacuum analyze`));
}

async function fill(db: Db, scale: Scale, today: string, log: Log) {
  const { list, cabinRows, staff } = await seedClinics(db, scale);
  log(`  ${list.length} clínicas nuevas con ${cabinRows.length} cabinas`);
  const startDay = sql`(${today}::date + 14 - interval '3 years')::date`;
  const lastDay = sql`(${today}::date + 14)`;

  // working tables of this transaction: the new cabins, their staff and the treatments by type
  await db.execute(
    sql`create temp table l_cabin (k int primary key, cabin_id uuid, branch_id uuid, branch_k int, tt_id uuid, valuation bool, lunch bool, area text, n_cust int) on commit drop`,
  );
  await db.execute(sql`insert into l_cabin (k, cabin_id, branch_id, branch_k, valuation, lunch, area)
    select (r->>'k')::int, (r->>'id')::uuid, (r->>'branchId')::uuid, (r->>'branchK')::int, r->>'type' = 'valoracion', (r->>'k')::int % 3 = 0, r->>'area'
    from json_array_elements(${JSON.stringify(cabinRows.map((c) => ({ ...c, branchId: demoId('branch:' + list[c.branchK].key), area: list[c.branchK].area })))}::json) r`);
  await db.execute(sql`update l_cabin c set tt_id = ct.treatment_type_id from cabins cb join cabin_types ct on ct.id = cb.type_id where cb.id = c.cabin_id`);
  await db.execute(sql`create temp table l_branch on commit drop as select distinct branch_k, branch_id, area from l_cabin`);
  await db.execute(sql`alter table l_branch add primary key (branch_k)`);
  await db.execute(sql`create temp table l_staff (branch_k int, kind text, j int, user_id uuid, primary key (branch_k, kind, j)) on commit drop`);
  await db.execute(
    sql`insert into l_staff select (r->>'branchK')::int, r->>'kind', (r->>'j')::int, (r->>'id')::uuid from json_array_elements(${JSON.stringify(staff)}::json) r`,
  );
  await db.execute(sql`create temp table l_treat on commit drop as
    select t.treatment_type_id tt_id, (row_number() over (partition by t.treatment_type_id order by t.sku) - 1)::int k, t.id, t.duration_minutes, t.medical_fee,
      count(*) over (partition by t.treatment_type_id)::int n, tt.name = 'Medico' or tt.name = 'Valoracion' medical
    from treatments t join treatment_types tt on tt.id = t.treatment_type_id where t.deleted_at is null and t.active`);
  await db.execute(sql`alter table l_cabin add column n_treat int`);
  await db.execute(sql`update l_cabin c set n_treat = (select count(*) from l_treat tr where tr.tt_id = c.tt_id)`);

  // customers: registered in the new clinics in turn (customer i belongs to clinic i % branches)
  const existing = await count(db, sql`select count(*) n from customers`);
  const newCustomers = Math.max(0, scale.customers - existing);
  const firstNumber = (await count(db, sql`select coalesce(max(customer_number), 999) n from customers`)) + 1;
  const nb = list.length;
  await db.execute(sql`update l_cabin set n_cust = (${newCustomers} - 1 - branch_k) / ${nb} + 1`);
  await timed(log, `${newCustomers.toLocaleString('es-MX')} clientes`, async () => {
    await db.execute(sql`insert into customers (id, customer_number, name, last_name, mother_last_name, gender, birthday, mobile_phone, phone, email, marital_status,
        origin_country, is_tutor, active, black_list, cancellations, registry_branch_id, points, created_at, updated_at)
      select ${lid(sql`'large-customer:' || i`)}, ${firstNumber} + i, x.name, x.last_name, x.mother, x.gender,
        (date '1956-01-01' + (${u(sql`'bd' || i`)} * 18000)::int), x.area || lpad((1000000 + i)::text, 7, '0'),
        case when ${u(sql`'ph' || i`)} < 0.2 then x.area || lpad((2000000 + i)::text, 7, '0') end,
        case when ${u(sql`'em' || i`)} < 0.7 then immutable_unaccent(lower(x.name || '.' || x.last_name || '.' || i || '@correo.mx')) end,
        (array['Soltero','Casado','Casado','Divorciado','Viudo','Otro'])[1 + (${u(sql`'ms' || i`)} * 6)::int % 6], 'México', false,
        ${u(sql`'ac' || i`)} > 0.03, ${u(sql`'bl' || i`)} < 0.01, case when ${u(sql`'cn' || i`)} < 0.05 then 1 else 0 end,
        x.branch_id, (${u(sql`'pt' || i`)} * 800)::int, x.created, x.created
      from generate_series(0, ${newCustomers - 1}) i
      cross join lateral (
        select f, case when f then ${textArray(FIRST_NAMES_F)}[1 + (${u(sql`'fn' || i`)} * ${FIRST_NAMES_F.length})::int % ${FIRST_NAMES_F.length}]
                      else ${textArray(FIRST_NAMES_M)}[1 + (${u(sql`'fn' || i`)} * ${FIRST_NAMES_M.length})::int % ${FIRST_NAMES_M.length}] end name,
          ${textArray(LAST_NAMES)}[1 + (${u(sql`'ln' || i`)} * ${LAST_NAMES.length})::int % ${LAST_NAMES.length}] last_name,
          case when ${u(sql`'mn' || i`)} < 0.92 then ${textArray(LAST_NAMES)}[1 + (${u(sql`'mo' || i`)} * ${LAST_NAMES.length})::int % ${LAST_NAMES.length}] end mother,
          case when f then 'Femenino' else 'Masculino' end gender,
          (select branch_id from l_branch b where b.branch_k = i % ${nb}) branch_id,
          (select area from l_branch b where b.branch_k = i % ${nb}) area,
          (${startDay} - 30 + (${u(sql`'cr' || i`)} * (${today}::date - ${startDay} + 30))::int)::timestamp + time '17:00' created
        from (select ${u(sql`'g' || i`)} < 0.78 f) g
      ) x`);
    await db.execute(sql`select setval('customer_number_seq', (select max(customer_number) from customers))`);
  });

  // the candidate slots: each new cabin, each open day, each hour it is open, minus locks and holidays
  await db.execute(sql`create temp table l_slot on commit drop as
    select c.k, c.cabin_id, c.branch_id, c.branch_k, c.tt_id, c.n_cust, d::date as day, h,
      floor(${u(sql`'tr' || c.k || ':' || d::date || ':' || h`)} * c.n_treat)::int tk,
      ${u(sql`'a' || c.k || ':' || d::date || ':' || h`)} ua, ${u(sql`'lk' || c.k || ':' || d::date || ':' || h`)} ul
    from l_cabin c
    cross join generate_series(${startDay}, ${lastDay}, interval '1 day') d
    cross join generate_series(9, 19) h
    where extract(dow from d) <> 0
      and (extract(dow from d) <> 6 or (h <= 14 and not c.valuation))
      and to_char(d, 'MM-DD') not in ('01-01', '12-25')
      and not (c.lunch and h = 14 and extract(dow from d) between 1 and 5)`);
  const candidates = await count(db, sql`select count(*) n from l_slot where ul >= 0.004`);
  const existingAppointments = await count(db, sql`select count(*) n from appointments`);
  const wanted = Math.max(0, scale.appointments - existingAppointments);
  const p = Math.min(1, wanted / Math.max(1, candidates));
  log(`  ${candidates.toLocaleString('es-MX')} horas libres en las cabinas nuevas; ocupación ${(p * 100).toFixed(1)} %`);

  await timed(log, 'bloqueos', async () => {
    // one-off hour locks on a few slots (no appointment is placed there), lunch hours and holidays
    await db.execute(sql`insert into locks (id, branch_id, cabin_id, type, reason, reason_description, time, date, days, recurrent, user_id, created_at, updated_at)
      select ${lid(sql`'large-lock:' || s.k || ':' || s.day || ':' || s.h`)}, s.branch_id, s.cabin_id, 'hour',
        (array['capacitación','licencia','incapacidad','comida gerencia'])[1 + (s.ul * 1000)::int % 4], null,
        array[lpad(s.h::text, 2, '0') || ':00', lpad(s.h::text, 2, '0') || ':30'], s.day, '{}', false, st.user_id,
        s.day - 3 + time '16:00', s.day - 3 + time '16:00'
      from l_slot s join l_staff st on st.branch_k = s.branch_k and st.kind = 'manager' where s.ul < 0.004`);
    await db.execute(sql`insert into locks (id, branch_id, cabin_id, type, reason, time, date, days, recurrent, user_id, created_at, updated_at)
      select ${lid(sql`'large-lunch:' || c.k`)}, c.branch_id, c.cabin_id, 'hours_range', 'comida', array['14:00','15:00'], ${startDay}, '{1,2,3,4,5}', false, st.user_id,
        ${startDay} - 7 + time '16:00', ${startDay} - 7 + time '16:00'
      from l_cabin c join l_staff st on st.branch_k = c.branch_k and st.kind = 'manager' where c.lunch`);
    await db.execute(sql`insert into locks (id, branch_id, type, reason, reason_description, date, recurrent, user_id, created_at, updated_at)
      select ${lid(sql`'large-holiday:' || b.branch_k || ':' || d::date`)}, b.branch_id, 'day', 'otro', 'Día festivo', d::date, false, st.user_id, d - interval '20 days', d - interval '20 days'
      from (select distinct branch_k, branch_id from l_cabin) b
      join l_staff st on st.branch_k = b.branch_k and st.kind = 'manager'
      cross join generate_series(${startDay}, ${lastDay}, interval '1 day') d
      where to_char(d, 'MM-DD') in ('01-01', '12-25')`);
  });

  // the appointments to be, with every value decided; numbered in calendar order after the demo's
  await timed(log, 'plan de citas', async () => {
    const firstAppointment = await count(
      db,
      sql`select coalesce(max(substring(appointment_number from 6)::int), 0) + 1 n from appointments where appointment_number ~ '^CITA-[0-9]+$'`,
    );
    await db.execute(sql`create temp table l_appt on commit drop as
      select s.*, tr.id treatment_id, tr.medical medical, tr.medical_fee,
        case when tr.duration_minutes <= 30 then 30 else 60 end term,
        ${firstAppointment} - 1 + row_number() over (order by s.day, s.h, s.k) num,
        -- the patients of one clinic's hour are all different (appointments_customer_no_overlap): a drawn first
        -- patient, then the hour's other cabins in order, a 32nd of the clinic's customers apart
        ((floor(${u(sql`'cu' || s.branch_k || ':' || s.day || ':' || s.h`)} * s.n_cust)::int
          + (row_number() over (partition by s.branch_k, s.day, s.h order by s.k) - 1)::int * greatest(1, s.n_cust / 32)) % s.n_cust) * ${nb} + s.branch_k cust,
        ${u(sql`'st' || s.k || ':' || s.day || ':' || s.h`)} us,
        ${u(sql`'op' || s.k || ':' || s.day || ':' || s.h`)} uo
      from l_slot s
      join l_treat tr on tr.tt_id = s.tt_id and tr.k = s.tk
      where s.ul >= 0.004 and s.ua < ${p}`);
    await db.execute(
      sql`alter table l_appt add column status text, add column option text, add column customer_id uuid, add column pp_id uuid, add column attended_id uuid, add column manager_id uuid`,
    );
    await db.execute(sql`update l_appt set
      customer_id = ${lid(sql`'large-customer:' || cust`)},
      status = case when day < ${today}::date then (case when us < 0.86 then 'finished' when us < 0.93 then 'cancelled' else 'absence' end)
                    else (case when us < 0.04 then 'cancelled' else 'scheduled' end) end,
      option = case when not medical and uo < 0.55 then 'purchasedProducts' when medical and uo < 0.3 then 'purchasedProducts' else 'newTreatments' end`);
    await db.execute(sql`update l_appt set pp_id = ${lid(sql`'large-pp:' || cust || ':' || treatment_id`)} where option = 'purchasedProducts'`);
    await db.execute(sql`update l_appt a set manager_id = st.user_id from l_staff st where st.branch_k = a.branch_k and st.kind = 'manager'`);
    await db.execute(sql`update l_appt a set attended_id = st.user_id from l_staff st where a.status = 'finished' and st.branch_k = a.branch_k
      and st.kind = case when a.medical then 'medic' else 'cosmetologist' end and st.j = floor(a.uo * 600)::int % (case when a.medical then 2 else 3 end)`);
  });

  await timed(log, 'tratamientos adquiridos', () =>
    db.execute(sql`insert into purchased_products (id, customer_id, branch_id, treatment_id, sessions, current_session, status, consent, created_at, updated_at)
      select pp_id, min(customer_id::text)::uuid, min(branch_id::text)::uuid, min(treatment_id::text)::uuid,
        count(*) + 1 + (abs(hashtext(pp_id::text)) % 3), count(*) filter (where status = 'finished'),
        case when max(day) < ${today}::date - 400 then 'expired' else 'onProcess' end, true,
        min(day) - 5 + time '18:00', max(day) + time '18:00'
      from l_appt where pp_id is not null group by pp_id`),
  );

  const total = await count(db, sql`select count(*) n from l_appt`);
  const years = (await db.execute(sql`select distinct extract(year from day)::int y from l_appt order by 1`)).rows as { y: number }[];
  const t0 = Date.now();
  for (const { y } of years) {
    for (const half of [0, 1]) {
      await db.execute(sql`insert into appointments (id, appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, treatment_id,
          purchased_product_id, date, start_time, end_time, term, appointment_method, appointment_option, sessions, treatments_ids, confirm_method,
          attended_by_id, user_id, consent, medical_fee, finished_at, created_at, updated_at)
        select ${lid(sql`'large-appointment:' || a.num`)}, 'CITA-' || lpad(a.num::text, 7, '0'), a.status, a.branch_id, a.cabin_id, a.customer_id, a.tt_id, a.treatment_id,
          a.pp_id, a.day, make_time(a.h, 0, 0), make_time(a.h, 0, 0) + make_interval(mins => a.term), a.term,
          (array['inPerson','phoneCall','phoneCall','socialNetworks','app','ecommerce','inPerson'])[1 + (a.uo * 7000)::int % 7], a.option, 1,
          array[a.treatment_id],
          case when a.status in ('finished', 'absence') or (a.status = 'scheduled' and a.day <= ${today}::date + 2) then
            case when a.us * 1000 % 1 < 0.7 then (array['si','whatsapp','whatsapp','email','app','buzón'])[1 + (a.uo * 6000)::int % 6] end end,
          a.attended_id, a.manager_id,
          a.status = 'finished',
          case when a.status = 'finished' then a.medical_fee end,
          case when a.status = 'finished' then a.day + make_time(a.h, 0, 0) + make_interval(mins => a.term) + interval '7 hours' end,
          a.day - ((a.us * 29000)::int % 29 + 1) + time '17:30',
          case when a.status = 'finished' then a.day + make_time(a.h, 0, 0) + make_interval(mins => a.term) + interval '7 hours'
               else a.day - ((a.us * 29000)::int % 29 + 1) + time '17:30' end
        from l_appt a where extract(year from a.day) = ${y} and (extract(month from a.day) > 6) = ${half === 1}`);
      log(`  citas ${half ? 'jul–dic' : 'ene–jun'} ${y} (de ${total.toLocaleString('es-MX')} en total): ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  await timed(log, 'cancelaciones', () =>
    db.execute(sql`insert into appointment_cancellations (id, appointment_id, customer_id, type, cancellation_reason, comment, customer_cancellation, user_id, created_at, updated_at)
      select ${lid(sql`'large-cancellation:' || a.num`)}, ${lid(sql`'large-appointment:' || a.num`)}, a.customer_id, 'cancellation',
        (array['Traffic','Desease','Work','Unspecified','Other'])[1 + (a.uo * 5000)::int % 5],
        case when (a.uo * 5000)::int % 5 = 4 then 'Prefiere otro horario' end, a.uo < 0.8,
        a.manager_id,
        a.day - 1 + time '18:00', a.day - 1 + time '18:00'
      from l_appt a where a.status = 'cancelled'`),
  );
}

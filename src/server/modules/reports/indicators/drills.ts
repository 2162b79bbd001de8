import { sql, type SQL } from 'drizzle-orm';
import { appointmentStatusLabels, type AppointmentStatus } from '../../../../domain/agenda';
import type { IndicatorName } from '../../../../domain/indicators';
import { cents, fromCents, sumCents, toCents } from '../../../../domain/money';
import { round2, type ReportColumn } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { ReportScope } from '../definition';
import { appointmentsOfPeriod } from '../definitions/appointments';
import { branchIs, pesosOfText, rowsOf } from '../definitions/money-rows';
import { branchNames } from '../definitions/names';
import { occupation } from '../definitions/occupation';
import { incomeByBranchMonth } from '../definitions/sales';
import { monthsOf, type ReportPeriod } from '../period';
import { emptyParts, expiringLots, paidSales, rebookedNext, retentionCohort, type IndicatorParts } from './parts';

const text = (key: string, label: string): ReportColumn => ({ key, label, type: 'text' });
const day = (key: string, label: string): ReportColumn => ({ key, label, type: 'date' });
const count = (key: string, label: string): ReportColumn => ({ key, label, type: 'number', sums: true });
const money = (key: string, label: string, sums = true): ReportColumn => ({ key, label, type: 'money', sums });
const CUSTOMER = sql`trim(concat_ws(' ', cu.name, cu.last_name, cu.mother_last_name))`;

/** An appointment's cells in the drills that list appointments (a: the appointment, b: its branch, cu: its customer). */
const APPOINTMENT = {
  fields: sql`a.appointment_number, b.name as branch, a.date::text as date, to_char(a.start_time, 'HH24:MI') as time, ${CUSTOMER} as customer`,
  from: sql`appointments a join branches b on b.id = a.branch_id join customers cu on cu.id = a.customer_id`,
  order: sql`a.date, a.start_time, b.name, a.appointment_number`,
  columns: [text('appointmentNumber', 'Cita'), text('branch', 'Sucursal'), day('date', 'Fecha'), text('time', 'Hora'), text('customer', 'Cliente')],
  cells: (r: AppointmentRow) => ({ appointmentNumber: r.appointment_number, branch: r.branch, date: r.date, time: r.time, customer: r.customer }),
};
interface AppointmentRow {
  appointment_number: string;
  branch: string;
  date: string;
  time: string;
  customer: string;
}

/** The rows behind a figure, and the parts they add up to (the figure is its formula over these). */
export interface IndicatorDrill {
  columns: ReportColumn[];
  rows: ReportRow[];
  parts: IndicatorParts;
}

type Drill = (scope: ReportScope) => Promise<IndicatorDrill>;
const run = async <T>(scope: ReportScope, q: SQL) => rowsOf<T>(await scope.db.execute(q));

/** Each finished appointment of the period, whether its customer booked the next one that day (and which). */
const rebooking: Drill = async (scope) => {
  const rows = await run<AppointmentRow & { next: string | null }>(
    scope,
    sql`select ${APPOINTMENT.fields}, (select n.appointment_number || ' · ' || to_char(n.date, 'DD/MM/YYYY') from (${rebookedNext('a', 'b')}) n) as next
      from ${APPOINTMENT.from} where ${appointmentsOfPeriod(scope)} and a.status = 'finished' order by ${APPOINTMENT.order}`,
  );
  return {
    columns: [
      ...APPOINTMENT.columns,
      text('nextAppointment', 'Siguiente cita agendada ese día'),
      count('finished', 'Terminadas'),
      count('rebooked', 'Reagendadas'),
    ],
    rows: rows.map((r) => ({ ...APPOINTMENT.cells(r), nextAppointment: r.next ?? 'No', finished: 1, rebooked: r.next ? 1 : 0 })),
    parts: { ...emptyParts(), finished: rows.length, rebooked: rows.filter((r) => r.next).length },
  };
};

/** Each customer of the cohort: their first finished visit of the period and their first return within 90 days. */
const retention90: Drill = async (scope) => {
  const rows = await run<{ appointment_number: string; branch: string; customer: string; date: string; returned: string | null }>(
    scope,
    sql`select c.appointment_number, b.name as branch, ${CUSTOMER} as customer, c.date::text as date, c.returned::text as returned
      from (${retentionCohort(scope.period)}) c join branches b on b.id = c.branch_id join customers cu on cu.id = c.customer_id
      where ${branchIs(sql`c.branch_id`, scope.branchId)} order by c.date, b.name, customer, c.appointment_number`,
  );
  return {
    columns: [
      text('customer', 'Cliente'),
      text('branch', 'Sucursal'),
      text('appointmentNumber', 'Primera cita del periodo'),
      day('date', 'Fecha'),
      day('returned', 'Regresó el'),
      count('customers', 'Clientes'),
      count('retained', 'Retenidos'),
    ],
    rows: rows.map((r) => ({
      customer: r.customer,
      branch: r.branch,
      appointmentNumber: r.appointment_number,
      date: r.date,
      returned: r.returned,
      customers: 1,
      retained: r.returned ? 1 : 0,
    })),
    parts: { ...emptyParts(), cohort: rows.length, retained: rows.filter((r) => r.returned).length },
  };
};

/** Each paid sale of the period not refunded, with its total. */
const averageTicket: Drill = async (scope) => {
  const rows = await run<{ order_number: string; kind: string; branch: string; date: string; customer: string | null; total: string }>(
    scope,
    sql`select s.order_number, s.kind, b.name as branch, s.business_date::text as date, ${CUSTOMER} as customer, s.total::text as total
      from ${paidSales(scope)} s join branches b on b.id = s.branch_id left join customers cu on cu.id = s.customer_id
      order by s.business_date, b.name, s.order_number`,
  );
  return {
    columns: [
      text('orderNumber', 'Venta'),
      text('kind', 'Tipo'),
      text('branch', 'Sucursal'),
      day('date', 'Fecha'),
      text('customer', 'Cliente'),
      count('sales', 'Ventas'),
      money('total', 'Total'),
    ],
    rows: rows.map((r) => ({
      orderNumber: r.order_number,
      kind: r.kind,
      branch: r.branch,
      date: r.date,
      customer: r.customer || 'Público general',
      sales: 1,
      total: pesosOfText(r.total),
    })),
    parts: { ...emptyParts(), sales: rows.length, salesTotal: sumCents(rows.map((r) => toCents(r.total))) },
  };
};

/** The days of `month` within the period. */
function monthWithin(period: ReportPeriod, month: string): ReportPeriod {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return { from: `${month}-01` < period.from ? period.from : `${month}-01`, to: last > period.to ? period.to : last };
}

/** Each branch-month: its cash-basis income and its cabins' open minutes (the occupation report's, month by month). */
const revenuePerCabinHour: Drill = async (scope) => {
  const months = monthsOf(scope.period);
  const [income, names, ...cabins] = await Promise.all([
    incomeByBranchMonth({ ...scope, basis: 'cash' }),
    branchNames(scope.db),
    ...months.map((m) => occupation.rows({ ...scope, period: monthWithin(scope.period, m) })),
  ]);
  const open = new Map<string, number>();
  months.forEach((m, i) => {
    for (const row of cabins[i]!.rows) {
      const key = `${String(row.branchId)}|${m}`;
      open.set(key, (open.get(key) ?? 0) + Number(row.openMinutes));
    }
  });
  const rows = [...new Set([...income.keys(), ...open.keys()])].map((key) => {
    const [branchId, month] = key.split('|') as [string, string];
    const minutes = open.get(key) ?? 0;
    return { branch: names.get(branchId) ?? '', month, income: fromCents(income.get(key) ?? cents(0)), openMinutes: minutes, openHours: round2(minutes / 60) };
  });
  rows.sort((a, b) => a.branch.localeCompare(b.branch) || a.month.localeCompare(b.month));
  return {
    columns: [
      text('branch', 'Sucursal'),
      text('month', 'Mes'),
      money('income', 'Ingresos (base de efectivo)'),
      count('openMinutes', 'Minutos de cabina abiertos'),
      { key: 'openHours', label: 'Horas de cabina abiertas', type: 'number' },
    ],
    rows,
    parts: { ...emptyParts(), income: sumCents(income.values()), openMinutes: rows.reduce((s, r) => s + r.openMinutes, 0) },
  };
};

/** Each appointment of the period that was finished or missed. */
const noShowRate: Drill = async (scope) => {
  const rows = await run<AppointmentRow & { status: AppointmentStatus }>(
    scope,
    sql`select ${APPOINTMENT.fields}, a.status from ${APPOINTMENT.from}
      where ${appointmentsOfPeriod(scope)} and a.status in ('finished', 'absence') order by ${APPOINTMENT.order}`,
  );
  return {
    columns: [...APPOINTMENT.columns, text('status', 'Estatus'), count('appointments', 'Citas'), count('absences', 'Inasistencias')],
    rows: rows.map((r) => ({
      ...APPOINTMENT.cells(r),
      status: appointmentStatusLabels[r.status] ?? r.status,
      appointments: 1,
      absences: r.status === 'absence' ? 1 : 0,
    })),
    parts: { ...emptyParts(), outcomes: rows.length, absences: rows.filter((r) => r.status === 'absence').length },
  };
};

/** Each lot that held units at the close of the period's last day and expires within 30 days of it. */
const expiringStock: Drill = async (scope) => {
  const rows = await run<{ branch: string; sku: string; product: string; allotment: string; expires_at: string; units: number; price: string; value: string }>(
    scope,
    sql`select b.name as branch, p.sku, p.name as product, l.allotment, l.expires_at::text as expires_at, l.units::int as units, l.price::text as price,
        (l.units * l.price)::text as value
      from (${expiringLots(scope.period, scope.branchId)}) l join branches b on b.id = l.branch_id join products p on p.id = l.product_id
      where l.units > 0 order by l.expires_at, b.name, p.name, l.allotment`,
  );
  return {
    columns: [
      text('branch', 'Sucursal'),
      text('sku', 'SKU'),
      text('product', 'Producto'),
      text('allotment', 'Lote'),
      day('expiresAt', 'Caducidad'),
      count('units', 'Piezas'),
      money('price', 'Precio unitario', false),
      money('value', 'Valor'),
    ],
    rows: rows.map((r) => ({
      branch: r.branch,
      sku: r.sku,
      product: r.product,
      allotment: r.allotment,
      expiresAt: r.expires_at,
      units: Number(r.units),
      price: pesosOfText(r.price),
      value: pesosOfText(r.value),
    })),
    parts: { ...emptyParts(), expiring: sumCents(rows.map((r) => toCents(r.value))) },
  };
};

export const DRILLS: Record<IndicatorName, Drill> = { rebooking, retention90, averageTicket, revenuePerCabinHour, noShowRate, expiringStock };

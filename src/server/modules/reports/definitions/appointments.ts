import { sql, type SQL } from 'drizzle-orm';
import {
  APPOINTMENT_METHODS,
  appointmentMethodLabels,
  appointmentStatusLabels,
  CONFIRM_METHODS,
  type AppointmentMethod,
  type AppointmentStatus,
} from '../../../../domain/agenda';
import { CONFIRMATION_OF_METHOD, confirmationLabel } from '../../../../domain/occupation';
import { CONFIRMATION_METHODS, CONFIRMING_METHODS, confirmationPercent, REPORTS, type ConfirmationMethod, type ReportColumn } from '../../../../domain/reports';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import { uuidKey } from './drill-key';
import { lineReport, readLines, type LineQuery } from './lines';
import { branchIs, rowsOf } from './money-rows';
import { cabinSummary } from './summary-rows';

/** The appointments of the period by their date (already the branch's own day), of the scope's branches, not deleted. */
export const appointmentsOfPeriod = (scope: Pick<ReportScope, 'period' | 'branchId'>, alias = 'a'): SQL =>
  sql`${sql.raw(alias)}.deleted_at is null and ${sql.raw(alias)}.date between ${scope.period.from}::date and ${scope.period.to}::date
    and ${branchIs(sql.raw(`${alias}.branch_id`), scope.branchId)}`;

/** The report's column of each channel (appointment_method). */
const CHANNEL_COLUMN: Record<AppointmentMethod, string> = {
  inPerson: 'inPerson',
  phoneCall: 'call',
  socialNetworks: 'socialMedia',
  app: 'app',
  ecommerce: 'ecommerce',
};

/** The summary's column of each channel and each confirm method (report_cabin_day, migration 0028). */
const SUMMARY_CHANNEL: Record<AppointmentMethod, string> = {
  inPerson: 'in_person',
  phoneCall: 'phone_call',
  socialNetworks: 'social_networks',
  app: 'app',
  ecommerce: 'ecommerce',
};
const SUMMARY_CONFIRM: Record<(typeof CONFIRM_METHODS)[number], string> = {
  si: 'confirm_si',
  no: 'confirm_no',
  whatsapp: 'confirm_whatsapp',
  buzón: 'confirm_buzon',
  email: 'confirm_email',
  app: 'confirm_app',
  ecommerce: 'confirm_ecommerce',
};

interface AppointmentLine {
  appointment_number: string;
  branch_id: string;
  branch: string;
  cabin: string;
  date: string;
  time: string;
  customer: string;
  treatment: string;
  method: AppointmentMethod;
  confirm_method: string | null;
  status: AppointmentStatus;
}

/**
 * The rows of scheduled-appointments: each appointment of the period with its cabin, patient, treatment (the
 * treatment, else the package, the promotion, the purchased treatment or the appointment's type), channel,
 * confirmation and status in Spanish. `only` keeps the ones a count's drill lists (not cancelled, confirmed).
 */
function appointmentLines(scope: Pick<ReportScope, 'period' | 'branchId'>, only?: SQL): LineQuery<AppointmentLine> {
  return {
    // the names not sorted on are scalar subqueries, read for the page's rows only; as ten joins the query took 45 ms
    // to plan (each statement is planned anew), six times its execution
    query: sql`select a.appointment_number, a.branch_id, b.name as branch, c.name as cabin, a.date::text as date,
        to_char(a.start_time, 'HH24:MI') as time,
        (select trim(concat_ws(' ', cu.name, cu.last_name, cu.mother_last_name)) from customers cu where cu.id = a.customer_id) as customer,
        coalesce((select t.name from treatments t where t.id = a.treatment_id), (select pk.name from packages pk where pk.id = a.package_id),
          (select pr.name from packages pr where pr.id = a.promo_id),
          (select ppt.name from purchased_products pp join treatments ppt on ppt.id = pp.treatment_id where pp.id = a.purchased_product_id),
          (select tt.name from treatment_types tt where tt.id = a.treatment_type_id)) as treatment,
        a.appointment_method as method, a.confirm_method, a.status
      from appointments a join branches b on b.id = a.branch_id join cabins c on c.id = a.cabin_id
      where ${appointmentsOfPeriod(scope)} and ${only ?? sql`true`}`,
    order: sql`order by a.date, a.start_time, b.name, c.name, a.appointment_number`,
    // the two joins are to rows the appointment must have: the count is the appointments', all of
    // them kept by the cabin-day summary (a year of the chain: 680,000 index entries or 60,000 summary rows)
    ...(only
      ? { counted: sql`select 1 from appointments a where ${appointmentsOfPeriod(scope)} and ${only}` }
      : { counted: sql`select s.appointments from ${cabinSummary(scope.period, scope.branchId)} s`, countedBy: 'appointments' }),
    map: (r) => ({
      appointmentNumber: r.appointment_number,
      branch: r.branch,
      branchId: r.branch_id,
      cabin: r.cabin,
      date: r.date,
      time: r.time,
      customer: r.customer,
      treatment: r.treatment,
      channel: appointmentMethodLabels[r.method] ?? r.method,
      confirmation: confirmationLabel(r.confirm_method),
      status: appointmentStatusLabels[r.status] ?? r.status,
    }),
  };
}

export const scheduledAppointments: ReportDefinition = lineReport(REPORTS['scheduled-appointments'], (scope) => appointmentLines(scope));

/** A count's drill: the appointments as scheduled-appointments shows them, each counting one (the totals row is the cell). */
const COUNTED_COLUMNS: ReportColumn[] = [...REPORTS['scheduled-appointments'].columns, { key: 'appointments', label: 'Citas', type: 'number', sums: true }];

/** The appointments behind a branch's count (key = branch id), with the same filters; another branch than the one asked: none. */
async function countedAppointments(scope: ReportScope, key: string, only: SQL) {
  const branchId = uuidKey(key);
  assertBranchAccess(scope.actor, branchId);
  if (scope.branchId && scope.branchId !== branchId) return { columns: COUNTED_COLUMNS, rows: [] };
  const rows = await readLines(scope.db, appointmentLines({ ...scope, branchId }, only));
  return { columns: COUNTED_COLUMNS, rows: rows.map((r) => ({ ...r, appointments: 1 })) };
}

/**
 * Appointments by channel: per branch, the appointments of the period that were not cancelled, by the channel they
 * were booked through (appointment_method); Atendidas = finished; Total = not cancelled (the channels add up to it).
 * The drill (key = branch id) lists those very appointments, as scheduled-appointments shows them.
 */
export const appointmentsByChannel: ReportDefinition = {
  meta: REPORTS.appointments,
  async rows(scope) {
    const rows = rowsOf<Record<string, string | number>>(
      await scope.db.execute(sql`select d.branch_id, b.name as branch,
          ${sql.join(
            APPOINTMENT_METHODS.map((m) => sql`sum(d.${sql.identifier(SUMMARY_CHANNEL[m])})::int as ${sql.identifier(CHANNEL_COLUMN[m])}`),
            sql`, `,
          )},
          sum(d.finished)::int as "fullOperation",
          sum(${sql.join(
            APPOINTMENT_METHODS.map((m) => sql`d.${sql.identifier(SUMMARY_CHANNEL[m])}`),
            sql` + `,
          )})::int as total
        from ${cabinSummary(scope.period, scope.branchId)} d join branches b on b.id = d.branch_id
        group by d.branch_id, b.name having sum(${sql.join(
          APPOINTMENT_METHODS.map((m) => sql`d.${sql.identifier(SUMMARY_CHANNEL[m])}`),
          sql` + `,
        )}) > 0 order by b.name`),
    );
    return { rows: rows.map(({ branch_id, ...r }) => ({ ...r, branchId: branch_id })) };
  },
  drill: (scope, key) => countedAppointments(scope, key, sql`a.status <> 'cancelled'`),
};

/** The confirm methods (as stored) that mean the patient confirmed: the confirmation report's Confirmadas. */
const CONFIRMING = CONFIRM_METHODS.filter((m) => CONFIRMING_METHODS.includes(CONFIRMATION_OF_METHOD[m]));

/**
 * Confirmation percentage: per branch, the appointments of the period (any status: a 'no' is often followed by a
 * cancellation) by the method their confirmation was recorded with (si → Sí, buzón → Buzón…); those without one
 * are not counted. Confirmed = the methods that mean the patient confirmed (CONFIRMING_METHODS); percentage =
 * confirmationPercent (section 9).
 */
export const confirmation: ReportDefinition = {
  meta: REPORTS.confirmation,
  async rows(scope) {
    const rows = rowsOf<{ branch_id: string; branch: string } & Record<string, number>>(
      await scope.db.execute(sql`select d.branch_id, b.name as branch,
          ${sql.join(
            CONFIRM_METHODS.map((m) => sql`sum(d.${sql.identifier(SUMMARY_CONFIRM[m])})::int as ${sql.identifier(CONFIRMATION_OF_METHOD[m])}`),
            sql`, `,
          )}
        from ${cabinSummary(scope.period, scope.branchId)} d join branches b on b.id = d.branch_id
        group by d.branch_id, b.name having sum(${sql.join(
          CONFIRM_METHODS.map((m) => sql`d.${sql.identifier(SUMMARY_CONFIRM[m])}`),
          sql` + `,
        )}) > 0 order by b.name`),
    );
    // the reminders (issue 30): sent, and confirmed through their links, of the period's appointments per branch
    const reminded = rowsOf<{ branch_id: string; branch: string; reminders: number; reminderConfirmed: number }>(
      await scope.db.execute(sql`select a.branch_id, b.name as branch, count(*) filter (where r.last_sent_at is not null)::int as reminders,
          count(*) filter (where r.confirmed_at is not null)::int as "reminderConfirmed"
        from appointment_reminders r join appointments a on a.id = r.appointment_id join branches b on b.id = a.branch_id
        where ${appointmentsOfPeriod(scope)} and (r.last_sent_at is not null or r.confirmed_at is not null)
        group by a.branch_id, b.name`),
    );
    const unlisted = reminded.filter((r) => !rows.some((x) => x.branch_id === r.branch_id));
    for (const row of rows) Object.assign(row, reminded.find((r) => r.branch_id === row.branch_id) ?? {});
    // a branch with reminders but no confirmation recorded yet shows too, in the branches' order
    if (unlisted.length) {
      rows.push(...(unlisted as unknown as typeof rows));
      rows.sort((x, y) => (x.branch < y.branch ? -1 : x.branch > y.branch ? 1 : 0));
    }
    const line = (counts: Record<ConfirmationMethod, number>, r: Record<string, unknown>) => {
      const confirmed = CONFIRMING_METHODS.reduce((sum, m) => sum + counts[m], 0);
      return {
        ...counts,
        confirmed,
        percentage: confirmationPercent(counts, confirmed),
        reminders: Number(r.reminders ?? 0),
        reminderConfirmed: Number(r.reminderConfirmed ?? 0),
      };
    };
    const countsOf = (r: Record<string, unknown>) =>
      Object.fromEntries(CONFIRMATION_METHODS.map((m) => [m, Number(r[m] ?? 0)])) as Record<ConfirmationMethod, number>;
    const all = Object.fromEntries(
      [...CONFIRMATION_METHODS, 'reminders', 'reminderConfirmed'].map((m) => [m, rows.reduce((sum, r) => sum + Number(r[m] ?? 0), 0)]),
    );
    return {
      rows: rows.map((r) => ({ branch: r.branch, branchId: r.branch_id, ...line(countsOf(r), r) })),
      // the chain's percentage is its own ratio, not a sum of the branches'
      totals: { branch: null, ...line(countsOf(all), all) },
    };
  },
  /** The branch's confirmed appointments (key = branch id): as many as its Confirmadas. */
  drill: (scope, key) =>
    countedAppointments(
      scope,
      key,
      sql`a.confirm_method in (${sql.join(
        CONFIRMING.map((m) => sql`${m}`),
        sql`, `,
      )})`,
    ),
};

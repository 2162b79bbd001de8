import { sql, type SQL } from 'drizzle-orm';
import { COMMISSION_TYPE_LABELS, type CommissionKind } from '../../../../domain/commissions.contract';
import { REPORTS, type ReportColumn } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import { assertBranchAccess, userCan } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import { isUuid, refuseKey } from './drill-key';
import { lineReport, readLines, type LineQuery } from './lines';
import { branchIs, idIs, pesosOfText, rowsOf } from './money-rows';
import { commissionSummary } from './summary-rows';

/**
 * The fee reports read the commission lines themselves (the `commissions` table the commission screens list): each
 * line on its business day, a refund's or seller change's reversal as its own negative line on the day it happened,
 * every type (Médico/Venta or Cosmetólogo/Venta, Uso Cabina, Insumo). So a general report's totals are the commission
 * screens' totals for the same days and branch, and an individual report's lines are that person's detail there.
 */

/** Whose lines and which branch: a reader of every report takes the scope's branch (their own when branch-bound) and
 * the user asked for; a medic or cosmetologist reads their own lines at any branch (a branch asked for was checked). */
function whose(scope: ReportScope, only?: { userId: string; branchId: string }): { branchId?: string; userId?: string } {
  // reports.view, as the service's rule (imported from it would be a cycle)
  const every = userCan(scope.actor, 'reports', 'view');
  return { branchId: only?.branchId ?? (every ? scope.branchId : scope.query.branchId), userId: only?.userId ?? scope.userId };
}

function lineFilter(scope: ReportScope, kind: CommissionKind, only?: { userId: string; branchId: string }): SQL {
  const { branchId, userId } = whose(scope, only);
  return sql`c.deleted_at is null and c.kind = ${kind}
    and c.business_date between ${scope.period.from}::date and ${scope.period.to}::date
    and ${branchIs(sql`c.branch_id`, branchId)} and ${idIs(sql`c.user_id`, userId)}`;
}

/**
 * The same lines as `lineFilter` picks, added up by person and branch-day (or month) in the fee summary (migration
 * 0033: a year of the chain's cosmetology is 287,000 lines and a few thousand summary rows); `lines` counts them.
 */
function summedLines(scope: ReportScope, kind: CommissionKind, only?: { userId: string; branchId: string }): SQL {
  const { branchId, userId } = whose(scope, only);
  return commissionSummary(scope.period, branchId, sql`s.kind = ${kind} and ${idIs(sql`s.user_id`, userId)}`);
}

/** A general report's sums per person and branch, added up before the names are joined. */
const sumsByPerson = (scope: ReportScope, kind: CommissionKind, sums: SQL) =>
  sql`(select c.user_id, c.branch_id, ${sums} from ${summedLines(scope, kind)} c group by c.user_id, c.branch_id having sum(c.lines) <> 0)`;

/*
 * A line's names (customer, treatment, products) are scalar subqueries in the select list, not joins: a page sorts the
 * lines first and the planner evaluates such outputs after the sort and the limit, for the page's rows only.
 */
const customerOf = sql`(select nullif(trim(concat_ws(' ', cu.name, cu.last_name, cu.mother_last_name)), '') from customers cu where cu.id = c.customer_id)`;

/** What a line recorded by hand was for: its type and concept (Uso Cabina, Insumo). */
const manualConcept = (type: string, concept: string | null) =>
  [COMMISSION_TYPE_LABELS[type as keyof typeof COMMISSION_TYPE_LABELS] ?? type, concept].filter(Boolean).join(': ');

/** A fee line's branch, person, day and hour, as both individual reports show them. */
const whereAndWhen = (r: { branch: string; branch_id: string; user_id: string; date: string; time: string }) => ({
  branch: r.branch,
  branchId: r.branch_id,
  userId: r.user_id,
  date: r.date,
  time: r.time,
});

// ---- medical ----

interface MedicalLineRow {
  user_id: string;
  branch_id: string;
  appointment_number: string | null;
  branch: string;
  date: string;
  time: string;
  customer: string | null;
  treatment: string | null;
  type: string;
  concept: string | null;
  commission: string;
  isr_amount: string;
  payable: string;
}

/**
 * The medical lines, in day and hour order. The hour is the appointment's (the branch's wall clock); a reversal or a
 * line recorded by hand has its own moment at the branch.
 */
function medicalLineQuery(scope: ReportScope, only?: { userId: string; branchId: string }): LineQuery<MedicalLineRow> {
  return {
    query: sql`select c.user_id, c.branch_id, a.appointment_number, b.name as branch, c.business_date::text as date,
        case when c.reversal_of is null and a.start_time is not null then left(a.start_time::text, 5)
          else to_char(c.created_at at time zone b.time_zone, 'HH24:MI') end as time,
        ${customerOf} as customer, (select t.name from treatments t where t.id = a.treatment_id) as treatment, c.type, c.concept,
        c.commission::text as commission, c.isr_amount::text as isr_amount, c.payable::text as payable
      from commissions c join branches b on b.id = c.branch_id
        left join appointments a on a.id = c.appointment_id
      where ${lineFilter(scope, 'medical', only)}`,
    order: sql`order by c.business_date, time, c.created_at, c.id`,
    sums: { commission: 'commission', isr: 'isr_amount', total: 'payable' },
    counted: summedLines(scope, 'medical', only),
    countedBy: 'lines',
    map: (r) => ({
      orderNumber: r.appointment_number,
      ...whereAndWhen(r),
      customer: r.customer,
      treatment: r.treatment ?? manualConcept(r.type, r.concept),
      commission: pesosOfText(r.commission),
      isr: pesosOfText(r.isr_amount),
      total: pesosOfText(r.payable),
    }),
  };
}

const medicalLines = (scope: ReportScope, only?: { userId: string; branchId: string }) => readLines(scope.db, medicalLineQuery(scope, only));

/** The key of a general report's row (its drill): `<userId>|<branchId>`. */
function drillKey(key: string): { userId: string; branchId: string } {
  const [userId, branchId, ...rest] = key.split('|');
  if (!isUuid(userId) || !isUuid(branchId) || rest.length) refuseKey('La fila debe ser <usuario>|<sucursal>');
  return { userId, branchId };
}

/** A general report's drill: the lines of one person at one branch, with the same filters (another branch: none). */
async function drillLines(
  scope: ReportScope,
  key: string,
  columns: readonly ReportColumn[],
  lines: (scope: ReportScope, only: { userId: string; branchId: string }) => Promise<ReportRow[]>,
) {
  const only = drillKey(key);
  assertBranchAccess(scope.actor, only.branchId);
  if (scope.branchId && scope.branchId !== only.branchId) return { columns: [...columns], rows: [] };
  return { columns: [...columns], rows: await lines(scope, only) };
}

export const individualMedicalFees: ReportDefinition = lineReport(REPORTS['individual-medical-fees'], (scope) => medicalLineQuery(scope));

export const generalMedicalFees: ReportDefinition = {
  meta: REPORTS['general-medical-fees'],
  async rows(scope) {
    const rows = rowsOf<{
      user_id: string;
      branch_id: string;
      name: string;
      last_name: string;
      mother_last_name: string | null;
      branch: string;
      commission: string;
      isr_amount: string;
      payable: string;
    }>(
      await scope.db.execute(sql`select c.user_id, c.branch_id, u.name, u.last_name, u.mother_last_name, b.name as branch,
          c.commission::text as commission, c.isr_amount::text as isr_amount, c.payable::text as payable
        from ${sumsByPerson(scope, 'medical', sql`sum(c.commission) as commission, sum(c.isr_amount) as isr_amount, sum(c.payable) as payable`)} c
          join users u on u.id = c.user_id join branches b on b.id = c.branch_id
        order by u.last_name, u.mother_last_name nulls first, u.name, c.user_id, b.name, c.branch_id`),
    );
    return {
      rows: rows.map((r) => ({
        name: r.name,
        lastName: r.last_name,
        motherLastName: r.mother_last_name,
        branch: r.branch,
        userId: r.user_id,
        branchId: r.branch_id,
        subtotal: pesosOfText(r.commission),
        isr: pesosOfText(r.isr_amount),
        commission: pesosOfText(r.payable),
        total: pesosOfText(r.payable),
      })),
    };
  },
  drill: (scope, key) => drillLines(scope, key, REPORTS['individual-medical-fees'].columns, medicalLines),
};

// ---- cosmetology ----

interface CosmeticLineRow {
  user_id: string;
  branch_id: string;
  order_number: string | null;
  branch: string;
  date: string;
  time: string;
  customer: string | null;
  products: string | null;
  type: string;
  concept: string | null;
  base: string;
  percent: string | null;
  commission: string;
  payable: string;
}

/**
 * The cosmetology lines, in day and hour order. The hour is the sale's at its branch; a reversal, a seller change's
 * line or a line recorded by hand has its own moment. The concept names the sale's products (and a seller change's
 * concept); a line recorded by hand has its type and concept.
 */
function cosmeticLineQuery(scope: ReportScope, only?: { userId: string; branchId: string }): LineQuery<CosmeticLineRow> {
  return {
    query: sql`select c.user_id, c.branch_id, coalesce(c.order_number, co.order_number) as order_number, b.name as branch,
        c.business_date::text as date,
        to_char((case when c.reversal_of is not null or c.concept is not null then c.created_at else coalesce(co.created_at, c.created_at) end)
          at time zone b.time_zone, 'HH24:MI') as time,
        ${customerOf} as customer,
        (select string_agg(distinct p.name, ', ' order by p.name) from cash_order_details cd join products p on p.id = cd.product_id
          where cd.cash_order_id = c.cash_order_id) as products,
        c.type, c.concept,
        c.base::text as base, c.percent::text as percent, c.commission::text as commission, c.payable::text as payable
      from commissions c join branches b on b.id = c.branch_id
        left join cash_orders co on co.id = c.cash_order_id
      where ${lineFilter(scope, 'cosmetology', only)}`,
    order: sql`order by c.business_date, time, c.created_at, c.id`,
    sums: { salePrice: 'base', commission: 'commission', total: 'payable' },
    counted: summedLines(scope, 'cosmetology', only),
    countedBy: 'lines',
    map: (r) => ({
      orderNumber: r.order_number,
      ...whereAndWhen(r),
      patient: r.customer,
      product: r.products ? [r.products, r.concept].filter(Boolean).join(' · ') : manualConcept(r.type, r.concept),
      salePrice: pesosOfText(r.base),
      percent: r.percent === null ? null : Number(r.percent),
      commission: pesosOfText(r.commission),
      total: pesosOfText(r.payable),
    }),
  };
}

const cosmeticLines = (scope: ReportScope, only?: { userId: string; branchId: string }) => readLines(scope.db, cosmeticLineQuery(scope, only));

export const individualCosmetologyFees: ReportDefinition = lineReport(REPORTS['individual-cosmetology-fees'], (scope) => cosmeticLineQuery(scope));

export const generalCosmetologyFees: ReportDefinition = {
  meta: REPORTS['general-cosmetology-fees'],
  async rows(scope) {
    const rows = rowsOf<{ user_id: string; branch_id: string; cosmetologist: string; branch: string; base: string; commission: string; payable: string }>(
      await scope.db.execute(sql`select c.user_id, c.branch_id, trim(concat_ws(' ', u.name, u.last_name, u.mother_last_name)) as cosmetologist,
          b.name as branch, c.base::text as base, c.commission::text as commission, c.payable::text as payable
        from ${sumsByPerson(scope, 'cosmetology', sql`sum(c.base) as base, sum(c.commission) as commission, sum(c.payable) as payable`)} c
          join users u on u.id = c.user_id join branches b on b.id = c.branch_id
        order by u.name, u.last_name, u.mother_last_name nulls first, c.user_id, b.name, c.branch_id`),
    );
    return {
      rows: rows.map((r) => ({
        cosmetologist: r.cosmetologist,
        branch: r.branch,
        userId: r.user_id,
        branchId: r.branch_id,
        base: pesosOfText(r.base),
        commission: pesosOfText(r.commission),
        total: pesosOfText(r.payable),
      })),
    };
  },
  drill: (scope, key) => drillLines(scope, key, REPORTS['individual-cosmetology-fees'].columns, cosmeticLines),
};

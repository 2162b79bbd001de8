import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ageOn, todayIn } from '../../../domain/age';
import { appointmentStatusLabels, type AppointmentStatus } from '../../../domain/agenda';
import type { ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  appointments,
  changeLog,
  consents,
  packageBranches,
  packages,
  products,
  productStocks,
  purchasedProducts,
  treatmentProducts,
  treatments,
  users,
} from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/errors';
import { businessDaysFilter } from '../../platform/business-day';
import { countMatching, type ListSpec } from '../../platform/list';
import { appointmentById, appointmentSearchFields, appointmentsByIds, findPatients, toAppointmentItem } from './queries';
import { live } from '../../db/live';
import { branchToday, validLot } from '../inventory';
import { dayMonthYear } from '../../../domain/dates';

export interface AppointmentFilters extends ListQuery {
  branchId?: string;
  cabainId?: string;
  startDate?: string;
  endDate?: string;
  appointmentMethod?: string;
  treatmentTypeId?: string;
  customerId?: string;
}

/** The list counts up to this many appointments (meta.itemCountCapped beyond). */
export const APPOINTMENT_COUNT_CAP = 1000;

export type AppointmentItem = ReturnType<typeof toAppointmentItem>;

export async function appointmentListSpec(db: DbOrTx, actor: Actor, q: AppointmentFilters): Promise<ListSpec<AppointmentItem>> {
  const branchId = branchScope(actor, q.branchId);
  const patients = await findPatients(db, q.search);
  const statuses = q.status ? q.status.split(',').filter(Boolean) : [];
  const filters = [
    live(appointments),
    statuses.length ? inArray(appointments.status, statuses) : undefined,
    branchId ? eq(appointments.branchId, branchId) : undefined,
    q.cabainId ? eq(appointments.cabinId, q.cabainId) : undefined,
    q.startDate ? sql`${appointments.date} >= ${q.startDate}` : undefined,
    q.endDate ? sql`${appointments.date} <= ${q.endDate}` : undefined,
    q.appointmentMethod ? eq(appointments.appointmentMethod, q.appointmentMethod) : undefined,
    q.treatmentTypeId ? eq(appointments.treatmentTypeId, q.treatmentTypeId) : undefined,
    q.customerId ? eq(appointments.customerId, q.customerId) : undefined,
  ];
  // a common name: its first thousand patients' appointments, counted first, tell how to read the page
  const inSample = patients?.common ? await countMatching(db, appointments, and(...filters, patients.common.sample), APPOINTMENT_COUNT_CAP + 1) : 0;
  const passesCap = inSample > APPOINTMENT_COUNT_CAP;
  // matches are then dense: walk the date index newest first, checking each appointment's patient (sorted
  // otherwise, the list has no index to walk and leaves the join to the planner)
  const walk = passesCap && (!q.field || q.field === 'date');
  return {
    sortable: {
      appointmentNumber: appointments.appointmentNumber,
      // few patients' visits (or a common name's few ones) are read through the customer index and sorted (findPatients)
      date:
        patients && !walk && (patients.fewPatients || patients.common)
          ? sql`${appointments.date} + ${appointments.startTime}`
          : [appointments.date, appointments.startTime],
      status: appointments.status,
      created_at: appointments.createdAt,
    },
    defaultSort: { field: 'date', order: 'DESC' },
    searchable: appointmentSearchFields(patients, walk),
    // two million appointments: count a page's worth of pages, not every García of three years
    countCap: APPOINTMENT_COUNT_CAP,
    filters,
    // a page's ids on appointments alone, then their joined names (appointmentsByIds)
    rows: async ({ where, orderBy, limit, offset }) => {
      const page = db
        .select({ id: appointments.id })
        .from(appointments)
        .where(where)
        .orderBy(...orderBy, appointments.id)
        .offset(offset);
      const ids = (limit ? await page.limit(limit) : await page).map((r) => r.id);
      return (await appointmentsByIds(db, ids)).map(toAppointmentItem);
    },
    count: async (where, limit) => (passesCap ? inSample : countMatching(db, appointments, where, limit)),
  };
}

export const statusLabel = (s: string) => appointmentStatusLabels[s as AppointmentStatus] ?? s;

/** Lots of the branch (with stock) of the products a treatment consumes, oldest expiry first. */
export async function stockByBranchAndTreatment(ctx: AppContext, actor: Actor, branchId: string, treatmentId: string) {
  assertBranchAccess(actor, branchId);
  return ctx.db
    .select({
      stockId: productStocks.id,
      sku: products.sku,
      allotment: productStocks.allotment,
      name: products.name,
      productId: products.id,
      stock: productStocks.quantity,
      quantityPerSession: treatmentProducts.quantity,
    })
    .from(treatmentProducts)
    .innerJoin(products, eq(products.id, treatmentProducts.productId))
    .innerJoin(productStocks, and(eq(productStocks.productId, products.id), eq(productStocks.branchId, branchId), live(productStocks)))
    .where(and(eq(treatmentProducts.treatmentId, treatmentId), gt(productStocks.quantity, 0), validLot(await branchToday(ctx.db, branchId))))
    .orderBy(asc(products.name), sql`${productStocks.expiresAt} asc nulls last`, asc(productStocks.allotment));
}

/** A purchased treatment as the missed-appointment and purchased-product finish routes answer it. */
export async function purchasedProductDto(db: DbOrTx, id: string) {
  const [pp] = await db
    .select({ p: purchasedProducts, treatmentName: treatments.name })
    .from(purchasedProducts)
    .innerJoin(treatments, eq(treatments.id, purchasedProducts.treatmentId))
    .where(eq(purchasedProducts.id, id))
    .limit(1);
  if (!pp) throw new AppError('NOT_FOUND', 'Tratamiento adquirido no encontrado');
  return {
    id: pp.p.id,
    customerId: pp.p.customerId,
    sessions: pp.p.sessions,
    currentSession: pp.p.currentSession,
    limit: pp.p.limit,
    status: pp.p.status,
    changes: pp.p.changes,
    reschedules: pp.p.reschedules,
    consent: pp.p.consent,
    expiredAt: pp.p.expiredAt,
    treatment: { id: pp.p.treatmentId, name: pp.treatmentName },
  };
}

/** The purchased treatment an absent or cancelled appointment used, so it can be booked again. */
export async function missedPurchasedProduct(ctx: AppContext, actor: Actor, id: string) {
  const [a] = await ctx.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), live(appointments)))
    .limit(1);
  if (!a) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(actor, a.branchId);
  if (a.status !== 'absence' && a.status !== 'cancelled') throw new AppError('CONFLICT', 'La cita no es una inasistencia ni una cancelación');
  if (!a.purchasedProductId) throw new AppError('NOT_FOUND', 'La cita no usó un tratamiento adquirido');
  return purchasedProductDto(ctx.db, a.purchasedProductId);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The printable consent of an appointment: the document of `type` (a consent id, or 'default' = the treatment's). */
export async function consentHtml(ctx: AppContext, actor: Actor, type: string, appointmentId: string): Promise<string> {
  const row = await appointmentById(ctx.db, appointmentId);
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(actor, row.a.branchId);
  const [treatment] = row.a.treatmentId
    ? await ctx.db.select({ consentId: treatments.consentId }).from(treatments).where(eq(treatments.id, row.a.treatmentId)).limit(1)
    : [];
  let consent: { name: string; document: string } | undefined;
  if (type === 'default') {
    const where = treatment?.consentId ? eq(consents.id, treatment.consentId) : eq(consents.treatmentTypeId, row.a.treatmentTypeId);
    [consent] = await ctx.db
      .select({ name: consents.name, document: consents.document })
      .from(consents)
      .where(and(where, live(consents)))
      .orderBy(asc(consents.name))
      .limit(1);
  } else {
    if (!/^[0-9a-f-]{36}$/i.test(type)) throw new AppError('BAD_REQUEST', 'Tipo de consentimiento inválido');
    [consent] = await ctx.db
      .select({ name: consents.name, document: consents.document })
      .from(consents)
      .where(and(eq(consents.id, type), live(consents)))
      .limit(1);
  }
  if (!consent) throw new AppError('NOT_FOUND', 'Consentimiento no encontrado');
  const c = row.customer;
  const fullName = [c.name, c.lastName, c.motherLastName].filter(Boolean).join(' ');
  const age = ageOn(c.birthday, todayIn());
  const paragraphs = consent.document
    .split(/\n{2,}|\r\n\r\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(consent.name)} – ${escapeHtml(row.a.appointmentNumber)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:800px;margin:24px auto;color:#222;line-height:1.45}h1{font-size:20px;text-align:center}
table{width:100%;border-collapse:collapse;margin:16px 0}td{padding:4px 8px;border-bottom:1px solid #ddd}.firmas{display:flex;justify-content:space-between;margin-top:80px}
.firma{width:40%;text-align:center;border-top:1px solid #000;padding-top:6px}@media print{body{margin:0}}</style></head>
<body>
<h1>${escapeHtml(consent.name)}</h1>
<table>
<tr><td><strong>Paciente</strong></td><td>${escapeHtml(fullName)}</td><td><strong>Edad</strong></td><td>${age} años</td></tr>
<tr><td><strong>Tratamiento</strong></td><td>${escapeHtml(row.treatmentName ?? row.packageName ?? row.promoName ?? row.treatmentTypeName)}</td><td><strong>Fecha</strong></td><td>${dayMonthYear(row.a.date)}</td></tr>
<tr><td><strong>Sucursal</strong></td><td>${escapeHtml(row.branchName)}</td><td><strong>Cita</strong></td><td>${escapeHtml(row.a.appointmentNumber)}</td></tr>
</table>
${paragraphs}
<div class="firmas"><div class="firma">Firma del paciente o tutor<br>${escapeHtml(fullName)}</div><div class="firma">Firma del profesional</div></div>
</body></html>`;
}

export interface LogFilters extends ListQuery {
  startDate?: string;
  endDate?: string;
}

/** Bitácora: the change-log rows of the appointment module. */
export function appointmentLogSpec(db: DbOrTx, actor: Actor, q: LogFilters) {
  const branchId = branchScope(actor);
  return {
    sortable: { created_at: changeLog.createdAt, appointmentNumber: changeLog.orderNumber, action: changeLog.action },
    defaultSort: { field: 'created_at', order: 'DESC' as const },
    searchable: { appointmentNumber: changeLog.orderNumber },
    filters: [
      eq(changeLog.module, 'appointment'),
      live(changeLog),
      branchId ? eq(changeLog.affectedBranchId, branchId) : undefined,
      // whole business days of the branch read (the actor's own when it reads every branch)
      businessDaysFilter(db, changeLog.createdAt, branchId ?? actor.branchId, q),
    ],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db
        .select({ l: changeLog, userName: users.name, userLastName: users.lastName })
        .from(changeLog)
        .leftJoin(users, eq(users.id, changeLog.userId))
        .where(where)
        .orderBy(...orderBy, desc(changeLog.id))
        .offset(offset);
      return (limit ? await base.limit(limit) : await base).map((r) => ({
        id: r.l.id,
        action: r.l.action,
        appointmentNumber: r.l.orderNumber,
        appointmentId: r.l.entityId,
        before: r.l.before,
        after: r.l.after,
        user: r.l.userId ? { name: r.userName ?? '', lastName: r.userLastName ?? '' } : null,
        created_at: r.l.createdAt,
      }));
    },
    count: async (where) => (await db.select({ n: count() }).from(changeLog).where(where))[0].n,
  } satisfies ListSpec<unknown>;
}

/** Active packages or promotions offered at a branch, by name: the booking form's choices. */
export async function bookablePackages(ctx: AppContext, actor: Actor, type: 'Package' | 'Promotion', branchId: string) {
  assertBranchAccess(actor, branchId);
  return ctx.db
    .select({ id: packages.id, name: packages.name, treatmentTypeId: packages.treatmentTypeId, startDate: packages.startDate, endDate: packages.endDate })
    .from(packages)
    .where(
      and(
        eq(packages.type, type),
        eq(packages.active, true),
        live(packages),
        sql`exists (select 1 from ${packageBranches} where ${packageBranches.packageId} = ${packages.id} and ${packageBranches.branchId} = ${branchId})`,
      ),
    )
    .orderBy(asc(packages.name));
}

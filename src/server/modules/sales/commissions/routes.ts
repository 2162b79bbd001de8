import type { FastifyInstance, FastifyReply } from 'fastify';
import { COMMISSION_TYPE_LABELS, commissionRoutes, type CommissionKind, type CommissionQuery } from '../../../../domain/commissions.contract';
import { formatMoney } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { Actor } from '../../../platform/auth/actor';
import { listPage, sendCsv, type CsvColumn, type ListSpec } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import { cosmeticLinesSpec, medicalLinesSpec, summarySpec } from './queries';
import * as service from './service';
import { dayMonthYear } from '../../../../domain/dates';

type Named = { name: string; lastName: string; motherLastName: string | null } | null;
const person = (p: Named) => (p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '');

/** A list as JSON with the sums of every filtered row, or those rows as CSV. */
async function answer<Row, T>(reply: FastifyReply, q: CommissionQuery, spec: ListSpec<Row> & { totals: () => T }, csv: [string, CsvColumn<Row>[]]) {
  if (q.format === 'csv') return sendCsv(reply, q, spec, csv[1], csv[0]);
  const page = await listPage(q, spec);
  return { ...page, totals: spec.totals() };
}

type SummaryRow = ReturnType<typeof summarySpec> extends ListSpec<infer R> ? R : never;
const who: CsvColumn<SummaryRow>[] = [
  { header: 'Número de empleado', value: (r) => r.employeeNumber ?? '' },
  { header: 'Nombre', value: (r) => r.name },
  { header: 'Apellido paterno', value: (r) => r.lastName },
  { header: 'Apellido materno', value: (r) => r.motherLastName ?? '' },
];
const SUMMARY_CSV: Record<CommissionKind, [string, CsvColumn<SummaryRow>[]]> = {
  medical: [
    'comisiones-medicas',
    [
      ...who,
      { header: 'Comisión', value: (r) => formatMoney(r.commission) },
      { header: 'ISR', value: (r) => formatMoney(r.isrAmount) },
      { header: 'A pagar', value: (r) => formatMoney(r.payable) },
    ],
  ],
  cosmetology: [
    'comisiones-cosmetologicas',
    [...who, { header: 'Ventas', value: (r) => formatMoney(r.total) }, { header: 'Total', value: (r) => formatMoney(r.commission) }],
  ],
};

type MedicalRow = ReturnType<typeof medicalLinesSpec> extends ListSpec<infer R> ? R : never;
const MEDICAL_LINES_CSV: [string, CsvColumn<MedicalRow>[]] = [
  'comisiones-medicas-detalle',
  [
    { header: 'Cita', value: (l) => l.appointmentNumber ?? '' },
    { header: 'Médico', value: (l) => person(l.doctor) },
    { header: 'Sucursal', value: (l) => l.branch.name },
    { header: 'Fecha', value: (l) => dayMonthYear(l.date) },
    { header: 'Hora', value: (l) => l.time },
    { header: 'Cliente', value: (l) => person(l.customer) },
    { header: 'Tratamiento', value: (l) => l.treatment?.name ?? '' },
    { header: 'Tipo', value: (l) => COMMISSION_TYPE_LABELS[l.type] },
    { header: 'Concepto', value: (l) => l.concept ?? '' },
    { header: 'Comisión', value: (l) => formatMoney(l.commission) },
    { header: 'ISR %', value: (l) => l.isrPercent },
    { header: 'ISR', value: (l) => formatMoney(l.isrAmount) },
    { header: 'A pagar', value: (l) => formatMoney(l.payable) },
  ],
];

type CosmeticRow = ReturnType<typeof cosmeticLinesSpec> extends ListSpec<infer R> ? R : never;
const COSMETIC_LINES_CSV: [string, CsvColumn<CosmeticRow>[]] = [
  'comisiones-cosmetologicas-detalle',
  [
    { header: 'Orden', value: (l) => l.orderNumber ?? '' },
    { header: 'Vendedor', value: (l) => person(l.seller) },
    { header: 'Sucursal', value: (l) => l.branch.name },
    { header: 'Fecha', value: (l) => dayMonthYear(l.date) },
    { header: 'Hora', value: (l) => l.time },
    { header: 'Cliente', value: (l) => person(l.customer) },
    { header: 'Tipo', value: (l) => COMMISSION_TYPE_LABELS[l.type] },
    { header: 'Concepto', value: (l) => l.concept ?? '' },
    { header: 'Venta', value: (l) => formatMoney(l.total) },
    { header: 'Porcentaje', value: (l) => l.percent },
    { header: 'Comisión', value: (l) => formatMoney(l.commission) },
  ],
];

const summary = (ctx: AppContext, actor: Actor, kind: CommissionKind, q: CommissionQuery, reply: FastifyReply) =>
  answer(reply, q, summarySpec(ctx.db, actor, kind, q), SUMMARY_CSV[kind]);

/** The commission lists and details (show on each module; the server limits what each role reads) and the doctor reassignment (edit). */
export function registerCommissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, commissionRoutes.medical, 'medic_comission.show', (req, reply) => summary(ctx, req.actor, 'medical', req.query, reply));
  serve(app, commissionRoutes.cosmetic, 'cosmetologic_comission.show', (req, reply) => summary(ctx, req.actor, 'cosmetology', req.query, reply));
  serve(app, commissionRoutes.cashOrderCommissions, 'cosmetologic_comission.show', (req, reply) => summary(ctx, req.actor, 'cosmetology', req.query, reply));
  serve(app, commissionRoutes.medicalOfUser, 'medic_comission.show', (req, reply) =>
    answer(reply, req.query, medicalLinesSpec(ctx.db, req.actor, req.params.userId, req.query), MEDICAL_LINES_CSV),
  );
  serve(app, commissionRoutes.cosmeticOfUser, 'cosmetologic_comission.show', (req, reply) =>
    answer(reply, req.query, cosmeticLinesSpec(ctx.db, req.actor, req.params.userId, req.query), COSMETIC_LINES_CSV),
  );
  serve(
    app,
    commissionRoutes.createMedical,
    'medic_comission.edit',
    (req) => service.recordManualLine(ctx, req.actor, 'medical', req.body) as Promise<MedicalRow>,
  );
  serve(
    app,
    commissionRoutes.createCosmetic,
    'cosmetologic_comission.edit',
    (req) => service.recordManualLine(ctx, req.actor, 'cosmetology', req.body) as Promise<CosmeticRow>,
  );
  serve(app, commissionRoutes.medicalLatestMonth, 'medic_comission.show', (req) =>
    service.latestCommissionMonth(ctx, req.actor, 'medical', req.query.branchId),
  );
  serve(app, commissionRoutes.cosmeticLatestMonth, 'cosmetologic_comission.show', (req) =>
    service.latestCommissionMonth(ctx, req.actor, 'cosmetology', req.query.branchId),
  );
  serve(app, commissionRoutes.updateAgent, 'medic_comission.edit', (req) => service.updateCommissionAgent(ctx, req.actor, req.params.id, req.body.userId));
}

import type { FastifyInstance } from 'fastify';
import { stockRoutes } from '../../../../domain/inventory.contract';
import { BUSINESS_TIME_ZONE } from '../../../../domain/dates';
import type { AppContext } from '../../../context';
import { answerList, listRows, type ListSpec } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import { sendXlsx, type XlsxColumn } from '../../../platform/xlsx';
import { kardexSpec, lotTrace, readScan, recallSpec } from './ledger';
import * as service from './service';

/** A recall concerns hundreds of patients, not millions: its Excel file is built in memory. */
const RECALL_XLSX_LIMIT = 50_000;

type RecallRow = Awaited<ReturnType<typeof recallSpec>> extends ListSpec<infer R> ? R : never;
const RECALL_COLUMNS: XlsxColumn<RecallRow>[] = [
  { header: 'Paciente', type: 'text', value: (r) => r.customer?.name },
  { header: 'Teléfono', type: 'text', value: (r) => r.customer?.phone },
  { header: 'Fecha', type: 'datetime', value: (r) => r.date },
  { header: 'Sucursal', type: 'text', value: (r) => r.branch.name },
  { header: 'Profesional', type: 'text', value: (r) => r.professional },
  { header: 'Documento', type: 'text', value: (r) => r.documentNumber },
  { header: 'SKU', type: 'text', value: (r) => r.product.sku },
  { header: 'Producto', type: 'text', value: (r) => r.product.name },
  { header: 'Lote', type: 'text', value: (r) => r.allotment },
  { header: 'Caducidad', type: 'date', value: (r) => r.expiresAt },
  { header: 'Unidades', type: 'integer', value: (r) => r.units, total: true },
];

type ReportLot = Awaited<ReturnType<typeof service.stockReport>>['items'][number];
const reportColumns = (hidden: boolean): XlsxColumn<ReportLot>[] => [
  { header: 'SKU', type: 'text', value: (l) => l.sku },
  { header: 'Producto', type: 'text', value: (l) => l.name },
  { header: 'Lote', type: 'text', value: (l) => l.allotment },
  { header: 'Caducidad', type: 'date', value: (l) => l.expiresAt },
  { header: 'Cantidad', type: 'integer', value: (l) => l.quantity, total: true },
  ...(hidden
    ? []
    : ([
        { header: 'Precio unitario', type: 'money', value: (l) => l.price },
        { header: 'Subtotal', type: 'money', value: (l) => l.subtotal, total: true },
      ] satisfies XlsxColumn<ReportLot>[])),
];

const READ = 'inventory.show' as const;
/** The lots and stock an order form picks from: every screen that raises an inventory order reads them. */
const FORM_READERS = [READ, 'purchaseOrder.show', 'assortmentOrder.show', 'transfers.show', 'saleOrder.show', 'dairy.show'] as const;

export function registerStockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  serve(app, stockRoutes.list, READ, (req, reply) =>
    answerList(reply, req.query, service.stockListSpec(db, req.actor, req.query), {
      name: 'inventario',
      columns: [
        { header: 'SKU', value: (r) => r.sku },
        { header: 'Producto', value: (r) => r.name },
        { header: 'Categoría', value: (r) => r.category },
        { header: 'Sucursal', value: (r) => r.branch.name },
        { header: 'Cantidad', value: (r) => r.quantity },
        { header: 'En tránsito', value: (r) => r.inTransit },
        { header: 'Máximo', value: (r) => r.max },
        { header: 'Mínimo', value: (r) => r.min },
        { header: 'Caducidades', value: (r) => r.expiries.map((e) => `${e.allotment} ${e.expiresAt} (${e.quantity})`).join('; ') },
        { header: 'Estatus', value: (r) => r.status },
      ],
    }),
  );
  serve(app, stockRoutes.byBranch, [...FORM_READERS], (req) => service.stockByBranch(db, req.actor, req.query));
  serve(app, stockRoutes.details, READ, (req) => service.stockDetails(db, req.actor, req.params.branchId, req.params.productId));
  serve(app, stockRoutes.adjustment, 'inventory.edit', (req) => service.adjustStock(ctx, req.actor, req.body));
  serve(app, stockRoutes.maxMinByBranch, [READ, 'assortmentOrder.show'], (req) => service.maxMinByBranch(db, req.actor, req.params.branchId));
  serve(app, stockRoutes.createMaxMin, 'inventory.approve', (req) => service.createMaxMin(ctx, req.actor, req.body));
  serve(app, stockRoutes.updateMaxMin, 'inventory.approve', (req) => service.updateMaxMin(ctx, req.actor, req.params.mmId, req.body));
  serve(app, stockRoutes.suggestion, ['assortmentOrder.create'], (req) => service.restockSuggestion(db, req.actor, req.query.branchId));
  serve(app, stockRoutes.kardex, READ, (req, reply) =>
    answerList(reply, req.query, kardexSpec(db, req.actor, req.query), {
      name: 'kardex',
      columns: [
        { header: 'Fecha', value: (r) => r.created_at.toISOString() },
        { header: 'Lote', value: (r) => r.allotment },
        { header: 'Movimiento', value: (r) => r.causeLabel },
        { header: 'Documento', value: (r) => r.documentNumber },
        { header: 'Cantidad', value: (r) => r.quantity },
        { header: 'Saldo', value: (r) => r.balance },
        { header: 'Usuario', value: (r) => r.user },
        { header: 'Nota', value: (r) => r.note },
      ],
    }),
  );
  serve(app, stockRoutes.trace, READ, (req) => lotTrace(db, req.actor, req.params.stockId));
  serve(app, stockRoutes.recall, [READ, 'clients.show'], async (req, reply) => {
    const { format, ...q } = req.query;
    const spec = await recallSpec(db, req.actor, q);
    if (format === 'xlsx')
      return sendXlsx(reply, 'retiro-de-lote', {
        name: 'Pacientes',
        columns: RECALL_COLUMNS,
        rows: await listRows(q, spec, RECALL_XLSX_LIMIT),
        timeZone: BUSINESS_TIME_ZONE,
      });
    return answerList(reply, { ...q, format }, spec, {
      name: 'retiro-de-lote',
      columns: RECALL_COLUMNS.map((c) => ({
        header: c.header,
        value: (r: RecallRow) => (c.value(r) instanceof Date ? (c.value(r) as Date).toISOString() : c.value(r)),
      })),
    });
  });
  serve(app, stockRoutes.scan, [...FORM_READERS], (req) => readScan(db, req.actor, req.query.code, req.query.branchId));
  // reports.view, not the hub's show: a medic or cosmetologist opens the hub for their own fees only
  serve(app, stockRoutes.report, [READ, 'reports.view'], async (req, reply) => {
    const report = await service.stockReport(db, req.actor, req.query.branchId);
    if (req.query.format === 'xlsx')
      return sendXlsx(reply, `inventario-${report.branch.name}`, {
        name: 'Inventario',
        columns: reportColumns(report.pricesHidden),
        rows: report.items,
        timeZone: report.timeZone,
      });
    return report;
  });
}

import type { FastifyInstance } from 'fastify';
import { dateInZone } from '../../../../domain/dates';
import { formatIsoDate } from '../../../../domain/inventory';
import { formatMoney } from '../../../../domain/money';
import { paymentStatusLabels, saleListRoutes, type SaleListQuery } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import { listPage, sendCsv, type CsvColumn } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import type { Actor } from '../../../platform/auth/actor';
import { registerTicketRoutes } from '../tickets/routes';
import type { SaleItem, SaleTableKind } from './queries';
import * as service from './service';

const person = (p: { name: string; lastName: string; motherLastName?: string | null } | null) =>
  p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '';
const day = (s: SaleItem, at: Date | null) => (at ? formatIsoDate(dateInZone(s.branch.timeZone, at)) : '');

/** The lists' CSV columns (cash orders add subtotal and IVA). */
function csvColumns(kind: SaleTableKind): CsvColumn<SaleItem>[] {
  return [
    { header: 'Orden', value: (s) => s.orderNumber },
    { header: 'Vendedor', value: (s) => person(s.seller) },
    { header: 'Cliente', value: (s) => person(s.customer) },
    { header: 'Sucursal', value: (s) => s.branch.name },
    { header: 'Fecha', value: (s) => day(s, s.created_at) },
    ...(kind === 'cashOrder'
      ? [
          { header: 'Subtotal', value: (s: SaleItem) => formatMoney(s.subtotal) },
          { header: 'IVA', value: (s: SaleItem) => formatMoney(s.taxes) },
        ]
      : []),
    { header: 'Descuento', value: (s) => formatMoney(s.discountTotal) },
    { header: 'Cupón', value: (s) => s.coupon?.name ?? '' },
    { header: 'Puntos', value: (s) => s.points },
    { header: 'Total', value: (s) => formatMoney(s.total) },
    { header: 'Método de pago', value: (s) => s.paymentMethod },
    { header: 'Estatus de pago', value: (s) => paymentStatusLabels[s.paymentStatus] ?? s.paymentStatus },
    { header: 'Estatus', value: (s) => s.status },
    { header: 'Fecha de devolución', value: (s) => day(s, s.refundedAt) },
    { header: 'Método de devolución', value: (s) => s.refundMethod ?? '' },
    { header: 'Motivo de devolución', value: (s) => s.refundReason ?? '' },
  ];
}

const CSV_NAMES: Record<SaleTableKind, Record<string, string>> = {
  order: { POS: 'ventas-en-sucursal', App: 'ventas-en-app', online: 'ventas-en-linea', all: 'ventas' },
  cashOrder: { POS: 'ventas-de-producto', App: 'ventas-de-producto-app', online: 'ventas-de-producto-en-linea', all: 'ventas-de-producto' },
};

/** A sales list: JSON with the totals of every filtered row, or the CSV of those rows. */
async function answerSales(ctx: AppContext, actor: Actor, kind: SaleTableKind, q: SaleListQuery, reply: Parameters<typeof sendCsv>[0]) {
  const spec = service.saleListSpec(ctx.db, actor, kind, q);
  if (q.format === 'csv') return sendCsv(reply, q, spec, csvColumns(kind), CSV_NAMES[kind][q.saleType ?? 'all']!);
  const page = await listPage(q, spec);
  return { ...page, totals: spec.totals() };
}

/** Sales lists and details (sales.show), the seller change of a product sale (sales.edit) and the tickets (sales.view). */
export function registerSaleListRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, saleListRoutes.orders, 'sales.show', (req, reply) => answerSales(ctx, req.actor, 'order', req.query, reply));
  serve(app, saleListRoutes.cashOrders, 'sales.show', (req, reply) => answerSales(ctx, req.actor, 'cashOrder', req.query, reply));
  serve(app, saleListRoutes.order, 'sales.show', (req) => service.getSale(ctx, req.actor, 'order', req.params.id));
  serve(app, saleListRoutes.cashOrder, 'sales.show', (req) => service.getSale(ctx, req.actor, 'cashOrder', req.params.id));
  serve(app, saleListRoutes.updateSeller, 'sales.edit', (req) => service.updateCashOrderSeller(ctx, req.actor, req.params.id, req.body.userId));
  registerTicketRoutes(app, ctx);
}

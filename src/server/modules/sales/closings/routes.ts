import type { FastifyInstance } from 'fastify';
import { closingRoutes } from '../../../../domain/cash-closings.contract';
import { formatIsoDate } from '../../../../domain/inventory';
import { formatMoney } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import { answerList, listPage, type CsvColumn } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import * as service from './service';

const CLOSING_CSV: CsvColumn<service.ClosingDto>[] = [
  { header: 'Número', value: (c) => c.dailyCashClosingNumber },
  { header: 'Sucursal', value: (c) => c.branch.name },
  { header: 'Usuario', value: (c) => c.userName },
  { header: 'Efectivo', value: (c) => formatMoney(c.cashTotal) },
  { header: 'Dólares', value: (c) => formatMoney(c.cashTotalDollars) },
  { header: 'Diferencia', value: (c) => (c.difference ? formatMoney(c.difference.MXN) : '') },
  { header: 'Diferencia en dólares', value: (c) => (c.difference ? formatMoney(c.difference.USD) : '') },
  { header: 'Tarjeta de crédito', value: (c) => formatMoney(c.creditCardTotal) },
  { header: 'Tarjeta de débito', value: (c) => formatMoney(c.debitCardTotal) },
  { header: 'Puntos', value: (c) => formatMoney(c.pointsTotal) },
  { header: 'Devoluciones', value: (c) => formatMoney(c.refundTotal) },
  { header: 'Total', value: (c) => formatMoney(c.total) },
  { header: 'Fecha', value: (c) => formatIsoDate(c.date) },
];

const PRODUCT_CSV: CsvColumn<service.ProductClosingDto>[] = [
  { header: 'Sucursal', value: (c) => c.branch.name },
  { header: 'Efectivo', value: (c) => formatMoney(c.cashTotal) },
  { header: 'Devoluciones', value: (c) => formatMoney(c.refundCash) },
  { header: 'Total', value: (c) => formatMoney(c.total) },
  { header: 'Fecha', value: (c) => formatIsoDate(c.date) },
  { header: 'Usuario', value: (c) => c.userName },
];

/**
 * Daily cash closings: the lists (cash_closing.show), the blind closing and whether a day is closed already
 * (cash_closing.create) and the X report
 * (cash_closing.approve: a supervisor's view; whoever counts the drawer does not see what it should hold).
 */
export function registerCashClosingRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, closingRoutes.list, 'cash_closing.show', (req, reply) =>
    answerList(reply, req.query, service.closingListSpec(ctx.db, req.actor, req.query), { name: 'cortes-de-caja', columns: CLOSING_CSV }),
  );
  serve(app, closingRoutes.products, 'cash_closing.show', (req, reply) =>
    answerList(reply, req.query, service.productClosingListSpec(ctx.db, req.actor, req.query), { name: 'cortes-de-productos', columns: PRODUCT_CSV }),
  );
  serve(app, closingRoutes.branchDay, 'cash_closing.show', (req) => listPage(req.query, service.branchDayListSpec(ctx.db, req.actor, req.query)));
  serve(app, closingRoutes.preview, 'cash_closing.approve', (req) => service.previewClosing(ctx, req.actor, req.query));
  serve(app, closingRoutes.status, 'cash_closing.create', (req) => service.closingDayStatus(ctx, req.actor, req.query));
  serve(app, closingRoutes.create, 'cash_closing.create', (req) => service.createClosing(ctx, req.actor, req.body));
}

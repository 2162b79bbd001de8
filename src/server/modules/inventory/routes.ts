import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerAssortmentOrderRoutes } from './assortment-orders/routes';
import { registerHistoryRoutes } from './history/routes';
import { registerPurchaseOrderRoutes } from './purchase-orders/routes';
import { registerSaleOrderRoutes } from './sale-orders/routes';
import { registerStockRoutes } from './stock/routes';
import { registerTransferRoutes } from './transfers/routes';

/** Stock, its ledger and the orders that move it. */
export function registerInventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerStockRoutes(app, ctx);
  registerPurchaseOrderRoutes(app, ctx);
  registerAssortmentOrderRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerSaleOrderRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
}

import type { RouteObject } from 'react-router';
import { routes as assortmentOrderRoutes } from './assortment-orders/routes';
import { routes as historyRoutes } from './history/routes';
import { routes as purchaseOrderRoutes } from './purchase-orders/routes';
import { routes as saleOrderRoutes } from './sale-orders/routes';
import { routes as stockRoutes } from './stock/routes';
import { routes as transferRoutes } from './transfers/routes';

/** Screens of the inventory under /dashboard: stock, its history and the four kinds of order. */
export const inventoryRoutes: RouteObject[] = [
  ...stockRoutes,
  ...historyRoutes,
  ...purchaseOrderRoutes,
  ...assortmentOrderRoutes,
  ...transferRoutes,
  ...saleOrderRoutes,
];

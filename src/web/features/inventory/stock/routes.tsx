import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../../app/routing';

const StockPage = lazy(() => import('./StockPage'));

/** /dashboard/inventario. */
export const routes: RouteObject[] = [{ path: 'inventario', element: guarded('inventory', <StockPage />) }];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const SalesListPage = lazy(() => import('./SalesListPage'));

/**
 * The four sales lists (docs/decisions.md): product sales at the branch ('Ventas de Producto'), treatment and package
 * sales at the branch, and the app's and the online store's sales.
 */
export const salesRoutes: RouteObject[] = [
  { path: 'ventas-en-sucursal', element: guarded('sales', <SalesListPage key="products" screen="products" />) },
  { path: 'ventas-sucursal-producto', element: guarded('sales', <SalesListPage key="branch" screen="branch" />) },
  { path: 'ventas-en-app', element: guarded('sales', <SalesListPage key="app" screen="app" />) },
  { path: 'ventas-en-linea', element: guarded('sales', <SalesListPage key="online" screen="online" />) },
];

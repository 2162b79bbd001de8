import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const ClosingsPage = lazy(() => import('./ClosingsPage'));
const ProductClosingsPage = lazy(() => import('./ProductClosingsPage'));

/** The branch closings and their product part (second document, section 2). */
export const cashClosingsRoutes: RouteObject[] = [
  { path: 'corte-sucursal', element: guarded('cash_closing', <ClosingsPage />) },
  { path: 'corte-de-productos', element: guarded('cash_closing', <ProductClosingsPage />) },
];

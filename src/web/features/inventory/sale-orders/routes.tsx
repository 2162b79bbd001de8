import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../../app/routing';

const SaleOrdersPage = lazy(() => import('./SaleOrdersPage'));
const SaleOrderFormPage = lazy(() => import('./SaleOrderFormPage'));

/** Screens of this part of the inventory under /dashboard. */
export const routes: RouteObject[] = crud('ordenes-de-venta', 'saleOrder', <SaleOrdersPage />, <SaleOrderFormPage />);

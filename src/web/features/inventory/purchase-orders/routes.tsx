import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../../app/routing';

const PurchaseOrdersPage = lazy(() => import('./PurchaseOrdersPage'));
const PurchaseOrderFormPage = lazy(() => import('./PurchaseOrderFormPage'));

/** Purchase orders under /dashboard/ordenes-de-compra: the list, /crear and /{id}. */
export const routes: RouteObject[] = crud('ordenes-de-compra', 'purchaseOrder', <PurchaseOrdersPage />, <PurchaseOrderFormPage />);

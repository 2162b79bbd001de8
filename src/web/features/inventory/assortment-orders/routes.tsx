import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud, guarded } from '../../../app/routing';

const AssortmentOrdersPage = lazy(() => import('./AssortmentOrdersPage'));
const AssortmentOrderFormPage = lazy(() => import('./AssortmentOrderFormPage'));

/** Screens of this part of the inventory under /dashboard: the list and its form, which /resurtidos also serves. */
export const routes: RouteObject[] = [
  ...crud('ordenes-de-surtido', 'assortmentOrder', <AssortmentOrdersPage />, <AssortmentOrderFormPage />),
  { path: 'resurtidos/crear', element: guarded('assortmentOrder', <AssortmentOrderFormPage />, 'create') },
  { path: 'resurtidos/:id', element: guarded('assortmentOrder', <AssortmentOrderFormPage />) },
];

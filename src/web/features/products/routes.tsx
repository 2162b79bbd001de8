import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud, guarded } from '../../app/routing';

const ProductsPage = lazy(() => import('./ProductsPage'));
const ProductFormPage = lazy(() => import('./ProductFormPage'));
const ProductTypesPage = lazy(() => import('./ProductTypesPage'));

/** Screens of this area under /dashboard. */
export const productsRoutes: RouteObject[] = [
  ...crud('productos', 'products', <ProductsPage />, <ProductFormPage />),
  { path: 'tipos-producto', element: guarded('products', <ProductTypesPage />) },
];

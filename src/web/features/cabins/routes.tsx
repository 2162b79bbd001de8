import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const CabinsPage = lazy(() => import('./CabinsPage'));
const CabinFormPage = lazy(() => import('./CabinFormPage'));
const CabinTypesPage = lazy(() => import('./CabinTypesPage'));
const CabinTypeFormPage = lazy(() => import('./CabinTypeFormPage'));

/** Screens of this area under /dashboard. */
export const cabinsRoutes: RouteObject[] = [
  ...crud('cabinas', 'cabains', <CabinsPage />, <CabinFormPage />),
  ...crud('tipos-cabina', 'cabain_types', <CabinTypesPage />, <CabinTypeFormPage />),
];

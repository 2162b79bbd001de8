import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const ProvidersPage = lazy(() => import('./ProvidersPage'));
const ProviderFormPage = lazy(() => import('./ProviderFormPage'));

/** Screens of this area under /dashboard. */
export const providersRoutes: RouteObject[] = crud('proveedores', 'providers', <ProvidersPage />, <ProviderFormPage />);

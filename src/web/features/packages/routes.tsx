import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const PackagesPage = lazy(() => import('./PackagesPage'));
const PackageFormPage = lazy(() => import('./PackageFormPage'));

/** Packages and promotions: the same list and form, the type fixed by the section. */
export const packagesRoutes: RouteObject[] = [
  ...crud('paquetes', 'packages', <PackagesPage type="Package" />, <PackageFormPage key="Package" type="Package" />),
  ...crud('promociones', 'promotions', <PackagesPage type="Promotion" />, <PackageFormPage key="Promotion" type="Promotion" />),
];

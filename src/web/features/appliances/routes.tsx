import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const AppliancesPage = lazy(() => import('./AppliancesPage'));
const ApplianceFormPage = lazy(() => import('./ApplianceFormPage'));
const BranchAppliancesPage = lazy(() => import('./BranchAppliancesPage'));
const BranchApplianceFormPage = lazy(() => import('./BranchApplianceFormPage'));

/** Screens of this area under /dashboard: the appliance catalogue and what each branch has installed. */
export const appliancesRoutes: RouteObject[] = [
  ...crud('aparatos', 'appliances', <AppliancesPage />, <ApplianceFormPage />),
  ...crud('aparatos-sucursal', 'branch_appliances', <BranchAppliancesPage />, <BranchApplianceFormPage />, 'vincular'),
];

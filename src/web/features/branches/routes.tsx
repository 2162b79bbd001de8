import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const BranchesPage = lazy(() => import('./BranchesPage'));
const BranchFormPage = lazy(() => import('./BranchFormPage'));

/** Screens of this area under /dashboard. */
export const branchesRoutes: RouteObject[] = crud('sucursales', 'branch', <BranchesPage />, <BranchFormPage />);

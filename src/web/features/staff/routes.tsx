import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const StaffPage = lazy(() => import('./StaffPage'));
const StaffFormPage = lazy(() => import('./StaffFormPage'));

/** /dashboard/personal, /crear and /{id} (the seven-step wizard). */
export const staffRoutes: RouteObject[] = crud('personal', 'users', <StaffPage />, <StaffFormPage />);

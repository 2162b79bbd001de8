import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const AppointmentFormPage = lazy(() => import('./AppointmentFormPage'));
const AppointmentsPage = lazy(() => import('./AppointmentsPage'));
const BitacoraPage = lazy(() => import('./BitacoraPage'));

/** /dashboard/agenda/crear, /dashboard/agenda/{id} (the appointment form), /dashboard/citas and /dashboard/bitacora. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'agenda/crear', element: guarded('dairy', <AppointmentFormPage />, 'create') },
  { path: 'agenda/:id', element: guarded('dairy', <AppointmentFormPage />) },
  { path: 'citas', element: guarded('appointment', <AppointmentsPage />) },
  { path: 'bitacora', element: guarded('bitacora', <BitacoraPage />) },
];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const loadForm = () => import('./AppointmentFormPage');
const AppointmentFormPage = lazy(loadForm);

/** Fetches the booking form's code ahead (the agenda does, once its day is on screen): a free slot's click then shows it at once. */
export const preloadAppointmentForm = (): void => void loadForm().catch(() => undefined);
/**
 * The form's controls drawn hidden once (their styles made ahead): the agenda shows it once its day is on screen. It is
 * only a head start: when its code cannot be fetched (the network went down meanwhile) it draws nothing, and the agenda
 * stays (a rejected import would reach the screen's error page).
 */
export const BookingFormWarmup = lazy(() => import('./BookingFormWarmup').catch(() => ({ default: () => null })));
const AppointmentsPage = lazy(() => import('./AppointmentsPage'));
const BitacoraPage = lazy(() => import('./BitacoraPage'));

/** /dashboard/agenda/crear, /dashboard/agenda/{id} (the appointment form), /dashboard/citas and /dashboard/bitacora. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'agenda/crear', element: guarded('dairy', <AppointmentFormPage />, 'create') },
  { path: 'agenda/:id', element: guarded('dairy', <AppointmentFormPage />) },
  { path: 'citas', element: guarded('appointment', <AppointmentsPage />) },
  { path: 'bitacora', element: guarded('bitacora', <BitacoraPage />) },
];

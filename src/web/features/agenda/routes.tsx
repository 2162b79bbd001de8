import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud, guarded } from '../../app/routing';
import { preloadAppointmentForm } from '../appointments';
import { BOOKING_PATH } from './booking-path';

const AgendaPage = lazy(() => {
  // a booking's address opened directly (the customer list's 'Agendar', the ticket's 'Agendar sesión'): the form's
  // code comes beside the page's, not after it
  if (BOOKING_PATH.test(window.location.pathname)) void preloadAppointmentForm();
  return import('./AgendaPage');
});
const LocksPage = lazy(() => import('./LocksPage'));
const LockFormPage = lazy(() => import('./LockFormPage'));

/**
 * /dashboard/agenda (the day grid), /dashboard/agenda/crear (a new booking's form: the same page, with the form it drew
 * ahead shown in place of the grid; one element type, so React keeps the page between the two) and /dashboard/bloqueos
 * (locks). /dashboard/agenda/{id} is the appointments' form.
 */
export const agendaRoutes: RouteObject[] = [
  { path: 'agenda', element: guarded('dairy', <AgendaPage />) },
  { path: 'agenda/crear', element: guarded('dairy', <AgendaPage />, 'create') },
  ...crud('bloqueos', 'blockers', <LocksPage />, <LockFormPage />),
];

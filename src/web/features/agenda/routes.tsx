import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud, guarded } from '../../app/routing';

const AgendaPage = lazy(() => import('./AgendaPage'));
const LocksPage = lazy(() => import('./LocksPage'));
const LockFormPage = lazy(() => import('./LockFormPage'));

/** /dashboard/agenda (the day grid) and /dashboard/bloqueos (locks). */
export const agendaRoutes: RouteObject[] = [
  { path: 'agenda', element: guarded('dairy', <AgendaPage />) },
  ...crud('bloqueos', 'blockers', <LocksPage />, <LockFormPage />),
];

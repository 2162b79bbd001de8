import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { page } from '../../app/routing';

const ReportsPage = lazy(() => import('./ReportsPage'));
const IndicatorsPage = lazy(() => import('./indicators/IndicatorsPage'));

/**
 * The reports hub of the Administración section. Not `guarded('reports')`: a medic or cosmetologist without the
 * module opens it for their own fee report; the page refuses whoever may open no report (the API refuses too).
 * The owner's indicators beside it need reports.view; the page refuses others, as the API does.
 */
export const reportsRoutes: RouteObject[] = [
  { path: 'reportes', element: page(<ReportsPage />) },
  { path: 'indicadores', element: page(<IndicatorsPage />) },
];

import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const TreatmentsPage = lazy(() => import('./TreatmentsPage'));
const TreatmentFormPage = lazy(() => import('./TreatmentFormPage'));

/** Screens of this area under /dashboard. */
export const treatmentsRoutes: RouteObject[] = crud('tratamientos', 'treatments', <TreatmentsPage />, <TreatmentFormPage />);

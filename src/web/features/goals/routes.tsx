import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const GoalsPage = lazy(() => import('./GoalsPage'));
const GoalFormPage = lazy(() => import('./GoalFormPage'));

/** Screens of this area under /dashboard. */
export const goalsRoutes: RouteObject[] = crud('metas', 'goal', <GoalsPage />, <GoalFormPage />);

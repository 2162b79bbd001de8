import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../../app/routing';

const HistoryPage = lazy(() => import('./HistoryPage'));

/** /dashboard/historial: the inventory history. */
export const routes: RouteObject[] = [{ path: 'historial', element: guarded('history', <HistoryPage />) }];

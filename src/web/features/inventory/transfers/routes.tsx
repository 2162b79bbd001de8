import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../../app/routing';

const TransfersPage = lazy(() => import('./TransfersPage'));
const TransferFormPage = lazy(() => import('./TransferFormPage'));

/** Screens of this part of the inventory under /dashboard. */
export const routes: RouteObject[] = crud('transferencias', 'transfers', <TransfersPage />, <TransferFormPage />);

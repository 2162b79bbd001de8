import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const LoyaltySystemPage = lazy(() => import('./LoyaltySystemPage'));
const MembersPage = lazy(() => import('./MembersPage'));
const MissYouPage = lazy(() => import('./MissYouPage'));

/** /dashboard/sistema-de-lealtad, /miembros and /we-miss-you. */
export const loyaltyRoutes: RouteObject[] = [
  { path: 'sistema-de-lealtad', element: guarded('loyalty_system', <LoyaltySystemPage />) },
  { path: 'miembros', element: guarded('members', <MembersPage />) },
  { path: 'we-miss-you', element: guarded('miss_you', <MissYouPage />) },
];

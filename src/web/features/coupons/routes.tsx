import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const CouponsPage = lazy(() => import('./CouponsPage'));
const CouponFormPage = lazy(() => import('./CouponFormPage'));

/** Screens of this area under /dashboard. */
export const couponsRoutes: RouteObject[] = crud('cupones', 'coupons', <CouponsPage />, <CouponFormPage />);

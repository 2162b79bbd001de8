import type { RouteObject } from 'react-router';

/** Screens of this area under /dashboard. */
export const treatmentsRoutes: RouteObject[] = [];

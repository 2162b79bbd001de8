import { lazy } from 'react';

/** The screens of this area, each loaded when first shown. */
export const SystemLogPage = lazy(() => import('./SystemLogPage'));

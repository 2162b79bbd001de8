import { lazy } from 'react';

/** The screens of this area, each loaded when first shown. */
export const RolesPage = lazy(() => import('./RolesPage'));
export const RoleEditorPage = lazy(() => import('./RoleEditorPage'));

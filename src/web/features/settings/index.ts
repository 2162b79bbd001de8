import { lazy } from 'react';

/** The screens of this area, each loaded when first shown. */
export const SettingsPage = lazy(() => import('./SettingsPage'));
export const SettingsEditPage = lazy(() => import('./SettingsEditPage'));

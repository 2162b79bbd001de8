import { lazy } from 'react';

/** The screens of this area, each loaded when first shown. */
export const CategoriesPage = lazy(() => import('./CategoriesPage'));
export const CategoryFormPage = lazy(() => import('./CategoryFormPage'));

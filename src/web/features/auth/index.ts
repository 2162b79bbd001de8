import { lazy } from 'react';

/** The screens of this area, each loaded when first shown. */
export const LoginPage = lazy(() => import('./LoginPage'));
export const QuickLoginPage = lazy(() => import('./QuickLoginPage'));
export const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));

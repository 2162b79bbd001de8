import { lazy, Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate } from 'react-router';
import { Allowed, RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import type { ModuleKey } from '../../domain/privileges';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const QuickLoginPage = lazy(() => import('../features/auth/QuickLoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const HomePage = lazy(() => import('../features/home/HomePage'));
const CategoriesPage = lazy(() => import('../features/categories/CategoriesPage'));
const CategoryFormPage = lazy(() => import('../features/categories/CategoryFormPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const SettingsEditPage = lazy(() => import('../features/settings/SettingsEditPage'));
const SystemLogPage = lazy(() => import('../features/logs/SystemLogPage'));
const RolesPage = lazy(() => import('../features/roles/RolesPage'));
const RoleEditorPage = lazy(() => import('../features/roles/RoleEditorPage'));

const page = (node: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>{node}</Suspense>;
const guarded = (module: ModuleKey, node: ReactNode, action: 'show' | 'create' | 'edit' = 'show') => page(<Allowed module={module} action={action}>{node}</Allowed>);

/** A list, its create form and its edit form under one section. */
function crud(path: string, module: ModuleKey, list: ReactNode, form: ReactNode) {
  return [
    { path, element: guarded(module, list) },
    { path: `${path}/crear`, element: guarded(module, form, 'create') },
    { path: `${path}/:id`, element: guarded(module, form) },
  ];
}

export const router = createBrowserRouter([
  { path: '/', element: page(<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>) },
  { path: '/login', element: page(<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>) },
  { path: '/quick-login', element: page(<RedirectIfSignedIn><QuickLoginPage /></RedirectIfSignedIn>) },
  { path: '/forgot-password/:code?', element: page(<ForgotPasswordPage />) },
  {
    path: '/dashboard',
    element: page(<RequireAuth><Shell /></RequireAuth>),
    children: [
      { index: true, element: page(<HomePage />) },
      { path: 'inicio', element: <Navigate to="/dashboard" replace /> },
      ...crud('categorias', 'categories', <CategoriesPage />, <CategoryFormPage />),
      { path: 'configuraciones', element: guarded('setting', <SettingsPage />) },
      { path: 'configuraciones/editar', element: guarded('setting', <SettingsEditPage />, 'edit') },
      { path: 'historial-del-sistema', element: guarded('systemLogs', <SystemLogPage />) },
      ...crud('roles', 'roles', <RolesPage />, <RoleEditorPage />),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
]);

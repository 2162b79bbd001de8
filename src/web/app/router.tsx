import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import { appRoutes, crud, guarded, page, shellRoutes } from './routing';
import { appliancesRoutes } from '../features/appliances/routes';
import { branchesRoutes } from '../features/branches/routes';
import { cabinsRoutes } from '../features/cabins/routes';
import { couponsRoutes } from '../features/coupons/routes';
import { customersRoutes } from '../features/customers/routes';
import { packagesRoutes } from '../features/packages/routes';
import { productsRoutes } from '../features/products/routes';
import { providersRoutes } from '../features/providers/routes';
import { treatmentsRoutes } from '../features/treatments/routes';
import { staffRoutes } from '../features/staff/routes';
import { loyaltyRoutes } from '../features/loyalty/routes';
import { agendaRoutes } from '../features/agenda/routes';
import { appointmentsRoutes } from '../features/appointments/routes';

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

export const router = createBrowserRouter(appRoutes([
  { path: '/', element: page(<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>) },
  { path: '/login', element: page(<RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn>) },
  { path: '/quick-login', element: page(<RedirectIfSignedIn><QuickLoginPage /></RedirectIfSignedIn>) },
  { path: '/forgot-password/:code?', element: page(<ForgotPasswordPage />) },
  {
    path: '/dashboard',
    element: page(<RequireAuth><Shell /></RequireAuth>),
    children: shellRoutes([
      { index: true, element: page(<HomePage />) },
      { path: 'inicio', element: <Navigate to="/dashboard" replace /> },
      ...crud('categorias', 'categories', <CategoriesPage />, <CategoryFormPage />),
      { path: 'configuraciones', element: guarded('setting', <SettingsPage />) },
      { path: 'configuraciones/editar', element: guarded('setting', <SettingsEditPage />, 'edit') },
      { path: 'historial-del-sistema', element: guarded('systemLogs', <SystemLogPage />) },
      ...crud('roles', 'roles', <RolesPage />, <RoleEditorPage />),
      ...branchesRoutes,
      ...cabinsRoutes,
      ...providersRoutes,
      ...productsRoutes,
      ...treatmentsRoutes,
      ...packagesRoutes,
      ...couponsRoutes,
      ...appliancesRoutes,
      ...customersRoutes,
      ...staffRoutes,
      ...loyaltyRoutes,
      ...agendaRoutes,
      ...appointmentsRoutes,
    ]),
  },
]));

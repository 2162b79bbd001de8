import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './RequireAuth';
import { appRoutes, crud, guarded, page, shellRoutes } from './routing';
import { appliancesRoutes } from '../features/appliances';
import { branchesRoutes } from '../features/branches';
import { cabinsRoutes } from '../features/cabins';
import { couponsRoutes } from '../features/coupons';
import { customersRoutes } from '../features/customers';
import { packagesRoutes } from '../features/packages';
import { productsRoutes } from '../features/products';
import { providersRoutes } from '../features/providers';
import { treatmentsRoutes } from '../features/treatments';
import { staffRoutes } from '../features/staff';
import { loyaltyRoutes } from '../features/loyalty';
import { agendaRoutes } from '../features/agenda';
import { appointmentsRoutes } from '../features/appointments';
import { inventoryRoutes } from '../features/inventory';
import { salesRoutes } from '../features/sales';
import { goalsRoutes } from '../features/goals';
import { commissionsRoutes } from '../features/commissions';
import { posRoute } from '../features/pos';
import { cashClosingsRoutes } from '../features/cash-closings';
import { reportsRoutes } from '../features/reports';
import { ForgotPasswordPage, LoginPage, QuickLoginPage } from '../features/auth';
import { HomePage } from '../features/home';
import { CategoriesPage, CategoryFormPage } from '../features/categories';
import { SettingsEditPage, SettingsPage } from '../features/settings';
import { SystemLogPage } from '../features/logs';
import { RoleEditorPage, RolesPage } from '../features/roles';

const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));

export const router = createBrowserRouter(
  appRoutes([
    {
      path: '/',
      element: page(
        <RedirectIfSignedIn>
          <LoginPage />
        </RedirectIfSignedIn>,
      ),
    },
    {
      path: '/login',
      element: page(
        <RedirectIfSignedIn>
          <LoginPage />
        </RedirectIfSignedIn>,
      ),
    },
    {
      path: '/quick-login',
      element: page(
        <RedirectIfSignedIn>
          <QuickLoginPage />
        </RedirectIfSignedIn>,
      ),
    },
    { path: '/forgot-password/:code?', element: page(<ForgotPasswordPage />) },
    posRoute,
    {
      path: '/dashboard',
      element: page(
        <RequireAuth>
          <Shell />
        </RequireAuth>,
      ),
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
        ...inventoryRoutes,
        ...salesRoutes,
        ...goalsRoutes,
        ...commissionsRoutes,
        ...cashClosingsRoutes,
        ...reportsRoutes,
      ]),
    },
  ]),
);

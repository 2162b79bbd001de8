import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { crud } from '../../app/routing';

const CustomersPage = lazy(() => import('./CustomersPage'));
const CustomerFormPage = lazy(() => import('./CustomerFormPage'));

export const customersRoutes: RouteObject[] = crud('clientes', 'clients', <CustomersPage />, <CustomerFormPage />);

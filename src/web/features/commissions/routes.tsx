import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const MedicalCommissionsPage = lazy(() => import('./MedicalCommissionsPage'));
const CosmeticCommissionsPage = lazy(() => import('./CosmeticCommissionsPage'));

/** The two commission lists of the Administración section. */
export const commissionsRoutes: RouteObject[] = [
  { path: 'comisiones-medicas', element: guarded('medic_comission', <MedicalCommissionsPage />) },
  { path: 'comisiones-cosmetologicas', element: guarded('cosmetologic_comission', <CosmeticCommissionsPage />) },
];

import { lazy, useState } from 'react';
import type { RouteObject } from 'react-router';
import { Allowed, RequireAuth } from '../../app/RequireAuth';
import { page } from '../../app/routing';
import { adoptAddressToken } from './address-token';

const PosPage = lazy(() => import('./PosPage'));

/** Takes the address's token before RequireAuth looks for a session, then loads the screen's own chunk. */
function PosEntry() {
  useState(adoptAddressToken);
  return (
    <RequireAuth>
      <Allowed module="pos">
        <PosPage />
      </Allowed>
    </RequireAuth>
  );
}

/** The built-in point of sale: full screen, outside the dashboard's shell. */
export const posRoute: RouteObject = { path: '/punto-de-venta', element: page(<PosEntry />) };

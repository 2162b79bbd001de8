import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Action, ModuleKey } from '../../domain/privileges';
import { useCan } from './privileges';
import { useSession } from './session';

/**
 * The shell needs a session token; without one the user goes to the start page, or to quick
 * login when an idle sign-out left this device its refresh token.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.auth.token);
  const refreshToken = useSession((s) => s.auth.refresh_token);
  if (!token) return <Navigate to={refreshToken ? '/quick-login' : '/'} replace />;
  return <>{children}</>;
}

// loaded only when needed: antd's Result would otherwise put its illustrations in the first chunk every page loads
const Forbidden = lazy(() => import('./Forbidden'));

/** A screen opened without its privilege shows a refusal (the API refuses too). */
export function Allowed({ module, action = 'show', children }: { module: ModuleKey; action?: Action; children: ReactNode }) {
  const can = useCan();
  if (!can(module, action))
    return (
      <Suspense fallback={null}>
        <Forbidden />
      </Suspense>
    );
  return <>{children}</>;
}

/** Public session screens send a signed-in user on to the stored dashboard path. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.auth.token);
  const lastPath = useSession((s) => s.general.lastPath);
  const path = useSession((s) => s.user?.path);
  if (token) return <Navigate to={`/dashboard/${lastPath || (path && path !== 'inicio' ? path : '')}`.replace(/\/$/, '')} replace />;
  return <>{children}</>;
}

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TokenClaims } from '../../domain/auth.schemas';
import type { PrivilegeMap } from '../../domain/privileges';

export interface SessionUser extends Omit<TokenClaims, 'privileges'> {
  privileges: PrivilegeMap;
}

interface AuthState {
  token: string | null;
  refresh_token: string | null;
  userId: string | null;
  branchId: string | null;
  quick: boolean;
}

interface GeneralState {
  /** Last dashboard path, where a signed-in user is sent back to. */
  lastPath: string;
  /** List query string per section, kept while the user stays in that section. */
  listQueries: Record<string, string>;
}

interface SessionState {
  auth: AuthState;
  user: SessionUser | null;
  general: GeneralState;
  agenda: Record<string, unknown>;
  setSession(token: string, refreshToken: string, opts?: { quick?: boolean }): void;
  /** Idle sign-out: drops the access token but keeps the device's refresh token for quick login. */
  lock(): void;
  signOut(): void;
  setLastPath(path: string): void;
  setListQuery(section: string, query: string): void;
  keepOnlySection(section: string): void;
}

export function decodeClaims(token: string): SessionUser {
  const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  const json = decodeURIComponent(Array.from(atob(part), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
  return JSON.parse(json) as SessionUser;
}

const emptyAuth: AuthState = { token: null, refresh_token: null, userId: null, branchId: null, quick: false };

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      auth: emptyAuth,
      user: null,
      general: { lastPath: '', listQueries: {} },
      agenda: {},
      setSession: (token, refreshToken, opts) => {
        const user = decodeClaims(token);
        set({ auth: { token, refresh_token: refreshToken, userId: user.sub, branchId: user.branch, quick: Boolean(opts?.quick) }, user });
      },
      lock: () => set((s) => ({ auth: { ...s.auth, token: null }, general: { ...s.general, listQueries: {} }, agenda: {} })),
      signOut: () => set({ auth: emptyAuth, user: null, general: { lastPath: '', listQueries: {} }, agenda: {} }),
      setLastPath: (lastPath) => set((s) => ({ general: { ...s.general, lastPath } })),
      setListQuery: (section, query) => set((s) => ({ general: { ...s.general, listQueries: { ...s.general.listQueries, [section]: query } } })),
      keepOnlySection: (section) =>
        set((s) => {
          const keep = s.general.listQueries[section];
          return { general: { ...s.general, listQueries: keep === undefined ? {} : { [section]: keep } } };
        }),
    }),
    { name: 'clinica-sesion', storage: createJSONStorage(() => localStorage) },
  ),
);

export const sessionStore = useSession;

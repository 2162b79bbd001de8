import { useCallback, useState } from 'react';
import { useSession } from '../app/session';

/** Where a signed-in user's screen preference is kept on this device (one key per user and preference). */
const storageKey = (userId: string | null | undefined, name: string) => `clinica-pref:${userId ?? 'anon'}:${name}`;

function readPreference<T>(key: string, fallback: T, valid: (v: unknown) => v is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A screen choice of the signed-in user remembered on this device (a list's columns, the agenda's density): read once,
 * written on every change. `valid` guards against a value an older version wrote.
 */
export function useUserPreference<T>(name: string, fallback: T, valid: (v: unknown) => v is T): [T, (value: T) => void] {
  const userId = useSession((s) => s.user?.sub);
  const key = storageKey(userId, name);
  const [state, setState] = useState(() => ({ key, value: readPreference(key, fallback, valid) }));
  // another user signing in on the same device reads their own choice
  const current = state.key === key ? state.value : readPreference(key, fallback, valid);
  if (state.key !== key) setState({ key, value: current });
  const set = useCallback(
    (value: T) => {
      setState({ key, value });
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // a full or disabled storage keeps the choice for this visit only
      }
    },
    [key],
  );
  return [current, set];
}

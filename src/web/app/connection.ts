import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server: the browser says it is offline ('offline' event), or the last
 * request failed before any answer (the network of the clinic, or the server, is down). The next answer
 * of any kind, or the browser's 'online' event, clears it.
 */
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let requestFailed = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function update(online: boolean, failed: boolean) {
  if (online === browserOnline && failed === requestFailed) return;
  browserOnline = online;
  requestFailed = failed;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update(true, false));
  window.addEventListener('offline', () => update(false, requestFailed));
}

export function isOnline(): boolean {
  return browserOnline && !requestFailed;
}

/** The API client calls these after each request. */
export function reportNetworkFailure(): void {
  update(typeof navigator === 'undefined' ? browserOnline : navigator.onLine, true);
}
export function reportAnswer(): void {
  update(true, false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

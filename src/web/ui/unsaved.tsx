import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { sessionStore } from '../app/session';
import { modal } from './notify';

/**
 * Unsaved changes: every open form (FormPage, FormModal) registers a check here, and one prompt in the shell
 * asks before an in-app navigation or a reload/close leaves a form whose fields the user has touched.
 * One registry and one blocker, because React Router keeps a single active blocker per router.
 */
type DirtyCheck = () => boolean;
const checks = new Set<DirtyCheck>();
let leaving = false;

export function hasUnsavedChanges(): boolean {
  return !leaving && [...checks].some((check) => check());
}

/** Registers a form's "has the user changed something" check while `active`. */
export function useUnsavedChanges(isDirty: DirtyCheck, active = true): void {
  useEffect(() => {
    if (!active) return;
    checks.add(isDirty);
    return () => {
      checks.delete(isDirty);
    };
  }, [isDirty, active]);
}

/**
 * Runs a navigation that leaves the form on purpose (after a save, Cancelar, a confirmed action) without
 * asking. React Router decides whether to block synchronously inside navigate(), so the flag covers it.
 */
export function leaveWithoutAsking(go: () => unknown): void {
  leaving = true;
  try {
    void go();
  } finally {
    leaving = false;
  }
}

// the idle sign-out and the user menu's sign-out go to these; a session that ends is never held back by a form
const SESSION_PAGES = ['/', '/login', '/quick-login'];

/** Mounted once in the shell: the Spanish confirmation for in-app navigation, and the browser's own on reload or close. */
export function UnsavedChangesPrompt() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      !SESSION_PAGES.includes(nextLocation.pathname) &&
      Boolean(sessionStore.getState().auth.token) &&
      hasUnsavedChanges(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal().confirm({
      title: '¿Salir sin guardar?',
      content: 'Hay cambios en este formulario que no se han guardado. Si sale ahora, se perderán.',
      okText: 'Salir sin guardar',
      cancelText: 'Seguir editando',
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
    // one blocked navigation is one object in the router's state: the dialog lives as long as it
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!sessionStore.getState().auth.token || !hasUnsavedChanges()) return;
      e.preventDefault();
      // older browsers show their prompt only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return null;
}

import { Suspense, type ReactNode } from 'react';
import { Spin } from 'antd';
import type { RouteObject } from 'react-router';
import type { ModuleKey } from '../../domain/privileges';
import { NotFoundPage, RouteError, UnknownPath } from './ErrorPages';
import { Allowed } from './RequireAuth';

/**
 * The spinner while a screen's code loads. Padding, not margin: a first child's top margin collapses through #root
 * and body, which then move down and back up when the screen replaces it (a layout shift of the whole page).
 */
export const LOADING_SPIN_STYLE = { display: 'block', padding: '80px 0' } as const;

export const page = (node: ReactNode) => <Suspense fallback={<Spin style={LOADING_SPIN_STYLE} />}>{node}</Suspense>;

export const guarded = (module: ModuleKey, node: ReactNode, action: 'show' | 'create' | 'edit' | 'approve' = 'show') =>
  page(
    <Allowed module={module} action={action}>
      {node}
    </Allowed>,
  );

/** A list, its create form and its edit form under one section of /dashboard. */
export function crud(path: string, module: ModuleKey, list: ReactNode, form: ReactNode, createSegment = 'crear'): RouteObject[] {
  return [
    { path, element: guarded(module, list) },
    { path: `${path}/${createSegment}`, element: guarded(module, form, 'create') },
    { path: `${path}/:id`, element: guarded(module, form) },
  ];
}

/**
 * Every route of the app under one error element (a screen whose file failed to load, a crash: a Spanish page,
 * never React Router's English one), and the unknown addresses outside /dashboard.
 */
export function appRoutes(routes: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError standalone />, children: [...routes, { path: '*', element: <UnknownPath /> }] }];
}

/** The screens inside the shell: their errors, a missing record and an unknown address show in the shell, menu included. */
export function shellRoutes(routes: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteError />, children: [...routes, { path: '*', element: <NotFoundPage /> }] }];
}

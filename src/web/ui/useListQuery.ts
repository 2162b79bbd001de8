import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../domain/list';
import { useSession } from '../app/session';

export function sectionOf(pathname: string): string {
  return pathname.split('/')[2] ?? '';
}

const NO_DEFAULTS: Record<string, string> = {};

/**
 * The list's state lives in the URL (a link reproduces the view). It is remembered per section,
 * so coming back from a detail or form restores it; leaving the section forgets it.
 */
export function useListQuery(filterParams: string[], defaultPageSize = DEFAULT_PAGE_SIZE, defaults: Record<string, string> = NO_DEFAULTS) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  const stored = useSession((s) => s.general.listQueries[section]);
  const setListQuery = useSession((s) => s.setListQuery);

  useEffect(() => {
    if (!params.toString() && stored) setParams(new URLSearchParams(stored), { replace: true });
    // restore once on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    setListQuery(section, params.toString());
  }, [params, section, setListQuery]);

  // React Router renders a URL change as a transition, which typing can hold back: a change made before that
  // render (the search field, then Enter) must build on the previous change, not on the last rendered URL
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const set = (changes: Record<string, string | undefined>, resetPage = true) => {
    const next = new URLSearchParams(latest.current);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (resetPage && !('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next);
  };

  const query = useMemo(() => {
    const takeParam = params.get('take');
    const q: Record<string, unknown> = {
      page: Number(params.get('page') ?? 1),
      take: takeParam === 'all' ? 0 : Number(takeParam ?? defaultPageSize),
      field: params.get('field') ?? undefined,
      order: params.get('order') ?? undefined,
    };
    const sv = params.get('sv');
    if (sv) q.search = { filter: params.get('sf') ?? '', value: sv };
    for (const p of filterParams) {
      const v = params.get(p) || defaults[p];
      if (v) q[p] = v;
    }
    return q;
  }, [params, filterParams, defaultPageSize, defaults]);

  /** The newest list state, including changes not rendered yet. */
  const current = () => latest.current;
  const reset = () => {
    latest.current = new URLSearchParams();
    setParams(latest.current);
  };
  return { params, set, current, query, reset };
}

import type { z } from 'zod';
import type { Answer, Body, Params, Query, RouteContract } from '../../domain/contract';
import { methodOf, pathOf } from '../../domain/contract-paths';
import { DEFAULT_ERROR_MESSAGE, statusMessages, type ApiErrorBody } from '../../domain/errors';
import { reportAnswer, reportNetworkFailure } from './connection';
import { sessionStore } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

/** A request that got no answer at all (no network, server unreachable): status 0. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const NETWORK_ERROR_MESSAGE = 'Sin conexión con el servidor. Revise la red e intente de nuevo.';

/** fetch() with the connection state kept up to date; a request that gets no answer becomes a Spanish ApiError. */
async function send(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  reportAnswer();
  return res;
}

const PUBLIC_PATHS = ['/', '/login', '/quick-login'];
const onQuickLogin = () => window.location.pathname.startsWith('/quick-login');

let refreshing: Promise<boolean | null> | null = null;

/** One silent refresh at a time; every caller waiting on it retries once. null: no answer (offline), the session stays. */
async function refreshOnce(): Promise<boolean | null> {
  const { auth, setSession } = sessionStore.getState();
  if (!auth.refresh_token) return false;
  refreshing ??= send('/v1/auth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: auth.refresh_token }),
  })
    .then(async (res) => {
      if (!res.ok) return false;
      const body = (await res.json()) as { token: string; refresh_token: string };
      setSession(body.token, body.refresh_token, { quick: sessionStore.getState().auth.quick });
      return true;
    })
    .catch((err: unknown) => (err instanceof ApiError && err.code === NETWORK_ERROR ? null : false))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function signOutAndLeave() {
  sessionStore.getState().signOut();
  if (!PUBLIC_PATHS.includes(window.location.pathname)) window.location.assign('/');
}

async function toError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await res.json()) as ApiErrorBody;
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.message ?? statusMessages[res.status] ?? DEFAULT_ERROR_MESSAGE, body.errors);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  raw?: boolean;
  /** Extra request headers (the point of sale's Idempotency-Key). */
  headers?: Record<string, string>;
}

export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export async function request(path: string, opts: RequestOptions = {}, retried = false): Promise<Response> {
  const token = sessionStore.getState().auth.token;
  const isForm = opts.body instanceof FormData;
  const res = await send(`/v1${path}${buildQuery(opts.query)}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...opts.headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  if (res.status === 401 && token && !onQuickLogin()) {
    const refreshed = retried ? false : await refreshOnce();
    if (refreshed === null) throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
    if (refreshed) return request(path, opts, true);
    signOutAndLeave();
  }
  if (!res.ok) throw await toError(res);
  return res;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await request(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

type ContractInput<C extends RouteContract> = (C['params'] extends z.ZodType ? { params: Params<C> } : { params?: undefined }) & {
  query?: C['query'] extends z.ZodType ? Query<C> : undefined;
  body?: C['body'] extends z.ZodType ? Body<C> | FormData : FormData;
};

/**
 * Calls one route of the wire contract (src/domain/*.contract.ts): path, parameters, query, body and answer
 * typed from the same schemas the server validates with.
 */
export function call<C extends RouteContract>(
  contract: C,
  ...[input]: C['params'] extends z.ZodType ? [ContractInput<C>] : [ContractInput<C>?]
): Promise<Answer<C>> {
  const params = (input?.params ?? {}) as Record<string, string | number>;
  return api<Answer<C>>(pathOf(contract, params), {
    method: methodOf(contract),
    query: input?.query as Record<string, unknown> | undefined,
    body: input?.body,
  });
}

/** Downloads a file answer (CSV, PDF, xlsx) with the session token. */
export async function download(path: string, query: Record<string, unknown>, fallbackName: string): Promise<void> {
  const res = await request(path, { query });
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

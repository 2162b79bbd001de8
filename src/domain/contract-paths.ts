import type { HttpMethod, RouteContract } from './contract';

/*
 * The two runtime helpers a client needs, apart from the schemas: the web's api client imports them from here so
 * that the first page (sign-in) does not load zod through src/domain/contract.ts (npm run measure:web).
 */

/** The method a client uses for a route. */
export const methodOf = (c: RouteContract): HttpMethod => (typeof c.method === 'string' ? c.method : c.method[0]);

/** The path with its `:name` parameters filled in (encoded). */
export function pathOf(c: RouteContract, params: Record<string, string | number> = {}): string {
  return c.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${c.path}`);
    return encodeURIComponent(String(value));
  });
}

import type { FastifyInstance } from 'fastify';
import { can, isModuleKey, type Action, type ModuleKey, type PrivilegeMap } from '../../../domain/privileges';
import type { AppConfig } from '../../config';
import { AppError } from '../errors';
import type { Actor } from './actor';
import { verifyAccessToken } from './tokens';

/** What a route declares: public, any signed-in user, or one module.action privilege. */
export type Privilege = `${ModuleKey}.${Action}`;
/** A list means any one of those privileges is enough. */
export type RouteAccess = 'public' | 'authenticated' | Privilege | Privilege[];

/**
 * Whether the session a token names is still live: its refresh-token family neither signed out, revoked nor
 * expired, and its user neither deleted nor deactivated. Supplied by the auth module (it owns those tables).
 */
export type SessionCheck = (userId: string, familyId: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Who signed in, built by the guard; what routes hand to services. */
    actor: Actor;
  }
  interface FastifyInstance {
    sessionCheck: { live?: SessionCheck };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Registers the lookup the guard makes on every signed-in request (from any plugin: the holder is the root's). */
export function setSessionCheck(app: FastifyInstance, check: SessionCheck): void {
  app.sessionCheck.live = check;
}

export interface RouteRecord {
  method: string;
  url: string;
  access: string;
}

function parseAccess(access: Privilege | Privilege[]): [ModuleKey, Action][] {
  return [access].flat().map((p) => {
    const [m, a] = p.split('.') as [string, Action];
    if (!isModuleKey(m)) throw new Error(`Módulo desconocido en la ruta: ${m}`);
    return [m, a];
  });
}

/**
 * Locked by default: every /v1 route must declare its access, checked on each request: a valid token of a
 * live session (one indexed lookup), then the route's privilege.
 * `routes` collects them for the committed privilege snapshot.
 */
export function registerGuard(app: FastifyInstance, config: AppConfig, routes: RouteRecord[]): void {
  app.decorateRequest('actor', null as unknown as Actor);
  const sessions: { live?: SessionCheck } = {};
  app.decorate('sessionCheck', sessions);
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/v1') || opts.url.startsWith('/v1/docs')) return;
    const access = opts.config?.access;
    if (!access) throw new Error(`La ruta ${String(opts.method)} ${opts.url} no declara su privilegio`);
    if (access !== 'public' && access !== 'authenticated') parseAccess(access);
    for (const method of [opts.method].flat()) if (method !== 'HEAD') routes.push({ method, url: opts.url, access: [access].flat().join(' | ') });
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const claims = token ? await verifyAccessToken(token, config.jwtSecret) : null;
    if (!claims || !UUID.test(claims.sub) || typeof claims.fam !== 'string' || !UUID.test(claims.fam)) throw new AppError('UNAUTHORIZED');
    // a signed-out, revoked or deactivated session ends at its next call, not when its token expires
    // (closed without a check: no session is live until the auth module says how to tell)
    if (!sessions.live || !(await sessions.live(claims.sub, claims.fam))) throw new AppError('UNAUTHORIZED');
    req.actor = {
      id: claims.sub,
      username: claims.username,
      fullname: claims.fullname,
      role: claims.role,
      roleId: claims.roleId,
      branchId: claims.branch,
      branchBound: claims.branchBound,
      privileges: claims.privileges as PrivilegeMap,
      family: claims.fam,
      address: { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
    };
    if (access === 'authenticated') return;
    if (!parseAccess(access).some(([m, a]) => can(req.actor.privileges, m, a))) throw new AppError('FORBIDDEN');
  });
}

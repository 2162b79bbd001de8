import { errorChain } from '../platform/error-chain';

/** Codes of a database that cannot be reached or went away (node's socket errors and PostgreSQL's classes 08 and 57). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
/** What node-postgres says, without a code, when a connection dies or the pool waits too long for one. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection ended|after calling end on the pool/i;

/** Whether an error means the database is not answering (503), as opposed to a query it refused. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'el servidor rechazó la conexión (¿está encendido PostgreSQL y escucha en ese puerto?)',
  ENOTFOUND: 'no existe un servidor con ese nombre (revise el nombre del servidor)',
  EAI_AGAIN: 'no se pudo resolver el nombre del servidor (revise la red o el DNS)',
  ETIMEDOUT: 'el servidor no respondió a tiempo (revise la red, el cortafuegos y el puerto)',
  EHOSTUNREACH: 'no hay ruta de red hacia el servidor',
  ENETUNREACH: 'no hay ruta de red hacia el servidor',
  ECONNRESET: 'el servidor cerró la conexión',
  '3D000': 'la base de datos no existe (créela con createdb o revise su nombre)',
  '28P01': 'el usuario o la contraseña son incorrectos',
  '28000': 'el servidor no autoriza a ese usuario (el usuario no existe o pg_hba.conf no lo permite)',
  '57P03': 'el servidor está arrancando o apagándose; intente en unos momentos',
  '53300': 'el servidor no acepta más conexiones (demasiadas abiertas)',
  '42501': 'el usuario no tiene permiso sobre la base de datos',
};

/** Where a DATABASE_URL points, without its password. */
export function describeTarget(url: string): { host: string; database: string; user: string } | undefined {
  try {
    const u = new URL(url);
    if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return undefined;
    return {
      host: `${u.hostname || 'localhost'}:${u.port || '5432'}`,
      database: decodeURIComponent(u.pathname.slice(1)) || '(sin nombre)',
      user: decodeURIComponent(u.username) || '(sin usuario)',
    };
  } catch {
    return undefined;
  }
}

/** A start-up failure to reach PostgreSQL, in Spanish: which server, which database, and why. */
export function describeConnectionFailure(url: string, err: unknown): string {
  const target = describeTarget(url);
  if (!target) return 'DATABASE_URL no es una dirección válida de PostgreSQL: use postgres://usuario:clave@servidor:5432/base';
  let cause: string | undefined;
  let raw = '';
  for (const e of errorChain(err)) {
    if (!cause && typeof e.code === 'string') cause = CAUSES[e.code];
    if (!raw && typeof e.message === 'string') raw = e.message;
  }
  if (!cause && /timeout/i.test(raw)) cause = CAUSES.ETIMEDOUT;
  return `No se pudo conectar a PostgreSQL en ${target.host} (base «${target.database}», usuario «${target.user}»): ${cause || raw || 'error desconocido'}.`;
}

import { NAVIGATION } from './navigation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Crumb {
  label: string;
  path: string;
}

/** Screens under /dashboard that the sidebar does not list (reached from a list's buttons), by their path segment. */
const SCREEN_TITLES: Record<string, string> = {
  dashboard: 'Inicio',
  bitacora: 'Bitácora',
  bloqueos: 'Bloqueos',
  citas: 'Citas',
  'tipos-cabina': 'Tipos de cabina',
  'tipos-producto': 'Tipos de producto',
  aparatos: 'Aparatos',
  resurtidos: 'Resurtidos',
  'corte-de-productos': 'Corte de productos',
  'ventas-sucursal-producto': 'Ventas de producto',
};

/** The last segment of a form's path: what the screen does. */
const ACTION_TITLES: Record<string, string> = { crear: 'Nuevo', editar: 'Editar', vincular: 'Vincular', detalle: 'Detalle' };

/** Segment → Spanish title: the sidebar's titles (with their accents), then the other screens and the actions. */
export const BREADCRUMB_TITLES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    NAVIGATION.flatMap((g) => g.entries)
      .filter((e) => !e.path.startsWith('external:'))
      .map((e) => [e.path, e.label]),
  ),
  ...SCREEN_TITLES,
  ...ACTION_TITLES,
};

/** A segment no table knows (section 1's rule): dashes as spaces, first letter upper-case. */
function fallbackTitle(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // a malformed escape stays as typed
  }
  const spaced = text.replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function crumbTitle(segment: string): string {
  if (UUID.test(segment)) return 'Editar';
  return Object.prototype.hasOwnProperty.call(BREADCRUMB_TITLES, segment) ? BREADCRUMB_TITLES[segment] : fallbackTitle(segment);
}

/** Each path segment by its Spanish title ('/dashboard/tipos-cabina' → Inicio / Tipos de cabina); a UUID reads 'Editar'. */
export function breadcrumb(pathname: string): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.map((part, i) => ({ label: crumbTitle(part), path: '/' + parts.slice(0, i + 1).join('/') }));
}

/** A back button appears when the path splits into more than three parts (/dashboard/section/detail). */
export function showsBackButton(pathname: string): boolean {
  return pathname.split('/').length > 3;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

import { describe, expect, it } from 'vitest';
import { breadcrumb, BREADCRUMB_TITLES, crumbTitle, showsBackButton } from './breadcrumb';
import { NAVIGATION } from './navigation';

const labels = (path: string) => breadcrumb(path).map((c) => c.label);

describe('breadcrumb', () => {
  it('shows each segment by its Spanish title, with accents, starting at Inicio', () => {
    expect(labels('/dashboard')).toEqual(['Inicio']);
    expect(labels('/dashboard/historial-del-sistema')).toEqual(['Inicio', 'Historial del sistema']);
    expect(labels('/dashboard/tipos-cabina')).toEqual(['Inicio', 'Tipos de cabina']);
    expect(labels('/dashboard/bitacora')).toEqual(['Inicio', 'Bitácora']);
    expect(labels('/dashboard/categorias')).toEqual(['Inicio', 'Categorías']);
    expect(labels('/dashboard/we-miss-you')).toEqual(['Inicio', 'Te extrañamos']);
    expect(labels('/dashboard/ordenes-de-compra')).toEqual(['Inicio', 'Órdenes de compra']);
  });

  it('names the form screens: crear is Nuevo, a UUID is Editar', () => {
    const crumbs = breadcrumb('/dashboard/categorias/6f1c2a9e-1b7d-4c3a-9f00-1234567890ab');
    expect(crumbs.map((c) => c.label)).toEqual(['Inicio', 'Categorías', 'Editar']);
    expect(crumbs.map((c) => c.path)).toEqual(['/dashboard', '/dashboard/categorias', '/dashboard/categorias/6f1c2a9e-1b7d-4c3a-9f00-1234567890ab']);
    expect(labels('/dashboard/tipos-cabina/crear')).toEqual(['Inicio', 'Tipos de cabina', 'Nuevo']);
    expect(labels('/dashboard/aparatos-sucursal/vincular')).toEqual(['Inicio', 'Aparatos por sucursal', 'Vincular']);
    expect(labels('/dashboard/configuraciones/editar')).toEqual(['Inicio', 'Configuraciones', 'Editar']);
  });

  it('gives every sidebar screen its menu title and falls back to the spaced segment', () => {
    for (const entry of NAVIGATION.flatMap((g) => g.entries).filter((e) => !e.path.startsWith('external:'))) {
      expect(BREADCRUMB_TITLES[entry.path], entry.path).toBe(entry.label);
    }
    expect(crumbTitle('pagina-nueva')).toBe('Pagina nueva');
    expect(crumbTitle('constructor')).toBe('Constructor');
    expect(crumbTitle('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('offers the back button only below a section', () => {
    expect(showsBackButton('/dashboard')).toBe(false);
    expect(showsBackButton('/dashboard/categorias')).toBe(false);
    expect(showsBackButton('/dashboard/categorias/crear')).toBe(true);
  });
});

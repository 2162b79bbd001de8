import { describe, expect, it } from 'vitest';
import { breadcrumb, showsBackButton } from './breadcrumb';

describe('breadcrumb', () => {
  it('replaces dashes with spaces and shows a UUID as Editar', () => {
    expect(breadcrumb('/dashboard/historial-del-sistema').map((c) => c.label)).toEqual(['dashboard', 'historial del sistema']);
    const crumbs = breadcrumb('/dashboard/categorias/6f1c2a9e-1b7d-4c3a-9f00-1234567890ab');
    expect(crumbs.map((c) => c.label)).toEqual(['dashboard', 'categorias', 'Editar']);
    expect(crumbs[1].path).toBe('/dashboard/categorias');
  });

  it('offers the back button only below a section', () => {
    expect(showsBackButton('/dashboard')).toBe(false);
    expect(showsBackButton('/dashboard/categorias')).toBe(false);
    expect(showsBackButton('/dashboard/categorias/crear')).toBe(true);
  });
});

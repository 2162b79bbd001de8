import { describe, expect, it } from 'vitest';
import { ICON_LABELS, iconLabel } from './icon-labels';

describe('icon names for screen readers', () => {
  it('gives the icons antd draws inside its components their Spanish names', () => {
    expect(iconLabel('search')).toBe('Buscar');
    expect(iconLabel('caret-up')).toBe('Orden ascendente');
    expect(iconLabel('caret-down')).toBe('Orden descendente');
    expect(iconLabel('close-circle')).toBe('Borrar');
    expect(iconLabel('double-right')).toBe('Páginas siguientes');
    expect(iconLabel('printer')).toBe('Imprimir');
  });

  it('hides an icon it has no name for rather than reading it in English', () => {
    expect(iconLabel('shopping-cart')).toBeNull();
    expect(iconLabel('constructor')).toBeNull();
  });

  it('has no English left among the names it gives', () => {
    for (const label of Object.values(ICON_LABELS)) expect(label).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
  });
});

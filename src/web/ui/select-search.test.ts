import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { optionMatches } from './select-search';

describe('choosing a select option by typing', () => {
  it('finds part of the label in any case, with or without accents', () => {
    expect(optionMatches('depilacion', { label: 'Depilación láser' })).toBe(true);
    expect(optionMatches('LÁSER', { label: 'Depilación laser' })).toBe(true);
    expect(optionMatches('pena', { label: 'Peña Nieto' })).toBe(true);
    expect(optionMatches('facial', { label: 'Depilación láser' })).toBe(false);
  });

  it('reads the words of a label drawn as elements, and the title', () => {
    expect(optionMatches('oro', { label: createElement('span', null, createElement('b', null, 'ORO'), ' Ana') })).toBe(true);
    expect(optionMatches('credito', { label: 'T. crédito', title: 'Tarjeta de crédito' })).toBe(true);
    expect(optionMatches('tarjeta de cred', { label: 'T. crédito', title: 'Tarjeta de crédito' })).toBe(true);
  });

  it('shows every option while nothing is typed', () => {
    expect(optionMatches('  ', { label: 'Tijuana' })).toBe(true);
  });
});

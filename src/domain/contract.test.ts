import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { methodOf, pathOf, route, type Answer } from './contract';

const example = route({
  method: ['PUT', 'POST'],
  path: '/cabain/:id/update',
  params: z.object({ id: z.string() }),
  response: z.object({ when: z.date(), names: z.array(z.object({ at: z.date().nullable() })) }),
});

describe('the wire contract', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(example, { id: 'a b/c' })).toBe('/cabain/a%20b%2Fc/update');
    expect(() => pathOf(example, {})).toThrow('Falta el parámetro id de /cabain/:id/update');
  });

  it('uses the first method of a route that accepts several', () => {
    expect(methodOf(example)).toBe('PUT');
    expect(methodOf(route({ method: 'GET', path: '/x', response: z.null() }))).toBe('GET');
  });

  it('types dates as the ISO text JSON carries', () => {
    const answer: Answer<typeof example> = JSON.parse(JSON.stringify({ when: new Date(0), names: [{ at: null }] }));
    // @ts-expect-error a date on the wire is text, not a Date
    const wrong: Date = answer.when;
    expect([typeof answer.when, wrong]).toEqual(['string', '1970-01-01T00:00:00.000Z']);
  });
});

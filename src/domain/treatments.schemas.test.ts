import { describe, expect, it } from 'vitest';
import { minutesToTerm, termToMinutes, treatmentCreateSchema, treatmentFieldsSchema, treatmentTypeIssues, treatmentUpdateSchema } from './treatments.schemas';

const ID = '11111111-1111-4111-8111-111111111111';
const base = { sku: 'TOX-01', name: 'Toxina', description: 'Prueba', treatmentTypeId: ID, categories: [ID], price: '3500.50', points: '35', term: '01:15' };
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('term', () => {
  it('converts HH:mm to minutes and back', () => {
    expect(termToMinutes('01:15')).toBe(75);
    expect(termToMinutes('23:59')).toBe(1439);
    expect(termToMinutes('1:15')).toBeNull();
    expect(termToMinutes('24:00')).toBeNull();
    expect(minutesToTerm(75)).toBe('01:15');
    expect(minutesToTerm(30)).toBe('00:30');
  });
});

describe('treatmentCreateSchema', () => {
  it('parses form text into numbers, flags and minutes', () => {
    const v = treatmentCreateSchema.parse({ ...base, assessment: 1, consent: '0', consentId: ID, productsIds: [ID] });
    expect(v).toMatchObject({
      price: 3500.5,
      points: 35,
      durationMinutes: 75,
      assessment: true,
      consent: false,
      consentId: undefined,
      areasIds: [],
      applianceIds: [],
    });
    expect(v.treatmentProduct).toEqual([{ productId: ID, quantity: 1 }]);
  });

  it('applies the spec limits and messages', () => {
    expect(first(treatmentCreateSchema.safeParse({ ...base, sku: 'abc' }))).toBe('El campo SKU debe tener al menos 4 caracteres');
    expect(first(treatmentCreateSchema.safeParse({ ...base, sku: 'abcdefghijk' }))).toBe('El campo SKU debe tener como máximo 10 caracteres');
    expect(first(treatmentCreateSchema.safeParse({ ...base, name: 'x'.repeat(81) }))).toBe('El campo nombre debe tener como máximo 80 caracteres');
    expect(first(treatmentCreateSchema.safeParse({ ...base, term: '90' }))).toBe('La duración debe tener el formato HH:mm');
    expect(first(treatmentCreateSchema.safeParse({ ...base, term: '00:00' }))).toBe('La duración debe ser mayor a 00:00');
    expect(first(treatmentCreateSchema.safeParse({ ...base, consent: true }))).toBe('El campo consentimiento es requerido');
    expect(first(treatmentCreateSchema.safeParse({ ...base, treatmentTypeId: undefined }))).toBe('El campo tipo de tratamiento es requerido');
    expect(first(treatmentCreateSchema.safeParse({ ...base, treatmentTypeId: 'x' }))).toBe('El campo tipo de tratamiento no es válido');
    expect(first(treatmentCreateSchema.safeParse({ ...base, treatmentProduct: [{ productId: ID, quantity: 0 }] }))).toBe(
      'El campo cantidad debe ser al menos 1',
    );
    expect(
      first(
        treatmentCreateSchema.safeParse({
          ...base,
          treatmentProduct: [
            { productId: ID, quantity: 1 },
            { productId: ID, quantity: 2 },
          ],
        }),
      ),
    ).toBe('El producto ya está en la lista');
  });

  it('lets an edit omit the SKU', () => {
    const { sku: _sku, ...rest } = base;
    expect(treatmentUpdateSchema.safeParse(rest).success).toBe(true);
    expect(treatmentCreateSchema.safeParse(rest).success).toBe(false);
  });

  it('exposes each field for the form rules', () => {
    expect(treatmentFieldsSchema.shape.price.safeParse('').success).toBe(false);
    expect(treatmentFieldsSchema.shape.medicalFee.safeParse('').success).toBe(true);
  });
});

describe('treatmentTypeIssues', () => {
  it('needs the medical fee for Medico and areas unless Valoracion or no areas', () => {
    expect(treatmentTypeIssues({ areasIds: [ID] }, { name: 'Medico', hasAreas: true })).toEqual([
      { field: 'medicalFee', message: 'El campo honorario médico es requerido' },
    ]);
    expect(treatmentTypeIssues({ medicalFee: 0, areasIds: [] }, { name: 'Medico', hasAreas: true })).toEqual([
      { field: 'areasIds', message: 'El campo áreas es requerido' },
    ]);
    expect(treatmentTypeIssues({ areasIds: [] }, { name: 'Cosmetologico', hasAreas: false })).toEqual([]);
    expect(treatmentTypeIssues({ areasIds: [] }, { name: 'Valoracion', hasAreas: true })).toEqual([]);
  });
});

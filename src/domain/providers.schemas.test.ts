import { describe, expect, it } from 'vitest';
import { PAY_CONDITIONS, payConditionLabel, providerSchema } from './providers.schemas';

const valid = {
  name: 'Dermafarma',
  tradename: 'Dermafarma del Noroeste S.A. de C.V.',
  rfc: 'DNO950612K21',
  regime: 'Moral',
  phone: '(664)123-4567',
  contactName: 'Laura Méndez',
  mobilePhone: '664 765 4321',
  payConditions: 30,
};

const issues = (input: Record<string, unknown>) => {
  const r = providerSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('provider schema', () => {
  it('accepts a complete provider and normalises phones and the RFC', () => {
    const p = providerSchema.parse({ ...valid, rfc: ' dno950612k21 ', email: 'ventas@dermafarma.mx', zipCode: '22010', clabeAccount: '012180001234567891' });
    expect(p.phone).toBe('6641234567');
    expect(p.mobilePhone).toBe('6647654321');
    expect(p.rfc).toBe('DNO950612K21');
    expect(p.address ?? null).toBeNull();
    expect(p.email).toBe('ventas@dermafarma.mx');
  });

  it('requires the spec fields with Spanish messages', () => {
    const e = issues({});
    expect(e.name).toBe('El campo nombre es requerido');
    expect(e.tradename).toBe('El campo razón social es requerido');
    expect(e.rfc).toBe('El campo RFC es requerido');
    expect(e.regime).toBe('El campo régimen es requerido');
    expect(e.phone).toBe('El campo teléfono es requerido');
    expect(e.contactName).toBe('El campo contacto es requerido');
    expect(e.mobilePhone).toBe('El campo teléfono celular es requerido');
    expect(e.payConditions).toBe('El campo condiciones de pago es requerido');
  });

  it("answers 'RFC Invalido' to a malformed RFC", () => {
    for (const rfc of ['ABC', 'DNO951312K21', 'DNO950632K21', 'D1O950612K21', 'DNO950612K2Z', 'DNOX9506121K21']) {
      expect(issues({ ...valid, rfc }).rfc, rfc).toBe('RFC Invalido');
    }
    // persona física: four letters
    expect(issues({ ...valid, rfc: 'MELA800101H5A', regime: 'Fisica' })).toEqual({});
  });

  it('checks that the RFC length matches the regime', () => {
    expect(issues({ ...valid, rfc: 'MELA800101H5A' }).rfc).toBe('El RFC de una persona moral debe tener 12 caracteres');
    expect(issues({ ...valid, regime: 'Fisica' }).rfc).toBe('El RFC de una persona física debe tener 13 caracteres');
    expect(issues({ ...valid, regime: 'Otro' }).regime).toBe('El campo régimen es requerido');
  });

  it('limits lengths', () => {
    const long = 'x'.repeat(51);
    const e = issues({
      ...valid,
      name: long,
      tradename: long,
      address: long,
      city: long,
      state: long,
      country: long,
      contactName: long,
      zipCode: '123456',
      clabeAccount: '1'.repeat(19),
      bankAccount: '1'.repeat(21),
      email: `${'a'.repeat(95)}@x.com`,
    });
    expect(e.name).toBe('El campo nombre debe tener como máximo 50 caracteres');
    expect(e.tradename).toBe('El campo razón social debe tener como máximo 50 caracteres');
    for (const f of ['address', 'city', 'state', 'country', 'contactName']) expect(e[f], f).toMatch(/como máximo 50 caracteres/);
    expect(e.zipCode).toBe('El campo código postal debe tener como máximo 5 caracteres');
    expect(e.clabeAccount).toBe('El campo CLABE debe tener como máximo 18 caracteres');
    expect(e.bankAccount).toBe('El campo cuenta bancaria debe tener como máximo 20 caracteres');
    expect(e.email).toBe('El campo correo electrónico debe tener como máximo 100 caracteres');
  });

  it('checks email, phones and payment terms', () => {
    expect(issues({ ...valid, email: 'no-es-correo' }).email).toBe('El campo correo electrónico debe ser un correo electrónico válido');
    expect(issues({ ...valid, phone: '664-123' }).phone).toBe('El teléfono debe tener 10 dígitos');
    expect(issues({ ...valid, payConditions: 20 }).payConditions).toBe('Las condiciones de pago deben ser 0, 15, 30, 45, 60 o 90 días');
    for (const d of PAY_CONDITIONS) expect(issues({ ...valid, payConditions: String(d) }), String(d)).toEqual({});
    expect(payConditionLabel(0)).toBe('Contado');
    expect(payConditionLabel(45)).toBe('45 días');
  });
});

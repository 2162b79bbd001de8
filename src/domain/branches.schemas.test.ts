import { describe, expect, it } from 'vitest';
import { branchSchema, RFC_INVALID, rfc, timeZoneOf } from './branches.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const messageOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join('.') === field)?.message;

const VALID = {
  name: 'Tijuana Río',
  street: 'Paseo de los Héroes',
  extNumber: '9350',
  suburb: 'Zona Río',
  city: 'Tijuana',
  state: 'Baja California',
  zipCode: '22010',
  mobilePhone: '(664)555-1234',
  code: 'tijrio0001',
  zone: 'Noroeste',
  rfc: 'ceb180101ab1',
  businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
};

describe('branch payload', () => {
  it('normalises phone, code and RFC, and turns blanks into null', () => {
    const b = branchSchema.parse({ ...VALID, phone: '', intNumber: ' ', googleMapsUrl: '', lat: '32.5', lng: null });
    expect(b).toMatchObject({
      mobilePhone: '6645551234',
      code: 'TIJRIO0001',
      rfc: 'CEB180101AB1',
      phone: null,
      intNumber: null,
      googleMapsUrl: null,
      lat: 32.5,
      lng: null,
    });
  });

  it('requires the spec fields with the required message', () => {
    const r = branchSchema.safeParse({});
    for (const [field, label] of [
      ['name', 'nombre'],
      ['street', 'calle'],
      ['extNumber', 'número exterior'],
      ['suburb', 'colonia'],
      ['city', 'ciudad'],
      ['state', 'estado'],
      ['zipCode', 'código postal'],
      ['mobilePhone', 'teléfono celular'],
      ['code', 'código'],
      ['rfc', 'RFC'],
      ['businessName', 'razón social'],
      ['zone', 'zona'],
    ]) {
      expect(messageOf(r, field), field).toBe(`El campo ${label} es requerido`);
    }
  });

  it('needs a zip code of exactly 5 digits and a code of exactly 10 characters', () => {
    expect(messageOf(branchSchema.safeParse({ ...VALID, zipCode: '2201' }), 'zipCode')).toBe('El campo código postal debe tener exactamente 5 caracteres');
    expect(messageOf(branchSchema.safeParse({ ...VALID, zipCode: '220100' }), 'zipCode')).toBe('El campo código postal debe tener exactamente 5 caracteres');
    expect(messageOf(branchSchema.safeParse({ ...VALID, zipCode: '22a10' }), 'zipCode')).toBe('El campo código postal no es válido');
    expect(messageOf(branchSchema.safeParse({ ...VALID, code: 'TIJ001' }), 'code')).toBe('El campo código debe tener exactamente 10 caracteres');
    expect(messageOf(branchSchema.safeParse({ ...VALID, code: 'TIJUANA0001' }), 'code')).toBe('El campo código debe tener exactamente 10 caracteres');
  });

  it("checks the Mexican RFC pattern with 'RFC Invalido'", () => {
    for (const ok of ['CEB180101AB1', 'GOMA850101H12', 'ñaa200229xy9', 'A&B991231ZZA']) expect(rfc().safeParse(ok).success, ok).toBe(true);
    for (const bad of ['CEB18010AB1', 'CEB181301AB1', 'CEB180132AB1', '1234567890123', 'CEB180101AB', 'CEB180101AB1X'])
      expect(firstMessage(rfc().safeParse(bad)), bad).toBe(RFC_INVALID);
    expect(messageOf(branchSchema.safeParse({ ...VALID, rfc: 'XXX' }), 'rfc')).toBe('RFC Invalido');
  });

  it('checks phones, zone and coordinates', () => {
    expect(messageOf(branchSchema.safeParse({ ...VALID, mobilePhone: '664555' }), 'mobilePhone')).toBe('El teléfono debe tener 10 dígitos');
    expect(messageOf(branchSchema.safeParse({ ...VALID, phone: '12' }), 'phone')).toBe('El teléfono debe tener 10 dígitos');
    expect(messageOf(branchSchema.safeParse({ ...VALID, zone: 'Norte' }), 'zone')).toBe('El campo zona es requerido');
    expect(messageOf(branchSchema.safeParse({ ...VALID, lat: 91 }), 'lat')).toBe('El campo latitud no es válido');
    expect(messageOf(branchSchema.safeParse({ ...VALID, googleMapsUrl: 'maps' }), 'googleMapsUrl')).toBe('El campo URL de Google Maps no es válido');
  });

  it('derives the time zone from the zone', () => {
    expect(timeZoneOf('Noroeste')).toBe('America/Tijuana');
    expect(timeZoneOf('Sureste')).toBe('America/Cancun');
    expect(timeZoneOf('Pacifico')).toBe('America/Mazatlan');
    expect(timeZoneOf('Centro')).toBe('America/Mexico_City');
  });
});

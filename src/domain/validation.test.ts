import { describe, expect, it } from 'vitest';
import { changePasswordSchema, quickLoginSchema, recoveryCodeField, resetPinSchema } from './auth.schemas';
import { listMeta, listQuerySchema } from './list';
import { cents, formatMoney, fromCents, toCents } from './money';
import { exchangeRateValue } from './settings.schemas';
import { formatPhone, nationalPhone, optionalDate, optionalPhone, phone, PHONE_COUNTRY, requiredDate, strongPassword } from './validation';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('passwords and PINs', () => {
  it('requires the strong pattern', () => {
    expect(strongPassword().safeParse('Demo2026!').success).toBe(true);
    expect(strongPassword().safeParse('demo2026!').success).toBe(false);
    expect(strongPassword().safeParse('DEMO2026!').success).toBe(false);
    expect(strongPassword().safeParse('Demonios!').success).toBe(false);
    expect(firstMessage(strongPassword().safeParse('Ab1'))).toBe('El campo contraseña debe tener al menos 8 caracteres');
  });

  it('refuses mismatching confirmations with the spec messages', () => {
    expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'x', password: 'Demo2026!', passwordConfirm: 'Demo2027!' }))).toBe(
      'Las contraseñas no coinciden!',
    );
    expect(firstMessage(resetPinSchema.safeParse({ currentPassword: 'x', newPin: '1234', pin: '4321' }))).toBe('Los pines no coinciden!');
    expect(resetPinSchema.safeParse({ currentPassword: 'x', newPin: '123', pin: '123' }).success).toBe(false);
  });

  it('accepts a numeric PIN, keeping leading zeros', () => {
    expect(quickLoginSchema.parse({ pin: 123, refreshToken: 't' }).pin).toBe('0123');
    expect(quickLoginSchema.parse({ pin: '0042', refreshToken: 't' }).pin).toBe('0042');
  });

  it('checks the recovery code length and upper-cases it', () => {
    expect(recoveryCodeField.parse('ab3def')).toBe('AB3DEF');
    expect(firstMessage(recoveryCodeField.safeParse('ABC'))).toBe('El campo código debe tener exactamente 6 caracteres');
  });
});

describe('phones', () => {
  it('strips the mask and needs 10 digits', () => {
    expect(phone().parse('(664)123-4567')).toBe('6641234567');
    expect(phone().safeParse('664123').success).toBe(false);
    expect(formatPhone('6641234567')).toBe('(664)123-4567');
  });

  it('accepts the +52 country code and stores the 10 national digits', () => {
    for (const typed of ['+52 664 123 4567', '+526641234567', '52 664 123 4567', '526641234567', '(664) 123-4567', '0052 664 123 4567', '+52 1 664 123 4567']) {
      expect(phone().parse(typed), typed).toBe('6641234567');
    }
    expect(nationalPhone('+52 (664) 123-4567')).toBe('6641234567');
  });

  it('refuses another country code in Spanish, and a wrong length or letters with the 10-digit message', () => {
    expect(firstMessage(phone().safeParse('+1 619 555 1234'))).toBe(PHONE_COUNTRY);
    expect(firstMessage(phone().safeParse('+34 612 345 678'))).toBe('Solo se aceptan teléfonos de México (+52)');
    expect(firstMessage(phone().safeParse('+6641234567'))).toBe(PHONE_COUNTRY);
    expect(firstMessage(phone().safeParse('+52 664 123 45'))).toBe('El teléfono debe tener 10 dígitos');
    expect(firstMessage(phone().safeParse('66412345678'))).toBe('El teléfono debe tener 10 dígitos');
    expect(firstMessage(phone().safeParse('664abc1234'))).toBe('El teléfono debe tener 10 dígitos');
    expect(firstMessage(phone('teléfono celular').safeParse(' '))).toBe('El campo teléfono celular es requerido');
  });

  it('leaves a blank optional phone empty and normalises a given one', () => {
    expect(optionalPhone().parse('')).toBeNull();
    expect(optionalPhone().parse('(')).toBeNull();
    expect(optionalPhone().parse(undefined)).toBeUndefined();
    expect(optionalPhone().parse('+52 664 123 4567')).toBe('6641234567');
    expect(firstMessage(optionalPhone().safeParse('+44 20 7946 0958'))).toBe(PHONE_COUNTRY);
  });
});

describe('settings', () => {
  it('uses the spec messages for the exchange rate', () => {
    expect(firstMessage(exchangeRateValue.safeParse(undefined))).toBe('Debe ingresar un tipo de cambio');
    expect(firstMessage(exchangeRateValue.safeParse(''))).toBe('Debe ingresar un tipo de cambio');
    expect(firstMessage(exchangeRateValue.safeParse(-0.5))).toBe('Debe ser mayor a 0');
    expect(firstMessage(exchangeRateValue.safeParse(0))).toBe('Debe ser mayor a 0');
    expect(firstMessage(exchangeRateValue.safeParse('0'))).toBe('Debe ser mayor a 0');
    expect(exchangeRateValue.parse(0.01)).toBe(0.01);
    expect(exchangeRateValue.parse('17.25')).toBe(17.25);
  });
});

describe('lists', () => {
  it('parses the common query with defaults and take=all', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, take: 15 });
    expect(listQuerySchema.parse({ take: 'all', order: 'desc' })).toMatchObject({ take: 0, order: 'DESC' });
    expect(listQuerySchema.parse({ search: '{"filter":"name","value":"ana"}' }).search).toEqual({ filter: 'name', value: 'ana' });
    expect(listQuerySchema.safeParse({ search: 'not json' }).success).toBe(false);
  });

  it('computes the page meta', () => {
    expect(listMeta(2, 15, 31)).toEqual({ page: 2, take: 15, itemCount: 31, pageCount: 3, hasPreviousPage: true, hasNextPage: true });
    expect(listMeta(1, 0, 31)).toMatchObject({ pageCount: 1, hasNextPage: false });
  });
});

describe('money', () => {
  it('works in integer cents without float drift', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents('1234.565')).toBe(123457);
    expect(fromCents(cents(123456))).toBe(1234.56);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});

describe('dates of filters and forms', () => {
  const range = 'El campo fecha inicial debe ser una fecha entre el 01/01/1900 y el 31/12/2100';

  it('take a day of the calendar from 1900-01-01 to 2100-12-31, written YYYY-MM-DD', () => {
    for (const day of ['1900-01-01', '2026-02-28', '2028-02-29', '2100-12-31']) expect(optionalDate('fecha inicial').parse(day)).toBe(day);
    expect(optionalDate('fecha inicial').parse(' 2026-01-15 ')).toBe('2026-01-15');
  });

  it('refuse a day outside that range, and one not in the calendar, each with its message', () => {
    for (const day of ['0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31'])
      expect(firstMessage(optionalDate('fecha inicial').safeParse(day)), day).toBe(range);
    for (const day of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10'])
      expect(firstMessage(optionalDate('fecha inicial').safeParse(day)), day).toBe('El campo fecha inicial no es válido');
    for (const day of ['15/01/2026', '26-01-15', '2026-1-5', 'hoy'])
      expect(firstMessage(optionalDate('fecha inicial').safeParse(day)), day).toBe('El campo fecha inicial debe tener el formato AAAA-MM-DD');
  });

  it('read a blank optional date as none, and require the required one', () => {
    expect(optionalDate('fecha inicial').parse('')).toBeUndefined();
    expect(optionalDate('fecha inicial').parse(undefined)).toBeUndefined();
    expect(firstMessage(requiredDate('fecha').safeParse(''))).toBe('El campo fecha es requerido');
    expect(firstMessage(requiredDate('fecha').safeParse(undefined))).toBe('El campo fecha es requerido');
  });
});

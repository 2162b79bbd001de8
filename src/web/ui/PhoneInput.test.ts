import { describe, expect, it } from 'vitest';
import { phoneText } from './PhoneInput';
import { photoLimitMessage } from './PhotoPicker';

describe('phone field text', () => {
  it('masks a Mexican number, also one typed or pasted with +52', () => {
    expect(phoneText('6641234567')).toBe('(664)123-4567');
    expect(phoneText('+52 664 123 4567')).toBe('(664)123-4567');
    expect(phoneText('526641234567')).toBe('(664)123-4567');
    expect(phoneText('(664) 123-4567')).toBe('(664)123-4567');
    expect(phoneText('664123')).toBe('(664)123');
  });

  it('keeps a country code as typed while it is written, so it can be finished or refused in Spanish', () => {
    expect(phoneText('+52 66')).toBe('+52 66');
    expect(phoneText('+1 619 555 0101')).toBe('+1 619 555 0101');
    expect(phoneText('52664123456')).toBe('52664123456');
    // without a country code the mask still stops at 10 digits
    expect(phoneText('(664)123-45678')).toBe('(664)123-4567');
  });
});

describe('photo picker limit', () => {
  it("says 'máximo 1 imagen' in the singular", () => {
    expect(photoLimitMessage(1)).toBe('Se permiten como máximo 1 imagen');
    expect(photoLimitMessage(3)).toBe('Se permiten como máximo 3 imágenes');
  });
});

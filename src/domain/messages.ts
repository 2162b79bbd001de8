import { BUSINESS_DATES } from './dates';

/**
 * Spanish message templates (section 5: required, minimum and maximum length), apart from validation.ts's zod schemas
 * (which re-exports them): a screen that only needs a message, such as the sign-in page through ui/forms, does not
 * load zod with it.
 */
export const msg = {
  required: (label: string) => `El campo ${label} es requerido`,
  min: (label: string, n: number) => `El campo ${label} debe tener al menos ${n} caracteres`,
  max: (label: string, n: number) => `El campo ${label} debe tener como máximo ${n} caracteres`,
  exact: (label: string, n: number) => `El campo ${label} debe tener exactamente ${n} caracteres`,
  email: (label: string) => `El campo ${label} debe ser un correo electrónico válido`,
  passwordPattern: 'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número',
  passwordsMismatch: 'Las contraseñas no coinciden!',
  pinsMismatch: 'Los pines no coinciden!',
  phone: 'El teléfono debe tener 10 dígitos',
  invalid: (label: string) => `El campo ${label} no es válido`,
  dateFormat: (label: string) => `El campo ${label} debe tener el formato AAAA-MM-DD`,
  dateRange: (label: string) => `El campo ${label} debe ser una fecha entre el ${ddmmyyyy(BUSINESS_DATES.min)} y el ${ddmmyyyy(BUSINESS_DATES.max)}`,
};

function ddmmyyyy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

import { Input, type InputProps } from 'antd';
import { nationalPhone } from '../../domain/validation';

/** Section 9 mask (000)000-0000, applied while typing; the domain schema strips it again. */
export function maskPhone(value: string | null | undefined): string {
  const d = (value ?? '').replace(/\D/g, '').slice(0, 10);
  if (!d) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * What the field shows for what was typed or stored: a Mexican number (also with +52) masked on its 10 national digits;
 * text with a country code (+, 00, or 52 and more than 10 digits) stays as typed, so '+52 664…' can be finished and another
 * country's number meets the schema's Spanish message instead of being cut to 10 digits.
 */
export function phoneText(value: string | null | undefined): string {
  const text = value ?? '';
  const national = nationalPhone(text);
  if (national) return maskPhone(national);
  const digits = text.replace(/\D/g, '');
  const withCountryCode = text.trim().startsWith('+') || digits.startsWith('00') || (digits.startsWith('52') && digits.length > 10);
  return withCountryCode ? text : maskPhone(text);
}

type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (value: string) => void };

export function PhoneInput({ value, onChange, ...rest }: Props) {
  return (
    <Input
      {...rest}
      inputMode="tel"
      placeholder="(000)000-0000"
      maxLength={20}
      value={phoneText(value)}
      onChange={(e) => onChange?.(phoneText(e.target.value))}
    />
  );
}

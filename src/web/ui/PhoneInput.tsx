import { Input, type InputProps } from 'antd';

/** Section 9 mask (000)000-0000, applied while typing; the domain schema strips it again. */
export function maskPhone(value: string | null | undefined): string {
  const d = (value ?? '').replace(/\D/g, '').slice(0, 10);
  if (!d) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (value: string) => void };

export function PhoneInput({ value, onChange, ...rest }: Props) {
  return <Input {...rest} inputMode="tel" placeholder="(000)000-0000" maxLength={13} value={maskPhone(value)} onChange={(e) => onChange?.(maskPhone(e.target.value))} />;
}

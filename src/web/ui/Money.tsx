import { formatMoney } from '../../domain/money';

export function Money({ value }: { value: number | string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</span>;
}

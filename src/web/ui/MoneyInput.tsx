import { InputNumber, type InputNumberProps } from 'antd';
import { moneyInputText, moneyInputValue } from './money-text';

export interface MoneyInputProps extends Omit<InputNumberProps<number>, 'formatter' | 'parser' | 'precision' | 'prefix'> {
  /** Pesos by default; dollars add a 'USD' suffix. */
  currency?: 'MXN' | 'USD';
}

/** An amount of money: '$' prefix, two decimals, thousands separators while typing, 0 or more unless told. */
export function MoneyInput({ currency = 'MXN', min = 0, style, ...rest }: MoneyInputProps) {
  return (
    <InputNumber<number>
      min={min}
      precision={2}
      prefix="$"
      suffix={currency === 'USD' ? 'USD' : undefined}
      formatter={moneyInputText}
      parser={(text) => moneyInputValue(text) as unknown as number}
      style={{ width: '100%', ...style }}
      {...rest}
    />
  );
}

import { toCents, toDecimalText } from '../../domain/money';

/**
 * The text of a money input: thousands separators on the whole part; once the user stops typing, two decimals
 * ('1234.5' → '1,234.50'). A formatter replaces InputNumber's own precision display, so it pads here.
 */
export function moneyInputText(value: string | number | undefined, info?: { userTyping: boolean }): string {
  if (value === undefined || value === '') return '';
  const text = String(value);
  const shown = !info?.userTyping && /^-?\d+(\.\d*)?$/.test(text) ? toDecimalText(toCents(text)) : text;
  const [whole, fraction] = shown.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** What the user typed, without the '$', separators and spaces, for the InputNumber to read. */
export function moneyInputValue(text: string | undefined): string {
  return text ? text.replace(/[$,\s]/g, '') : '';
}

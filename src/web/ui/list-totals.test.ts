import { describe, expect, it } from 'vitest';
import { listTotals, sumColumn } from './list-totals';
import { moneyInputText, moneyInputValue } from './money-text';

interface Row {
  id: string;
  total: number | string | null;
  quantity: number;
}

const rows: Row[] = [
  { id: 'a', total: 0.1, quantity: 1 },
  { id: 'b', total: '0.20', quantity: 2 },
  { id: 'c', total: 1234.56, quantity: 3 },
  { id: 'd', total: null, quantity: 4 },
];

describe('list totals', () => {
  it('sums money exactly in cents, skipping empty amounts', () => {
    expect(sumColumn(rows, { key: 'total' })).toBe(1234.86);
    // 0.1 + 0.2 in floats is 0.30000000000000004
    expect(sumColumn([{ v: 0.1 }, { v: 0.2 }], { key: 'v' })).toBe(0.3);
    expect(
      sumColumn(
        Array.from({ length: 10 }, () => ({ v: 0.1 })),
        { key: 'v' },
      ),
    ).toBe(1);
  });

  it('sums counts as whole numbers and reads a column through its value function', () => {
    expect(sumColumn(rows, { key: 'quantity', kind: 'count' })).toBe(10);
    expect(sumColumn(rows, { key: 'double', value: (r) => Number(r.total ?? 0) * 2 })).toBe(2469.72);
  });

  it('takes the totals the server answered over the page rows, and sums the rest', () => {
    const totals = { columns: [{ key: 'total' }, { key: 'quantity', kind: 'count' as const }] };
    expect(listTotals(rows, totals)).toEqual({ total: 1234.86, quantity: 10 });
    expect(listTotals(rows, totals, { total: '98765.43' })).toEqual({ total: 98765.43, quantity: 10 });
    expect(listTotals([], totals)).toEqual({ total: 0, quantity: 0 });
  });
});

describe('money input text', () => {
  it('groups thousands in the whole part and shows two decimals once typing stops', () => {
    expect(moneyInputText(1234567.5)).toBe('1,234,567.50');
    expect(moneyInputText('2999.99')).toBe('2,999.99');
    expect(moneyInputText(5)).toBe('5.00');
    expect(moneyInputText(undefined)).toBe('');
    expect(moneyInputText('')).toBe('');
  });

  it('leaves what the user is typing as typed, grouped', () => {
    expect(moneyInputText('1234.5', { userTyping: true })).toBe('1,234.5');
    expect(moneyInputText('0.1234', { userTyping: true })).toBe('0.1234');
    expect(moneyInputText('12.', { userTyping: true })).toBe('12.');
  });

  it('reads back what was typed without $, separators and spaces', () => {
    expect(moneyInputValue('$ 1,234.50')).toBe('1234.50');
    expect(moneyInputValue(undefined)).toBe('');
  });
});

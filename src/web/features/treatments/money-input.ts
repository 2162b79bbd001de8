/** InputNumber props for pesos: thousands separators while typing, two decimals, a $ prefix. */
export const moneyInputProps = {
  min: 0,
  precision: 2,
  prefix: '$',
  style: { width: '100%' },
  formatter: (v: string | number | undefined) => (v === undefined || v === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',')),
  parser: (v: string | undefined) => (v ? v.replace(/[$,\s]/g, '') : '') as unknown as number,
};

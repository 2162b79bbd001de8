export { InlineSwitch } from './InlineSwitch';
export { moneyInputProps } from './money-input';

import type { ReactNode } from 'react';
import { Checkbox, Col, Form, Select, Switch, type FormItemProps, type SelectProps } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { SEARCH_BY_LABEL } from './select-search';

type ItemProps = Omit<FormItemProps, 'children'> & { children?: ReactNode };

/** A form field in a grid cell: full width on phones (`xs`, 24 by default), `md` of 24 columns from tablets up. */
export function Field({ xs = 24, md, children, ...item }: ItemProps & { xs?: number; md?: number }) {
  return (
    <Col xs={xs} md={md}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}

/** An on/off field (Activo, Lista negra…): the switch's checked state is the value. */
export function SwitchField({ children = <Switch />, ...item }: ItemProps) {
  return (
    <Form.Item valuePropName="checked" {...item}>
      {children}
    </Form.Item>
  );
}

/** A select whose options are found by typing part of their label, accents or not. */
export function SearchSelect<V = string>(props: SelectProps<V>) {
  return <Select<V> showSearch={SEARCH_BY_LABEL} {...props} />;
}

/**
 * Checkboxes for a field of several values (Tipo de pago). A required Form.Item marks its control aria-required,
 * which a checkbox group (role "group") may not carry (axe-core's aria-allowed-attr): the label's mark says it.
 */
export function CheckboxGroup<V extends string | number = string>({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<V> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<V> {...props} />;
}

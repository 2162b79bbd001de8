import type { ReactNode } from 'react';
import { Col, Form, Select, Switch, type FormItemProps, type SelectProps } from 'antd';

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

/** A select whose options are found by typing part of their label. */
export function SearchSelect<V = string>(props: SelectProps<V>) {
  return <Select<V> showSearch={{ optionFilterProp: 'label' }} {...props} />;
}

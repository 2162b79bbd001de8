import type { CSSProperties, ReactNode } from 'react';
import { Button, Form, InputNumber, Select, Typography, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { msg } from '../../domain/validation';
import { formatMoney } from './format';
import { availabilityError, lineSubtotal, linesTotal, type LineAmounts } from './line-items';
import { MoneyInput } from './MoneyInput';

/** Something a line can hold: a product, a lot, a treatment… with its list price and what is left of it. */
export interface LineItemOption {
  value: string;
  label: string;
  price?: number | string | null;
  /** Units available (stock of the product or lot); unknown when absent. */
  available?: number | null;
}

export interface LineItemsFieldProps {
  /** The Form.List name: each line is { [itemKey], quantity, unitPrice }. */
  name: string;
  title?: ReactNode;
  /** The line's item id field, 'itemId' unless told (e.g. 'productId', 'lotId'). */
  itemKey?: string;
  /** The item's label, 'Producto' unless told; the remove button says 'Quitar <label>'. */
  itemLabel?: string;
  options: LineItemOption[];
  loading?: boolean;
  /** A loader that searches on the server as the user types; without it the options are filtered here. */
  onSearch?: (text: string) => void;
  /** Unit price, subtotal and the totals row; off for lines that only count (a treatment's products). */
  withPrice?: boolean;
  /** An item may appear on one line only (the default). */
  uniqueItems?: boolean;
  /** The quantity's rules (a schema's); by default required, a whole number of at least 1. Availability is always checked. */
  quantityRules?: FormRule[];
  /** At least one line: this message when none. */
  requiredMessage?: string;
  /** The refusal of a quantity above what is available, when the screen's spec words it ('Solo hay N disponibles' otherwise). */
  shortMessage?: string;
  emptyText?: string;
  addLabel?: string;
  /** Hides the add and remove buttons; the inputs follow the form's own disabled state. */
  disabled?: boolean;
}

type Line = LineAmounts & Record<string, unknown>;

const grid = (withPrice: boolean): CSSProperties => ({
  display: 'grid',
  gridTemplateColumns: withPrice ? 'minmax(240px, 1fr) 150px 170px 140px 40px' : 'minmax(240px, 360px) 150px 40px',
  gap: 8,
  alignItems: 'start',
  marginTop: 8,
});

/** Order or sale lines: item, quantity (checked against what is available), unit price, subtotal and the total. */
export function LineItemsField(props: LineItemsFieldProps) {
  const { name, itemKey = 'itemId', itemLabel = 'Producto', options, withPrice = true, uniqueItems = true, disabled } = props;
  const form = Form.useFormInstance();
  const lines = (Form.useWatch(name, form) ?? []) as (Line | undefined)[];
  const optionOf = (line: Line | undefined) => options.find((o) => o.value === line?.[itemKey]);
  const quantityRules: FormRule[] = props.quantityRules ?? [
    { required: true, message: msg.required('cantidad') },
    { type: 'integer', min: 1, message: 'La cantidad debe ser un número entero mayor o igual a 1' },
  ];

  return (
    <div style={{ marginBottom: 16 }}>
      {props.title && <Typography.Text strong>{props.title}</Typography.Text>}
      <Form.List
        name={name}
        rules={
          props.requiredMessage
            ? [{ validator: async (_r, v?: unknown[]) => (v?.length ? undefined : Promise.reject(new Error(props.requiredMessage))) }]
            : undefined
        }
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {!fields.length && props.emptyText && <div style={{ color: '#666', margin: '4px 0' }}>{props.emptyText}</div>}
            {fields.length > 0 && withPrice && (
              <div style={{ ...grid(true), fontWeight: 600 }}>
                <span>{itemLabel}</span>
                <span>Cantidad</span>
                <span>Precio unitario</span>
                <span style={{ textAlign: 'right' }}>Subtotal</span>
              </div>
            )}
            {fields.map((field, index) => {
              const line = lines[field.name];
              const available = optionOf(line)?.available;
              return (
                <div key={field.key} style={grid(withPrice)} data-testid={`line-${index}`}>
                  <Form.Item
                    name={[field.name, itemKey]}
                    rules={[{ required: true, message: msg.required(itemLabel.toLowerCase()) }]}
                    style={{ marginBottom: 0 }}
                  >
                    <Select
                      aria-label={itemLabel}
                      placeholder={`Seleccione el ${itemLabel.toLowerCase()}`}
                      loading={props.loading}
                      showSearch={props.onSearch ? { filterOption: false, onSearch: props.onSearch } : { optionFilterProp: 'label' }}
                      options={options
                        .filter((o) => !uniqueItems || o.value === line?.[itemKey] || !lines.some((l) => l?.[itemKey] === o.value))
                        .map((o) => ({ value: o.value, label: o.label }))}
                      onChange={(id: string) => {
                        const price = options.find((o) => o.value === id)?.price;
                        if (withPrice && price !== undefined && price !== null) form.setFieldValue([name, field.name, 'unitPrice'], Number(price));
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    dependencies={[[name, field.name, itemKey]]}
                    rules={[
                      ...quantityRules,
                      {
                        validator: async (_r, quantity?: number) => {
                          const error = availabilityError(quantity, available, props.shortMessage);
                          if (error) throw new Error(error);
                        },
                      },
                    ]}
                    extra={available !== undefined && available !== null ? `Disponibles: ${available.toLocaleString('es-MX')}` : undefined}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber aria-label="Cantidad" min={1} precision={0} placeholder="Cantidad" style={{ width: '100%' }} />
                  </Form.Item>
                  {withPrice && (
                    <>
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        rules={[{ required: true, message: msg.required('precio unitario') }]}
                        style={{ marginBottom: 0 }}
                      >
                        <MoneyInput aria-label="Precio unitario" />
                      </Form.Item>
                      <div style={{ textAlign: 'right', lineHeight: '32px', fontVariantNumeric: 'tabular-nums' }} data-testid={`line-${index}-subtotal`}>
                        {formatMoney(lineSubtotal(line))}
                      </div>
                    </>
                  )}
                  {!disabled && <Button danger icon={<DeleteOutlined />} aria-label={`Quitar ${itemLabel.toLowerCase()}`} onClick={() => remove(field.name)} />}
                </div>
              );
            })}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ quantity: 1 })}>
                {props.addLabel ?? 'Agregar producto'}
              </Button>
            )}
          </>
        )}
      </Form.List>
      {withPrice && (
        <div style={{ marginTop: 12, padding: '8px 12px', background: '#f7f3fd', borderRadius: 6, textAlign: 'right' }}>
          Total: <strong data-testid="lines-total">{formatMoney(linesTotal(lines))}</strong>
        </div>
      )}
    </div>
  );
}

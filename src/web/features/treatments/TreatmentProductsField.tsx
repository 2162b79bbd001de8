import { Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { treatmentProductSchema } from '../../../domain/treatments.schemas';
import { msg } from '../../../domain/validation';
import { zodRule } from '../../ui/forms';

interface Props {
  products: { id: string; sku: string; name: string }[];
  loading?: boolean;
  disabled?: boolean;
}

/** Products used by the treatment, each with the quantity one session consumes. */
export function TreatmentProductsField({ products, loading, disabled }: Props) {
  const chosen = (Form.useWatch('treatmentProduct') ?? []) as ({ productId?: string } | undefined)[];
  return (
    <Form.List name="treatmentProduct">
      {(fields, { add, remove }) => (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text strong>Productos utilizados</Typography.Text>
          {!fields.length && <div style={{ color: '#8c8c8c', margin: '4px 0' }}>Sin productos</div>}
          {fields.map((field) => (
            <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }} wrap>
              <Form.Item name={[field.name, 'productId']} rules={[{ required: true, message: msg.required('producto') }]} style={{ marginBottom: 0, minWidth: 360 }}>
                <Select
                  aria-label="Producto"
                  placeholder="Seleccione el producto"
                  loading={loading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={products
                    .filter((p) => p.id === chosen[field.name]?.productId || !chosen.some((c) => c?.productId === p.id))
                    .map((p) => ({ value: p.id, label: `${p.sku} · ${p.name}` }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'quantity']} rules={[zodRule(treatmentProductSchema, 'quantity')]} style={{ marginBottom: 0 }}>
                <InputNumber aria-label="Cantidad" min={1} precision={0} placeholder="Cantidad" style={{ width: 120 }} />
              </Form.Item>
              {!disabled && <Button danger icon={<DeleteOutlined />} aria-label="Quitar producto" onClick={() => remove(field.name)} />}
            </Space>
          ))}
          {!disabled && (
            <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ quantity: 1 })}>
              Agregar producto
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

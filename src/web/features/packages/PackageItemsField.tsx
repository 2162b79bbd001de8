import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { packageTotals } from '../../../domain/packages';
import { packageItemSchema, type PackageType } from '../../../domain/packages.schemas';
import { msg } from '../../../domain/validation';
import { zodRule } from '../../ui/forms';
import { formatMoney } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import type { PackageTreatmentOption } from '../../../domain/packages.contract';

export interface ItemValues {
  id?: string;
  treatmentId?: string;
  areasIds?: string[];
  sessions?: number;
  limit?: number;
  regularPrice?: number;
  promotionPrice?: number;
}

interface Props {
  form: FormInstance;
  type: PackageType;
  treatments: PackageTreatmentOption[];
  hasAreas: boolean;
  disabled?: boolean;
}

/** Shows a read-only amount inside a Form.Item (the regular price comes from the treatment). */
function ReadOnlyMoney({ value, id }: { value?: number | null; id?: string }) {
  return <Input id={id} aria-label="Precio regular" disabled value={value === undefined || value === null ? '' : formatMoney(value)} placeholder="—" />;
}

/** The treatments of a package or promotion with the live totals Σ price × sessions. */
export function PackageItemsField({ form, type, treatments, hasAreas, disabled }: Props) {
  const items = (Form.useWatch('treatmentPackage', form) ?? []) as (ItemValues | undefined)[];
  const isPackage = type === 'Package';
  const totals = packageTotals(
    items.map((i) => ({
      regularPrice: treatments.find((t) => t.id === i?.treatmentId)?.price ?? i?.regularPrice,
      promotionPrice: i?.promotionPrice,
      sessions: isPackage ? i?.sessions : 1,
    })),
  );
  // 24 columns: remove button 1, prices 4 + 4, limit 2, sessions 2 (packages), the rest for treatment and areas
  const span = { treatment: hasAreas ? (isPackage ? 6 : 7) : isPackage ? 11 : 13, areas: isPackage ? 5 : 6 };

  const header = (
    <Row gutter={8} style={{ fontWeight: 600, marginBottom: 4 }}>
      <Col span={span.treatment}>Tratamiento</Col>
      {hasAreas && <Col span={span.areas}>Áreas</Col>}
      {isPackage && <Col span={2}>Sesiones</Col>}
      <Col span={2}>Límite</Col>
      <Col span={4}>Precio regular</Col>
      <Col span={4}>Precio promoción</Col>
    </Row>
  );

  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Tratamientos
      </Typography.Title>
      <Form.List
        name="treatmentPackage"
        rules={[
          {
            validator: async (_r, v?: unknown[]) => {
              if (!v?.length) throw new Error('Debe agregar al menos un tratamiento');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.length > 0 && header}
            {fields.map((field, index) => {
              const chosen = treatments.find((t) => t.id === items[index]?.treatmentId);
              return (
                <Row key={field.key} gutter={8} align="top" data-testid={`item-${index}`}>
                  <Col span={span.treatment}>
                    <Form.Item name={[field.name, 'treatmentId']} rules={[{ required: true, message: msg.required('tratamiento') }]}>
                      <Select
                        aria-label={`Tratamiento ${index + 1}`}
                        placeholder="Seleccione el tratamiento"
                        showSearch={{ optionFilterProp: 'label' }}
                        options={treatments.map((t) => ({ value: t.id, label: t.name }))}
                        onChange={(id: string) => {
                          const t = treatments.find((x) => x.id === id);
                          form.setFieldValue(['treatmentPackage', field.name, 'regularPrice'], t?.price);
                          form.setFieldValue(['treatmentPackage', field.name, 'areasIds'], t && t.areas.length === 1 ? [t.areas[0].id] : []);
                        }}
                      />
                    </Form.Item>
                  </Col>
                  {hasAreas && (
                    <Col span={span.areas}>
                      <Form.Item name={[field.name, 'areasIds']} rules={[{ type: 'array', required: true, min: 1, message: msg.required('áreas') }]}>
                        <Select
                          aria-label={`Áreas ${index + 1}`}
                          mode="multiple"
                          placeholder={chosen ? 'Seleccione las áreas' : 'Elija un tratamiento'}
                          options={(chosen?.areas ?? []).map((a) => ({ value: a.id, label: a.name }))}
                        />
                      </Form.Item>
                    </Col>
                  )}
                  {isPackage && (
                    <Col span={2}>
                      <Form.Item
                        name={[field.name, 'sessions']}
                        rules={[zodRule(packageItemSchema, 'sessions'), { required: true, message: msg.required('sesiones') }]}
                      >
                        <InputNumber aria-label={`Sesiones ${index + 1}`} min={1} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  )}
                  <Col span={2}>
                    <Form.Item name={[field.name, 'limit']} rules={[zodRule(packageItemSchema, 'limit')]}>
                      <InputNumber aria-label={`Límite ${index + 1}`} min={1} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[field.name, 'regularPrice']}>
                      <ReadOnlyMoney />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[field.name, 'promotionPrice']} rules={[zodRule(packageItemSchema, 'promotionPrice')]}>
                      <MoneyInput aria-label={`Precio promoción ${index + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col span={1}>
                    {!disabled && fields.length > 1 && (
                      <Button danger icon={<DeleteOutlined />} aria-label={`Quitar tratamiento ${index + 1}`} onClick={() => remove(field.name)} />
                    )}
                  </Col>
                </Row>
              );
            })}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ limit: 1, sessions: isPackage ? 1 : undefined })}>
                Agregar tratamiento
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Space size={32} style={{ marginTop: 16, padding: '8px 12px', background: '#f7f3fd', borderRadius: 6, width: '100%' }}>
        <span>
          Precio regular total: <strong data-testid="total-regular">{formatMoney(totals.regularPrice)}</strong>
        </span>
        <span>
          Precio {isPackage ? 'del paquete' : 'de la promoción'}: <strong data-testid="total-price">{formatMoney(totals.price)}</strong>
        </span>
      </Space>
    </div>
  );
}

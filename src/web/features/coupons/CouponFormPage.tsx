import { useEffect } from 'react';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import { discountedPrice, formatPercent } from '../../../domain/coupons';
import { couponRoutes } from '../../../domain/coupons.contract';
import { COUPON_TYPES, couponFieldsSchema, couponTypeLabels, type CouponType } from '../../../domain/coupons.schemas';
import { msg } from '../../../domain/validation';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';
import { formatMoney } from '../../ui/format';

interface Values {
  code: string;
  name: string;
  description: string;
  branchesIds: string[];
  limit: number;
  type: CouponType;
  treatmentId?: string;
  productId?: string;
  discount: number;
  expireDate: Dayjs;
  status?: boolean;
}

const required = (label: string) => ({ required: true, message: msg.required(label) });

function useItems(type: CouponType | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['coupon-items', type],
    queryFn: () => call(couponRoutes.items, { query: { type: type! } }),
    enabled: Boolean(type) && enabled,
    staleTime: 60_000,
  });
}

export default function CouponFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const editing = Boolean(id);
  const readOnly = editing && !can('coupons', 'edit');
  const existing = useQuery({
    queryKey: ['coupon', id],
    queryFn: () => call(couponRoutes.get, { params: { id: id! } }),
    enabled: editing,
    throwOnError: isMissingRecord,
  });
  const branches = useQuery({
    queryKey: ['coupon-branches'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
    staleTime: 60_000,
  });
  const type = Form.useWatch('type', form);
  const itemId = Form.useWatch(type === 'Product' ? 'productId' : 'treatmentId', form);
  const discount = Form.useWatch('discount', form);
  const items = useItems(type, !readOnly);

  useEffect(() => {
    const c = existing.data;
    if (c) form.setFieldsValue({ ...c, treatmentId: c.treatmentId ?? undefined, productId: c.productId ?? undefined, expireDate: dayjs(c.expireDate) });
  }, [existing.data, form]);

  // the coupon's own item stays selectable on edit even if it is no longer offered
  const current = existing.data;
  const own = current
    ? current.type === 'Treatment'
      ? current.treatment
      : current.product && { ...current.product, price: current.product.salePrice ?? 0 }
    : null;
  const itemList = [...(items.data ?? [])];
  if (own && !itemList.some((i) => i.id === own.id)) itemList.push(own);
  const chosen = itemList.find((i) => i.id === itemId);
  const itemLabel = type === 'Product' ? 'Producto' : 'Tratamiento';
  const itemField = type === 'Product' ? 'productId' : 'treatmentId';

  return (
    <FormPage<Values>
      title={editing ? 'Editar cupón' : 'Nuevo cupón'}
      form={form}
      backTo="/dashboard/cupones"
      invalidate={['list', 'coupon']}
      loading={existing.isLoading}
      readOnly={readOnly}
      initialValues={{ status: true }}
      onSubmit={(v) => {
        const body = { ...v, expireDate: v.expireDate.format('YYYY-MM-DD') };
        return id ? call(couponRoutes.update, { params: { id }, body }) : call(couponRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="code" label="Código" required rules={[zodRule(couponFieldsSchema, 'code')]}>
            <Input maxLength={15} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label="Nombre" required rules={[zodRule(couponFieldsSchema, 'name')]}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={[zodRule(couponFieldsSchema, 'description')]}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Form.Item name="branchesIds" label="Sucursales" required rules={[zodRule(couponFieldsSchema, 'branchesIds')]}>
        <Select
          mode="multiple"
          placeholder="Seleccione las sucursales"
          loading={branches.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(branches.data ?? []).filter((b) => !b.distributionCenter).map((b) => ({ value: b.id, label: b.name }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="limit" label="Límite de usos" required rules={[zodRule(couponFieldsSchema, 'limit')]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="expireDate" label="Vigencia" rules={[required('vigencia')]}>
            <DatePicker
              format="DD/MM/YYYY"
              style={{ width: '100%' }}
              placeholder="Seleccione la fecha"
              disabledDate={(d) => !editing && d.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="type" label="Tipo" required rules={[zodRule(couponFieldsSchema, 'type')]}>
            <Select
              disabled={editing}
              placeholder="Seleccione el tipo"
              options={COUPON_TYPES.map((t) => ({ value: t, label: couponTypeLabels[t] }))}
              onChange={() => form.setFieldsValue({ treatmentId: undefined, productId: undefined })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item name={itemField} label={itemLabel} rules={[required(itemLabel.toLowerCase())]} hidden={!type}>
            <Select
              disabled={editing}
              placeholder={`Seleccione el ${itemLabel.toLowerCase()}`}
              loading={items.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={itemList.map((i) => ({ value: i.id, label: `${i.sku} · ${i.name} · ${formatMoney(i.price)}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="discount" label="Descuento" required rules={[zodRule(couponFieldsSchema, 'discount')]}>
            <InputNumber disabled={editing} min={0.01} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {chosen && typeof discount === 'number' && discount > 0 && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={`Precio: ${formatMoney(chosen.price)} · Precio con descuento: ${formatMoney(discountedPrice(chosen.price, discount))} (${formatPercent(discount)})`}
        />
      )}
      {editing && (
        <Form.Item name="status" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormPage>
  );
}

import { Alert, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { discountedPrice, formatPercent } from '../../../domain/coupons';
import { couponRoutes } from '../../../domain/coupons.contract';
import { COUPON_TYPES, couponFieldsSchema, couponTypeLabels, type CouponType } from '../../../domain/coupons.schemas';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { FormPage } from '../../ui/FormPage';
import { Field, SearchSelect, SwitchField } from '../../ui/FormFields';
import { optionsOf, optionsWithOwn, requiredRule, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
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

const rule = (field: keyof typeof couponFieldsSchema.shape) => [zodRule(couponFieldsSchema, field)];

function useItems(type: CouponType | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['coupon-items', type],
    queryFn: () => call(couponRoutes.items, { query: { type: type! } }),
    enabled: Boolean(type) && enabled,
    staleTime: 60_000,
  });
}

export default function CouponFormPage() {
  const [form] = Form.useForm<Values>();
  const {
    id,
    editing,
    readOnly,
    record: current,
    page,
  } = useRecordForm(form, {
    key: 'coupon',
    load: (id) => call(couponRoutes.get, { params: { id } }),
    toValues: (c) => ({ ...c, treatmentId: c.treatmentId ?? undefined, productId: c.productId ?? undefined, expireDate: dayjs(c.expireDate) }),
    module: 'coupons',
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

  // the coupon's own item stays selectable on edit even if it is no longer offered
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
      {...page}
      title={editing ? 'Editar cupón' : 'Nuevo cupón'}
      backTo="/dashboard/cupones"
      initialValues={{ status: true }}
      onSubmit={(v) => {
        const body = { ...v, expireDate: v.expireDate.format('YYYY-MM-DD') };
        return id ? call(couponRoutes.update, { params: { id }, body }) : call(couponRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Field md={8} name="code" label="Código" required rules={rule('code')}>
          <Input maxLength={15} showCount />
        </Field>
        <Field md={16} name="name" label="Nombre" required rules={rule('name')}>
          <Input maxLength={50} showCount />
        </Field>
      </Row>
      <Form.Item name="description" label="Descripción" required rules={rule('description')}>
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      <Form.Item name="branchesIds" label="Sucursales" required rules={rule('branchesIds')}>
        <SearchSelect
          mode="multiple"
          placeholder="Seleccione las sucursales"
          loading={branches.isLoading}
          options={optionsWithOwn((branches.data ?? []).filter((b) => !b.distributionCenter))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Field md={8} name="limit" label="Límite de usos" required rules={rule('limit')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Field>
        <Field md={8} name="expireDate" label="Vigencia" rules={[requiredRule('vigencia')]}>
          <DatePicker
            format="DD/MM/YYYY"
            style={{ width: '100%' }}
            placeholder="Seleccione la fecha"
            disabledDate={(d) => !editing && d.isBefore(dayjs(), 'day')}
          />
        </Field>
        <Field md={8} name="type" label="Tipo" required rules={rule('type')}>
          <Select
            disabled={editing}
            placeholder="Seleccione el tipo"
            options={optionsOf(COUPON_TYPES, couponTypeLabels)}
            onChange={() => form.setFieldsValue({ treatmentId: undefined, productId: undefined })}
          />
        </Field>
      </Row>
      <Row gutter={16}>
        <Field md={16} name={itemField} label={itemLabel} rules={[requiredRule(itemLabel.toLowerCase())]} hidden={!type}>
          <SearchSelect
            disabled={editing}
            placeholder={`Seleccione el ${itemLabel.toLowerCase()}`}
            loading={items.isLoading}
            options={itemList.map((i) => ({ value: i.id, label: `${i.sku} · ${i.name} · ${formatMoney(i.price)}` }))}
          />
        </Field>
        <Field md={8} name="discount" label="Descuento" required rules={rule('discount')}>
          <InputNumber disabled={editing} min={0.01} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
        </Field>
      </Row>
      {chosen && typeof discount === 'number' && discount > 0 && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={`Precio: ${formatMoney(chosen.price)} · Precio con descuento: ${formatMoney(discountedPrice(chosen.price, discount))} (${formatPercent(discount)})`}
        />
      )}
      {editing && <SwitchField name="status" label="Activo" />}
    </FormPage>
  );
}

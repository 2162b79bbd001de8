import { Button, Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { branchRoutes } from '../../../../domain/branches.contract';
import { formatIsoDate, INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { saleOrderRoutes, type SaleOrder, type SaleOrderLot } from '../../../../domain/sale-orders.contract';
import { saleOrderFields, saleOrderSchema } from '../../../../domain/sale-orders.schemas';
import { formatPhone } from '../../../../domain/validation';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { Field } from '../../../ui/FormFields';
import { FormPage } from '../../../ui/FormPage';
import { parseForm, zodRule } from '../../../ui/forms';
import { useRecordForm } from '../../../ui/form-record';
import { LineItemsField, type LineItemOption } from '../../../ui/LineItemsField';
import { modal } from '../../../ui/notify';
import { PhoneInput } from '../../../ui/PhoneInput';

const LIST = '/dashboard/ordenes-de-venta';

interface Line {
  stockId?: string;
  quantity?: number;
  unitPrice?: number;
}
interface Values {
  name?: string;
  rfc?: string | null;
  phone?: string;
  note?: string;
  comments?: string | null;
  branchId?: string;
  saleOrderProducts?: Line[];
}

const rule = (field: keyof typeof saleOrderFields.shape) => [zodRule(saleOrderFields, field)];

const expiry = (date: string | null) => (date ? formatIsoDate(date) : 'sin caducidad');

/** A lot as the line's choice: product, lot, expiry and stock; the product's sale price fills the line's price. */
const lotOption = (l: SaleOrderLot): LineItemOption => ({
  value: l.stockId,
  label: `${l.sku} · ${l.name} · Lote ${l.allotment} · Cad. ${expiry(l.expiresAt)} · Stock ${l.quantity}`,
  price: l.price,
  available: l.quantity,
});

/** The order's own lots stay choosable while it is edited, even when the branch no longer offers them. */
function lotOptions(lots: SaleOrderLot[] | undefined, order: SaleOrder | undefined): LineItemOption[] {
  const options = (lots ?? []).map(lotOption);
  for (const l of order?.saleOrderProducts ?? [])
    if (!options.some((o) => o.value === l.stockId))
      options.push({ value: l.stockId, label: `${l.sku} · ${l.product} · Lote ${l.allotment} · Cad. ${expiry(l.expiresAt)}` });
  return options;
}

const toValues = (o: SaleOrder): Values => ({
  ...o,
  phone: formatPhone(o.phone),
  saleOrderProducts: o.saleOrderProducts.map((l) => ({ stockId: l.stockId, quantity: l.quantity, unitPrice: l.price })),
});

/** The payload: the lines' unit price travels as `price`. */
const toBody = (v: Values) => ({ ...v, saleOrderProducts: (v.saleOrderProducts ?? []).map(({ unitPrice, ...l }) => ({ ...l, price: unitPrice })) });

export default function SaleOrderFormPage() {
  const [form] = Form.useForm<Values>();
  const user = useSession((s) => s.user);
  const { id, record, page } = useRecordForm<Values, SaleOrder>(form, {
    key: 'sale-order',
    load: (id) => call(saleOrderRoutes.get, { params: { id } }),
    toValues,
    module: 'saleOrder',
    alsoInvalidate: ['sale-order-lots'],
  });
  const readOnly = page.readOnly || Boolean(record?.deleted_at);
  const branchBound = Boolean(user?.branchBound);
  const branchId = Form.useWatch('branchId', form);
  const branches = useQuery({
    queryKey: ['branches-lookup'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
    enabled: !branchBound,
  });
  const lots = useQuery({
    queryKey: ['sale-order-lots', branchId, id],
    queryFn: () => call(saleOrderRoutes.lots, { query: { branchId: branchId!, saleOrderId: id } }),
    enabled: Boolean(branchId) && !readOnly,
  });

  // section 5: saving asks for confirmation (the units leave the stock when it is saved)
  const confirmSave = async () => {
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    modal().confirm({
      title: id ? '¿Guardar los cambios de la orden de venta?' : '¿Guardar la orden de venta?',
      content: 'Las unidades de cada lote se descontarán del inventario de la sucursal.',
      okText: 'Guardar',
      cancelText: 'Cancelar',
      onOk: () => form.submit(),
    });
  };

  return (
    <FormPage<Values>
      {...page}
      readOnly={readOnly}
      title={id ? `Orden de venta ${record?.orderNumber ?? ''}` : 'Nueva orden de venta'}
      backTo={LIST}
      initialValues={{ branchId: branchBound ? (user?.branch ?? undefined) : undefined, saleOrderProducts: [{ quantity: 1 }] }}
      onSubmit={(values) => {
        const body = parseForm(saleOrderSchema, toBody(values), form);
        if (!body) return false;
        return id ? call(saleOrderRoutes.update, { params: { id }, body }) : call(saleOrderRoutes.create, { body });
      }}
      actions={
        readOnly ? undefined : (
          <Button type="primary" onClick={() => void confirmSave()}>
            Guardar
          </Button>
        )
      }
    >
      <Row gutter={16}>
        <Field md={12} name="branchId" label="Sucursal" required rules={rule('branchId')} hidden={branchBound}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Seleccione la sucursal"
            loading={branches.isLoading}
            options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            // the lots belong to the branch: a new branch starts the lines again
            onChange={() => form.setFieldValue('saleOrderProducts', [{ quantity: 1 }])}
          />
        </Field>
        <Field md={12} name="name" label="Nombre" required rules={rule('name')}>
          <Input maxLength={100} />
        </Field>
        <Field md={8} name="rfc" label="RFC" rules={rule('rfc')} normalize={(v: string) => v?.toUpperCase()}>
          <Input maxLength={13} placeholder="XAXX010101000" />
        </Field>
        <Field md={8} name="phone" label="Teléfono" required rules={rule('phone')}>
          <PhoneInput />
        </Field>
        <Field md={8} name="note" label="Número de nota" required rules={rule('note')}>
          <Input maxLength={30} />
        </Field>
        <Field name="comments" label="Comentarios" rules={rule('comments')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Field>
      </Row>
      <LineItemsField
        name="saleOrderProducts"
        title="Productos"
        itemKey="stockId"
        itemLabel="Lote"
        options={lotOptions(lots.data, record)}
        loading={lots.isFetching}
        requiredMessage="Agregue al menos un producto"
        shortMessage={INVENTORY_MESSAGES.saleOrderStock}
        emptyText={branchId ? 'Sin productos' : 'Seleccione la sucursal para elegir los lotes'}
        disabled={readOnly}
      />
    </FormPage>
  );
}

import { useEffect, useMemo } from 'react';
import { Alert, Button, Col, ConfigProvider, DatePicker, Form, Input, Row, Select, type FormItemProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import { sameGtin } from '../../../../domain/gs1';
import { creditExpiration, formatIsoDate, INVENTORY_MESSAGES, PAY_METHODS, PAY_STATUSES, TAX_RATES } from '../../../../domain/inventory';
import { purchaseOrderRoutes, type PurchaseOrder, type PurchaseProduct } from '../../../../domain/purchase-orders.contract';
import { duplicateLotIndexes, purchaseOrderFields, purchaseOrderSchema, purchaseOrderUpdateSchema } from '../../../../domain/purchase-orders.schemas';
import { providerRoutes } from '../../../../domain/providers.contract';
import { call } from '../../../app/api';
import { isMissingRecord } from '../../../app/load-errors';
import { useCan } from '../../../app/privileges';
import { confirmAction } from '../../../ui/confirm';
import { FormPage } from '../../../ui/FormPage';
import { optionsOf, parseForm, requiredRule, zodRule } from '../../../ui/forms';
import { LineItemsField } from '../../../ui/LineItemsField';
import { MoneyInput } from '../../../ui/MoneyInput';
import { ScanField } from '../../../ui/ScanField';
import { PayStatusTag } from './PurchaseOrdersPage';

interface LineValues {
  productId?: string;
  quantity?: number;
  unitPrice?: number;
  allotment?: string | null;
  expiresAt?: string | null;
}

interface Values {
  invoiceNumber?: string;
  providerId?: string;
  payMethod?: string;
  arrivedAt?: string;
  creditExpiration?: string;
  tax?: number;
  amount?: number;
  comments?: string | null;
  payStatus?: string;
  payedAt?: string;
  purchaseOrderProducts?: LineValues[];
}

const LINES = 'purchaseOrderProducts';
const rule = (field: keyof typeof purchaseOrderFields.shape) => [zodRule(purchaseOrderFields, field)];

/** A date kept in the form as 'YYYY-MM-DD' (what the API takes), shown DD/MM/YYYY. */
const dateProps: Pick<FormItemProps, 'getValueProps' | 'normalize'> = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};
const datePicker = (label: string) => <DatePicker aria-label={label} format="DD/MM/YYYY" placeholder="DD/MM/AAAA" style={{ width: '100%' }} />;

const toValues = (o: PurchaseOrder): Values => ({
  invoiceNumber: o.invoiceNumber,
  providerId: o.providerId,
  payMethod: o.payMethod,
  arrivedAt: o.arrivedAt,
  creditExpiration: o.creditExpiration,
  tax: o.tax,
  amount: o.amount,
  comments: o.comments,
  payStatus: o.payStatus,
  payedAt: o.payedAt ?? undefined,
  purchaseOrderProducts: o.purchaseOrderProducts.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    unitPrice: l.price,
    allotment: l.allotment,
    expiresAt: l.expiresAt,
  })),
});

/** The body the API takes: the lines' unit price travels as `price`. */
const toBody = (v: Values) => ({ ...v, purchaseOrderProducts: (v.purchaseOrderProducts ?? []).map(({ unitPrice, ...l }) => ({ ...l, price: unitPrice })) });

/** Adds the scanned box to the lines: fills the line of that product still without lot, or adds one with the lot and expiry. */
function applyScan(lines: LineValues[], product: PurchaseProduct, lot: string | null, expiresAt: string | null): LineValues[] {
  const same = lines.findIndex((l) => l.productId === product.id && (!l.allotment || (lot && l.allotment.toUpperCase() === lot.toUpperCase())));
  if (same < 0) return [...lines, { productId: product.id, quantity: 1, unitPrice: product.cost, allotment: lot, expiresAt }];
  const line = lines[same]!;
  const next = line.allotment
    ? { ...line, quantity: (line.quantity ?? 0) + 1 }
    : { ...line, allotment: lot ?? line.allotment, expiresAt: expiresAt ?? line.expiresAt };
  return lines.map((l, i) => (i === same ? next : l));
}

/** Lot and expiry of each line: required when the product's type requires a lot; the same product and lot only once. */
function LotFields({ products, disabled }: { products: PurchaseProduct[]; disabled?: boolean }) {
  const form = Form.useFormInstance<Values>();
  const lines = (Form.useWatch(LINES, form) ?? []) as LineValues[];
  const productOf = (l?: LineValues) => products.find((p) => p.id === l?.productId);
  if (!lines.some((l) => l?.productId)) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <strong>Lote y caducidad</strong>
      {lines.map((line, i) => {
        const product = productOf(line);
        if (!product) return null;
        const needed = product.requiresLot;
        return (
          <Row gutter={8} key={i} style={{ marginTop: 8 }} data-testid={`lot-${i}`}>
            <Col xs={24} md={10} style={{ lineHeight: '32px' }}>
              {i + 1}. {product.sku} · {product.name}
            </Col>
            <Col xs={12} md={7}>
              <Form.Item
                name={[LINES, i, 'allotment']}
                required={needed}
                dependencies={lines.map((_, j) => [LINES, j, 'productId'])}
                rules={[
                  { required: needed, whitespace: true, message: INVENTORY_MESSAGES.lotRequired },
                  { max: 40, message: 'El campo lote debe tener como máximo 40 caracteres' },
                  {
                    validator: async () => {
                      const all = (form.getFieldValue(LINES) ?? []) as LineValues[];
                      if (duplicateLotIndexes(all).includes(i)) throw new Error(INVENTORY_MESSAGES.duplicateLot);
                    },
                  },
                ]}
                style={{ marginBottom: 0 }}
              >
                <Input aria-label={`Lote ${i + 1}`} placeholder="Lote" disabled={disabled} />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item
                name={[LINES, i, 'expiresAt']}
                required={needed}
                rules={[{ required: needed, message: INVENTORY_MESSAGES.expiryRequired }]}
                style={{ marginBottom: 0 }}
                {...dateProps}
              >
                <DatePicker aria-label={`Caducidad ${i + 1}`} format="DD/MM/YYYY" placeholder="Caducidad" style={{ width: '100%' }} disabled={disabled} />
              </Form.Item>
            </Col>
          </Row>
        );
      })}
    </div>
  );
}

export default function PurchaseOrderFormPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['purchase-order', id],
    queryFn: () => call(purchaseOrderRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const providers = useQuery({ queryKey: ['providers', 'purchase'], queryFn: () => call(providerRoutes.list, { query: { take: 0 } }) });
  const canWrite = id ? can('purchaseOrder', 'edit') || can('purchaseOrder', 'approve') : can('purchaseOrder', 'create');
  const products = useQuery({ queryKey: ['purchase-order', 'products'], queryFn: () => call(purchaseOrderRoutes.products), enabled: canWrite });
  const order = existing.data;
  const readOnly = !canWrite || order?.payStatus === 'Completado' || Boolean(order?.deleted_at);
  const linesLocked = readOnly || Boolean(order?.assortmentedAt);
  const productList = useMemo(
    () => products.data ?? order?.purchaseOrderProducts.map((l) => ({ ...l.product, cost: l.price, providerIds: [] })) ?? [],
    [products.data, order],
  );

  useEffect(() => {
    if (order) form.setFieldsValue(toValues(order));
  }, [order, form]);

  // the credit expiration shown follows the arrival and the provider's payment days; the server recomputes it
  const arrivedAt = Form.useWatch('arrivedAt', form);
  const providerId = Form.useWatch('providerId', form);
  const provider = providers.data?.items.find((p) => p.id === providerId);
  useEffect(() => {
    if (arrivedAt && provider) form.setFieldValue('creditExpiration', creditExpiration(arrivedAt, provider.payConditions));
  }, [arrivedAt, provider, form]);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    confirmAction({
      title: id ? '¿Guardar los cambios de la orden de compra?' : '¿Guardar la orden de compra?',
      okText: 'Guardar',
      danger: false,
      onOk: () => form.submit(),
    });
  };

  return (
    <FormPage<Values>
      title={id ? `Orden de compra ${order?.orderNumber ?? ''}` : 'Nueva orden de compra'}
      form={form}
      backTo="/dashboard/ordenes-de-compra"
      invalidate={['list', 'purchase-order']}
      loading={existing.isLoading}
      readOnly={readOnly}
      initialValues={{ tax: 16, purchaseOrderProducts: [] }}
      actions={
        readOnly ? undefined : (
          <Button type="primary" onClick={() => void save()}>
            Guardar
          </Button>
        )
      }
      onSubmit={(values) => {
        if (id) {
          const body = parseForm(purchaseOrderUpdateSchema, toBody(values), form);
          return body ? call(purchaseOrderRoutes.update, { params: { id }, body }) : false;
        }
        const body = parseForm(purchaseOrderSchema, toBody(values), form);
        return body ? call(purchaseOrderRoutes.create, { body }) : false;
      }}
    >
      {order && (
        <Alert
          style={{ marginBottom: 16 }}
          type={order.assortmentedAt ? 'success' : 'info'}
          title={
            <>
              <PayStatusTag status={order.payStatus} />{' '}
              {order.assortmentedAt
                ? `Recibida en ${order.receivedBranch?.name ?? 'CEDIS'}: sus productos ya no pueden cambiar.`
                : 'Pendiente de recibir en CEDIS.'}
            </>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="invoiceNumber" label="Número de factura" required rules={rule('invoiceNumber')}>
            <Input maxLength={20} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="providerId" label="Proveedor" required rules={[requiredRule('proveedor')]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccione el proveedor"
              loading={providers.isLoading}
              disabled={linesLocked}
              options={providers.data?.items.map((p) => ({ value: p.id, label: p.name })) ?? []}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="payMethod" label="Método de pago" required rules={rule('payMethod')}>
            <Select placeholder="Seleccione el método de pago" options={optionsOf(PAY_METHODS)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="arrivedAt" label="Fecha de llegada" required rules={[requiredRule('fecha de llegada')]} {...dateProps}>
            {datePicker('Fecha de llegada')}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="creditExpiration" label="Vencimiento del crédito" required extra="Llegada + 1 día + días de crédito del proveedor" {...dateProps}>
            <DatePicker aria-label="Vencimiento del crédito" format="DD/MM/YYYY" style={{ width: '100%' }} disabled />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="tax" label="IVA" required rules={rule('tax')}>
            <Select aria-label="IVA" options={TAX_RATES.map((t) => ({ value: t, label: `${t} %` }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="amount" label="Monto" required rules={rule('amount')}>
            <MoneyInput aria-label="Monto" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {id && (
          <>
            <Col xs={24} md={8}>
              <Form.Item name="payStatus" label="Estatus de pago" required rules={[requiredRule('estatus de pago')]}>
                <Select aria-label="Estatus de pago" options={optionsOf(PAY_STATUSES)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="payedAt" label="Fecha de pago" required rules={[requiredRule('fecha de pago')]} {...dateProps}>
                {datePicker('Fecha de pago')}
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      {!linesLocked && (
        <ScanField
          extra="Código GS1 de la caja (GTIN, lote y caducidad) o código de barras del producto"
          notFound="No se encontró un producto con ese código de barras"
          onScan={(scan) => {
            const product = scan.gtin ? productList.find((p) => sameGtin(p.barCode, scan.gtin!)) : undefined;
            if (!product) return null;
            form.setFieldValue(LINES, applyScan((form.getFieldValue(LINES) ?? []) as LineValues[], product, scan.lot, scan.expiresAt));
            return `${product.name}${scan.lot ? ` · lote ${scan.lot}` : ''}${scan.expiresAt ? ` · caduca ${formatIsoDate(scan.expiresAt)}` : ''}`;
          }}
        />
      )}
      {/* a received order's lines are what entered the stock: shown, not changed */}
      <ConfigProvider componentDisabled={linesLocked || undefined}>
        <LineItemsField
          name={LINES}
          title="Productos"
          itemKey="productId"
          options={productList.map((p) => ({ value: p.id, label: `${p.sku} · ${p.name}`, price: p.cost }))}
          loading={products.isLoading}
          uniqueItems={false}
          requiredMessage="El campo productos es requerido"
          disabled={linesLocked}
        />
      </ConfigProvider>
      <LotFields products={productList} disabled={linesLocked} />
      <Form.Item name="comments" label="Comentarios" rules={rule('comments')}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormPage>
  );
}

import { useEffect } from 'react';
import { Button, Col, Descriptions, Form, Input, Row, Select, Tag, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { assortmentOrderRoutes, type AssortmentOrderDetail } from '../../../../domain/assortment-orders.contract';
import { branchFixedOnRestock, restockMode, type RestockMode } from '../../../../domain/assortment-orders.schemas';
import { branchRoutes } from '../../../../domain/branches.contract';
import { aboveMaxProblem, ORDER_TYPES, orderStatusColors, orderTypeLabels } from '../../../../domain/inventory';
import { stockRoutes } from '../../../../domain/inventory.contract';
import { msg } from '../../../../domain/validation';
import { ApiError, call } from '../../../app/api';
import { isMissingRecord } from '../../../app/load-errors';
import { useCan } from '../../../app/privileges';
import { useSession } from '../../../app/session';
import { confirmAction } from '../../../ui/confirm';
import { FormPage } from '../../../ui/FormPage';
import { formatDateTime } from '../../../ui/format';
import { optionsOf, requiredRule } from '../../../ui/forms';
import { LineItemsField } from '../../../ui/LineItemsField';
import { notify } from '../../../ui/notify';
import { openRestockPdf, restockUser } from './actions';
import { OrderLinesTable } from './OrderLinesTable';

interface Values {
  orderType?: string;
  branchId?: string;
  comments?: string;
  /** New order: product and quantity (LineItemsField's `quantity`); approve and confirm: the line's inputs by index. */
  assortmentOrderProducts?: { productId?: string; quantity?: number; stockId?: string; stockedQuantity?: number; receivedQuantity?: number }[];
}

const BACK = '/dashboard/ordenes-de-surtido';
const titles: Record<RestockMode, string> = {
  create: 'Nueva orden de surtido',
  approve: 'Aprobar orden de surtido',
  confirm: 'Confirmar recepción',
  view: 'Orden de surtido',
};

/** The server names a new line's quantity orderedQuantity; the form's line field is LineItemsField's `quantity`. */
const onLineFields = (pending: Promise<unknown>) =>
  pending.catch((err: unknown) => {
    if (err instanceof ApiError && err.errors)
      throw new ApiError(
        err.status,
        err.code,
        err.message,
        err.errors.map((e) => ({ ...e, field: e.field.replace(/\.orderedQuantity$/, '.quantity') })),
      );
    throw err;
  });

function OrderHeader({ order }: { order: AssortmentOrderDetail }) {
  return (
    <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="Número de orden">{order.orderNumber}</Descriptions.Item>
      <Descriptions.Item label="Estatus">
        <Tag color={orderStatusColors[order.status]}>{order.status}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Tipo de orden">{order.orderTypeLabel}</Descriptions.Item>
      <Descriptions.Item label="Sucursal">{order.branch.name}</Descriptions.Item>
      <Descriptions.Item label="Solicitó">{order.orderBy ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Fecha de creación">{formatDateTime(order.created_at)}</Descriptions.Item>
      <Descriptions.Item label="Aprobó">{order.approvedBy ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Fecha de envío">{order.sentAt ? formatDateTime(order.sentAt) : '—'}</Descriptions.Item>
      <Descriptions.Item label="Recibió">{order.finishedBy ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Fecha de recepción">{order.finishedAt ? formatDateTime(order.finishedAt) : '—'}</Descriptions.Item>
      {order.comments && (
        <Descriptions.Item label="Comentarios" span={2}>
          {order.comments}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The new order's fields: type, branch (fixed for branch-bound managers), comments and the product lines. */
function NewOrderFields({ fixedBranch, onSuggest }: { fixedBranch: boolean; onSuggest: () => void }) {
  const branchId = Form.useWatch('branchId') as string | undefined;
  const branches = useQuery({ queryKey: ['branches', 'lookup'], queryFn: () => call(branchRoutes.lookup, { query: { take: 0 } }) });
  const products = useQuery({
    queryKey: ['assortment-products', branchId],
    queryFn: () => call(assortmentOrderRoutes.products, { query: { branchId: branchId! } }),
    enabled: Boolean(branchId),
  });
  const list = products.data ?? [];
  // the line's index is in the validated field's name (assortmentOrderProducts.3.quantity)
  const maxRule: FormRule = (f) => ({
    validator: async (rule, value?: number) => {
      const index = Number(String((rule as { field?: string }).field ?? '').split('.')[1]);
      const productId = f.getFieldValue(['assortmentOrderProducts', index, 'productId']) as string | undefined;
      const problem = aboveMaxProblem(value ?? 0, list.find((p) => p.productId === productId)?.max);
      if (problem) throw new Error(problem);
    },
  });
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="orderType" label="Tipo de orden" rules={[requiredRule('tipo de orden')]}>
            <Select options={optionsOf(ORDER_TYPES, orderTypeLabels)} placeholder="Seleccione" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="branchId" label="Sucursal" rules={[requiredRule('sucursal')]}>
            <Select
              disabled={fixedBranch}
              showSearch
              optionFilterProp="label"
              loading={branches.isLoading}
              options={(branches.data?.items ?? []).filter((b) => !b.distributionCenter).map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="comments" label="Comentarios" rules={[{ max: 500, message: msg.max('comentarios', 500) }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button onClick={onSuggest} disabled={!branchId} style={{ marginBottom: 8 }}>
        Sugerir desde máximos y mínimos
      </Button>
      <LineItemsField
        name="assortmentOrderProducts"
        itemKey="productId"
        withPrice={false}
        loading={products.isLoading}
        requiredMessage="Agregue al menos un producto"
        quantityRules={[
          { required: true, message: msg.required('cantidad') },
          { type: 'integer', min: 0, message: 'El campo cantidad debe ser al menos 0' },
          maxRule,
        ]}
        options={list.map((p) => ({
          value: p.productId,
          label: `${p.sku} — ${p.name}${fixedBranch ? ` · Existencia: ${p.stock}` : ''}${p.max ? ` · Máx.: ${p.max}` : ''}`,
        }))}
      />
    </>
  );
}

export default function AssortmentOrderFormPage() {
  const { id } = useParams();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['assortment-order', id],
    queryFn: () => call(assortmentOrderRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const order = existing.data ?? null;
  const actor = restockUser(user, (a) => can('assortmentOrder', a));
  const mode: RestockMode = id ? (order ? restockMode(order, actor) : 'view') : 'create';
  const fixedBranch = Boolean(user && branchFixedOnRestock({ role: user.role, branchBound: user.branchBound }));

  useEffect(() => {
    if (!id && fixedBranch && user?.branch) form.setFieldsValue({ branchId: user.branch });
  }, [id, fixedBranch, user?.branch, form]);
  useEffect(() => {
    if (order && mode === 'approve')
      form.setFieldsValue({ assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ stockedQuantity: Math.min(l.orderedQuantity, l.dcStock) })) });
  }, [order, mode, form]);

  const suggest = async () => {
    try {
      const { items } = await call(stockRoutes.suggestion, { query: { branchId: form.getFieldValue('branchId') as string } });
      const lines = items.filter((i) => i.orderedQuantity > 0).map((i) => ({ productId: i.productId, quantity: i.orderedQuantity }));
      if (!lines.length) return notify.info('Ningún producto está por debajo de su mínimo');
      form.setFieldsValue({ assortmentOrderProducts: lines });
    } catch (err) {
      notify.error(err);
    }
  };

  const reject = () =>
    confirmAction({
      title: `¿Rechazar la orden ${order?.orderNumber}?`,
      okText: 'Rechazar',
      onOk: async () => {
        try {
          await call(assortmentOrderRoutes.reject, { params: { id: id! } });
          notify.success();
          await existing.refetch();
        } catch (err) {
          notify.error(err);
        }
      },
    });

  const submit = (values: Values) => {
    const lines = values.assortmentOrderProducts ?? [];
    if (mode === 'create') {
      const body = {
        orderType: values.orderType as (typeof ORDER_TYPES)[number],
        branchId: values.branchId!,
        comments: values.comments,
        assortmentOrderProducts: lines.map((l) => ({ productId: l.productId!, orderedQuantity: l.quantity! })),
      };
      return onLineFields(call(assortmentOrderRoutes.create, { body }));
    }
    const own = order!.assortmentOrderProducts;
    if (mode === 'approve') {
      const body = { assortmentOrderProducts: own.map((l, i) => ({ id: l.id, stockedQuantity: lines[i]?.stockedQuantity ?? 0, stockId: lines[i]?.stockId })) };
      return call(assortmentOrderRoutes.approve, { params: { id: id! }, body });
    }
    const body = { assortmentOrderProducts: own.map((l, i) => ({ id: l.id, receivedQuantity: lines[i]?.receivedQuantity ?? 0 })) };
    return call(assortmentOrderRoutes.confirm, { params: { id: id! }, body });
  };

  return (
    <FormPage<Values>
      title={order ? `${titles[mode]} ${order.orderNumber}` : titles[mode]}
      form={form}
      backTo={BACK}
      invalidate={['list', 'assortment-order']}
      loading={existing.isLoading}
      readOnly={mode === 'view'}
      submitLabel={mode === 'approve' ? 'Aprobar y enviar' : mode === 'confirm' ? 'Confirmar recepción' : 'Guardar'}
      actions={
        mode === 'approve' ? (
          <>
            <Button danger onClick={reject}>
              Rechazar
            </Button>
            <Button type="primary" htmlType="submit">
              Aprobar y enviar
            </Button>
          </>
        ) : mode === 'view' && order && can('assortmentOrder', 'reports') ? (
          <Button onClick={() => void openRestockPdf(order.id)} disabled={false}>
            Descargar PDF
          </Button>
        ) : undefined
      }
      onSubmit={submit}
    >
      {order && <OrderHeader order={order} />}
      {mode === 'create' ? (
        <NewOrderFields fixedBranch={fixedBranch} onSuggest={() => void suggest()} />
      ) : (
        order && <OrderLinesTable lines={order.assortmentOrderProducts} mode={mode} showStock={fixedBranch} />
      )}
    </FormPage>
  );
}

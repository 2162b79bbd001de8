import { Button, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { branchRoutes } from '../../../../domain/branches.contract';
import { formatIsoDate, isExpired } from '../../../../domain/inventory';
import { stockRoutes, type StockLot } from '../../../../domain/inventory.contract';
import { ROLE_NAMES } from '../../../../domain/roles';
import { transferRoutes, type Transfer } from '../../../../domain/transfers.contract';
import { transferMode, transferSchema } from '../../../../domain/transfers.schemas';
import { call } from '../../../app/api';
import { useCan } from '../../../app/privileges';
import { useSession } from '../../../app/session';
import { confirmAction } from '../../../ui/confirm';
import { Field } from '../../../ui/FormFields';
import { FormPage } from '../../../ui/FormPage';
import { formatDateTime } from '../../../ui/format';
import { parseForm, zodRule } from '../../../ui/forms';
import { useRecordForm } from '../../../ui/form-record';
import { LineItemsField, type LineItemOption } from '../../../ui/LineItemsField';
import { notify } from '../../../ui/notify';
import { leaveWithoutAsking } from '../../../ui/unsaved';
import { TRANSFERS_PATH, TransferStatusTag, transferRights } from './actions';
import { TransferLines } from './TransferLines';

interface Values {
  originBranchId?: string;
  destinyBranchId?: string;
  comments?: string | null;
  transferProducts?: { stockId?: string; quantity?: number }[];
  lines?: { stockedQuantity?: number; receivedQuantity?: number }[];
}

const rule = (field: 'originBranchId' | 'destinyBranchId' | 'comments') => [zodRule(transferSchema, field)];

/** A lot of the origin as a line's choice; expired lots are not offered (they cannot be sent). */
const lotOption = (l: StockLot): LineItemOption => ({
  value: l.stockId,
  label: `${l.sku} · ${l.name} · Lote ${l.allotment} · Cad. ${l.expiresAt ? formatIsoDate(l.expiresAt) : 'sin caducidad'}`,
  available: l.quantity,
});

const toValues = (t: Transfer): Values => ({
  originBranchId: t.originBranchId,
  destinyBranchId: t.destinyBranchId,
  comments: t.comments,
  lines: t.transferProducts.map((l) => ({ stockedQuantity: l.stockedQuantity, receivedQuantity: l.receivedQuantity ?? l.stockedQuantity })),
});

function TransferSummary({ transfer: t }: { transfer: Transfer }) {
  const person = (p: { name: string } | null, at: string | null) => (p ? `${p.name} · ${formatDateTime(at)}` : '—');
  return (
    <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="Sucursal origen">{t.originBranch.name}</Descriptions.Item>
      <Descriptions.Item label="Sucursal destino">{t.destinyBranch.name}</Descriptions.Item>
      <Descriptions.Item label="Estatus">
        <TransferStatusTag status={t.status} />
      </Descriptions.Item>
      <Descriptions.Item label="Creó">{person(t.createdBy, t.created_at)}</Descriptions.Item>
      <Descriptions.Item label="Aprobó">{person(t.approvedBy, t.approvedAt)}</Descriptions.Item>
      <Descriptions.Item label="Recibió">{person(t.acceptedBy, t.acceptedAt)}</Descriptions.Item>
      {t.rejectedBy && <Descriptions.Item label="Rechazó">{person(t.rejectedBy, t.rejectedAt)}</Descriptions.Item>}
      <Descriptions.Item label="Comentarios" span={2}>
        {t.comments || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Origin, destination (each left out of the other's choices), comments and the lots of the origin to send. */
function CreateFields({ form }: { form: ReturnType<typeof Form.useForm<Values>>[0] }) {
  const user = useSession((s) => s.user);
  const origin = Form.useWatch('originBranchId', form);
  const destiny = Form.useWatch('destinyBranchId', form);
  const branches = useQuery({
    queryKey: ['branches-lookup'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
  });
  const lots = useQuery({
    queryKey: ['transfer-lots', origin],
    queryFn: () => call(stockRoutes.byBranch, { query: { branchId: origin! } }),
    enabled: Boolean(origin),
  });
  const today = dayjs().format('YYYY-MM-DD');
  const options = (lots.data?.lots ?? []).filter((l) => !isExpired(l.expiresAt, today)).map(lotOption);
  const branchOptions = (except?: string) => (branches.data ?? []).filter((b) => b.id !== except).map((b) => ({ value: b.id, label: b.name }));
  // either branch's select: searchable by name, without the branch chosen on the other side
  const branchSelect = (placeholder: string, except?: string) => ({
    showSearch: { optionFilterProp: 'label' },
    placeholder,
    loading: branches.isLoading,
    options: branchOptions(except),
  });
  return (
    <>
      <Row gutter={16}>
        <Field md={12} name="originBranchId" label="Sucursal origen" required rules={rule('originBranchId')}>
          <Select
            {...branchSelect('Seleccione la sucursal de origen', destiny)}
            disabled={Boolean(user?.branchBound)}
            // the lots belong to the origin: a new origin starts the lines again
            onChange={() => form.setFieldValue('transferProducts', [{ quantity: 1 }])}
          />
        </Field>
        <Field md={12} name="destinyBranchId" label="Sucursal destino" required rules={rule('destinyBranchId')}>
          <Select {...branchSelect('Seleccione la sucursal de destino', origin)} />
        </Field>
        <Field name="comments" label="Comentarios" rules={rule('comments')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Field>
      </Row>
      <LineItemsField
        name="transferProducts"
        title="Productos"
        itemKey="stockId"
        itemLabel="Lote"
        withPrice={false}
        options={options}
        loading={lots.isFetching}
        requiredMessage="Agregue al menos un producto"
        emptyText={origin ? 'Sin productos' : 'Seleccione la sucursal de origen para elegir los lotes'}
      />
    </>
  );
}

export default function TransferFormPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const user = useSession((s) => s.user);
  const { id, record, page } = useRecordForm<Values, Transfer>(form, {
    key: 'transfer',
    load: (id) => call(transferRoutes.get, { params: { id } }),
    toValues,
    alsoInvalidate: ['transfer-lots'],
  });
  const mode = transferMode(record);
  const rights = record && transferRights(user, record, can('transfers', 'approve'));
  const approving = mode === 'approve' && Boolean(rights?.approve);
  const confirming = mode === 'confirm' && can('transfers', 'edit') && Boolean(rights?.confirm);
  const readOnly = Boolean(id) && !approving && !confirming;
  const ownBranch = user?.branchBound || user?.role === ROLE_NAMES.branchManager ? (user?.branch ?? undefined) : undefined;

  // rejecting belongs to approve mode (section 4): a sent transfer is received, or deleted by the super administrator
  const reject = () =>
    confirmAction({
      title: `¿Rechazar la transferencia ${record!.transferNumber}?`,
      okText: 'Rechazar',
      onOk: async () => {
        try {
          await call(transferRoutes.reject, { params: { id: id! } });
          notify.success();
          await queryClient.invalidateQueries({ queryKey: ['list', 'transfer'] });
          leaveWithoutAsking(() => navigate(TRANSFERS_PATH));
        } catch (err) {
          notify.error(err);
        }
      },
    });

  const submit = (values: Values) => {
    if (!record) {
      const lines = (values.transferProducts ?? []).map((l) => ({ stockId: l.stockId, stockedQuantity: l.quantity }));
      const body = parseForm(transferSchema, { ...values, transferProducts: lines }, form);
      return body ? call(transferRoutes.create, { body }) : false;
    }
    const lines = record.transferProducts.map((l, i) => ({ id: l.id, ...values.lines?.[i] }));
    if (approving)
      return call(transferRoutes.approve, {
        params: { id: id! },
        body: { transferProducts: lines.map(({ id, stockedQuantity }) => ({ id, stockedQuantity: stockedQuantity! })) },
      });
    return call(transferRoutes.confirm, {
      params: { id: id! },
      body: { transferProducts: lines.map(({ id, receivedQuantity }) => ({ id, receivedQuantity: receivedQuantity! })) },
    });
  };

  return (
    <FormPage<Values>
      {...page}
      readOnly={readOnly}
      title={record ? `Transferencia ${record.transferNumber}` : 'Nueva transferencia'}
      backTo={TRANSFERS_PATH}
      initialValues={{ originBranchId: ownBranch, transferProducts: [{ quantity: 1 }] }}
      onSubmit={submit}
      actions={
        readOnly ? undefined : (
          <>
            {approving && (
              <Button danger type="dashed" onClick={reject}>
                Rechazar
              </Button>
            )}
            <Button type="primary" htmlType="submit">
              {approving ? 'Aprobar' : confirming ? 'Confirmar recepción' : 'Guardar'}
            </Button>
          </>
        )
      }
    >
      {record ? (
        <>
          <TransferSummary transfer={record} />
          <TransferLines lines={record.transferProducts} mode={mode} editable={!readOnly} />
        </>
      ) : (
        <CreateFields form={form} />
      )}
    </FormPage>
  );
}

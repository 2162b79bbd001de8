import { Alert, Button, Descriptions, Form, Input, List, Radio, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { sumCents, toCents } from '../../../domain/money';
import { PAYMENT_METHODS, POINTS_TENDER, REFUND_METHODS } from '../../../domain/sales';
import { saleRoutes, refundSchema } from '../../../domain/sales.contract';
import type { SaleKind, SaleListItem } from '../../../domain/sale-lists.contract';
import { call } from '../../app/api';
import { FormModal } from '../../ui/FormModal';
import { MoneyInput } from '../../ui/MoneyInput';
import { zodRule } from '../../ui/forms';
import { formatCalendarDate, formatMoney, fullName } from '../../ui/format';

/** What the user fills in; the branch is the sale's own, added on sending. */
const refundFormSchema = refundSchema.omit({ branchId: true });

/** Section 4: a refund is offered only for a paid sale that is not refunded yet. */
export const refundable = (sale: SaleListItem) => sale.paymentStatus === 'paid' && !sale.refundedAt;

const SPLIT_METHODS = [...PAYMENT_METHODS, POINTS_TENDER].map((m) => ({ value: m, label: m }));

interface Props {
  kind: SaleKind;
  sale: SaleListItem | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Section 5: the whole sale goes back with a reason and the user's current password: as it was paid (each method what
 * it paid, cash net of change), by one method, or by a split that adds up to the sale. The purchase's booked sessions
 * that the refund cancels are listed first. A wrong password is answered 403 (not 401), so the user stays signed in
 * and reads the message with the modal still open.
 */
export function RefundModal({ kind, sale, onClose, onDone }: Props) {
  const route = kind === 'order' ? saleRoutes.refundOrder : saleRoutes.refundCashOrder;
  const previewRoute = kind === 'order' ? saleRoutes.refundPreviewOrder : saleRoutes.refundPreviewCashOrder;
  const preview = useQuery({
    queryKey: ['refund-preview', kind, sale?.orderNumber],
    queryFn: () => call(previewRoute, { params: { orderNumber: sale!.orderNumber } }),
    enabled: Boolean(sale),
  });
  const p = preview.data;
  return (
    <FormModal
      title={sale ? `Devolver venta ${sale.orderNumber}` : ''}
      open={Boolean(sale)}
      onClose={onClose}
      schema={refundFormSchema}
      okText="Devolver"
      send={async (values) => {
        const body = { ...values, split: values.refundMethod === 'Dividido' ? values.split : undefined, branchId: sale!.branchId };
        await call(route, { params: { orderNumber: sale!.orderNumber }, body });
        onDone();
        return `Venta ${sale!.orderNumber} devuelta`;
      }}
    >
      {(form) => (
        <>
          {sale && (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Cliente">{fullName(sale.customer) || '—'}</Descriptions.Item>
              <Descriptions.Item label="Sucursal">{sale.branch.name}</Descriptions.Item>
              <Descriptions.Item label="Total">{formatMoney(sale.total)}</Descriptions.Item>
              <Descriptions.Item label="Pagada con">
                {p ? p.paid.map((x) => `${x.method} ${formatMoney(x.amount)}`).join(' · ') || '—' : sale.paymentMethod}
                {p && p.pointsRedeemed > 0 && ` · ${p.pointsRedeemed} puntos`}
              </Descriptions.Item>
            </Descriptions>
          )}
          {p && p.bookings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`La devolución cancela ${p.bookings.length === 1 ? 'esta cita agendada' : `estas ${p.bookings.length} citas agendadas`} (motivo «Venta devuelta»):`}
              description={
                <List
                  size="small"
                  aria-label="Citas que se cancelan"
                  dataSource={p.bookings}
                  renderItem={(b) => (
                    <List.Item>{`${b.appointmentNumber} · ${formatCalendarDate(b.date)} ${b.startTime} · ${b.treatment ?? ''} · ${b.cabin}`}</List.Item>
                  )}
                />
              }
            />
          )}
          <Form.Item name="refundReason" label="Motivo de la devolución" required rules={[zodRule(refundFormSchema, 'refundReason')]}>
            <Input.TextArea rows={3} maxLength={300} showCount />
          </Form.Item>
          <Form.Item
            name="refundMethod"
            label="Método de devolución"
            initialValue="Como se pagó"
            required
            rules={[zodRule(refundFormSchema, 'refundMethod')]}
            extra="Como se pagó: cada forma de pago recibe lo que pagó (el efectivo, menos el cambio). Los puntos canjeados vuelven siempre como puntos."
          >
            <Radio.Group
              options={REFUND_METHODS.map((m) => ({ value: m, label: m }))}
              onChange={(e) => {
                if (e.target.value === 'Dividido' && p && !form.getFieldValue('split'))
                  form.setFieldValue(
                    'split',
                    p.paid.map((x) => ({ method: x.method, amount: x.amount })),
                  );
              }}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.refundMethod !== b.refundMethod || a.split !== b.split}>
            {() => (form.getFieldValue('refundMethod') === 'Dividido' ? <SplitLines money={p?.money} split={form.getFieldValue('split')} /> : null)}
          </Form.Item>
          <Form.Item name="password" label="Su contraseña" required rules={[zodRule(refundFormSchema, 'password')]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

/** The lines of a split refund and how far they are from what the sale paid. */
function SplitLines({ money, split }: { money?: number; split?: { method?: string; amount?: number }[] }) {
  const sum = sumCents((split ?? []).map((l) => toCents(l.amount ?? 0)));
  const left = money === undefined ? 0 : toCents(money) - sum;
  return (
    <Form.List name="split">
      {(fields, { add, remove }, { errors }) => (
        <div style={{ marginBottom: 16 }}>
          {fields.map((f, i) => (
            <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item name={[f.name, 'method']} rules={[{ required: true, message: 'Elija el método' }]} style={{ width: 220 }}>
                <Select options={SPLIT_METHODS} aria-label={`Método ${i + 1}`} />
              </Form.Item>
              <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: 'Escriba el monto' }]} style={{ width: 160 }}>
                <MoneyInput aria-label={`Monto ${i + 1}`} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label={`Quitar forma ${i + 1}`} onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ method: 'Efectivo' })}>
            Agregar forma
          </Button>
          {money !== undefined && (
            <Typography.Text type={left === 0 ? 'success' : 'danger'} style={{ marginLeft: 12 }} role="status">
              {left === 0 ? `Suma ${formatMoney(money)}` : `Faltan ${formatMoney(left / 100)} para ${formatMoney(money)}`}
            </Typography.Text>
          )}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

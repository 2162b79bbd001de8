import { Descriptions, Form, Input, Radio } from 'antd';
import { REFUND_METHODS } from '../../../domain/sales';
import { saleRoutes, refundSchema } from '../../../domain/sales.contract';
import type { SaleKind, SaleListItem } from '../../../domain/sale-lists.contract';
import { call } from '../../app/api';
import { FormModal } from '../../ui/FormModal';
import { zodRule } from '../../ui/forms';
import { formatMoney, fullName } from '../../ui/format';

/** What the user fills in; the branch is the sale's own, added on sending. */
const refundFormSchema = refundSchema.omit({ branchId: true });

/** Section 4: a refund is offered only for a paid sale that is not refunded yet. */
export const refundable = (sale: SaleListItem) => sale.paymentStatus === 'paid' && !sale.refundedAt;

interface Props {
  kind: SaleKind;
  sale: SaleListItem | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Section 5: the whole sale goes back by the method chosen, with a reason and the user's current password. A wrong
 * password is answered 403 (not 401), so the user stays signed in and reads the message with the modal still open.
 */
export function RefundModal({ kind, sale, onClose, onDone }: Props) {
  const route = kind === 'order' ? saleRoutes.refundOrder : saleRoutes.refundCashOrder;
  return (
    <FormModal
      title={sale ? `Devolver venta ${sale.orderNumber}` : ''}
      open={Boolean(sale)}
      onClose={onClose}
      schema={refundFormSchema}
      okText="Devolver"
      send={async (values) => {
        await call(route, { params: { orderNumber: sale!.orderNumber }, body: { ...values, branchId: sale!.branchId } });
        onDone();
        return `Venta ${sale!.orderNumber} devuelta`;
      }}
    >
      {sale && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Cliente">{fullName(sale.customer) || '—'}</Descriptions.Item>
          <Descriptions.Item label="Sucursal">{sale.branch.name}</Descriptions.Item>
          <Descriptions.Item label="Pagada con">{sale.paymentMethod}</Descriptions.Item>
          <Descriptions.Item label="Total">{formatMoney(sale.total)}</Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item name="refundReason" label="Motivo de la devolución" required rules={[zodRule(refundFormSchema, 'refundReason')]}>
        <Input.TextArea rows={3} maxLength={300} showCount />
      </Form.Item>
      <Form.Item
        name="refundMethod"
        label="Método de devolución"
        required
        rules={[zodRule(refundFormSchema, 'refundMethod')]}
        extra="Los puntos canjeados en la venta vuelven siempre como puntos."
      >
        <Radio.Group options={REFUND_METHODS.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="password" label="Su contraseña" required rules={[zodRule(refundFormSchema, 'password')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </FormModal>
  );
}

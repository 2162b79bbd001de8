import { Tag } from 'antd';
import { paymentStatusLabels, type SaleListItem } from '../../../domain/sale-lists.contract';

const PAYMENT_STATUS_COLORS: Record<string, string> = { paid: 'green', error: 'red', pending_payment: 'orange', pending_confirmation: 'gold' };

export const paymentStatusTag = (status: string) => <Tag color={PAYMENT_STATUS_COLORS[status]}>{paymentStatusLabels[status] ?? status}</Tag>;

/** Section 4: 'Venta', or 'Devolución' once refunded. */
export const saleStatusTag = (s: Pick<SaleListItem, 'status'>) => <Tag color={s.status === 'Devolución' ? 'red' : 'green'}>{s.status}</Tag>;

import { useState } from 'react';
import { Button, Space } from 'antd';
import { FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { saleTickets, type SaleKind, type TicketEmailAnswer } from '../../../domain/sale-lists.contract';
import { api, download } from '../../app/api';
import { useCan } from '../../app/privileges';
import { notify } from '../../ui/notify';

interface Props {
  kind: SaleKind;
  sale: { id: string; orderNumber: string };
  /** The refund's receipt instead of the sale's. */
  refund?: boolean;
  size?: 'small' | 'middle';
}

/** The sale's receipt as an 80 mm PDF: downloaded, or e-mailed to the customer at the address on her record (sales.view). */
export function ReceiptActions({ kind, sale, refund = false, size = 'middle' }: Props) {
  const can = useCan();
  const [sending, setSending] = useState(false);
  if (!can('sales', 'view')) return null;
  const what = refund ? 'devolución' : 'ticket';
  const email = async () => {
    setSending(true);
    try {
      notify.success((await api<TicketEmailAnswer>(saleTickets.emailPath(kind, sale.id, refund), { method: 'POST' })).message);
    } catch (err) {
      notify.error(err);
    } finally {
      setSending(false);
    }
  };
  return (
    <Space size={6} wrap>
      <Button
        size={size}
        icon={<FilePdfOutlined />}
        onClick={() => void download(saleTickets.path(kind, sale.id, refund, 'pdf'), {}, `${what}-${sale.orderNumber}.pdf`).catch(notify.error)}
      >
        {refund ? 'PDF de devolución' : 'Descargar PDF'}
      </Button>
      <Button size={size} icon={<MailOutlined />} loading={sending} onClick={() => void email()}>
        {refund ? 'Enviar devolución por correo' : 'Enviar por correo'}
      </Button>
    </Space>
  );
}

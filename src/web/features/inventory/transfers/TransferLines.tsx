import { Form, InputNumber, Table, Typography } from 'antd';
import { formatIsoDate, INVENTORY_MESSAGES } from '../../../../domain/inventory';
import type { TransferLine } from '../../../../domain/transfers.contract';
import type { TransferMode } from '../../../../domain/transfers.schemas';
import { msg } from '../../../../domain/validation';

/**
 * The lines of an existing transfer: product, lot, expiry and the lot's stock, with the quantity to send in approve
 * mode (≤ the lot's stock, 'Inventario insuficiente') or the quantity received in confirm mode (≤ the sent one).
 */
export function TransferLines({ lines, mode, editable }: { lines: TransferLine[]; mode: TransferMode; editable: boolean }) {
  const input = editable && (mode === 'approve' || mode === 'confirm');
  const quantityField = mode === 'approve' ? 'stockedQuantity' : 'receivedQuantity';
  const quantityCell = (line: TransferLine, index: number) => {
    const limit = mode === 'approve' ? line.stock : line.stockedQuantity;
    const tooMany = mode === 'approve' ? INVENTORY_MESSAGES.insufficient : INVENTORY_MESSAGES.receivedAboveSent;
    const label = mode === 'approve' ? 'Cantidad a enviar' : 'Cantidad recibida';
    return (
      <Form.Item
        name={['lines', index, quantityField]}
        style={{ marginBottom: 0 }}
        rules={[
          { required: true, message: msg.required(label.toLowerCase()) },
          { type: 'integer', min: 0, message: `El campo ${label.toLowerCase()} no puede ser negativo` },
          { type: 'integer', max: limit, message: tooMany },
        ]}
      >
        <InputNumber aria-label={`${label} ${line.allotment}`} min={0} precision={0} style={{ width: 120 }} />
      </Form.Item>
    );
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>Productos</Typography.Text>
      <Table<TransferLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        style={{ marginTop: 8 }}
        columns={[
          { key: 'sku', title: 'SKU', render: (_, l) => l.product.sku },
          { key: 'product', title: 'Producto', render: (_, l) => l.product.name },
          { key: 'lot', title: 'Lote', render: (_, l) => l.allotment },
          { key: 'expiry', title: 'Caducidad', render: (_, l) => (l.expiresAt ? formatIsoDate(l.expiresAt) : '—') },
          ...(mode === 'approve' ? [{ key: 'stock', title: 'Stock', align: 'right' as const, render: (_: unknown, l: TransferLine) => l.stock }] : []),
          { key: 'sent', title: mode === 'approve' ? 'Cantidad solicitada' : 'Enviado', align: 'right' as const, render: (_, l) => l.stockedQuantity },
          input
            ? {
                key: 'quantity',
                title: mode === 'approve' ? 'Cantidad a enviar' : 'Recibido',
                render: (_: unknown, l: TransferLine, i: number) => quantityCell(l, i),
              }
            : { key: 'received', title: 'Recibido', align: 'right' as const, render: (_: unknown, l: TransferLine) => l.receivedQuantity ?? '—' },
        ]}
      />
    </div>
  );
}

import { useState } from 'react';
import { Form, InputNumber, Select, Table, Tag } from 'antd';
import type { Gs1Scan } from '../../../../domain/gs1';
import { ScanField } from '../../../ui/ScanField';
import type { AssortmentLine } from '../../../../domain/assortment-orders.contract';
import type { RestockMode } from '../../../../domain/assortment-orders.schemas';
import { formatIsoDate, INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { msg } from '../../../../domain/validation';

const dash = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toLocaleString('es-MX'));
const lotLabel = (l: { allotment: string; expiresAt: string | null }) => (l.expiresAt ? `${l.allotment} (${formatIsoDate(l.expiresAt)})` : l.allotment);

/** What the approver may send of a line: the chosen lot's units, or the distribution centre's valid stock. */
const sendable = (line: AssortmentLine, stockId?: string) => (stockId ? (line.dcLots.find((l) => l.stockId === stockId)?.quantity ?? 0) : line.dcStock);

/** A line's whole quantity (to send, received): required, at least 0, and refused above `max` with `tooMany`. */
function QuantityInput(props: {
  line: AssortmentLine;
  index: number;
  field: 'stockedQuantity' | 'receivedQuantity';
  what: string;
  max: number;
  tooMany: string;
}) {
  const { line, index, field, what, max, tooMany } = props;
  return (
    <Form.Item
      name={['assortmentOrderProducts', index, field]}
      style={{ margin: 0 }}
      rules={[
        { required: true, message: msg.required(what) },
        { type: 'integer', min: 0, message: `El campo ${what} debe ser al menos 0` },
        { validator: async (_r, v?: number | null) => (typeof v === 'number' && v > max ? Promise.reject(new Error(tooMany)) : undefined) },
      ]}
    >
      <InputNumber min={0} precision={0} style={{ width: 110 }} aria-label={`${what[0]!.toUpperCase()}${what.slice(1)} de ${line.product.name}`} />
    </Form.Item>
  );
}

function SendInput({ line, index }: { line: AssortmentLine; index: number }) {
  const stockId = Form.useWatch(['assortmentOrderProducts', index, 'stockId']) as string | undefined;
  const max = sendable(line, stockId);
  return (
    <QuantityInput line={line} index={index} field="stockedQuantity" what="cantidad a enviar" max={max} tooMany={INVENTORY_MESSAGES.insufficientRestock} />
  );
}

function ReceiveInput({ line, index }: { line: AssortmentLine; index: number }) {
  const max = line.stockedQuantity ?? 0;
  return <QuantityInput line={line} index={index} field="receivedQuantity" what="cantidad recibida" max={max} tooMany={INVENTORY_MESSAGES.receivedAboveSent} />;
}

/** The lines of an existing order: approve mode asks what to send (and from which lot), confirm mode what arrived. */
export function OrderLinesTable({ lines, mode, showStock }: { lines: AssortmentLine[]; mode: RestockMode; showStock: boolean }) {
  const approving = mode === 'approve';
  const confirming = mode === 'confirm';
  return (
    <>
      {confirming && <ReceiveScan lines={lines} />}
      <Table<AssortmentLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        scroll={{ x: true }}
        columns={[
          { key: 'sku', title: 'SKU', render: (_, l) => l.product.sku },
          { key: 'name', title: 'Producto', render: (_, l) => l.product.name },
          { key: 'max', title: 'Máximo', align: 'right', render: (_, l) => dash(l.max) },
          ...(showStock ? [{ key: 'stock', title: 'Existencia', align: 'right' as const, render: (_: unknown, l: AssortmentLine) => dash(l.stock) }] : []),
          { key: 'ordered', title: 'Solicitado', align: 'right', render: (_, l) => dash(l.orderedQuantity) },
          ...(approving
            ? [
                { key: 'dcStock', title: 'Existencia CEDIS', align: 'right' as const, render: (_: unknown, l: AssortmentLine) => dash(l.dcStock) },
                {
                  key: 'lot',
                  title: 'Lote',
                  render: (_: unknown, l: AssortmentLine, i: number) => (
                    <Form.Item name={['assortmentOrderProducts', i, 'stockId']} style={{ margin: 0 }}>
                      <Select
                        allowClear
                        placeholder="Primero en caducar"
                        style={{ width: 220 }}
                        options={l.dcLots.map((lot) => ({ value: lot.stockId, label: `${lotLabel(lot)} · ${lot.quantity}` }))}
                      />
                    </Form.Item>
                  ),
                },
                { key: 'send', title: 'Cantidad a enviar', render: (_: unknown, l: AssortmentLine, i: number) => <SendInput line={l} index={i} /> },
              ]
            : [
                { key: 'sent', title: 'Enviado', align: 'right' as const, render: (_: unknown, l: AssortmentLine) => dash(l.stockedQuantity) },
                {
                  key: 'lots',
                  title: 'Lotes',
                  render: (_: unknown, l: AssortmentLine) => l.lots.map((lot) => <Tag key={lot.stockId}>{`${lotLabel(lot)} · ${lot.quantity}`}</Tag>),
                },
                {
                  key: 'received',
                  title: confirming ? 'Cantidad recibida' : 'Recibido',
                  render: (_: unknown, l: AssortmentLine, i: number) => (confirming ? <ReceiveInput line={l} index={i} /> : dash(l.receivedQuantity)),
                },
              ]),
        ]}
      />
    </>
  );
}

/**
 * Confirm mode: each scanned box counts one unit received on the line sent with that lot number (the first scan of a
 * line starts its count at 1), never above what was sent.
 */
function ReceiveScan({ lines }: { lines: AssortmentLine[] }) {
  const form = Form.useFormInstance();
  const [counted, setCounted] = useState<Record<string, number>>({});
  const count = (scan: Gs1Scan) => {
    const index = lines.findIndex((l) => scan.lot && l.lots.some((lot) => lot.allotment === scan.lot));
    const line = lines[index];
    if (!line) return null;
    const units = Math.min((counted[line.id] ?? 0) + 1, line.stockedQuantity ?? 0);
    setCounted({ ...counted, [line.id]: units });
    form.setFieldValue(['assortmentOrderProducts', index, 'receivedQuantity'], units);
    return `${line.product.name} · lote ${scan.lot}: ${units} recibidas`;
  };
  return <ScanField onScan={count} extra="Escanee cada caja recibida: cuenta una unidad en la línea de su lote" />;
}

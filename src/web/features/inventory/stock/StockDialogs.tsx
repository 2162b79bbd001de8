import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adjustmentSchema, maxMinSchema, stockRoutes, type StockRow } from '../../../../domain/inventory.contract';
import { adjustmentTypeLabels, ADJUSTMENT_TYPES, formatIsoDate } from '../../../../domain/inventory';
import { call } from '../../../app/api';
import { FormModal } from '../../../ui/FormModal';
import { dateText } from '../../../ui/forms';

/**
 * Section 9 gives the stock modals 900/1000/1500/580/700 px: the adjustment (type, lot, expiry, quantity and
 * justification) takes 700, the max/min (two numbers) 580.
 */
export const ADJUSTMENT_MODAL_WIDTH = 700;
export const MAX_MIN_MODAL_WIDTH = 580;

/** Adjustment of one lot of the row's product at its branch (edit privilege): drop, registration, write-off or return. */
export function AdjustmentModal({ row, onClose, onDone }: { row: StockRow | null; onClose: () => void; onDone: () => void }) {
  const lots = useQuery({
    queryKey: ['stock-details', row?.branch.id, row?.productId],
    queryFn: () => call(stockRoutes.details, { params: { branchId: row!.branch.id, productId: row!.productId } }),
    enabled: Boolean(row),
  });
  return (
    <FormModal
      title={row ? `Ajuste de inventario: ${row.name}` : 'Ajuste de inventario'}
      width={ADJUSTMENT_MODAL_WIDTH}
      open={Boolean(row)}
      onClose={onClose}
      schema={adjustmentSchema}
      send={async (values) => {
        await call(stockRoutes.adjustment, { body: values });
        onDone();
        return undefined;
      }}
    >
      {(form) => (
        <>
          <Form.Item name="productId" initialValue={row?.productId} hidden>
            <Input />
          </Form.Item>
          <Form.Item name="branchId" initialValue={row?.branch.id} hidden>
            <Input />
          </Form.Item>
          <Form.Item name="type" label="Tipo" initialValue="drop" required>
            <Radio.Group options={ADJUSTMENT_TYPES.map((t) => ({ value: t, label: adjustmentTypeLabels[t] }))} />
          </Form.Item>
          <Form.Item name="stockId" label="Lote existente">
            <Select
              allowClear
              placeholder="Seleccione un lote o escriba uno nuevo abajo"
              loading={lots.isLoading}
              options={(lots.data?.lots ?? []).map((l) => ({
                value: l.stockId,
                label: `${l.allotment} · ${l.expiresAt ? formatIsoDate(l.expiresAt) : 'sin caducidad'} · ${l.quantity} u.`,
              }))}
              onChange={() => form.setFieldValue('allotment', undefined)}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['stockId']}>
            {() =>
              !form.getFieldValue('stockId') && (
                <>
                  <Form.Item name="allotment" label="Lote nuevo" required>
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item name="expiresIn" label="Caducidad" {...dateText}>
                    <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
          <Form.Item name="quantity" label="Cantidad" required>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="justification" label="Justificación" required>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

/** Max and min of the row's product at its branch (approve privilege): created, or updated when it exists. */
export function MaxMinModal({ row, onClose, onDone }: { row: StockRow | null; onClose: () => void; onDone: () => void }) {
  return (
    <FormModal
      title={row ? `Máximo y mínimo: ${row.name}` : 'Máximo y mínimo'}
      width={MAX_MIN_MODAL_WIDTH}
      open={Boolean(row)}
      onClose={onClose}
      schema={maxMinSchema}
      send={async (values) => {
        if (row?.mmId) await call(stockRoutes.updateMaxMin, { params: { mmId: row.mmId }, body: values });
        else await call(stockRoutes.createMaxMin, { body: values });
        onDone();
        return undefined;
      }}
    >
      <Form.Item name="productId" initialValue={row?.productId} hidden>
        <Input />
      </Form.Item>
      <Form.Item name="branchId" initialValue={row?.branch.id} hidden>
        <Input />
      </Form.Item>
      <Form.Item name="max" label="Máximo" initialValue={row?.max ?? undefined} required extra="0 = sin límite">
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="min" label="Mínimo" initialValue={row?.min ?? undefined} required>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

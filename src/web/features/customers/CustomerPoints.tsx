import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { pointAdjustmentSchema, pointMovementLabels, type PointMovement } from '../../../domain/loyalty';
import { loyaltyRoutes, type PointMovement as Movement } from '../../../domain/loyalty.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { FormModal } from '../../ui/FormModal';
import { formatDateTime, fullName } from '../../ui/format';
import { usePagedList, type Page } from '../../ui/PagedTable';
import { DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZES } from './history';

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('es-MX')}` : n.toLocaleString('es-MX'));

/** The points ledger of a customer, newest first: every balance explained row by row; clients.edit adjusts it. */
export function CustomerPoints({ customerId, open, onClose }: { customerId: string; open: boolean; onClose: () => void }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [adjusting, setAdjusting] = useState(false);
  const { data, tableProps, firstPage } = usePagedList<Movement, Page<Movement> & { balance: number }>({
    path: `/customer/${customerId}/points`,
    queryKey: ['customer-points', customerId],
    pageSize: DETAIL_PAGE_SIZE,
    pageSizes: DETAIL_PAGE_SIZES,
    emptyText: 'Sin movimientos de puntos',
    enabled: open,
  });
  return (
    <Modal title="Movimientos de puntos" open={open} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Text strong data-testid="points-balance">
          Saldo: {(data?.balance ?? 0).toLocaleString('es-MX')} puntos
        </Typography.Text>
        {can('clients', 'edit') && <Button onClick={() => setAdjusting(true)}>Ajustar puntos</Button>}
      </Space>
      <Table<Movement>
        rowKey="id"
        size="small"
        {...tableProps}
        columns={[
          { key: 'date', title: 'Fecha', render: (_, m) => formatDateTime(m.created_at) },
          { key: 'movement', title: 'Movimiento', render: (_, m) => pointMovementLabels[m.movement as PointMovement] ?? m.movement },
          {
            key: 'points',
            title: 'Puntos',
            align: 'right',
            render: (_, m) => <span style={{ color: m.points > 0 ? '#389e0d' : '#cf1322' }}>{signed(m.points)}</span>,
          },
          { key: 'balance', title: 'Saldo', align: 'right', render: (_, m) => m.balanceAfter.toLocaleString('es-MX') },
          { key: 'reason', title: 'Motivo u orden', render: (_, m) => m.orderNumber ?? m.reason ?? '' },
          { key: 'user', title: 'Registró', render: (_, m) => (m.user ? fullName(m.user) : 'Sistema') },
        ]}
      />
      <FormModal
        title="Ajustar puntos"
        open={adjusting}
        onClose={() => setAdjusting(false)}
        schema={pointAdjustmentSchema}
        send={async (values) => {
          await call(loyaltyRoutes.adjustPoints, { params: { id: customerId }, body: values });
          firstPage();
          await queryClient.invalidateQueries({ queryKey: ['customer-points', customerId] });
          await queryClient.invalidateQueries({ queryKey: ['customer', customerId] });
          await queryClient.invalidateQueries({ queryKey: ['list', 'customer'] });
          return undefined;
        }}
      >
        <Form.Item name="points" label="Puntos (negativos para restar)" required>
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
        <Form.Item name="reason" label="Motivo" required>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </FormModal>
    </Modal>
  );
}

import { useState } from 'react';
import { Col, DatePicker, Empty, Modal, Row, Select, Space, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { closingRoutes } from '../../../domain/cash-closings.contract';
import { call } from '../../app/api';
import { Money } from '../../ui/Money';
import { ExpectedPesos, MethodTotals } from './ClosingFigures';
import { useClosingBranches } from './branch-day';

/** 'Corte X': the day so far at a branch, by the closing's own function; nothing is saved. */
export function XReportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const branches = useClosingBranches();
  const [branchId, setBranchId] = useState<string | undefined>(undefined);
  const [date, setDate] = useState<string | undefined>(undefined);
  const branch = branchId ?? branches.defaultBranch ?? branches.options[0]?.value;
  const day = date ?? branches.todayAt(branch);
  const report = useQuery({
    queryKey: ['closing-preview', branch, day],
    queryFn: () => call(closingRoutes.preview, { query: { branchId: branch!, date: day } }),
    enabled: open && Boolean(branch),
  });
  const x = report.data;
  return (
    <Modal title="Corte X (el día hasta ahora)" open={open} width={760} onCancel={onClose} footer={null} destroyOnHidden>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={12}>
          <Select
            aria-label="Sucursal"
            style={{ width: '100%' }}
            value={branch}
            options={branches.options}
            disabled={Boolean(branches.fixed)}
            onChange={setBranchId}
            showSearch
            optionFilterProp="label"
          />
        </Col>
        <Col span={12}>
          <DatePicker
            aria-label="Día"
            format="DD/MM/YYYY"
            style={{ width: '100%' }}
            value={dayjs(day)}
            allowClear={false}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
          />
        </Col>
      </Row>
      {report.isLoading ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : !x ? (
        <Empty description={report.error ? (report.error as Error).message : 'Elija una sucursal'} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="x-report">
          {x.closedBy && <Typography.Text type="secondary">Día ya cerrado por {x.closedBy}: se muestran las cifras de su corte.</Typography.Text>}
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={[
              { key: 'MXN', label: 'Pesos en caja', value: x.expected.MXN },
              { key: 'USD', label: 'Dólares en caja', value: x.expected.USD },
            ]}
            columns={[
              { key: 'label', title: 'Caja esperada', dataIndex: 'label' },
              { key: 'value', title: 'Importe', align: 'right', render: (_, r) => <Money value={r.value} /> },
            ]}
          />
          <ExpectedPesos totals={x} />
          <MethodTotals totals={x} />
        </Space>
      )}
    </Modal>
  );
}

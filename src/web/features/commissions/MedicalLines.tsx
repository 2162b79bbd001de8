import { useState } from 'react';
import { Button, Table, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { COMMISSION_DETAIL_PAGE_SIZE, COMMISSION_DETAIL_PAGE_SIZES, type MedicalLine } from '../../../domain/commissions.contract';
import { ROLE_NAMES } from '../../../domain/roles';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { fullName } from '../../ui/format';
import { Money } from '../../ui/Money';
import { usePagedList, type Page } from '../../ui/PagedTable';
import { dayText, useListFilters } from './filters';
import { ReassignDoctorModal } from './ReassignDoctorModal';

/** Name and first surname: the column stays narrow in the 1000-wide modal. */
const doctorName = (l: MedicalLine) => `${l.doctor.name} ${l.doctor.lastName}`;

type LinesAnswer = Page<MedicalLine> & { totals: { commission: number; isrAmount: number; payable: number } };

/**
 * A doctor's medical lines in the list's period (5 per page, options 5, 10, 15): appointment, branch, date, time, customer,
 * treatment, commission, ISR and payable. A medic does not see the doctor column; with edit the doctor opens the reassignment.
 */
export function MedicalLines({ userId }: { userId: string }) {
  const filters = useListFilters();
  const can = useCan();
  const medic = useSession((s) => s.user?.role === ROLE_NAMES.medic);
  const canReassign = can('medic_comission', 'edit') && !medic;
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<MedicalLine | null>(null);
  const { data, tableProps } = usePagedList<MedicalLine, LinesAnswer>({
    path: `/commission/medical/${userId}/user`,
    query: filters,
    queryKey: ['commission-lines', 'medical', userId],
    pageSize: COMMISSION_DETAIL_PAGE_SIZE,
    pageSizes: [...COMMISSION_DETAIL_PAGE_SIZES],
    emptyText: 'Sin comisiones en el periodo',
  });
  const doctorColumn = {
    key: 'doctor',
    title: 'Médico',
    render: (_: unknown, l: MedicalLine) =>
      canReassign && !l.reversal ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setMoving(l)} aria-label={`Cambiar médico de ${l.appointmentNumber ?? ''}`}>
          {doctorName(l)}
        </Button>
      ) : (
        doctorName(l)
      ),
  };
  return (
    <>
      <Table<MedicalLine>
        data-testid="medical-lines"
        size="small"
        rowKey="id"
        {...tableProps}
        columns={[
          {
            key: 'appointmentNumber',
            title: 'Cita',
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, l) => (
              <>
                {l.appointmentNumber ?? '—'} {l.reversal && <Tag color="red">Devolución</Tag>}
              </>
            ),
          },
          ...(medic ? [] : [doctorColumn]),
          { key: 'branch', title: 'Sucursal', render: (_, l) => l.branch.name },
          { key: 'date', title: 'Fecha', render: (_, l) => dayText(l.date) },
          { key: 'time', dataIndex: 'time', title: 'Hora' },
          { key: 'customer', title: 'Cliente', render: (_, l) => fullName(l.customer) || '—' },
          { key: 'treatment', title: 'Tratamiento', render: (_, l) => l.treatment?.name ?? '—' },
          { key: 'commission', title: 'Comisión', align: 'right', render: (_, l) => <Money value={l.commission} /> },
          { key: 'isr', title: 'ISR', align: 'right', render: (_, l) => <Money value={l.isrAmount} /> },
          { key: 'payable', title: 'A pagar', align: 'right', render: (_, l) => <Money value={l.payable} /> },
        ]}
      />
      {data && (
        <Typography.Paragraph style={{ textAlign: 'right', marginTop: 8 }} data-testid="medical-lines-totals">
          Comisión <Money value={data.totals.commission} /> · ISR <Money value={data.totals.isrAmount} /> · A pagar{' '}
          <strong>
            <Money value={data.totals.payable} />
          </strong>
        </Typography.Paragraph>
      )}
      <ReassignDoctorModal
        line={moving}
        onClose={() => setMoving(null)}
        onSaved={() => {
          setMoving(null);
          void queryClient.invalidateQueries({ queryKey: ['commission-lines'] });
          void queryClient.invalidateQueries({ queryKey: ['list', 'commission/medical'] });
        }}
      />
    </>
  );
}

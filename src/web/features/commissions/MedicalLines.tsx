import { useState } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MedicalLine } from '../../../domain/commissions.contract';
import { ROLE_NAMES } from '../../../domain/roles';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { fullName } from '../../ui/format';
import { ReassignDoctorModal } from './ReassignDoctorModal';
import { amountColumn, CommissionLinesTable, numberCell, placeColumns, typeColumn } from './shared';

/** Name and first surname: the column stays narrow in the 1000-wide modal. */
const doctorName = (l: MedicalLine) => `${l.doctor.name} ${l.doctor.lastName}`;

type Totals = { commission: number; isrAmount: number; payable: number };

/**
 * A doctor's medical lines in the list's period (5 per page, options 5, 10, 15): appointment, branch, date, time, customer,
 * treatment, commission, ISR and payable. A medic does not see the doctor column; with edit the doctor opens the reassignment.
 */
export function MedicalLines({ userId }: { userId: string }) {
  const can = useCan();
  const medic = useSession((s) => s.user?.role === ROLE_NAMES.medic);
  const canReassign = can('medic_comission', 'edit') && !medic;
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<MedicalLine | null>(null);
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
      <CommissionLinesTable<MedicalLine, Totals>
        kind="medical"
        userId={userId}
        testId="medical-lines"
        columns={[
          {
            key: 'appointmentNumber',
            title: 'Cita',
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (_, l) => numberCell(l.appointmentNumber, l.reversal, l.concept),
          },
          typeColumn<MedicalLine>(),
          ...(medic ? [] : [doctorColumn]),
          ...placeColumns<MedicalLine>(),
          { key: 'customer', title: 'Cliente', render: (_, l) => fullName(l.customer) || '—' },
          { key: 'treatment', title: 'Tratamiento', render: (_, l) => l.treatment?.name ?? '—' },
          amountColumn<MedicalLine>('commission', 'Comisión', (l) => l.commission),
          amountColumn<MedicalLine>('isr', 'ISR', (l) => l.isrAmount),
          amountColumn<MedicalLine>('payable', 'A pagar', (l) => l.payable),
        ]}
        totals={(t) => [
          ['Comisión', t.commission],
          ['ISR', t.isrAmount],
          ['A pagar', t.payable],
        ]}
      />
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

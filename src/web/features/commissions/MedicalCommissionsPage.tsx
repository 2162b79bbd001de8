import { Card } from 'antd';
import type { MedicalSummary } from '../../../domain/commissions.contract';
import { ROLE_NAMES } from '../../../domain/roles';
import { useSession } from '../../app/session';
import { moneyColumn } from '../../ui/list-columns';
import { MedicalLines } from './MedicalLines';
import { CommissionSummaryList } from './shared';

/** Medical commissions: one row per doctor with the period's commission, ISR and payable; the employee number opens their lines. */
export default function MedicalCommissionsPage() {
  // section 2: a medic also sees the appointment number, branch, date and time of their own lines, on the page itself
  const medicId = useSession((s) => (s.user?.role === ROLE_NAMES.medic ? s.user.sub : null));
  return (
    <>
      <CommissionSummaryList<MedicalSummary>
        title="Comisiones médicas"
        kind="medical"
        module="medic_comission"
        exportName="comisiones-medicas"
        amounts={[
          moneyColumn('commission', 'Comisión', (r) => r.commission, { sort: true }),
          moneyColumn('isrAmount', 'ISR', (r) => r.isrAmount, { sort: true }),
          moneyColumn('payable', 'A pagar', (r) => r.payable, { sort: true }),
        ]}
        detailTitle="Comisiones médicas"
        lines={(userId) => <MedicalLines userId={userId} />}
      />
      {medicId && (
        <Card title="Mis comisiones por cita" size="small" style={{ marginTop: 16 }}>
          <MedicalLines userId={medicId} />
        </Card>
      )}
    </>
  );
}

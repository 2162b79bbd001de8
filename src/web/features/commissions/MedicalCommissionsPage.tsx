import { Card } from 'antd';
import { COMMISSION_MODAL_WIDTH, type MedicalSummary } from '../../../domain/commissions.contract';
import { ROLE_NAMES } from '../../../domain/roles';
import { useSession } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import { commissionFilters } from './filters';
import { MedicalLines } from './MedicalLines';

const surnames = (r: { lastName: string; motherLastName: string | null }) => [r.lastName, r.motherLastName].filter(Boolean).join(' ');
const filters = commissionFilters('medic_comission');

/** Medical commissions: one row per doctor with the period's commission, ISR and payable; the employee number opens their lines. */
export default function MedicalCommissionsPage() {
  // section 2: a medic also sees the appointment number, branch, date and time of their own lines, on the page itself
  const medicId = useSession((s) => (s.user?.role === ROLE_NAMES.medic ? s.user.sub : null));
  return (
    <>
      <ListPage<MedicalSummary>
        title="Comisiones médicas"
        resource="commission/medical"
        module="medic_comission"
        exportName="comisiones-medicas"
        filters={filters}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'employeeNumber', label: 'Número de empleado' },
        ]}
        columns={[
          textColumn('employeeNumber', 'Número de empleado', (r) => r.employeeNumber ?? '—', { sort: true }),
          textColumn('name', 'Nombre', (r) => r.name, { sort: true }),
          textColumn('lastName', 'Apellidos', surnames, { sort: true }),
          moneyColumn('commission', 'Comisión', (r) => r.commission, { sort: true }),
          moneyColumn('isrAmount', 'ISR', (r) => r.isrAmount, { sort: true }),
          moneyColumn('payable', 'A pagar', (r) => r.payable, { sort: true }),
        ]}
        detailTitle={(r) => `Comisiones médicas de ${r.name} ${surnames(r)}`}
        detailWidth={COMMISSION_MODAL_WIDTH}
        detail={(r) => <MedicalLines userId={r.userId} />}
        totals={{ columns: [{ key: 'commission' }, { key: 'isrAmount' }, { key: 'payable' }] }}
      />
      {medicId && (
        <Card title="Mis comisiones por cita" size="small" style={{ marginTop: 16 }}>
          <MedicalLines userId={medicId} />
        </Card>
      )}
    </>
  );
}

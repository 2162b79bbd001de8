import { COMMISSION_MODAL_WIDTH, type CosmeticSummary } from '../../../domain/commissions.contract';
import { ListPage } from '../../ui/ListPage';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import { CosmeticLines } from './CosmeticLines';
import { commissionFilters } from './filters';

const surnames = (r: { lastName: string; motherLastName: string | null }) => [r.lastName, r.motherLastName].filter(Boolean).join(' ');
const filters = commissionFilters('cosmetologic_comission');

/** Cosmetology commissions: one row per seller with the period's total; the employee number opens that seller's commissions. */
export default function CosmeticCommissionsPage() {
  return (
    <ListPage<CosmeticSummary>
      title="Comisiones cosmetológicas"
      resource="commission/cosmetic"
      module="cosmetologic_comission"
      exportName="comisiones-cosmetologicas"
      filters={filters}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'employeeNumber', label: 'Número de empleado' },
      ]}
      columns={[
        textColumn('employeeNumber', 'Número de empleado', (r) => r.employeeNumber ?? '—', { sort: true }),
        textColumn('name', 'Nombre', (r) => r.name, { sort: true }),
        textColumn('lastName', 'Apellidos', surnames, { sort: true }),
        moneyColumn('total', 'Ventas', (r) => r.total, { sort: true }),
        moneyColumn('commission', 'Total', (r) => r.commission, { sort: true }),
      ]}
      detailTitle={(r) => `Comisiones de ${r.name} ${surnames(r)}`}
      detailWidth={COMMISSION_MODAL_WIDTH}
      detail={(r) => <CosmeticLines userId={r.userId} />}
      totals={{ columns: [{ key: 'total' }, { key: 'commission' }] }}
    />
  );
}

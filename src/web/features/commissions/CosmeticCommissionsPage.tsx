import type { CosmeticSummary } from '../../../domain/commissions.contract';
import { moneyColumn } from '../../ui/list-columns';
import { CosmeticLines } from './CosmeticLines';
import { CommissionSummaryList } from './shared';

/** Cosmetology commissions: one row per seller with the period's total; the employee number opens that seller's commissions. */
export default function CosmeticCommissionsPage() {
  return (
    <CommissionSummaryList<CosmeticSummary>
      title="Comisiones cosmetológicas"
      kind="cosmetic"
      module="cosmetologic_comission"
      exportName="comisiones-cosmetologicas"
      amounts={[moneyColumn('total', 'Ventas', (r) => r.total, { sort: true }), moneyColumn('commission', 'Total', (r) => r.commission, { sort: true })]}
      detailTitle="Comisiones"
      lines={(userId) => <CosmeticLines userId={userId} />}
    />
  );
}

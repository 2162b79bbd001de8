import { todayIn } from '../../../domain/age';
import { lastDaysRange, LOYALTY_WINDOW_DAYS } from '../../../domain/loyalty';
import { filterCatalogue, type FilterDef } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
import type { ListColumn } from '../../ui/ListPage';
import { Money } from '../../ui/Money';
import { MemberDetail } from './MemberOrders';
import { TierTag } from '../customers';
import type { Member } from '../../../domain/loyalty.contract';
import { identityColumns } from './columns';
import { LoyaltyList } from './LoyaltyList';

const filters: FilterDef[] = [
  { kind: 'dateRange', label: 'Periodo de compras', defaults: () => lastDaysRange(LOYALTY_WINDOW_DAYS, todayIn()) },
  filterCatalogue.blacklist(),
];
const columns: ListColumn<Member>[] = [
  ...identityColumns<Member>(),
  { key: 'total', title: 'Compras', sortField: 'total', render: (m) => <Money value={m.total} />, text: (m) => formatMoney(m.total) },
  { key: 'loyaltyScale', title: 'Escala', sortField: 'loyaltyScale', render: (m) => <TierTag tier={m.loyaltyScale} />, text: (m) => m.loyaltyScale },
];

/** /dashboard/miembros: what each customer paid in the period and the tier it reaches. */
export default function MembersPage() {
  return (
    <LoyaltyList<Member>
      title="Miembros"
      resource="customer/totals-purchases"
      module="members"
      exportName="miembros"
      filters={filters}
      columns={columns}
      detailTitle="Cliente"
      detailWidth={1200}
      detail={(m) => <MemberDetail member={m} />}
    />
  );
}

import { todayIn } from '../../../domain/age';
import { lastDaysRange, MISS_YOU_WINDOW_DAYS } from '../../../domain/loyalty';
import type { FilterDef } from '../../ui/filters';
import { MemberDetail } from './MemberOrders';
import type { LoyaltyIdentity } from '../../../domain/loyalty.contract';
import { identityColumns } from './columns';
import { LoyaltyList } from './LoyaltyList';

const filters: FilterDef[] = [{ kind: 'dateRange', label: 'Sin visitas ni compras entre', defaults: () => lastDaysRange(MISS_YOU_WINDOW_DAYS, todayIn()) }];
const columns = identityColumns<LoyaltyIdentity>();

/** /dashboard/we-miss-you: customers who came before the period and neither came nor bought in it. */
export default function MissYouPage() {
  return (
    <LoyaltyList<LoyaltyIdentity>
      title="Te extrañamos"
      resource="customer/we-miss-you"
      module="miss_you"
      exportName="te-extranamos"
      filters={filters}
      columns={columns}
      detailTitle="Cliente"
      detailWidth={1200}
      detail={(c) => <MemberDetail member={c} />}
    />
  );
}

import { filterCatalogue, type FilterDef } from '../../ui/filters';
import type { CustomerListItem } from '../../../domain/customers.contract';
import { identityColumns } from './columns';
import { LoyaltyList } from './LoyaltyList';
import { MemberOrders } from './MemberOrders';

const filters: FilterDef[] = [filterCatalogue.blacklist()];
const columns = identityColumns<CustomerListItem>({ points: true, idTitle: 'Miembro' });

/** /dashboard/sistema-de-lealtad: the customers as loyalty members; the member id opens their orders. */
export default function LoyaltySystemPage() {
  return (
    <LoyaltyList<CustomerListItem>
      title="Sistema de lealtad"
      resource="customer"
      module="loyalty_system"
      exportName="sistema-de-lealtad"
      filters={filters}
      columns={columns}
      detailTitle="Órdenes del miembro"
      detailWidth={1100}
      detail={(c) => <MemberOrders member={c} />}
    />
  );
}

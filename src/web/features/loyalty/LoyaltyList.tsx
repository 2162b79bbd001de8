import { LOYALTY_PAGE_SIZE } from '../../../domain/list';
import { ROLE_NAMES } from '../../../domain/roles';
import { useSession } from '../../app/session';
import { ListPage, type ListPageProps } from '../../ui/ListPage';
import { LOYALTY_PAGE_SIZES, searchFields, type LoyaltyCustomer } from './columns';

type Props<T> = Pick<ListPageProps<T>, 'title' | 'resource' | 'module' | 'exportName' | 'filters' | 'columns' | 'detailTitle' | 'detailWidth' | 'detail'>;

/** The three loyalty lists: 5 rows a page (section 9), the customer search fields, export for the Super Administrador only. */
export function LoyaltyList<T extends LoyaltyCustomer>(props: Props<T>) {
  const role = useSession((s) => s.user?.role);
  return (
    <ListPage<T>
      {...props}
      canExport={role === ROLE_NAMES.superAdmin}
      defaultPageSize={LOYALTY_PAGE_SIZE}
      pageSizes={LOYALTY_PAGE_SIZES}
      searchFields={searchFields}
    />
  );
}

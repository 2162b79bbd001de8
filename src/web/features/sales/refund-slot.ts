import type { SaleListItem } from '../../../domain/sale-lists.contract';
import type { RowAction } from '../../ui/ListPage';
import type { SaleScreen } from './screens';

/**
 * The place of the 'Devolver' row action (sales.refund; only a paid sale not yet refunded, section 4). The refund
 * modal is the refunds' own work: until it exists this slot adds no action. It receives the screen and a callback that
 * reloads the list once a refund is done.
 */
export function refundRowActions(_screen: SaleScreen, _refreshList: () => void): RowAction<SaleListItem>[] {
  return [];
}

/** Section 4: a refund is offered only for a paid sale that is not refunded yet. */
export const refundable = (sale: SaleListItem) => sale.paymentStatus === 'paid' && !sale.refundedAt;

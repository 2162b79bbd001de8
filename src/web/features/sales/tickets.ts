import { saleTickets, type SaleKind, type SaleListItem } from '../../../domain/sale-lists.contract';
import { openDocument } from '../../ui/open-document';

/** Section 6: app and online sales have no ticket. */
export const hasTicket = (sale: SaleListItem) => sale.channel === 'pos';

/** Opens the sale's 80 mm receipt (or its refund's) in a new window, fetched with the session token. */
export const openTicket = (kind: SaleKind, sale: SaleListItem, refund = false) => openDocument(saleTickets.path(kind, sale.id, refund), 'text/html');

import { assortmentOrderPdfPath } from '../../../../domain/assortment-orders.contract';
import { canApprove, canConfirm, canDelete, type RestockFacts, type RestockUser } from '../../../../domain/assortment-orders.schemas';
import type { Action } from '../../../../domain/privileges';
import { openDocument } from '../../../ui/open-document';
import type { SessionUser } from '../../../app/session';
import type { RowAction } from '../../../ui/ListPage';
import { deleteAction } from '../../../ui/list-actions';

/** Opens the order's PDF in a new tab. */
export const openRestockPdf = (id: string) => openDocument(assortmentOrderPdfPath(id).replace(/^\/v1/, ''));

/** The signed-in user as the restock rules see them. */
export function restockUser(user: SessionUser | null, can: (action: Action) => boolean): RestockUser {
  return { id: user?.sub ?? '', branchId: user?.branch ?? null, branchBound: Boolean(user?.branchBound), can };
}

/** The row menu (section 4): approve, confirm, PDF and delete, each for who may and when it applies. */
export function restockActions<T extends RestockFacts & { id: string; orderNumber: string }>(user: RestockUser): RowAction<T>[] {
  return [
    { key: 'view', label: 'Ver', action: 'show', to: (o) => o.id, hidden: (o) => canApprove(o, user) || canConfirm(o, user) },
    { key: 'approve', label: 'Aprobar', action: 'approve', to: (o) => o.id, hidden: (o) => !canApprove(o, user) },
    { key: 'confirm', label: 'Confirmar recepción', action: 'edit', to: (o) => o.id, hidden: (o) => !canConfirm(o, user) },
    { key: 'pdf', label: 'Descargar PDF', action: 'reports', onClick: (o) => void openRestockPdf(o.id) },
    deleteAction<T>(
      'assortment-order',
      (o) => `¿Eliminar la orden ${o.orderNumber}?`,
      (o) => !canDelete(o, user),
    ),
  ];
}

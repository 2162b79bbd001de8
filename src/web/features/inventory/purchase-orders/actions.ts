import { purchaseOrderRoutes, type PurchaseOrderItem } from '../../../../domain/purchase-orders.contract';
import { call } from '../../../app/api';
import { openDocument } from '../../../ui/open-document';
import { confirmAction } from '../../../ui/confirm';
import { notify } from '../../../ui/notify';

/** Opens the order's PDF in a new tab. */
export const openPurchaseOrderPdf = (id: string) => openDocument(`/purchase-order/${id}/download`);

/** 'Recibir en CEDIS': asks, then puts the order's lots into the distribution centre. */
export function confirmReceive(order: Pick<PurchaseOrderItem, 'id' | 'orderNumber'>, done: () => Promise<unknown> | void): void {
  confirmAction({
    title: `¿Recibir la orden ${order.orderNumber} en el centro de distribución?`,
    content: 'Sus productos entrarán al inventario del CEDIS con su lote y caducidad; después ya no podrán cambiarse ni eliminarse.',
    okText: 'Recibir',
    danger: false,
    onOk: async () => {
      try {
        await call(purchaseOrderRoutes.receive, { params: { id: order.id } });
        notify.success();
        await done();
      } catch (err) {
        notify.error(err);
      }
    },
  });
}

import { approveOrder, confirmOrder, createOrder, deleteOrder, rejectOrder } from './assortment-orders/service';
import { createPurchaseOrder, getPurchaseOrder, receivePurchaseOrder, updatePurchaseOrder } from './purchase-orders/service';
import { createSaleOrder } from './sale-orders/service';
import { adjustStock, createMaxMin } from './stock/service';
import { approveTransfer, confirmTransfer, createTransfer, rejectTransfer } from './transfers/service';

/** What other areas may use of the inventory: its routes and the steps that move stock. */
export { registerInventoryRoutes } from './routes';
export {
  takeFromLot,
  takeFirstExpiry,
  takeMany,
  returnToLot,
  putIntoLot,
  applyMovements,
  branchToday,
  ledgerMismatches,
  type Movement,
  type BatchMovement,
  type DocumentType,
  type Lot,
  type TakeRequest,
} from './steps';
export { validLot } from './stock/queries';

/** The user actions of the inventory, for the demo data that tells its story through them. */
export const inventoryServices = {
  createMaxMin,
  adjustStock,
  createPurchaseOrder,
  getPurchaseOrder,
  updatePurchaseOrder,
  receivePurchaseOrder,
  createOrder,
  approveOrder,
  confirmOrder,
  rejectOrder,
  deleteOrder,
  createTransfer,
  approveTransfer,
  confirmTransfer,
  rejectTransfer,
  createSaleOrder,
};

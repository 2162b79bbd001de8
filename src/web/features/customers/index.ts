/** What other areas may use of customers: its screens, the record, its orders and notes, the loyalty tier tag. */
export { customersRoutes } from './routes';
export { CustomerDetail } from './CustomerDetail';
export { CustomerNotes } from './CustomerNotes';
export { CustomerOrders } from './CustomerOrders';
export { TierTag } from './TierTag';
export { QuickCustomerModal } from './QuickCustomerModal';

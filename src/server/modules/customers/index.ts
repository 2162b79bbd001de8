/** What other areas (loyalty, appointments) may use of customers. */
export { registerCustomerRoutes } from './routes';
export { customerListSpec, type CustomerLoyaltyReader } from './service';
export { guardCustomerExport } from './export-guard';
/** The first lock of a write on a customer's money or sessions, and the in-process queue those writes wait in. */
export { customerWork, lockCustomer } from './lock';
export {
  COMMON_NAME_WORD,
  customerSearchFields,
  customersWithNameWord,
  fullNameSearch,
  isCommonNameWord,
  phoneSearch,
  tutors,
  type CustomerDto,
} from './queries';

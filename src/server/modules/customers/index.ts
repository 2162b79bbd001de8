/** What other areas (loyalty, appointments) may use of customers. */
export { registerCustomerRoutes } from './routes';
export { customerListSpec, type CustomerLoyaltyReader } from './service';
export { guardCustomerExport } from './export-guard';
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

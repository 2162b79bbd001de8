/** What other areas may use of branches. */
export { registerBranchRoutes } from './routes';
export { branchSchedule, getBranch, type BranchDto } from './service';
export { diffSchedule, type StoredDay } from './schedule-rows';
